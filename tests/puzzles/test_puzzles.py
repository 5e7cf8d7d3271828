"""Puzzles: the puzzle tags and the main line in the format, check, compose and play."""

from __future__ import annotations

import json
import re

import pytest

from alsos_solver.io import DealFormatError, dumps, loads
from alsos_solver.puzzle_commands import check_app, compose_app, play_app
from alsos_solver.puzzles import Puzzle, load_puzzles, puzzle_problems
from alsos_solver.puzzles.check import Verdict, card_values, check, main_line_loss
from alsos_solver.puzzles.compose import ComposeError, ComposeOptions, Composer, Grade, parse_start
from alsos_solver.puzzles.play import play

from cli_support import assert_error, write
from conftest import ROOT

ENDPLAY = """\
[Event "Throw-in"]
[Goal "game"]
[Deal "A:9.X7.O7.KOUX OU7.AKO8..A7 K8.U9.AUX8.8"]
[Talon "MA MX TK T9 Z9"]
[Contract "P"]
[Declarer "B"]
[Play "A"]
M9 MO MK
M8 PX MU
P7 PA PU
P9 TO PK
TA T7 PO
[Solution "Z7"]
Z7 Z8 ZX
ZK ZA TX
M7 TU ZO
P8 T8 ZU
"""
"""B leads the leaf 7 and A, in with the Ten, must lead leaves into B's Ace."""


def puzzle(text: str = ENDPLAY) -> Puzzle:
    return Puzzle.of(loads(text, check=puzzle_problems)[0])


# The format


def test_the_main_line_follows_solution_and_is_written_back():
    deal = loads(ENDPLAY)[0]
    assert len(deal.play) == 15 and len(deal.main_line) == 12
    assert deal.tags["Solution"] == "Z7"
    assert loads(dumps([deal]))[0] == deal


def test_a_main_line_may_finish_a_trick_in_progress():
    text = ENDPLAY.replace("TA T7 PO\n[Solution \"Z7\"]\nZ7 Z8 ZX\n", "TA T7 PO\nZ7\n[Solution \"Z8\"]\nZ8 ZX\n")
    deal = loads(text)[0]
    assert len(deal.play) == 16 and len(deal.main_line) == 11
    assert dumps([deal]).endswith('[Play "A"]\nM9 MO MK\nM8 PX MU\nP7 PA PU\nP9 TO PK\nTA T7 PO\nZ7\n'
                                  '[Solution "Z8"]\nZ8 ZX\nZK ZA TX\nM7 TU ZO\nP8 T8 ZU\n')


@pytest.mark.parametrize("change, where, message", [
    (("ZK ZA TX", "ZK ZA ZX"), (15, 7), "main line"),
    (("Z7 Z8 ZX", "Z7 Z8"), (14, 1), "a main line of 2 cards here, expected 3"),
    (("P8 T8 ZU", 'P8 T8 ZU\n[Source "x"]'), (18, 2), "after the main line of Solution"),
    (('[Goal "game"]', '[Goal "declarer_points"]'), (2, 8), "value question"),
    (('[Goal "game"]', '[Goal "defeat"]'), (2, 8), "is not for B, the seat to move"),
    (('[Goal "game"]', '[Goal "gmae"]'), (2, 8), "unknown question"),
    (('[Solution "Z7"]', '[Solution "ZK"]'), (13, 12), "not a legal card of B"),
    (('[Solution "Z7"]', '[Solution "ZA"]'), (13, 12), "the main line begins with Z7"),
    (('[Event "Throw-in"]', '[Difficulty "6"]'), (1, 14), "expected a difficulty 1 to 5"),
])
def test_a_bad_puzzle_is_a_located_format_error(change, where, message):
    with pytest.raises(DealFormatError) as error:
        loads(ENDPLAY.replace(*change), check=puzzle_problems)
    assert (error.value.line, error.value.column) == where
    assert message in str(error.value)


def test_a_deal_without_puzzle_tags_is_read_as_before():
    assert loads(ENDPLAY.replace('[Goal "game"]\n', ""))[0].tags["Solution"] == "Z7"
    with pytest.raises(DealFormatError, match="no Goal tag"):
        loads(ENDPLAY.replace('[Goal "game"]\n', ""), check=puzzle_problems)


# check


def test_a_sound_puzzle():
    verdict = check(puzzle())
    assert verdict.sound and verdict.winning_cards == ["Z7"] and verdict.stated == ["Z7"]
    assert verdict.lines() == ["sound: game for B, only Z7 wins"]


@pytest.mark.parametrize("stated, words", [(["ZA"], "only ZA wins"), (["Z9", "Z8"], "only Z9 Z8 win")])
def test_the_sound_line_agrees_with_the_number_of_cards(stated, words):
    assert Verdict("game", "B", stated, stated).lines() == [f"sound: game for B, {words}"]


def test_check_says_the_goal_as_the_question_names_itself(runner, tmp_path):
    """The Goal tag in any case or spelling; check (and play) say its spec."""
    result = runner.invoke(check_app, [write(tmp_path, "p.txt", ENDPLAY.replace('[Goal "game"]', '[Goal "GAME"]'))])
    assert result.exit_code == 0 and "sound: game for B, only Z7 wins" in result.stdout
    assert puzzle(ENDPLAY.replace('[Goal "game"]', '[Goal "together:b:Abszolút+Game"]')).goal == "together:B:abszolut+game"


def test_a_stated_card_that_fails_is_refuted_with_the_defences_line():
    text = ENDPLAY.replace('[Solution "Z7"]\nZ7 Z8 ZX\nZK ZA TX\nM7 TU ZO\nP8 T8 ZU\n', '[Solution "ZA"]\n')
    verdict = check(puzzle(text))
    assert not verdict.sound
    refutation = verdict.to_json()["refutation"]
    assert refutation["card"] == "ZA" and refutation["kind"] == "fails"
    assert refutation["line"][0]["cards"][0] == "ZA" and len(refutation["line"]) == 4


def test_another_winning_card_is_shown_with_its_line():
    text = ENDPLAY.replace('[Goal "game"]', '[Goal "points:B>=1"]')
    verdict = check(puzzle(text))
    assert not verdict.sound and verdict.refutation.kind == "also wins"
    assert set(verdict.winning_cards) == {"M7", "P8", "ZA", "Z7"}


def test_a_main_line_that_drops_the_goal_is_found():
    probe, values = card_values(puzzle())
    main = puzzle().main_line
    assert main_line_loss(probe, main) is None
    failing = next(card for card, made in values.items() if not made)
    assert main_line_loss(probe, [failing]) == failing
    assert len(probe.position.trick.cards) == 0 and probe.value()  # the probe is back at the start


def test_check_command_exit_statuses_and_json(runner, tmp_path):
    good = write(tmp_path, "good.txt", ENDPLAY)
    bad = write(tmp_path, "bad.txt", ENDPLAY.replace('[Solution "Z7"]\nZ7 Z8 ZX\nZK ZA TX\nM7 TU ZO\nP8 T8 ZU\n',
                                                      '[Solution "ZA"]\n'))
    result = runner.invoke(check_app, [good])
    assert result.exit_code == 0 and "good.txt deal 1 (Throw-in): sound: game for B, only Z7 wins" in result.stdout
    result = runner.invoke(check_app, ["--json", good, bad])
    assert result.exit_code == 1
    records = json.loads(result.stdout)
    assert [r["sound"] for r in records] == [True, False]
    assert {"sound", "winning_cards", "stated", "refutation"} <= set(records[1])
    assert records[1]["winning_cards"] == ["Z7"] and records[1]["stated"] == ["ZA"]
    result = runner.invoke(check_app, [bad])
    assert result.exit_code == 1 and "unsound: game for B: ZA fails" in result.stdout
    assert "trick 6: B leads ZA" in result.stdout
    assert_error(runner.invoke(check_app, [write(tmp_path, "x.txt", ENDPLAY.replace("game", "gmae"))]),
                 "x.txt:2:8: unknown question")


def test_check_reads_a_folders_deal_files(runner, tmp_path):
    folder = tmp_path / "puzzles"
    folder.mkdir()
    write(folder, "b.txt", ENDPLAY.replace("Throw-in", "Second"))
    write(folder, "a.txt", ENDPLAY)
    result = runner.invoke(check_app, [str(folder)])
    assert result.exit_code == 0
    assert [line.split(": ")[0] for line in result.stdout.splitlines()] == [
        f"{folder / 'a.txt'} deal 1 (Throw-in)", f"{folder / 'b.txt'} deal 1 (Second)"]
    (tmp_path / "empty").mkdir()
    assert_error(runner.invoke(check_app, [str(tmp_path / "empty")]), "no deals in")


# compose

FAST = ComposeOptions(goal="defeat", contract="T", count=2, seed=2, start=6, max_tries=200)
"""Two puzzles within a few dozen deals (a second or two)."""
NO_ACES_OR_TENS = " or ".join(f"has(A, {suit}{rank})" for rank in "AX" for suit in "MPTZ")
EVERY_GOAL = [
    ComposeOptions(goal="game", contract="P", declarer="B", start=5, seed=18, max_tries=50),
    ComposeOptions(goal="defeat", contract="T", start=6, seed=2, max_tries=100),
    ComposeOptions(goal="betli", contract="BETLI", declarer="A", where=f"not ({NO_ACES_OR_TENS})", seed=42, max_tries=100),
    ComposeOptions(goal="defeat", contract="BETLI", start=5, seed=6, max_tries=50),
    ComposeOptions(goal="klopitzky:A", contract="KLOPITZKY", start=5, seed=4, max_tries=50),
    ComposeOptions(goal="B:ultimo", contract="P", declarer="B", start=3, seed=2, max_tries=200),
    ComposeOptions(goal="points:B>=61", contract="P", declarer="B", start=5, seed=25, max_tries=50),
    ComposeOptions(goal="together:game+points:B>=61", contract="P", declarer="B", start=5, seed=18, max_tries=50),
    ComposeOptions(goal="game", game="asszorti", contract="H", declarer="B", start=7, seed=4, max_tries=50),
    ComposeOptions(goal="arrivazs", game="asszorti", contract="H", declarer="B", where="len(B, H) >= 5", start=5,
                   seed=23, max_tries=25),
    ComposeOptions(goal="idegen_arrivazs", game="asszorti", contract="H", declarer="B",
                   where="len(A, H) + len(C, H) <= 2 and len(B, S) >= 4", start=7, seed=1, max_tries=100),
    ComposeOptions(goal="tricks>=7", game="asszorti", contract="H", declarer="B", where="len(B, H) == 4", start=7, seed=3,
                   max_tries=50),
    ComposeOptions(goal="score>=4", game="asszorti", contract="H", declarer="B", where="len(B, H) >= 5", start=6, seed=1,
                   max_tries=100),
    ComposeOptions(goal="together:game+arrivazs", game="asszorti", start=4, seed=1, max_tries=100),
    ComposeOptions(goal="defeat", game="asszorti", contract="H", start=7, seed=7, max_tries=50),
    ComposeOptions(goal="solo", game="altiansz", start=4, seed=7, max_tries=50),
    ComposeOptions(goal="game", game="altiansz", declarer="A", seed=2, max_tries=50),
    ComposeOptions(goal="betli", game="altiansz", contract="betli", seed=2, max_tries=200),
    ComposeOptions(goal="klopitzky:A", game="altiansz", contract="klopitzky", seed=0, max_tries=50),
    ComposeOptions(goal="points:C>=61", game="altiansz", start=6, seed=0, max_tries=100),
    ComposeOptions(goal="defeat", game="altiansz", start=5, seed=7, max_tries=50),
]
"""A puzzle for every kind of goal that compose accepts in each game, each found within a
few dozen deals (seeds and starts tried until one was quick; about 2 s in all)."""


def test_the_seed_reproduces_the_puzzles_and_the_goal_is_the_spec():
    found = list(Composer(FAST).puzzles())
    assert len(found) == FAST.count
    assert dumps(Composer(FAST).puzzles()) == dumps(found)
    assert [deal.tags["Goal"] for deal in found] == ["defeat", "defeat"]  # the spec, not the key game_defeated


@pytest.mark.parametrize("options", EVERY_GOAL, ids=lambda options: f"{options.game}:{options.goal}:{options.contract}")
def test_check_accepts_what_compose_writes_for_every_kind_of_goal(options):
    (found,) = Composer(options).puzzles()
    (deal,) = loads(dumps([found]), check=puzzle_problems)
    assert deal.tags["Difficulty"] in "12345" and deal.main_line and deal.game.name == options.game
    verdict = check(Puzzle.of(deal))
    assert verdict.sound, verdict.lines()
    assert deal.tags["Goal"] == verdict.goal  # written as the question names itself


def test_compose_command_writes_the_file(runner, tmp_path):
    out = tmp_path / "out.txt"
    result = runner.invoke(compose_app, ["--goal", "defeat", "--contract", "T", "--start", "trick:6", "--seed", "2",
                                         "--count", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "1 of 1 puzzle written" in result.stderr
    assert runner.invoke(check_app, [str(out)]).exit_code == 0
    result = runner.invoke(compose_app, ["--goal", "defeat", "--contract", "T", "--start", "trick:6", "--seed", "2",
                                         "--count", "3", "--max-tries", "5", "-o", str(out)])
    assert result.exit_code == 1 and "0 of 3 puzzles written" in result.stderr


LONG_WHERE = "has(A, PU) and has(A, PX) and has(A, P9) and has(A, PA) and has(A,"


@pytest.mark.parametrize("args, message", [
    (["--goal", "game", "--contract", "BETLI"], "needs a trump or no-trump game"),
    (["--goal", "gmae"], "fits no contract"),
    (["--goal", "game", "--start", "trick:x"], "malformed start"),
    (["--goal", "game", "--start", "trick:9"], "expected 0 to 7"),
    (["--goal", "game", "--contract", "Q"], "Q"),
    (["--goal", "declarer_points"], "goal 'declarer_points' is a value question: a goal must be a yes/no question"),
    (["--goal", "tricks", "--game", "asszorti"], "goal 'tricks' is a value question: a goal must be a yes/no question"),
    (["--goal", "game", "--where", "has(A,"], "--where 'has(A,': column 7: expected a card name"),
    (["--goal", "game", "--where", LONG_WHERE], f"--where '{LONG_WHERE[:59]}…': column 67: expected a card name"),
])
def test_compose_rejects_bad_options_before_any_work(runner, tmp_path, args, message):
    assert_error(runner.invoke(compose_app, [*args, "-o", str(tmp_path / "o.txt")]), message, max_lines=1)
    assert not (tmp_path / "o.txt").exists()


def test_compose_names_a_where_too_rare_for_the_dealer(runner, tmp_path, monkeypatch):
    """The dealer gives up on a --where (here after 10 tries, not 100,000): one line, no traceback."""
    from alsos_solver.dealer import Dealer

    deals = Dealer.deals
    monkeypatch.setattr(Dealer, "deals", lambda self, count, rng, max_tries=10: deals(self, count, rng, max_tries))
    result = runner.invoke(compose_app, ["--goal", "game", "--contract", "P", "--where", "len(A, M) >= 5 and len(C, M) >= 4",
                                         "--seed", "1", "-o", str(tmp_path / "o.txt")])
    assert_error(result, "error: --where: no deal met", "in 10 tries", max_lines=1)


def test_the_measures_say_one_of_each_in_the_singular():
    assert Grade(failing=1, tempting=1, tricks=1, nodes=1).describe() == (
        "1 failing class, 1 tempting card fails, 1 trick to play, 1 node")
    assert Grade(failing=2, tempting=0, tricks=3, nodes=1500).describe() == (
        "2 failing classes, 0 tempting cards fail, 3 tricks to play, 1,500 nodes")


def test_the_difficulty_grades():
    assert parse_start("first-lead") == 0 and parse_start("Trick:4") == 4
    assert Grade(failing=1, tempting=0, tricks=3, nodes=100).difficulty == 1
    assert Grade(failing=3, tempting=2, tricks=9, nodes=10**6).difficulty == 5
    with pytest.raises(ComposeError):
        Composer(ComposeOptions(goal="game", game="nosuchgame"))


# play


def test_playing_the_solution_solves_it():
    lines: list[str] = []
    assert play(puzzle(), ["Z7", "P8"], lines.append)
    assert "B plays ZA (the only card)" in lines
    assert lines[-5:] == ["solved: game made", "trick 6: Z7 Z8 ZX", "trick 7: ZK ZA TX", "trick 8: P8 TU ZO",
                          "trick 9: M7 T8 ZU"]


def test_a_wrong_card_is_called_at_once_and_can_be_taken_back(runner, tmp_path):
    path = write(tmp_path, "p.txt", ENDPLAY)
    result = runner.invoke(play_app, [path], input="ZA\nwhy\nundo\nhint\nXX\nZ7\nquit\n")
    out = result.stdout
    assert result.exit_code == 1
    assert "ZA is wrong: the goal is out of reach now" in out
    assert "after ZA, the defence's line:" in out and "trick 6: B leads ZA" in out
    assert "took back ZA" in out and "hint: Z7 reaches the goal" in out
    assert "unknown command 'XX'" in out and "not solved: game unfinished" in out


def test_play_reads_to_the_end_of_input(runner, tmp_path):
    result = runner.invoke(play_app, [write(tmp_path, "p.txt", ENDPLAY)], input="Z7\nP8\n")
    assert result.exit_code == 0 and "solved: game made" in result.stdout
    assert result.stdout.rstrip().endswith("trick 9: M7 T8 ZU")


# The collection

COLLECTION = sorted((ROOT / "puzzles" / "collection").glob("*.txt"))


def test_the_collection_says_its_goals_and_counts_plainly():
    """The Goal tags are the specs as the questions name themselves (``defeat``, not
    ``game_defeated``), and the measures in the comments agree with their counts."""
    for path in COLLECTION:
        for found in load_puzzles(path):
            assert found.deal.tags["Goal"] == found.goal, (path.name, found.title)
            assert not re.search(r"\b1 (failing classes|tempting cards|tricks|nodes)\b", found.deal.tags["Comment"])


def test_the_collection_is_sound_graded_and_commented():
    puzzles = [puzzle for path in COLLECTION for puzzle in load_puzzles(path)]
    assert len(puzzles) >= 40
    for found in puzzles:
        verdict = check(found)
        assert verdict.sound, (found.title, verdict.lines())
        assert found.difficulty in range(1, 6) and found.deal.tags.get("Comment")
    assert {found.difficulty for found in puzzles} == {1, 2, 3, 4, 5}
    assert {found.deal.game.name for found in puzzles} == {"alsos", "asszorti", "altiansz"}
