// Unit tests of where the board's answers come from (alsos_solver/board/static/source.js):
// a page written by --html answers from its data island, and off it says the board is needed.

import { test } from "node:test";
import assert from "node:assert/strict";
import { answersOf, lookUp, positionKey, readIsland, embedded, fetchDeals } from "../../alsos_solver/board/static/source.js";
import * as i18n from "../../alsos_solver/board/static/i18n.js";

const ISLAND = {
  deals: [
    { file: "a.txt", index: 1, text: "DEAL ONE", title: "a.txt #1", positions: [
      { play: [], answer: { after: 0, cards: [{ card: "M8", value: 90 }] } },
      { play: ["M8"], answer: { after: 1, cards: [] } },
    ] },
    { file: "a.txt", index: 2, text: "DEAL TWO", title: "a.txt #2", positions: [{ play: [], answer: { after: 0, two: true } }] },
  ],
};

test("without an island the server answers (no document: nothing embedded)", () => {
  assert.equal(embedded, false);
  assert.equal(readIsland(undefined), null);
  assert.equal(readIsland({ getElementById: () => null }), null);
});

test("the island is read from its script element", () => {
  const doc = { getElementById: (id) => (id === "board-data" ? { textContent: JSON.stringify(ISLAND) } : null) };
  assert.deepEqual(readIsland(doc), ISLAND);
});

test("a position on the recorded line is answered from the island, deal by deal", () => {
  const answers = answersOf(ISLAND);
  assert.deepEqual(lookUp(answers, { deal: "DEAL ONE", play: ["M8"], question: null }), { status: 200, body: { after: 1, cards: [] } });
  assert.equal(lookUp(answers, { deal: "DEAL TWO", play: [], question: "" }).body.two, true);
  assert.equal(positionKey("D", [], null), positionKey("D", undefined, ""));
});

test("a position off the line, or another question, needs the board", () => {
  const answers = answersOf(ISLAND);
  for (const request of [{ deal: "DEAL ONE", play: ["M7"] }, { deal: "DEAL ONE", play: [], question: "tricks:A>=1" }, { deal: "OTHER", play: [] }]) {
    const { status, body } = lookUp(answers, request);
    assert.equal(status, 404);
    assert.match(body.error, /alsos-solve board/);
  }
  i18n.setLanguage("hu", null);
  assert.match(lookUp(answers, { deal: "X", play: [] }).body.error, /alsos-solve board/);
  i18n.setLanguage("en", null);
});

test("without an island fetchDeals asks the server", async () => {
  const saved = globalThis.fetch;
  globalThis.fetch = async (url) => ({ asked: url });
  try {
    assert.deepEqual(await fetchDeals("api/deals"), { asked: "api/deals" });
  } finally {
    globalThis.fetch = saved;
  }
});
