"""What the documents say where the seeds are silent or where they once slipped (issue 28 §3.7,
§3.8): each reading the project takes is stated, and no slip is back. The behaviour behind
each reading is pinned by the rules' own tests (tests/games/alsos/test_tompa.py, ...)."""

from __future__ import annotations

import pytest

from conftest import ROOT

RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("reading", [
    "a tied game is lost by the declarer",
    "abszolút and 100 may not be announced in the same round",
    "equal best sequences are decided by suit alone",
    "betli and klopitzky: A leads",
])
def test_the_rules_state_the_readings_the_seeds_leave_open(reading):
    assert reading in " ".join(RULES.split())


def test_the_penultimate_trick_and_the_two_player_front_hand_are_right():
    """uhu and the Eight win the penultimate trick, the 11th in alsos-2 (not the 8th); a
    two-player front hand has eight cards, not six."""
    text = " ".join(RULES.split())
    for figure in ("| uhu (variant) |", "| the Eight (variant) |"):
        row = text[text.index(figure):].split("|")[3]
        assert "penultimate" in row and "in alsos-2 the 11th" in row, row
    assert "with six cards in hand; eight in two-player Alsós" in text


@pytest.mark.parametrize("path", ["docs/predicates.md", "alsos_solver/games/alsos/melds.py", "alsos_solver/melds.py"])
def test_the_altiansz_melds_are_no_later_issue(path):
    assert "later issue" not in (ROOT / path).read_text(encoding="utf-8")
