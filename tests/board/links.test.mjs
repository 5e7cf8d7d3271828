// Unit tests of the deep-link format (alsos_solver/board/static/links.js), the twin of
// alsos_solver/board/links.py: test_logic.py checks the two agree on the same positions.

import { test } from "node:test";
import assert from "node:assert/strict";
import { link, parseLink, quote, LinkError } from "../../alsos_solver/board/static/links.js";

const DEAL = '[Event "Lé {ő}"]\n[Deal "A:87.AX.K97.KX U.KOU7.AX.A7 AO9.98.O.U98"]\n[Contract "P"]\n[Declarer "B"]\n';

test("a link round-trips the deal, the play and the question", () => {
  const url = link("http://127.0.0.1:8765/", DEAL, ["M8", "MU"], "points:B>=61");
  assert.ok(url.startsWith("http://127.0.0.1:8765/#d="));
  assert.deepEqual(parseLink(url), { deal: DEAL, play: ["M8", "MU"], question: "points:B>=61" });
});

test("the deal is UTF-8 in base64url without padding; p and q are left out when empty", () => {
  const url = link("http://h/", "é", [], "");
  assert.equal(url, "http://h/#d=w6k");
  assert.equal(link("http://h/", "??>", [], ""), "http://h/#d=Pz8-", "- and _ stand for + and /");
  assert.equal(link("http://h/", "???", [], ""), "http://h/#d=Pz8_");
  assert.deepEqual(parseLink("#d=w6k"), { deal: "é", play: [], question: "" });
});

test("the play is card names joined by dots; the question is percent-encoded as quote(safe='')", () => {
  const url = link("http://h/board#old=1", "x", ["MA", "MK", "M7"], "together:game+B:ultimo");
  assert.equal(url, "http://h/board#d=eA&p=MA.MK.M7&q=together%3Agame%2BB%3Aultimo", "the old fragment is replaced");
  assert.equal(quote("a b/c!'()*~_.-"), "a%20b%2Fc%21%27%28%29%2A~_.-");
  assert.equal(quote("Arany Ászok"), "Arany%20%C3%81szok");
});

test("a fragment without a deal is no link; a broken deal is a LinkError", () => {
  assert.equal(parseLink("http://h/"), null);
  assert.equal(parseLink("#p=MA"), null);
  assert.throws(() => parseLink("#d=%%%"), LinkError);
  assert.throws(() => parseLink("#d=_w"), LinkError, "not UTF-8");
});
