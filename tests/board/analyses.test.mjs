// Unit tests of the pure parts of the contract table (table.js) and the play review's
// flags and single-dummy marks (review.js).

import { test } from "node:test";
import assert from "node:assert/strict";
import { belongsTo, tableRows } from "../../alsos_solver/board/static/table.js";
import { decisionWords, decisionsByIndex, flagsByIndex, itemSentence } from "../../alsos_solver/board/static/review.js";

const TABLE = {
  seats: ["A", "B"],
  contracts: [{ token: "P", label: "♥ hearts" }, { token: "BETLI", label: "BETLI" }],
  columns: [{ key: "declarer_points", heading: "points", justify: "right" }, { key: "betli", heading: "betli", justify: "center" }],
  table: [
    { declarer: "A", contract: "P", cells: { declarer_points: "37" }, deal: "A P" },
    { declarer: "A", contract: "BETLI", cells: { betli: "✓" }, deal: "A BETLI" },
    { declarer: "B", contract: "P", cells: { declarer_points: "90" }, deal: "B P" },
  ],
  once: [],
  complete: true,
};

test("a row per entry with the game's columns, empty where the entry has no answer", () => {
  const rows = tableRows(TABLE);
  assert.deepEqual(rows.map((row) => [row.declarer, row.contract, row.cells, row.deal, row.firstOfSeat]), [
    ["A", "♥ hearts", ["37", ""], "A P", true],
    ["A", "BETLI", ["", "✓"], "A BETLI", false],
    ["B", "♥ hearts", ["90", ""], "B P", true],
  ]);
});

test("the table stays with its deal and the deals of its cells", () => {
  assert.equal(belongsTo(TABLE, "asked", "asked"), true);
  assert.equal(belongsTo(TABLE, "asked", "B P"), true);
  assert.equal(belongsTo(TABLE, "asked", "another deal"), false);
  assert.equal(belongsTo(null, "asked", "asked"), true, "an error stays with its deal");
  assert.equal(belongsTo(null, "asked", "B P"), false);
});

const REVIEW = {
  review: [
    { index: 1, sentence: "first" },
    { index: 1, sentence: "second" },
    { index: 4, sentence: "third" },
  ],
};

test("the flags: the mistakes of each card played as recorded", () => {
  const recorded = ["a", "b", "c", "d", "e", "f"];
  assert.deepEqual([...flagsByIndex(REVIEW, recorded, recorded)], [[1, ["first", "second"]], [4, ["third"]]]);
  assert.deepEqual([...flagsByIndex(REVIEW, ["a", "b", "c"], recorded)], [[1, ["first", "second"]]], "only the cards played");
  assert.deepEqual([...flagsByIndex(REVIEW, ["a", "b", "x", "d", "e"], recorded)], [[1, ["first", "second"]]], "not after a branch");
  assert.deepEqual([...flagsByIndex(REVIEW, ["a", "x"], recorded)], [], "not on another card");
  assert.deepEqual([...flagsByIndex(null, recorded, recorded)], [], "no review asked");
});

const CARD = (rate, dd) => ({ rate, low: rate, high: rate, worst: rate === 1, dd, sure: null });
const DECISION = {
  index: 1, trick: 1, card: 2, played: "PU", mark: "worse-on-average",
  items: {
    game: { PK: CARD(0.71, true), PU: CARD(0.64, true), P7: CARD(0.5, false) },
    "B:ultimo": { PK: CARD(0.2, false), PU: CARD(0.2, true), P7: CARD(0.1, false) },
  },
  marks: { game: "worse-on-average", "B:ultimo": null },
};
const SEAT_REVIEW = { review: [], seat_review: { seat: "B", decisions: [DECISION, { ...DECISION, index: 4, mark: null }] } };

test("the single-dummy decisions of each card played as recorded", () => {
  const recorded = ["a", "b", "c", "d", "e", "f"];
  assert.deepEqual([...decisionsByIndex(SEAT_REVIEW, recorded, recorded).keys()], [1, 4]);
  assert.deepEqual([...decisionsByIndex(SEAT_REVIEW, ["a", "b", "x", "d", "e"], recorded).keys()], [1], "not after a branch");
  assert.deepEqual([...decisionsByIndex(REVIEW, recorded, recorded).keys()], [], "no seat asked");
  assert.deepEqual([...decisionsByIndex({ review: [], seat_review: { seat: "A", error: "no item" } }, recorded, recorded)], []);
});

test("a decision in words: the played card beside the best other one", () => {
  assert.equal(itemSentence(DECISION, "game", "alsos"), "PK made game in 71% of layouts, PU in 64%");
  assert.equal(decisionWords(DECISION, "B", "alsos"),
    "▼ worse on average (an estimate): on what B could see, PK made game in 71% of layouts, PU in 64%; "
    + "PK made B: ulti in 20% of layouts, PU in 20%");
  const ddOnly = { ...DECISION, played: "P7", mark: "dd-only", marks: { game: "dd-only" } };
  assert.equal(itemSentence(ddOnly, "game", "alsos"),
    "PK made game in 71% of layouts, P7 in 50% (with the cards as they lay, PK was better)");
  const forced = { ...DECISION, items: { game: { PU: CARD(1, true) } }, mark: null };
  assert.equal(decisionWords(forced, "B", "alsos"), "no mark: on what B could see, PU was forced (game)");
  assert.equal(decisionWords({ ...DECISION, mark: "sound-mistake" }, "B", "alsos").split(":")[0],
    "✗ sound mistake (another card was a sure win)", "whatever mark the JSON gives");
});
