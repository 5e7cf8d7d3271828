// Unit tests of the board's pure logic (alsos_solver/board/static/logic.js): reading a deal's
// text for display, the play prefix and the steps through it, the server's answer.
// Run: node --test tests/board/ (tests/board/test_logic.py runs them under pytest).

import { test } from "node:test";
import assert from "node:assert/strict";
import * as logic from "../../alsos_solver/board/static/logic.js";

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
MO M7 PU
PK P9
`;

const ALSOS_4 = `[Game "alsos-4"]
[Deal "B:X97.AX.K9.UX AK.K.U7.AKO8 - U8.O98.AO8.9"]
[Contract "Z"]
[Declarer "B"]
`;

const ASSZORTI = `[Game "asszorti"]
[Deal "A:AQJT6.A6.87.J6 B:87.KJ987.T6.T7 C:K9..AQJ9.AKQ98"]
[Talon "HQ HT DK"]
[Contract "2 S"]
[Declarer "A"]
[Figures "A:arrivazs"]
`;

const ALSOS_2 = `[Game "alsos-2"]
[Deal "A:X.OUX8.O9.OUX97 AKOU87.AK97.8.8"]
[Contract "BETLI"]
[Declarer "B"]
`;

const ALTIANSZ = `[Game "altiansz"]
[Deal "A:U9.O97.A.O87 X87.KX.O.AKX AK.A.KX987.9"]
[Contract "game-sneak T"]
[Declarer "C"]
`;

test("a deal's tags, hands, talon and recorded play are read in pack order", () => {
  const deal = logic.parseDeal(PLAYED);
  assert.equal(deal.game, "alsos");
  assert.deepEqual(deal.seats, ["A", "B", "C"]);
  assert.deepEqual(deal.active, ["A", "B", "C"]);
  assert.deepEqual(deal.hands.A, ["M8", "M7", "PA", "PX", "TK", "T9", "T7", "ZK", "ZX"]);
  assert.deepEqual(deal.hands.B, ["MU", "PK", "PO", "PU", "P7", "TA", "TX", "ZA", "Z7"]);
  assert.deepEqual(deal.talon, ["MK", "MX", "TU", "T8", "ZO"]);
  assert.equal(deal.contract, "P");
  assert.equal(deal.declarer, "B");
  assert.equal(deal.dealer, "C");
  assert.deepEqual(deal.figures, { B: ["abszolut", "ultimo"] });
  assert.deepEqual(deal.front, { B: ["abszolut"] });
  assert.deepEqual(deal.kontra, [{ item: "game", levels: "fb" }, { item: "B:abszolut", levels: "b" }]);
  assert.equal(deal.playLeader, "A");
  assert.deepEqual(deal.recorded, ["M8", "MU", "MA", "MO", "M7", "PU", "PK", "P9"]);
  assert.equal(deal.tags.get("Event"), "B ruffs too low");
});

test("the Deal tag may start at any seat; a seat that sits out holds no hand", () => {
  const deal = logic.parseDeal(ALSOS_4);
  assert.deepEqual(deal.seats, ["A", "B", "C", "D"]);
  assert.deepEqual(deal.active, ["A", "B", "C"]);
  assert.equal(deal.hands.D, null);
  assert.deepEqual(deal.hands.A, ["MU", "M8", "PO", "P9", "P8", "TA", "TO", "T8", "Z9"]);
  assert.equal(deal.dealer, "D", "the last seat deals when no Dealer tag says otherwise");
  assert.equal(logic.trickSize(deal), 3);
  assert.equal(logic.totalCards(deal), 27);
});

test("Asszorti is dealt from the French pack; two-player Alsós has two seats", () => {
  const asszorti = logic.parseDeal(ASSZORTI);
  assert.equal(asszorti.pack.name, "french");
  assert.deepEqual(asszorti.hands.C, ["SK", "S9", "DA", "DQ", "DJ", "D9", "CA", "CK", "CQ", "C9", "C8"]);
  assert.equal(logic.totalCards(asszorti), 33);
  const two = logic.parseDeal(ALSOS_2);
  assert.deepEqual(two.seats, ["A", "B"]);
  assert.equal(logic.trickSize(two), 2);
  assert.equal(logic.totalCards(two), 24);
  assert.deepEqual(logic.SEAT_LAYOUT[2], { top: "", left: "A", right: "B", bottom: "" });
});

test("text that is not a deal is refused with the reason", () => {
  assert.throws(() => logic.parseDeal('[Event "x"]\n'), /no Deal tag/);
  assert.throws(() => logic.parseDeal("hello\n"), /not a tag pair/);
  assert.throws(() => logic.parseDeal('[Deal "A:AK.X"]\n'), /4 suits/);
});

test("comments and commentary are skipped; a ten written 10 is the X", () => {
  const deal = logic.parseDeal(
    `% a {comment\n[Event "a {brace} kept"]\n{commentary\nover lines}\n[Deal "A:A10... ..K. ..A."]\n[Contract "P"] {after}\n[Declarer "A"]\n[Play "A"]\nM10 {why} TK TA\n`,
  );
  assert.equal(deal.tags.get("Event"), "a {brace} kept", "a brace inside a quoted value is a character of it");
  assert.deepEqual(deal.hands.A, ["MA", "MX"]);
  assert.deepEqual(deal.recorded, ["MX", "TK", "TA"]);
});

test("the play's cards leave the hands; the trick in progress is the play's tail", () => {
  const deal = logic.parseDeal(PLAYED);
  const play = ["M8", "MU", "MA", "MO"];
  const hands = logic.handsAfter(deal, play);
  assert.ok(!hands.A.includes("M8") && hands.A.includes("M7"));
  assert.ok(!hands.C.includes("MA") && !hands.C.includes("MO"));
  assert.deepEqual(logic.currentTrick(deal, play), ["MO"]);
  assert.deepEqual(logic.currentTrick(deal, play.slice(0, 3)), []);
  const tricks = logic.tricksOf(deal, play);
  assert.equal(tricks.length, 2);
  assert.deepEqual(tricks[0], {
    number: 1, complete: true,
    cards: [{ card: "M8", seat: "A" }, { card: "MU", seat: "B" }, { card: "MA", seat: "C" }],
  });
  assert.deepEqual(tricks[1], { number: 2, complete: false, cards: [{ card: "MO", seat: "C" }] });
  assert.equal(logic.ownerOf(deal, "ZO"), null, "a talon card has no owner");
  assert.ok(!logic.isOver(deal, play));
});

test("undo a card, undo a trick, back to the start", () => {
  const play = ["M8", "MU", "MA", "MO", "M7"];
  assert.deepEqual(logic.undoCard(play), ["M8", "MU", "MA", "MO"]);
  assert.deepEqual(logic.undoTrick(play, 3), ["M8", "MU", "MA"], "to the start of the trick in progress");
  assert.deepEqual(logic.undoTrick(["M8", "MU", "MA"], 3), [], "at a trick's end, the whole last trick");
  assert.deepEqual(logic.undoTrick(["M8"], 3), []);
  assert.deepEqual(logic.undoTrick(["ZK", "ZO", "M9"], 2), ["ZK", "ZO"], "two players");
});

test("forward steps follow the line; a card off the line branches and becomes the line", () => {
  const recorded = ["M8", "MU", "MA", "MO"];
  assert.deepEqual(logic.stepForward([], recorded), ["M8"]);
  assert.deepEqual(logic.stepForward(["M8", "MU"], recorded), ["M8", "MU", "MA"]);
  assert.equal(logic.stepForward(recorded, recorded), null, "at the line's end");
  assert.equal(logic.stepForward(["M7"], recorded), null, "off the line");
  assert.deepEqual(logic.toLineEnd(["M8"], recorded), recorded);
  const same = logic.playCard(["M8"], recorded, "MU");
  assert.deepEqual(same, { play: ["M8", "MU"], line: recorded }, "the line's own card keeps it");
  const branch = logic.playCard(["M8"], recorded, "M7");
  assert.deepEqual(branch, { play: ["M8", "M7"], line: ["M8", "M7"] });
  assert.deepEqual(logic.stepForward(["M8"], branch.line), ["M8", "M7"], "undo, then redo the branch");
});

test("where the play stands against the recorded play", () => {
  const recorded = ["M8", "MU", "MA"];
  assert.deepEqual(logic.lineStatus(["M8"], recorded), { kind: "recorded", at: 1, of: 3 });
  assert.deepEqual(logic.lineStatus(["M8", "M7"], recorded), { kind: "branched", at: 1 });
  assert.deepEqual(logic.lineStatus(["M8"], []), { kind: "free" });
  assert.equal(logic.commonLength(["A", "B", "C"], ["A", "B", "D"]), 2);
});

const ANSWER = {
  to_move: "A", trick: 1, question: "declarer_points",
  cards: [
    { card: "M8", value: 90, best: true, group: 0 },
    { card: "M7", value: 90, best: true, group: 0 },
    { card: "TK", value: 90, best: true, group: 1 },
    { card: "PA", value: 91, best: false, group: 2 },
  ],
};

test("legality, equivalence groups, badges and the position's value come from the answer", () => {
  assert.ok(logic.isLegal("M8", ANSWER));
  assert.ok(!logic.isLegal("ZK", ANSWER));
  assert.ok(!logic.isLegal("M8", null), "no answer yet: no card is playable");
  assert.deepEqual([...logic.sharedGroups(ANSWER)], [[0, ["M8", "M7"]]], "a group of one is no group");
  assert.equal(logic.valuesByCard(ANSWER).get("PA").value, 91);
  assert.equal(logic.badge(90), "90");
  assert.equal(logic.badge(0), "0");
  assert.equal(logic.badge(true), "✓");
  assert.equal(logic.badge(false), "✗");
  assert.equal(logic.positionValue(ANSWER), 90);
  assert.equal(logic.positionValue({ cards: [] }), null);
});

test("auto-play plays a forced card, or one of equal cards, and nothing else", () => {
  assert.equal(logic.autoCard(ANSWER), null, "a choice between groups");
  assert.equal(logic.autoCard({ cards: [ANSWER.cards[0]] }), "M8", "one legal card");
  assert.equal(logic.autoCard({ cards: ANSWER.cards.slice(0, 2) }), "M8", "equal cards of one group");
  assert.equal(logic.autoCard({ cards: [] }), null, "the play is over");
  assert.equal(logic.autoCard(null), null);
});

test("the play counts points, or tricks: the server's word, else all games but Asszorti", () => {
  assert.equal(logic.countsPoints(logic.parseDeal(PLAYED), {}), true);
  assert.equal(logic.countsPoints(logic.parseDeal(ASSZORTI), {}), false);
  assert.equal(logic.countsPoints(logic.parseDeal(ALSOS_2), { counts_points: false }), false, "betli");
});

test("each game offers its own questions", () => {
  assert.deepEqual(logic.questionSpecs(logic.parseDeal(PLAYED)), ["declarer_points", "game", "defeat", "B:abszolut", "B:ultimo"]);
  assert.deepEqual(logic.questionSpecs(logic.parseDeal(ALSOS_2)), ["betli", "defeat"]);
  assert.deepEqual(logic.questionSpecs(logic.parseDeal(ALSOS_4)), ["declarer_points", "game", "defeat"]);
  assert.deepEqual(logic.questionSpecs(logic.parseDeal(ASSZORTI)), ["score", "tricks", "game", "defeat", "arrivazs", "idegen_arrivazs"]);
  const altiansz = logic.questionSpecs(logic.parseDeal(ALTIANSZ));
  assert.ok(altiansz.includes("game-sneak") && altiansz.includes("golden-aces") && altiansz.includes("defeat"));
  const altianszNT = logic.questionSpecs(logic.parseDeal(ALTIANSZ.replace("game-sneak T", "solo NT")));
  assert.ok(altianszNT.includes("solo") && !altianszNT.includes("ultimo"), "no trump-only contract in no-trump");
  const klopitzky = logic.parseDeal(PLAYED.replace('[Contract "P"]', '[Contract "KLOPITZKY"]'));
  assert.deepEqual(logic.questionSpecs(klopitzky), ["klopitzky:A", "klopitzky:B", "klopitzky:C"]);
  assert.deepEqual(logic.questionSpecs(logic.parseDeal('[Deal "A:AK... ..A. ...A"]\n')), [], "no contract, no question");
});
