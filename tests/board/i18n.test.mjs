// Unit tests of the board's words (alsos_solver/board/static/i18n.js): both languages have
// every string, the Hungarian names of cards and contracts, the choice remembered.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as i18n from "../../alsos_solver/board/static/i18n.js";
import { PACKS } from "../../alsos_solver/board/static/logic.js";

function memoryStorage() {
  const items = new Map();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => items.set(key, String(value)) };
}

test("the choice of language is remembered", () => {
  const storage = memoryStorage();
  assert.equal(i18n.loadLanguage(storage, "en-GB"), "en");
  assert.equal(i18n.loadLanguage(storage, "hu-HU"), "hu", "a Hungarian browser starts in Hungarian");
  i18n.setLanguage("en", storage);
  assert.equal(i18n.loadLanguage(storage, "hu-HU"), "en", "the choice wins over the browser's");
  assert.throws(() => i18n.setLanguage("de", storage));
});

test("cards, contracts and figures in English and Hungarian", () => {
  const storage = memoryStorage();
  i18n.setLanguage("en", storage);
  assert.equal(i18n.cardName("PX", PACKS.hungarian), "hearts Ten");
  assert.equal(i18n.cardName("MO", PACKS.hungarian), "acorns Over");
  assert.equal(i18n.cardName("SQ", PACKS.french), "spades Queen");
  assert.equal(i18n.cardShort("PX", PACKS.hungarian), "♥X");
  assert.equal(i18n.contractName("P", PACKS.hungarian), "♥ hearts");
  assert.equal(i18n.contractName("2 S", PACKS.french), "2 ♠ spades");
  assert.equal(i18n.questionLabel("B:abszolut", "alsos"), "B: absolute");
  i18n.setLanguage("hu", storage);
  assert.equal(i18n.cardName("PX", PACKS.hungarian), "piros tízes");
  assert.equal(i18n.cardName("TU", PACKS.hungarian), "tök alsó");
  assert.equal(i18n.cardName("ZO", PACKS.hungarian), "zöld felső");
  assert.equal(i18n.cardName("MK", PACKS.hungarian), "makk király");
  assert.equal(i18n.cardName("HA", PACKS.french), "kőr ász");
  assert.equal(i18n.contractName("NT", PACKS.hungarian), "szanzadu");
  assert.equal(i18n.contractName("game-sneak T", PACKS.hungarian), "Gém Surranó ♦ tök");
  assert.equal(i18n.contractName("golden-aces P", PACKS.hungarian), "Arany Ászok ♥ piros");
  assert.equal(i18n.contractName("BETLI", PACKS.hungarian), "betli");
  assert.equal(i18n.questionLabel("B:ultimo", "alsos"), "B: ultimó");
  assert.equal(i18n.kontraWords({ item: "game", levels: "fb" }), "parti: kontra (elölről), rekontra (hátulról)");
  assert.equal(i18n.questionLabel("points:B>=61", "alsos"), "points:B>=61", "an unknown spec is shown as written");
  assert.equal(i18n.valueWords(7, "tricks"), "7 ütés");
  i18n.setLanguage("en", storage);
  assert.equal(i18n.valueWords(90, "points"), "90 points");
  assert.equal(i18n.valueWords(37, "score"), "score +37");
  assert.equal(i18n.valueWords(true, ""), "✓");
});

test("every string has both languages, taking the same arguments", async () => {
  const source = await import("node:fs").then((fs) => fs.readFileSync(new URL("../../alsos_solver/board/static/i18n.js", import.meta.url), "utf8"));
  const keys = (lang) => {
    const block = source.slice(source.indexOf(`  ${lang}: {\n    title:`));
    return [...block.slice(0, block.indexOf("\n  },")).matchAll(/^ {4}("?[\w.]+"?):/gm)].map((m) => m[1].replace(/"/g, ""));
  };
  const english = keys("en");
  assert.ok(english.length > 40);
  assert.deepEqual(keys("hu").sort(), english.sort());
  const storage = memoryStorage();
  for (const lang of i18n.LANGUAGES) {
    i18n.setLanguage(lang, storage);
    for (const key of english) assert.notEqual(String(i18n.t(key, 1, 2)), "", `${lang} ${key}`);
  }
  i18n.setLanguage("en", storage);
});
