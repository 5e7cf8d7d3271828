"""The deal editor in a real browser (issue 29 §2.6, §1): ``alsos-solve board --port 0``
without files opens on an empty deal to edit; cards clicked into the hands and the talon,
the contract typed, a problem shown at its field in the reader's words, fixed, the deal
played on the board and saved as the writer writes it. Headless Chromium driven by
Playwright, as tests/board/test_browser.py; skipped, saying why, where either is missing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from alsos_solver.board.editor import deal_text
from alsos_solver.cards import cards_of
from alsos_solver.io import DealFormatError, dumps, loads

from board_support import running_board
from conftest import ROOT


PLAYED = loads((ROOT / "puzzles" / "played.txt").read_text(encoding="utf-8"))[0]
NAMES = {seat: [PLAYED.pack.card_name(card) for card in cards_of(PLAYED.hands[seat])] for seat in "ABC"}


def reader_message(fields: dict) -> str:
    """The reader's message for the deal of the fields, as the command line reads it."""
    with pytest.raises(DealFormatError) as raised:
        loads(deal_text(fields), "deal")
    return raised.value.message


@pytest.fixture(scope="module")
def empty_board() -> Iterator[str]:
    """``alsos-solve board --port 0`` without files; its URL."""
    with running_board() as url:
        yield url


def problem(page, field: str) -> str:
    """The problem shown at a field, once the server has answered the edit shown."""
    page.wait_for_selector("#editor:not([data-checking])")
    node = page.locator(f'#editor [data-problem="{field}"]')
    return "" if node.get_attribute("hidden") is not None else node.text_content()


def click_cards(page, place: str, cards: list[str]) -> None:
    page.click(f'#edit-place-buttons [data-place="{place}"]')
    for card in cards:
        page.click(f'#edit-pack [data-card="{card}"]')


def test_without_files_the_board_opens_on_an_empty_deal_to_edit(empty_board, page) -> None:
    page.goto(empty_board)
    page.wait_for_selector("#editor:not([hidden])")
    assert page.locator("#edit-pack [data-card]").count() == 32
    assert page.locator('#edit-pack [data-card][data-place=""]').count() == 32
    assert page.is_hidden("#table") and page.is_hidden("#error")
    assert problem(page, "cards") == "seat A holds 0 cards, expected 9"
    page.select_option("#edit-game", "asszorti")
    page.wait_for_selector('#edit-pack [data-card="S6"]')
    assert page.locator("#edit-pack [data-card]").count() == 36
    assert problem(page, "cards") == "seat A holds 0 cards, expected 11"


def test_build_a_bad_deal_fix_it_play_it_and_save_it(empty_board, page, tmp_path: Path) -> None:
    page.goto(empty_board)
    page.wait_for_selector("#editor:not([hidden])")
    # A short of a card: the rest, with it, goes to the talon
    click_cards(page, "A", NAMES["A"][:-1])
    click_cards(page, "B", NAMES["B"])
    click_cards(page, "C", NAMES["C"])
    page.click("#edit-rest")
    page.fill("#edit-contract", "P")
    talon = sorted(set(PLAYED.pack.card_name(c) for c in range(32)) - {c for s in NAMES.values() for c in s} | {NAMES["A"][-1]})
    fields = {"game": "alsos", "hands": {"A": NAMES["A"][:-1], "B": NAMES["B"], "C": NAMES["C"]}, "talon": talon, "contract": "P"}
    assert problem(page, "cards") == reader_message(fields) == "seat A holds 8 cards, expected 9"
    assert page.is_disabled("#edit-play") and page.is_disabled("#edit-save")
    assert page.get_attribute(f'#edit-pack [data-card="{NAMES["A"][-1]}"]', "data-place") == "talon"
    # the card moved from the talon to A: now the contract lacks its declarer
    click_cards(page, "A", NAMES["A"][-1:])
    fields["hands"]["A"] = NAMES["A"]
    fields["talon"].remove(NAMES["A"][-1])
    assert problem(page, "cards") == ""
    assert problem(page, "contract") == reader_message(fields) == "contract P needs a Declarer tag"
    assert page.get_attribute("#edit-contract", "aria-invalid") == "true"
    # a figure the declarer cannot announce, at Figures
    page.select_option("#edit-declarer", "B")
    page.fill("#edit-figures", "B:abszolut,foo")
    assert problem(page, "contract") == ""
    assert problem(page, "figures") == reader_message(fields | {"declarer": "B", "figures": "B:abszolut,foo"})
    page.fill("#edit-figures", "B:abszolut")
    assert problem(page, "figures") == ""
    assert page.text_content("#edit-status") == "The deal is sound."
    expected = dumps([loads(deal_text(fields | {"declarer": "B", "figures": "B:abszolut"}))[0]])
    assert page.text_content("#edit-text") == expected
    # played on the board
    page.click("#edit-play")
    page.wait_for_selector("#editor", state="hidden")
    page.wait_for_selector("#table [data-value]")
    assert sorted(page.locator('.seat[data-seat="A"] [data-card]').evaluate_all("nodes => nodes.map((n) => n.dataset.card)")) == sorted(NAMES["A"])
    # a card played and taken back: the line the board's ArrowRight steps to
    page.click("#table .card.best")
    page.wait_for_selector("#trick [data-card]")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#trick [data-card]", state="detached")
    page.wait_for_selector("#table [data-value]")
    # back to the editor, on the deal played; saved as the writer writes it
    page.click("#edit-mode")
    page.wait_for_selector("#editor:not([hidden])")
    assert page.get_attribute(f'#edit-pack [data-card="{NAMES["C"][0]}"]', "data-place") == "C"
    assert page.input_value("#edit-figures") == "B:abszolut"
    page.wait_for_selector("#edit-save:not([disabled])")
    with page.expect_download() as download:
        page.click("#edit-save")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == "deal.txt"
    text = saved.read_text(encoding="utf-8")
    assert text == expected
    [deal] = loads(text)
    assert deal.hands == PLAYED.hands and deal.talon == PLAYED.talon
    assert (deal.contract, deal.declarer, deal.figures) == (PLAYED.contract, "B", {"B": ("abszolut",)})
    # the board's keys do not step through its play while the editor is open; Back leaves
    # the editor for the board's deal, where it was
    page.keyboard.press("ArrowRight")
    page.click("#edit-mode")
    page.wait_for_selector("#editor", state="hidden")
    assert page.is_visible("#table")
    assert page.locator("#trick [data-card]").count() == 0
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#trick [data-card]")
