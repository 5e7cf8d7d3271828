"""The seam between the library and its games (issue 28): a toy game, Majority
(tests/toy_game: a plain trick game, no points, one question: does the declarer take the
majority of the tricks?), registered by name and nothing else, is read, written, solved and
analysed by every generic command, in-process: the plain solve, ``--cards``, ``--line``,
``--table``, ``--json``, ``check``, ``batch``, ``deal`` and ``stats``."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from alsos_solver.cards import cards_of
from alsos_solver.cli import app
from alsos_solver.deal import Deal
from alsos_solver.games.base import GAMES, register
from alsos_solver.io import dumps, loads
from alsos_solver.launch import SUBCOMMANDS, load
from alsos_solver.reference import can_make
from alsos_solver.solve import solve

from cli_support import ok, one_json, write
from toy_game import TOY
from toy_game.questions import Majority, MajorityResult

ALL_TRUMPS = """\
[Game "toy"]
[Deal "A:AKOUX987.A.. .KOUX987.AK. ..OUX987.AKO"]
[Talon "ZU ZX Z9 Z8 Z7"]
[Contract "M"]
[Declarer "A"]
"""
"""A holds every acorn, the trumps, and the heart Ace: he takes all nine tricks."""
TRUMP_LEAD = """\
[Event "Trump lead"]
[Goal "majority"]
[Solution "TA"]
[Game "toy"]
[Deal "A:K8.O.AX9.KOU AX7.AU7.87.A OU.KX8.O.X97"]
[Talon "M9 P9 TK TU Z8"]
[Contract "T"]
[Declarer "A"]
"""
"""A puzzle: bells are trumps, and A makes the majority only by leading the trump Ace."""


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    """The toy game registered as a game package registers itself; monkeypatch notes that
    the name was free, and frees it again after the test."""
    monkeypatch.setitem(GAMES, TOY.name, TOY)
    register(TOY)


def subcommand(name: str):
    """The typer app of ``alsos-solve NAME``."""
    return load(SUBCOMMANDS[name])


# The library: the reader, the writer, solve


def test_the_reader_reads_a_toy_deal_and_the_writer_writes_it_back():
    (deal,) = loads(ALL_TRUMPS)
    assert deal.game is TOY
    assert TOY.contract_token(deal.contract) == "M" and deal.declarer == "A"
    assert dumps([deal]) == ALL_TRUMPS


def test_solve_gives_the_toy_result_with_its_typed_answer():
    (deal,) = loads(ALL_TRUMPS)
    result = solve(deal)
    assert isinstance(result, MajorityResult)
    assert result.majority is True
    assert result.to_json()["majority"] is True
    assert solve(replace(deal, declarer="B")).majority is False  # A's trumps take every trick B leads to


def random_endgame(seed: int, tricks_left: int) -> Deal:
    """A random toy deal, a trump suit or no trumps, with random legal play up to
    the last ``tricks_left`` tricks."""
    rng = random.Random(seed)
    cards = rng.sample(range(TOY.pack.size), TOY.pack.size)
    hands = {seat: sum(1 << card for card in cards[9 * k:9 * k + 9]) for k, seat in enumerate(TOY.active)}
    contract = TOY.parse_contract(rng.choice([*TOY.pack.suits, "NT"]))
    deal = Deal(hands, TOY, talon=sum(1 << card for card in cards[27:]), contract=contract, declarer=rng.choice(TOY.active))
    position, play = deal.position(), []
    for _ in range((TOY.hand_size - tricks_left) * len(TOY.active)):
        play.append(rng.choice(list(cards_of(position.legal_moves()))))
        position.push(play[-1])
    return replace(deal, play=play, play_leader=deal.first_leader)


@pytest.mark.parametrize("seed", range(12))
def test_the_engine_agrees_with_the_reference_on_the_majority(seed):
    deal = random_endgame(seed, tricks_left=4)
    after = len(deal.play)
    assert solve(deal, after=after).majority == can_make(deal, Majority(), after=after)


# The command line


def test_the_plain_solve_shows_the_toy_result(runner, tmp_path):
    out = ok(runner.invoke(app, [write(tmp_path, "deal.txt", ALL_TRUMPS)]))
    assert "Game     toy" in out
    assert "Declarer A: the majority of 9 tricks ✓" in out


def test_json_has_the_toy_answer(runner, tmp_path):
    data = one_json(runner.invoke(app, ["--json", write(tmp_path, "deal.txt", ALL_TRUMPS)]))
    assert data["deal"]["game"] == "toy"
    assert data["majority"] is True


def test_brief_shows_the_toy_result(runner, tmp_path):
    out = ok(runner.invoke(app, ["--brief", write(tmp_path, "deal.txt", ALL_TRUMPS)]))
    assert "by A · majority ✓" in out


def test_cards_finds_the_one_winning_lead(runner, tmp_path):
    data = one_json(runner.invoke(app, ["--json", "--cards", write(tmp_path, "puzzle.txt", TRUMP_LEAD)]))
    assert data["question"] == "majority" and data["to_move"] == "A"
    assert [card for card, made in data["cards"].items() if made] == ["TA"]
    assert len(data["cards"]) == 9


def test_line_plays_the_majority_out(runner, tmp_path):
    data = one_json(runner.invoke(app, ["--json", "--line", write(tmp_path, "puzzle.txt", TRUMP_LEAD)]))
    assert data["value"] is True
    assert data["line"][0]["cards"][0] == "TA"
    assert sum(trick["winner"] == "A" for trick in data["line"]) >= 5


def test_table_shows_the_majority_of_every_seat_in_every_contract(runner, tmp_path):
    path = write(tmp_path, "deal.txt", ALL_TRUMPS)
    data = one_json(runner.invoke(app, ["--json", "--table", path]))
    made = {(entry["declarer"], entry["contract"]): entry["majority"] for entry in data["table"]}
    assert len(made) == 15
    assert made["A", "M"] and made["A", "NT"] and not made["B", "M"]
    out = ok(runner.invoke(app, ["--table", path]))
    table = out[out.index("Contract table"):]
    assert "majority" in table.splitlines()[2]  # the heading row
    assert table.count("✓") == sum(made.values()) and table.count("✗") == 15 - sum(made.values())


def test_a_question_the_toy_does_not_ask_is_an_error_that_names_its_own(runner, tmp_path):
    path = write(tmp_path, "deal.txt", ALL_TRUMPS)
    result = runner.invoke(app, ["--cards", "--question", "points:A>=10", path])
    assert result.exit_code == 2
    assert "card points, which toy does not count (ask majority)" in result.stderr


def test_check_finds_the_toy_puzzle_sound(runner, tmp_path):
    out = ok(runner.invoke(subcommand("check"), [write(tmp_path, "puzzle.txt", TRUMP_LEAD)]))
    assert "sound: majority for A, only TA wins" in out


def test_check_finds_a_wrong_solution_of_the_toy_puzzle(runner, tmp_path):
    wrong = TRUMP_LEAD.replace('[Solution "TA"]', '[Solution "TX"]')
    result = runner.invoke(subcommand("check"), [write(tmp_path, "puzzle.txt", wrong)])
    assert result.exit_code == 1, result.output
    assert "unsound" in result.stdout and "TX fails" in result.stdout


def batch(runner, args: list[str]) -> None:
    """Run ``alsos-solve batch`` (its count of deals written goes to stderr)."""
    result = runner.invoke(subcommand("batch"), args)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_batch_solves_toy_deals(runner, tmp_path, jobs):
    """``--jobs 1`` in the batch's own process, ``--jobs 2`` in workers forked from it (so
    they know the game registered here)."""
    deals = [write(tmp_path, "deal.txt", ALL_TRUMPS), write(tmp_path, "puzzle.txt", TRUMP_LEAD)]
    output = tmp_path / "out.jsonl"
    batch(runner, [*deals, "-o", str(output), "--jobs", jobs, "--ordered", "--table"])
    header, *records = [json.loads(line) for line in output.read_text(encoding="utf-8").splitlines()]
    assert header["batch"]["table"] is True
    assert [(record["deal"]["game"], record["majority"]) for record in records] == [("toy", True), ("toy", True)]
    assert all(len(record["table"]) == 15 for record in records)
    out = ok(runner.invoke(subcommand("stats"), ["--rate", "majority", "--by", "contract", str(output)]))
    assert "majority rate by contract" in out


def test_batch_asks_the_toy_question(runner, tmp_path):
    output = tmp_path / "out.jsonl"
    batch(runner, [write(tmp_path, "deal.txt", ALL_TRUMPS), "-o", str(output), "--jobs", "1", "--question", "majority"])
    record = json.loads(output.read_text(encoding="utf-8").splitlines()[1])
    assert record["answers"] == {"majority": True}


def test_the_dealer_deals_toy_deals(runner):
    text = ok(runner.invoke(subcommand("deal"), ["--game", "toy", "--contract", "NT", "--declarer", "B", "--seed", "3"]))
    (deal,) = loads(text)
    assert deal.game is TOY and deal.declarer == "B" and deal.contract.trump is None
    assert deal.problems() == []
