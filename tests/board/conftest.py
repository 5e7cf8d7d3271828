"""The browser and the page of the board's browser tests (each skipped, saying why, where
Playwright or Chromium is missing)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from board_support import CHROMIUM, NO_BROWSER, playwright_api


@pytest.fixture(scope="module")
def browser() -> Iterator:
    if NO_BROWSER:
        pytest.skip(NO_BROWSER)
    with playwright_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


class Console(list):
    """The page's console errors and uncaught exceptions. Chromium logs each answer of status
    400 as "Failed to load resource"; a test that asks for one on purpose allows those."""

    allow_bad_request = False

    def errors(self) -> list[str]:
        bad_request = "Failed to load resource: the server responded with a status of 400"
        return [text for text in self if not (self.allow_bad_request and text.startswith(bad_request))]


@pytest.fixture
def page(browser) -> Iterator:
    """A fresh page (its own storage) at 1280 x 900; fails the test on any console error."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = Console()
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    page.errors = errors
    yield page
    context.close()
    assert not errors.errors(), f"console errors: {errors.errors()}"
