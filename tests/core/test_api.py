"""The Python API takes seats as letters (an index too), cards as names (an id too), figure
names by any spelling, and refuses a question that does not fit the deal with a ValueError
naming the problem, anything of the wrong kind with a TypeError saying what is expected;
results read their answers as attributes; the reader takes paths and streams, text or
binary; a deal prints in the format's notation."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from alsos_solver import DeclarerPoints, FigureMade, GameWon, KlopitzkySafe, SeatPoints, Solver, Together, solve
from alsos_solver.errors import NotApplicable
from alsos_solver.io import DealFormatError, dumps, iter_deals, load, loads
from alsos_solver.position import IllegalPlay

from cli_support import EXAMPLE

DEAL = load(EXAMPLE)[0]  # hearts, B declares and can make abszolút; A leads from 87.AX.K97.KX


def test_seats_are_letters_or_indices():
    assert FigureMade("B", "abszolut") == FigureMade(1, "abszolut") == FigureMade("b", "abszolut")
    solver = Solver(DEAL)
    assert solver.ask(FigureMade("B", "abszolut")) is True
    assert solver.ask(FigureMade("B", "ultimo")) is True
    assert solver.ask(SeatPoints("B", 90)) is True and solver.value(1) == 90


def test_value_of_a_seat_by_letter_index_or_seat_points():
    """SeatPoints's ``at_least`` is its threshold as a yes/no question: value() finds the most."""
    solver = Solver(DEAL)
    values = [solver.value(seat) for seat in (SeatPoints(1), SeatPoints("B", 95), "B", "b", 1)]
    assert values == [90] * 5 and solver.value(DeclarerPoints()) == 90
    assert solver.ask(SeatPoints("B", 90)) and not solver.ask(SeatPoints("B", 91))


def test_cards_are_names_or_ids():
    by_name, by_id = Solver(DEAL), Solver(DEAL)
    by_name.push("m8")
    by_id.push(DEAL.pack.parse_card("M8"))
    assert by_name.position.trick.cards == by_id.position.trick.cards
    assert by_name.value("C") == by_id.value("C")
    assert by_name.pop() == DEAL.pack.parse_card("M8")
    with pytest.raises(IllegalPlay, match="MU is not in seat A's hand"):
        by_name.push("MU")


@pytest.mark.parametrize(
    "card, message",
    [("MQ", "unknown card 'MQ' (expected a suit letter M/P/T/Z then a rank A/K/O/U/X/9/8/7 or 10)"),
     (32, "unknown card id 32"), (-1, "unknown card id -1")],
)
def test_an_unknown_card_is_a_value_error(card, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        Solver(DEAL).push(card)


def test_figures_by_any_spelling():
    assert FigureMade(1, "absolute") == FigureMade(1, "abszolút") == FigureMade(1, "abszolut")
    with pytest.raises(ValueError, match="unknown figure 'absolutely'"):
        FigureMade(1, "absolutely")


@pytest.mark.parametrize("seat", ["E", "", "AB", -1])
def test_an_unknown_seat_is_a_value_error(seat):
    with pytest.raises(ValueError, match="unknown seat"):
        FigureMade(seat, "abszolut")


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: FigureMade(1.5, "abszolut"), "a seat is a letter such as 'B' (or its index, 1), found 1.5"),
        (lambda: SeatPoints(None), "a seat is a letter such as 'B'"),
        (lambda: KlopitzkySafe(True), "found True"),
        (lambda: Solver(DEAL).value(GameWon()),
         "value() takes a seat ('B' or its index), SeatPoints or a value question such as DeclarerPoints(), "
         "found GameWon() (ask() answers it)"),
        (lambda: Solver(DEAL).value(1.5), "value() takes a seat"),
        (lambda: Solver(DEAL).ask(DeclarerPoints()), "ask() takes a yes/no question such as GameWon() or "
                                                     "FigureMade('B', 'ultimo'), found DeclarerPoints() (value() answers it)"),
        (lambda: Solver(DEAL).ask("B"), "ask() takes a yes/no question"),
        (lambda: Solver(DEAL).answer("game"), "ask() takes a yes/no question"),
        (lambda: Solver(DEAL).push(None), "a card is its name such as 'MA' (or its id), found None"),
    ],
)
def test_the_wrong_kind_of_argument_is_a_type_error_saying_what_is_expected(call, message):
    with pytest.raises(TypeError) as caught:
        call()
    assert message in str(caught.value)


@pytest.mark.parametrize(
    "question, message",
    [
        (KlopitzkySafe(0), "klopitzky:A needs a KLOPITZKY contract, the contract is P"),
        (FigureMade("D", "abszolut"), "seat D does not play in alsos"),
        (Together((GameWon(), KlopitzkySafe("A"))), "needs a KLOPITZKY contract"),
    ],
)
def test_a_question_that_does_not_fit_the_deal_is_refused(question, message):
    with pytest.raises(NotApplicable, match=message):
        Solver(DEAL).ask(question)
    assert issubclass(NotApplicable, ValueError)


# Results


def test_a_result_has_the_fields_of_its_game_and_no_other():
    result = solve(DEAL)
    assert result.game is True and result.declarer_points == 90 and result.announced == {"B": {"abszolut": True, "ultimo": True}}
    assert result.betli is None  # a field of the game that this contract lacks
    assert {"game", "declarer_points", "figures", "betli", "contract"} <= set(dir(result))
    with pytest.raises(AttributeError, match=r"AlsosResult has no attribute 'score'"):
        result.score  # noqa: B018 (an Asszorti answer)
    with pytest.raises(AttributeError, match=r"AlsosResult has no attribute 'gmae' \(did you mean game\? its answers: "):
        result.gmae  # noqa: B018
    assert not hasattr(result, "anything")


# Reading and printing deals


def test_load_and_iter_deals_read_text_and_binary_streams():
    text = Path(EXAMPLE).read_text(encoding="utf-8")
    with open(EXAMPLE, encoding="utf-8") as as_text, open(EXAMPLE, "rb") as as_bytes:
        assert load(as_text) == load(as_bytes) == [DEAL]
    assert list(iter_deals(io.StringIO(text))) == [DEAL]
    with pytest.raises(DealFormatError, match=r"^<paste>:2:1: expected a tag pair"):
        load(io.StringIO('[Event "x"]\njunk\n'), filename="<paste>")


def test_a_text_stream_that_cannot_be_decoded_says_how_to_read_it(tmp_path):
    path = tmp_path / "deal.txt"
    path.write_bytes("% megjegyzés\n".encode("cp1250"))
    with open(path, encoding="utf-8") as stream, pytest.raises(DealFormatError) as caught:
        load(stream)
    error = caught.value
    assert error.filename == str(path) and "cannot be decoded" in error.message
    assert "open the file in binary mode ('rb') or give its path" in error.message


@pytest.mark.parametrize("source", [42, [Path(EXAMPLE).read_text(encoding="utf-8")], b"[Deal]"])
def test_a_source_that_is_no_path_nor_stream_is_a_type_error(source):
    with pytest.raises(TypeError, match="expected a path or a file opened for reading \\(text or binary\\), found "):
        load(source)


def test_print_shows_the_deal_in_the_format_notation(capsys):
    print(DEAL)
    shown = capsys.readouterr().out
    assert shown == dumps([DEAL])
    assert '[Deal "A:87.AX.K97.KX U.KOU7.AX.A7 AO9.98.O.U98"]\n' in shown and '[Contract "P"]\n' in shown
    assert loads(str(DEAL)) == [DEAL]
    assert repr(DEAL).startswith("Deal(hands={'A': ")  # the fields, exactly
