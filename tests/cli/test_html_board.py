"""The analysis board inside an ``--html`` page (issue 29 §3), opened as a ``file://`` URL
in headless Chromium (Playwright) with the network cut: the board shows the values of
``alsos-solve FILE --cards --json --after N`` along the recorded play, steps and clicks
along it with no server, says that a position off it needs ``alsos-solve board``, and logs
no console error; the site form carries a board on every deal page. Skipped, saying why,
where Playwright or Chromium is missing."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from alsos_solver.board.offline import deal_positions, module_order, scoped_css, sources
from alsos_solver.cli import app
from alsos_solver.io import iter_deals

from cli_support import PUZZLES, ok

PLAYED = PUZZLES / "played.txt"
CHROMIUM = next(filter(None, map(shutil.which, ("chromium", "chromium-browser"))), None)


def test_the_positions_are_the_line_and_one_card_off_it():
    deal = next(iter(iter_deals(PLAYED)))
    found = {tuple(item["play"]): item["answer"] for item in deal_positions(deal, str(deal))}
    line = [deal.pack.card_name(card) for card in deal.play]
    for k in range(len(line) + 1):
        assert tuple(line[:k]) in found
        for entry in found[tuple(line[:k])]["cards"]:
            assert (*line[:k], entry["card"]) in found
    assert all(len(play) <= len(line) for play in found)
    assert {len(play) for play in found} == set(range(len(line) + 1))


def test_without_a_play_section_the_first_lead_and_its_cards():
    deal = next(iter(iter_deals(PUZZLES / "example.txt")))
    assert not deal.play
    found = [tuple(item["play"]) for item in deal_positions(deal, str(deal))]
    assert found[0] == () and len(found) > 1 and all(len(play) == 1 for play in found[1:])


def test_the_modules_load_leaves_first_and_the_style_is_scoped():
    order = module_order(sources())
    assert order[-1] == "board.js" and order.index("i18n.js") < order.index("source.js") < order.index("board.js")
    css = scoped_css("/* c */ :root { --a: 1; }\n.card, * { x: y; }\n@media (max-width: 4rem) { .table { z: 1; } }")
    assert ".board-embed { --a: 1; }" in css and ".board-embed .card, .board-embed * { x: y; }" in css
    assert "@media (max-width: 4rem) {.board-embed .table { z: 1; }" in css and "/*" not in css


def cli_cards(after: int) -> dict:
    run = subprocess.run([sys.executable, "-m", "alsos_solver", str(PLAYED), "--cards", "--json", "--no-solve",
                          "--after", str(after)], capture_output=True, text=True, check=True, timeout=120)
    return json.loads(run.stdout)[0]


playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install playwright)")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary found (Debian: apt-get install chromium)")


@pytest.fixture(scope="module")
def played_page(tmp_path_factory) -> Path:
    from typer.testing import CliRunner

    target = tmp_path_factory.mktemp("page") / "page.html"
    assert ok(CliRunner().invoke(app, [str(PLAYED), "--cards", "--line", "--review", "--html", str(target), "--no-terminal"])) == ""
    return target


@pytest.fixture
def page(tmp_path) -> Iterator:
    """A fresh offline page; fails the test on any console error."""
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        context = browser.new_context(offline=True, viewport={"width": 1280, "height": 900})
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        yield page
        browser.close()
    assert not errors, f"console errors: {errors}"
    assert all(url.startswith(("file:", "blob:", "data:")) for url in requests), requests


def shown(page) -> dict[str, str]:
    page.wait_for_selector(".board-embed #table[aria-busy='false'] .seat [data-value]")
    return page.eval_on_selector_all(".board-embed .seat [data-value]",
                                     "cards => Object.fromEntries(cards.map(c => [c.dataset.card, c.dataset.value]))")


def expected(after: int) -> dict[str, str]:
    return {card: json.dumps(value) for card, value in cli_cards(after)["cards"].items()}


@needs_chromium
def test_the_page_steps_along_the_recorded_play_offline(played_page, page):
    page.goto(played_page.as_uri())
    assert shown(page) == expected(0)
    assert page.title() == "page"  # the page's own title, not the board's
    for after in (1, 2, 3):
        page.click(".board-embed #forward")
        page.wait_for_function(f"document.querySelector('#line-status').textContent.includes('card {after} ')")
        if after in (1, 3):
            assert shown(page) == expected(after)
    best = page.eval_on_selector_all(".board-embed .seat .card.best", "cards => cards.map(c => c.dataset.card)")
    data = cli_cards(3)
    top = data["groups"][0][1]
    assert set(best) == {card for cards, value in data["groups"] for card in cards if value == top}
    page.click(".board-embed #start")
    assert shown(page) == expected(0)
    page.click('.board-embed .seat .card.legal[data-card="M8"]')  # the recorded lead, by click
    assert shown(page) == expected(1)
    page.click(".board-embed #end")
    page.wait_for_function("document.querySelector('#status').textContent.length > 0")
    assert page.locator("#error").is_hidden()


@needs_chromium
def test_off_the_line_the_page_says_the_board_is_needed(played_page, page):
    page.goto(played_page.as_uri())
    values = shown(page)
    off = next(card for card in values if card != "M8")  # the recorded lead is M8
    page.click(f'.board-embed .seat .card.legal[data-card="{off}"]')
    shown(page)  # one card off the line: still answered
    page.locator(".board-embed .seat .card.legal").first.click()
    error = page.locator(".board-embed #error")
    error.wait_for(state="visible")
    assert "alsos-solve board" in error.text_content()
    page.click(".board-embed #back-to-recorded")
    assert shown(page) == expected(0)
    assert error.is_hidden()


@needs_chromium
def test_every_page_of_a_site_carries_its_board(tmp_path, page):
    from typer.testing import CliRunner

    folder = tmp_path / "site"
    assert ok(CliRunner().invoke(app, [str(PLAYED), "--html", f"{folder}/", "--no-terminal"])) == ""
    page.goto((folder / "played-1.html").as_uri())
    assert shown(page) == expected(0)
    assert page.locator("#deal-field").is_hidden()  # one deal a page


@needs_chromium
def test_the_analyses_show_the_terminals_tables_with_the_best_marked(played_page, page):
    page.goto(played_page.as_uri())
    shown(page)
    sections = page.locator("section.analysis")
    assert sections.count() == 3
    for index in range(3):
        assert sections.nth(index).locator("table").count() >= 1
        assert sections.nth(index).locator("dl").count() == 0  # not the JSON record's names and values
    best = page.locator("section.analysis tr.best")
    data = cli_cards(0)
    top = data["groups"][0][1]
    assert best.count() == sum(value == top for _, value in data["groups"])
    colour = best.first.locator("td").first.evaluate("cell => getComputedStyle(cell).backgroundColor")
    plain = page.locator("section.analysis tr:not(.best) td").first.evaluate("cell => getComputedStyle(cell).backgroundColor")
    assert colour != plain and best.first.is_visible()


@needs_chromium
def test_one_page_of_several_deals_has_one_board_with_a_deal_select(tmp_path, page):
    from typer.testing import CliRunner

    from cli_support import ASSZORTI, write

    target = tmp_path / "two.html"
    asszorti = write(tmp_path, "asszorti.txt", ASSZORTI)
    assert ok(CliRunner().invoke(app, [str(PLAYED), asszorti, "--html", str(target), "--no-terminal"])) == ""
    page.goto(target.as_uri())
    assert shown(page) == expected(0)
    assert page.locator(".board-embed").count() == 1 and page.locator("#deal-field").is_visible()
    page.select_option("#deal-select", "1")
    page.wait_for_function("document.querySelector('#deal-select').value === '1'")
    deal = next(iter(iter_deals(asszorti)))
    page.wait_for_selector(".board-embed .seat [data-value]")
    cards = set(shown(page))
    assert cards and cards <= {deal.pack.card_name(card) for card in range(64) if deal.in_play >> card & 1}
