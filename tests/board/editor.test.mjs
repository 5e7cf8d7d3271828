// Unit tests of the deal editor's pure logic (alsos_solver/board/static/editlogic.js): the
// pack of each game, putting cards into the hands and the talon by click, the game changed,
// a deal's text opened for editing, the request of POST /api/check.
// Run: node --test tests/board/ (tests/board/test_logic.py runs them under pytest).

import { test } from "node:test";
import assert from "node:assert/strict";
import * as edits from "../../alsos_solver/board/static/editlogic.js";

const PLAYED = `[Event "B ruffs too low"]
[Dealer "C"]
[Deal "A:87.AX.K97.KX U.KOU7.AX.A7 AO9.98.O.U98"]
[Talon "MK MX TU T8 ZO"]
[Contract "P"]
[Declarer "B"]
[Figures "B:abszolut,ultimo"]
[Front "B:abszolut"]
[Kontra "game:fb B:abszolut:b"]
[Play "A"]
M8 MU MA
`;

test("the pack of each game: 32 Hungarian cards, 36 French for Asszorti, in pack order", () => {
  for (const game of ["alsos", "alsos-2", "alsos-4", "altiansz"]) assert.equal(edits.packCards(game).length, 32);
  const french = edits.packCards("asszorti");
  assert.equal(french.length, 36);
  assert.deepEqual(french.slice(0, 9), ["SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "S6"]);
  assert.deepEqual(edits.packCards("alsos").slice(0, 8), ["MA", "MK", "MO", "MU", "MX", "M9", "M8", "M7"]);
  assert.equal(new Set(french).size, 36);
});

test("the places: the seats that play, then the talon", () => {
  assert.deepEqual(edits.placesOf("alsos"), ["A", "B", "C", "talon"]);
  assert.deepEqual(edits.placesOf("alsos-2"), ["A", "B", "talon"]);
  assert.deepEqual(edits.placesOf("alsos-4"), ["A", "B", "C", "talon"]);
  const empty = edits.emptyEdit();
  assert.equal(empty.game, "alsos");
  assert.deepEqual(empty.places, { A: [], B: [], C: [], talon: [] });
  assert.equal(edits.unplaced(empty).length, 32);
});

test("a card clicked goes to the place chosen, in pack order; clicked again there it goes back", () => {
  let edit = edits.emptyEdit();
  edit = edits.placeCard(edit, "PX", "A");
  edit = edits.placeCard(edit, "MA", "A");
  assert.deepEqual(edit.places.A, ["MA", "PX"]);
  assert.equal(edits.placeOf(edit, "MA"), "A");
  const moved = edits.placeCard(edit, "MA", "talon");
  assert.deepEqual(moved.places.A, ["PX"]);
  assert.deepEqual(moved.places.talon, ["MA"]);
  assert.equal(edits.placeOf(moved, "MA"), "talon");
  assert.deepEqual(edit.places.A, ["MA", "PX"], "the edit before is left as it was");
  const back = edits.placeCard(moved, "MA", "talon");
  assert.equal(edits.placeOf(back, "MA"), null);
  assert.equal(edits.unplaced(back).length, 31);
});

test("a card not of the pack, or a place not of the game, changes nothing", () => {
  const edit = edits.emptyEdit("asszorti");
  assert.equal(edits.placeCard(edit, "MA", "A"), edit);
  assert.equal(edits.placeCard(edit, "SA", "D"), edit);
  assert.equal(edits.placeCard(edits.emptyEdit("alsos-2"), "MA", "C").places.C, undefined);
});

test("the rest of the pack to the talon", () => {
  let edit = edits.emptyEdit();
  for (const card of edits.packCards("alsos").slice(0, 27)) edit = edits.placeCard(edit, card, "A");
  edit = edits.fillPlace(edit, "talon");
  assert.deepEqual(edit.places.talon, ["ZX", "Z9", "Z8", "Z7", "ZU"].sort((a, b) => edits.packCards("alsos").indexOf(a) - edits.packCards("alsos").indexOf(b)));
  assert.equal(edits.unplaced(edit).length, 0);
});

test("another game keeps the cards with the same pack, drops them with another", () => {
  let edit = edits.placeCard(edits.placeCard(edits.emptyEdit(), "MA", "A"), "MK", "C");
  edit = { ...edit, contract: "P" };
  const two = edits.setGame(edit, "alsos-2");
  assert.deepEqual(two.places, { A: ["MA"], B: [], talon: [] });
  assert.equal(two.contract, "P");
  const french = edits.setGame(edit, "asszorti");
  assert.deepEqual(french.places, { A: [], B: [], C: [], talon: [] });
  assert.equal(edits.unplaced(french).length, 36);
});

test("a deal's text opened for editing: its cards, fields and other tags, not its play", () => {
  const edit = edits.fromText(PLAYED);
  assert.equal(edit.game, "alsos");
  assert.deepEqual(edit.places.A, ["M8", "M7", "PA", "PX", "TK", "T9", "T7", "ZK", "ZX"]);
  assert.deepEqual(edit.places.talon, ["MK", "MX", "TU", "T8", "ZO"]);
  assert.equal(edit.contract, "P");
  assert.equal(edit.declarer, "B");
  assert.equal(edit.figures, "B:abszolut,ultimo");
  assert.equal(edit.front, "B:abszolut");
  assert.equal(edit.kontra, "game:fb B:abszolut:b");
  assert.deepEqual(edit.tags, { Event: "B ruffs too low", Dealer: "C" });
  assert.equal(edits.unplaced(edit).length, 0);
});

test("the request of POST /api/check", () => {
  const edit = edits.fromText(PLAYED);
  const request = edits.checkRequest(edit);
  assert.deepEqual(Object.keys(request), ["game", "hands", "talon", "contract", "declarer", "figures", "front", "kontra", "tags"]);
  assert.deepEqual(Object.keys(request.hands), ["A", "B", "C"]);
  assert.equal(request.hands.B.length, 9);
  const four = edits.checkRequest(edits.emptyEdit("alsos-4"));
  assert.deepEqual(four.hands, { A: [], B: [], C: [] });
});

test("the server's problems by the field that shows them", () => {
  const byField = edits.problemsByField([
    { tag: "Deal", message: "a" }, { tag: "Talon", message: "b" }, { tag: "Contract", message: "c" },
    { tag: "Kontra", message: "d" }, { tag: "Variant", message: "e" }, { tag: null, message: "f" }, { tag: "Game", message: "g" },
  ]);
  assert.deepEqual(Object.fromEntries(Object.entries(byField).map(([field, list]) => [field, list.map((p) => p.message)])),
    { cards: ["a", "b"], contract: ["c"], kontra: ["d"], other: ["e", "f"], game: ["g"] });
});

test("the saved file's name", () => {
  assert.equal(edits.fileName(edits.emptyEdit()), "deal.txt");
  assert.equal(edits.fileName(edits.fromText(PLAYED)), "b-ruffs-too-low.txt");
  assert.equal(edits.fileName({ tags: { Event: "Abszolút, ultimó!" } }), "abszolut-ultimo.txt");
});
