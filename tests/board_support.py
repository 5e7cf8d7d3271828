"""What the board's browser tests share: the browser they drive (headless Chromium, Debian's
``chromium``, through Playwright; None where either is missing, and the reason), a running
``alsos-solve board --port 0``, and waiting for it and for the page."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

try:
    from playwright import sync_api as playwright_api
except ImportError:
    playwright_api = None

CHROMIUM = next(filter(None, map(shutil.which, ("chromium", "chromium-browser"))), None)
NO_BROWSER = ("playwright is not installed (pip install playwright)" if playwright_api is None else
              "no chromium binary found (Debian: apt-get install chromium)" if CHROMIUM is None else None)
"""Why the browser tests cannot run here (None: they can)."""


def wait_for(url: str, seconds: float = 30) -> None:
    """Until the server answers at ``url``."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url + "api/deals", timeout=5):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def wait_settled(page) -> None:
    """Until the page has its answer for the position shown."""
    page.wait_for_selector("#table[aria-busy='false']")


@contextmanager
def running_board(*files: str) -> Iterator[str]:
    """``alsos-solve board --port 0 FILE...`` running; its URL, read from its first line."""
    server = subprocess.Popen(
        [sys.executable, "-m", "alsos_solver", "board", "--port", "0", *files],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
    )
    first: list[str] = []
    reader = threading.Thread(target=lambda: first.append(server.stdout.readline()), daemon=True)
    reader.start()
    reader.join(60)
    try:
        match = re.fullmatch(r"board: (http://\S+/)\n", first[0] if first else "")
        assert match, f"no 'board: URL' line: {first!r} {server.poll() is not None and server.stderr.read()}"
        wait_for(match.group(1))
        yield match.group(1)
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
