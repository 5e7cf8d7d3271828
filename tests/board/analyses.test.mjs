// Unit tests of the pure parts of the contract table (table.js) and the play review's
// flags (review.js).

import { test } from "node:test";
import assert from "node:assert/strict";
import { belongsTo, tableRows } from "../../alsos_solver/board/static/table.js";
import { flagsByIndex } from "../../alsos_solver/board/static/review.js";

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
