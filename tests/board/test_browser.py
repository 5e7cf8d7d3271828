"""The board in a real browser (issue 29 §7): headless Chromium (Debian's ``chromium``)
driven by Playwright against ``alsos-solve board --port 0 FILE...``. A deep link opens its
position with every card and value as ``alsos-solve FILE --cards --json`` gives them, in
all five games; a click plays a card, undo takes it back, a card off the recorded play
branches; a broken deal shows the server's message; the language switches and stays; the
page fits 375 and 1280 px; no console error. Screenshots go to a temporary folder (its
path is printed; ``BOARD_SCREENSHOTS=DIR`` keeps them in DIR).

Skipped, saying why, where Playwright or Chromium is missing."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from board_support import running_board, wait_settled
from conftest import ROOT

FAMILY_DEALS = """\
[Game "alsos-2"]
[Deal "A:AKX.AOU8.A7.OU8 OU97.K.KU98.AK9"]
[Talon "M8 PX P9 P7 TO TX ZX Z7"]
[Contract "NT"]
[Declarer "A"]
[Play "B"]
ZK ZO
M9 MK

[Game "alsos-4"]
[Deal "A:U8.O98.AO8.9 X97.AX.K9.UX AK.K.U7.AKO8 -"]
[Talon "MO PU P7 TX Z7"]
[Contract "Z"]
[Declarer "B"]
[Figures "A:abszolut B:volat"]
[Play "A"]
T8 T9 TU
Z8 Z9 ZX
"""

# (file, deal index, cards of its Play section before the position): one position per game,
# at a trick's start and in mid-trick.
POSITIONS = {
    "alsos": ("puzzles/played.txt", 1, 4),
    "alsos-2": ("family.txt", 1, 3),
    "alsos-4": ("family.txt", 2, 3),
    "asszorti": ("puzzles/asszorti.txt", 1, 4),
    "altiansz": ("examples/altiansz.txt", 1, 5),
}
FILES = ("puzzles/played.txt", "puzzles/asszorti.txt", "examples/altiansz.txt")


def _path(name: str, folder: Path) -> Path:
    return folder / name if name == "family.txt" else ROOT / name


@pytest.fixture(scope="module")
def deal_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("board-deals")
    (folder / "family.txt").write_text(FAMILY_DEALS, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(os.environ["BOARD_SCREENSHOTS"]) if os.environ.get("BOARD_SCREENSHOTS") else tmp_path_factory.mktemp("board-screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    print(f"board screenshots: {folder}")
    return folder


@pytest.fixture(scope="module")
def board(deal_folder: Path) -> Iterator[str]:
    """The board of the example files and the two-game family file; its URL."""
    with running_board(*(str(ROOT / name) for name in FILES), str(deal_folder / "family.txt")) as url:
        yield url


def deal_text(name: str, index: int, folder: Path) -> str:
    from alsos_solver.io import load

    return str(load(_path(name, folder))[index - 1])


def board_link(base: str, text: str, play: list[str], question: str | None = None) -> str:
    from alsos_solver.board.links import link

    return link(base, text, play, question)


def cli_cards(name: str, index: int, after: int, folder: Path, question: str | None = None) -> dict:
    """``alsos-solve FILE --cards --json --after N`` for one deal."""
    command = [sys.executable, "-m", "alsos_solver", str(_path(name, folder)), "--cards", "--json", "--no-solve", "--after", str(after)]
    if question:
        command += ["--question", question]
    run = subprocess.run(command, capture_output=True, text=True, encoding="utf-8", check=True, timeout=120)
    return json.loads(run.stdout)[index - 1]


def api_position(base: str, text: str, play: list[str], question: str | None = None) -> tuple[int, dict]:
    body = json.dumps({"deal": text, "play": play, "question": question}).encode()
    request = urllib.request.Request(base + "api/position", data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def shown_values(page) -> dict[str, str]:
    """data-card -> data-value of the cards that show a value, once they do."""
    page.wait_for_selector(".seat [data-value]")
    return page.eval_on_selector_all(".seat [data-value]", "cards => Object.fromEntries(cards.map(c => [c.dataset.card, c.dataset.value]))")


def hand_cards(page) -> dict[str, list[str]]:
    return page.eval_on_selector_all(
        ".seat[data-seat]",
        "seats => Object.fromEntries(seats.map(s => [s.dataset.seat, [...s.querySelectorAll('[data-card]')].map(c => c.dataset.card)]))",
    )


@pytest.mark.parametrize("game", list(POSITIONS))
def test_deep_link_shows_every_card_and_value_as_cards_does(board, page, deal_folder, game) -> None:
    from alsos_solver.cards import cards_of
    from alsos_solver.io import load

    name, index, after = POSITIONS[game]
    deal = load(_path(name, deal_folder))[index - 1]
    play = [deal.pack.card_name(card) for card in deal.play[:after]]
    page.goto(board_link(board, str(deal), play))
    values = shown_values(page)
    expected = cli_cards(name, index, after, deal_folder)
    assert values == {card: json.dumps(value) for card, value in expected["cards"].items()}
    assert page.get_attribute("[data-to-move]", "data-seat") == expected["to_move"]
    left = {seat: {deal.pack.card_name(card) for card in cards_of(hand)} - set(play) for seat, hand in deal.hands.items()}
    assert {seat: set(cards) for seat, cards in hand_cards(page).items()} == left, "every card still in a hand, and no other"
    best = page.eval_on_selector_all(".seat .card.best", "cards => cards.map(c => c.dataset.card)")
    top = expected["groups"][0][1]
    assert set(best) == {card for cards, value in expected["groups"] for card in cards if value == top}
    for card in expected["cards"]:
        label = page.get_attribute(f'.seat [data-card="{card}"]', "aria-label")
        assert "value" in label


def test_the_board_steps_through_the_deals_of_its_files(board, page, deal_folder) -> None:
    page.goto(board)
    shown_values(page)
    with urllib.request.urlopen(board + "api/deals", timeout=30) as response:
        deals = json.load(response)["deals"]
    assert page.locator("#deal-select option").count() == len(deals) == 5
    assert page.url.startswith(board + "#d="), "the first deal, its link in the address"
    page.select_option("#deal-select", "3")
    wait_settled(page)
    values = shown_values(page)
    expected = cli_cards("family.txt", 1, 0, deal_folder)
    assert values == {card: json.dumps(value) for card, value in expected["cards"].items()}
    assert "alsos-2" in page.text_content("#info")


def test_question_select_asks_the_chosen_question(board, page, deal_folder) -> None:
    text = deal_text("puzzles/played.txt", 1, deal_folder)
    page.goto(board_link(board, text, []))
    shown_values(page)
    page.select_option("#question-select", "B:ultimo")
    wait_settled(page)
    expected = cli_cards("puzzles/played.txt", 1, 0, deal_folder, question="B:ultimo")
    assert shown_values(page) == {card: json.dumps(value) for card, value in expected["cards"].items()}
    assert "q=B%3Aultimo" in page.url
    page.errors.allow_bad_request = True
    page.select_option("#question-select", "\u0000other")
    page.fill("#question-text", "no_such_question")
    page.click("#question-form button[type=submit]")
    status, answer = api_position(board, text, [], "no_such_question")
    assert status == 400
    page.wait_for_selector("#error:not([hidden])")
    assert page.text_content("#error") == answer["error"]


def test_click_undo_and_branch_off_the_recorded_play(board, page, deal_folder) -> None:
    from alsos_solver.io import load

    deal = load(ROOT / "puzzles/played.txt")[0]
    recorded = [deal.pack.card_name(card) for card in deal.play]
    page.goto(board_link(board, str(deal), []))
    start_values = shown_values(page)
    assert page.text_content("#line-status").strip().endswith(f"card 0 of {len(recorded)}")
    for _ in range(3):
        page.keyboard.press("ArrowRight")  # three steps along the recorded play, each superseding the last
    wait_settled(page)
    assert page.url.endswith("&p=" + ".".join(recorded[:3]))
    status, answer = api_position(board, str(deal), recorded[:3])
    assert shown_values(page) == {entry["card"]: json.dumps(entry["value"]) for entry in answer["cards"]}
    assert page.get_attribute("[data-to-move]", "data-seat") == answer["to_move"]

    other = next(entry["card"] for entry in answer["cards"] if entry["card"] != recorded[3])
    page.click(f'.seat [data-card="{other}"]')
    wait_settled(page)
    assert page.locator(f'.seat [data-card="{other}"]').count() == 0, "the card left the hand"
    assert page.locator(f'#trick [data-card="{other}"]').count() == 1, "and lies on the table"
    assert "after card 3" in page.text_content("#line-status")
    assert page.is_visible("#back-to-recorded")
    status, answer = api_position(board, str(deal), recorded[:3] + [other])
    assert shown_values(page) == {entry["card"]: json.dumps(entry["value"]) for entry in answer["cards"]}

    page.click("#undo-card")
    wait_settled(page)
    assert page.locator(f'.seat [data-card="{other}"][data-value]').count() == 1, "back in the hand, with its value"
    page.keyboard.press("ArrowRight")  # forward follows the branch last explored
    wait_settled(page)
    assert page.url.endswith("&p=" + ".".join(recorded[:3] + [other]))
    page.click("#back-to-recorded")
    wait_settled(page)
    assert page.url.endswith("&p=" + ".".join(recorded[:3]))
    page.click("#undo-trick")
    wait_settled(page)
    assert "&p=" not in page.url
    page.click("#end")
    wait_settled(page)
    assert page.text_content("#status") == "The play is over."
    page.click("#start")
    wait_settled(page)
    assert shown_values(page) == start_values


def test_auto_play_plays_a_forced_card(board, page, deal_folder) -> None:
    text = deal_text("puzzles/played.txt", 1, deal_folder)
    page.goto(board_link(board, text, ["M8", "MU", "MA"]))
    shown_values(page)
    page.check("#auto-play")
    page.click('.seat [data-card="MO"]')  # A holds one acorn, the M7: forced
    page.wait_for_selector('#trick [data-card="M7"]')
    wait_settled(page)
    assert page.url.endswith("&p=M8.MU.MA.MO.M7"), "B's choice is his own: auto-play stops there"
    page.click("#undo-card")
    wait_settled(page)
    assert page.url.endswith("&p=M8.MU.MA.MO"), "a step back is not undone by auto-play"


def test_play_by_keyboard(board, page, deal_folder) -> None:
    text = deal_text("puzzles/asszorti.txt", 1, deal_folder)
    page.goto(board_link(board, text, []))
    values = shown_values(page)
    first = next(iter(values))
    page.focus(f'.seat [data-card="{first}"]')
    page.keyboard.press("Enter")
    wait_settled(page)
    assert page.url.endswith(f"&p={first}")
    focused = page.evaluate("document.activeElement.closest('[data-to-move]') && document.activeElement.dataset.card")
    assert focused in shown_values(page), "the focus goes on to a card of the next player to move"
    page.keyboard.press("ArrowLeft")
    wait_settled(page)
    assert "&p=" not in page.url


def test_a_broken_deal_shows_the_servers_message(board, page) -> None:
    broken = '[Deal "A:87.AX.K97.KX U.KOU7.AX.A7 AO9.98.O.U98 "]\n[Contract "P"]\n[Declarer "B"]\n'.replace("AO9", "AO9X")
    status, answer = api_position(board, broken, [])
    assert status == 400 and answer["error"]
    page.errors.allow_bad_request = True
    page.goto(board_link(board, broken, []))
    page.wait_for_selector("#error:not([hidden])")
    assert page.text_content("#error") == answer["error"]
    assert page.locator("[data-value]").count() == 0
    page.goto(board + "#d=%%%")
    page.reload()
    page.wait_for_selector("#error:not([hidden])")
    assert "base64url" in page.text_content("#error")


def test_the_language_switches_and_is_remembered(board, page, deal_folder) -> None:
    page.goto(board_link(board, deal_text("puzzles/played.txt", 1, deal_folder), []))
    shown_values(page)
    assert page.get_attribute('.seat [data-card="PA"]', "aria-label").startswith("hearts Ace, value")
    page.click("button.lang[data-lang='hu']")
    assert page.get_attribute("html", "lang") == "hu"
    assert page.text_content("#title") == "Elemző tábla"
    assert page.get_attribute('.seat [data-card="PA"]', "aria-label").startswith("piros ász, érték")
    assert "♥ piros" in page.text_content("#info")
    page.reload()
    shown_values(page)
    assert page.text_content("#title") == "Elemző tábla", "the choice is kept"
    page.click("button.lang[data-lang='en']")
    assert page.text_content("#title") == "Analysis board"


def test_copy_link_holds_the_position(board, browser, page, deal_folder) -> None:
    text = deal_text("puzzles/asszorti.txt", 1, deal_folder)
    page.goto(board_link(board, text, []))
    shown_values(page)
    page.keyboard.press("ArrowRight")
    wait_settled(page)
    values = shown_values(page)
    page.click("#copy-link")
    page.wait_for_selector("#link-note:not(:empty)")
    url = page.input_value("#link-text")
    assert url == page.url
    again = browser.new_page()
    again.goto(url)
    assert shown_values(again) == values
    again.close()


def test_the_melds_show_beside_the_talon(board, page, deal_folder) -> None:
    """The deal's melds as the terminal's diagram explains them (issue 29 §2.1)."""
    page.goto(board_link(board, deal_text("puzzles/played.txt", 1, deal_folder), []))
    wait_settled(page)
    assert "B: terc to the King in hearts 20, béla 20" in page.text_content("#info")


def test_o_and_zero_are_told_apart(board, page, deal_folder) -> None:
    page.goto(board_link(board, deal_text("puzzles/played.txt", 1, deal_folder), []))
    shown_values(page)
    style = page.eval_on_selector(".card", "c => getComputedStyle(c).fontVariantNumeric")
    assert "slashed-zero" in style
    widths = page.eval_on_selector(".card", """card => {
        const context = document.createElement('canvas').getContext('2d');
        context.font = getComputedStyle(card).font;
        return [context.measureText('O').width, context.measureText('0').width];
    }""")
    assert abs(widths[0] - widths[1]) > 1, f"O and 0 as wide: {widths}"


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("language", ["en", "hu"])
def test_layout_fits_and_every_control_is_labelled(board, browser, deal_folder, shots, width, language) -> None:
    from alsos_solver.io import load

    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('alsos-board-language', '{language}')")
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    for game, (name, index, after) in POSITIONS.items():
        deal = load(_path(name, deal_folder))[index - 1]
        play = [deal.pack.card_name(card) for card in deal.play[:after]]
        page.goto(board_link(board, str(deal), play))
        shown_values(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        outside = page.evaluate("""() => [...document.querySelectorAll('main *, header *')]
            .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > innerWidth + 0.5)
            .map(e => e.outerHTML.slice(0, 80))""")
        assert not outside, f"{game} at {width} px: {outside}"
        unlabelled = page.evaluate("""() => [...document.querySelectorAll('button, select, input')]
            .filter(e => e.getClientRects().length && !(e.getAttribute('aria-label') || e.labels?.length || e.textContent.trim()))
            .map(e => e.outerHTML.slice(0, 80))""")
        assert not unlabelled, unlabelled
        assert page.get_attribute("html", "lang") == language
        page.screenshot(path=str(shots / f"board-{game}-{width}-{language}.png"), full_page=True)
    context.close()
    assert not errors, errors
