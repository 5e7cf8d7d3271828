"""The defenders' meld concessions (rules-notes 'Melds'; seed 003 'Validation of Meld'):
after the first trick a defender may concede a contest he would win so that his partner's
lower meld scores, and every answer counts that choice as part of best resistance."""

from __future__ import annotations

import json
from dataclasses import replace

from alsos_solver import solve
from alsos_solver.analysis import optimal_line, parse_question
from alsos_solver.cli import app
from alsos_solver.games.alsos.melds import meld_choices
from alsos_solver.games.alsos.question_set import concession_note
from alsos_solver.games.alsos.questions import GameWon
from alsos_solver.io import load, loads
from alsos_solver.questions import Setting
from alsos_solver.solver import Solver

from conftest import BENCHMARK_DEALS, make_deal

ISSUE_EXAMPLE = """\
[Event "B concedes so that C's terc scores"]
[Deal "A:KU8.AO.U9.A7 B:O7.KU.OX.X98 C:AX9.987.AK.K"]
[Talon "PX T8 T7 ZO ZU"]
[Contract "M"]
[Declarer "A"]
"""
"""Acorns, declarer A. B's terc to the Ten (leaves) outranks C's terc to the Nine (hearts).
Declared by everybody, B's terc scores and A wins the game; B concedes, C's terc scores,
and A loses (78 against C's 59 + 20)."""

EVERYONE_DECLARES = '[Melds "A:sequences,vannak,bela B:sequences,vannak,bela C:sequences,vannak,bela"]\n'


def example(extra: str = ""):
    return loads(ISSUE_EXAMPLE + extra)[0]


def test_the_choices_of_the_issue_example():
    choices = meld_choices(example())
    assert [c.points for c in choices] == [(0, 20, 0), (0, 0, 20), (0, 0, 0)]
    assert [c.describe() for c in choices] == [
        "every seat declares all it holds", "B concedes the sequences",
        "B concedes the sequences; C concedes the sequences",
    ]


def test_the_game_is_not_guaranteed_when_b_may_concede():
    result = solve(example())
    assert result.game is False
    assert result.melds == {"A": 0, "B": 20, "C": 0}  # what each scores when all declare
    assert result.concession == {"game_if_all_declare": True, "changes_game": True, "choice": "B concedes the sequences"}


def test_a_melds_tag_fixes_the_declarations_and_takes_the_choice_away():
    deal = example(EVERYONE_DECLARES)
    assert len(meld_choices(deal)) == 1
    result = solve(deal)
    assert result.game is True and result.concession is None


def test_a_melds_tag_fixes_only_the_seats_it_names():
    """B named (declares everything): B cannot concede; C may, which does not help."""
    deal = example('[Melds "B:sequences,vannak,bela"]\n')
    assert [c.points for c in meld_choices(deal)] == [(0, 20, 0)]
    assert solve(deal).game is True


def test_the_declarer_never_concedes():
    """A declarer's sequence beaten by nobody: the defenders' choices leave it scoring."""
    deal = make_deal(hands={"A": "AKO.AX.9.XK7", "B": "U7.KO.UX8.98", "C": "X98.U98.AK.A"}, talon="P7 TO T7 ZO ZU", contract="M", declarer="A")
    assert not deal.problems(), deal.problems()
    assert all(choice.points[0] == 40 for choice in meld_choices(deal))  # terc 20, béla 20
    assert all(seat != "A" for choice in meld_choices(deal) for seat, _ in choice.conceded)


def test_the_defenders_choose_for_their_own_question():
    """C's 200-style question: the defenders choose in C's favour, so C's terc can count
    (B concedes). The static best meld for C is 20, and the engine agrees with it."""
    setting = Setting.of(example())
    defenders = frozenset(setting.defenders)
    assert setting.melds_for(2, defenders) == 20
    assert setting.melds_for(2, frozenset([0])) == 0


def test_the_choice_is_made_after_the_first_trick():
    """After A leads PA, B PK, C P9, declared by everybody the game is won, but B concedes
    and it is lost: the choice is made with the first trick seen, not before it."""
    deal = replace(example(), play=example().pack.parse_cards("PA PK P9"))
    fixed = replace(deal, declared=meld_choices(deal)[0].declared(deal))
    assert Solver(fixed, after=3).ask(GameWon()) is True
    assert Solver(deal, after=3).ask(GameWon()) is False


def test_the_line_shows_the_concession_it_makes():
    deal = replace(example(), play=example().pack.parse_cards("PA PK P9"))
    line = optimal_line(deal, parse_question("game", deal), 3)
    assert line.value is False
    assert line.concession == "B concedes the sequences"
    assert line.to_json()["line_concession"] == "B concedes the sequences"


def test_the_diagram_says_the_concession_decides_the_game(runner, tmp_path):
    path = tmp_path / "deal.txt"
    path.write_text(ISSUE_EXAMPLE, encoding="utf-8")
    shown = runner.invoke(app, [str(path)])
    assert shown.exit_code == 0, shown.output
    assert "Game: lost ✗" in shown.output
    assert "Decided by the defenders' meld concession: B concedes the sequences." in shown.output
    data = json.loads(runner.invoke(app, ["--json", str(path)]).output)[0]
    assert data["game"] is False and data["concession"]["changes_game"] is True


def test_no_note_where_the_choice_changes_nothing(runner, tmp_path):
    path = tmp_path / "deal.txt"
    path.write_text(ISSUE_EXAMPLE + EVERYONE_DECLARES, encoding="utf-8")
    shown = runner.invoke(app, [str(path)])
    assert "concession" not in shown.output and "Game: won ✓" in shown.output


def test_the_note_is_asked_where_the_analysis_is_and_leaves_the_choice_open():
    """After the first trick, the note's game with everybody declaring is that of the deal
    with every declaration fixed, at the same position; after the note the record's solver
    has the choice open again (the game is lost)."""
    deal = replace(example(), play=example().pack.parse_cards("PA PK P9"))
    fixed = replace(deal, declared=meld_choices(deal)[0].declared(deal))
    solver = Solver(deal, after=3)
    answers = deal.game.questions.answers(solver)
    assert answers["game"] is False
    assert answers["concession"] == {
        "game_if_all_declare": Solver(fixed, after=3).ask(GameWon()), "changes_game": True,
        "choice": "B concedes the sequences",
    }
    assert solver.setting.meld_choices == Setting.of(deal).meld_choices
    assert solver.ask(GameWon()) is False


ONLY_DECLARING_HELPS = """\
[Deal "A:AX.87.X7.KX8 9.AU.AK8.OU7 KOU8.KOX.U.9"]
[Talon "M7 P9 TO T9 ZA"]
[Contract "NT"]
[Declarer "A"]
"""
"""C may concede his sequence, and then no sequence scores: the concession only takes
points from the defenders, so against the game declaring everything is their one choice."""


def test_no_choice_is_asked_where_declaring_everything_is_the_defenders_one_choice():
    """The note says the game with everything declared is the game itself, and asks
    nothing for it; asked with everything declared (a search), the game agrees."""
    deal = loads(ONLY_DECLARING_HELPS)[0]
    assert len(meld_choices(deal)) == 2
    solver = Solver(deal)
    game = solver.ask(GameWon())
    searched = solver.stats.nodes
    assert concession_note(solver, game) == {"game_if_all_declare": game, "changes_game": False, "choice": None}
    assert solver.stats.nodes == searched
    fixed = Solver(replace(deal, declared=meld_choices(deal)[0].declared(deal)))
    assert fixed.ask(GameWon()) is game
    assert fixed.stats.nodes > 0




def test_the_note_agrees_with_asking_every_choice_on_the_benchmark_deals():
    """By difference: the note against asking the game with each choice fixed (the
    deal's declarations so fixed), on every trump and no-trump benchmark deal with a
    meld choice."""
    checked = 0
    for deal in load(BENCHMARK_DEALS):
        choices = meld_choices(deal)
        if deal.contract is None or not deal.contract.is_point_game or len(choices) == 1:
            continue
        game = Solver(deal).ask(GameWon())
        won = [Solver(replace(deal, declared=choice.declared(deal))).ask(GameWon()) for choice in choices]
        beating = next((c.describe() for c, w in zip(choices[1:], won[1:]) if not w), None) if won[0] and not game else None
        expected = {"game_if_all_declare": won[0], "changes_game": won[0] != game, "choice": beating}
        assert concession_note(Solver(deal), game) == expected, deal
        checked += 1
    assert checked >= 20
