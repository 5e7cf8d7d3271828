"""The board's speed (issue 29 §6): how long ``POST /api/position`` takes to value every
legal card, at the first lead of the 200 three-player benchmark deals (benchmarks/deals.txt)
for the declarer's points, against the targets (median 50 ms, 95th percentile 300 ms), and
at later positions, which must be faster.

In process, as the solving process answers (:func:`alsos_solver.board.positions.position_values`
with the :class:`~alsos_solver.board.positions.WarmSolvers` it keeps, its thread's table
allocated by an untimed question first):

* ``first lead``: the deal's first question (a new Solver for it, its construction timed);
* ``after N cards``: the positions along a line of best play (each time the first best card)
  as a user clicks through it, every position asked in turn, the Solver kept warm;
* ``after N cards, opened by a link``: the same positions asked first (a new Solver).

Betli and klopitzky, which have no declarer's points, are timed for their default
question in a row of their own. Each call keeps its fastest of ``--repeat`` passes (each
pass from scratch, new WarmSolvers), as run.py does. Then, unless ``--no-server``, the
first lead once more through a real ``alsos-solve board`` over HTTP on the loopback (the
request, the solving process and the answer's JSON), once the page has been fetched and a
first question answered. Then, unless ``--no-page``, the page itself (issue 29 §6: "usable
within 1 s of opening"): headless Chromium (Debian's ``chromium``, driven by Playwright) opens
a real board's page ``--loads`` times, each in a fresh browser context, and each load is timed
from ``page.goto`` until the first position's values are shown (``#table[aria-busy='false']``
and a card with ``data-value``): the server's first page, and a deep link into the middle
of play (puzzles/played.txt's deal after 4 cards), each row against a board of its own, so
its first load is the server's first.

Writes the Board section of benchmarks/results.md (``--output``) and prints it. See
benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from alsos_solver.board.positions import WarmSolvers, position_values
from alsos_solver.io import load
from alsos_solver.questions import DeclarerPoints

from run import core_build, cpu_model, git_commit, load_average, ms, p95, pin, timed
from sections import write_section

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEALS = HERE / "deals.txt"
LATER = (4, 8)
"""The later positions reported: after this many cards of a line of best play."""
TARGETS = {"median": 50.0, "p95": 300.0}
"""Milliseconds, at the first lead for the declarer's points (issue 29 §6)."""
FIRST = "first lead"
PAGE_TARGET = 1000.0
"""Milliseconds from opening the page until it is usable, median and p95 (issue 29 §6)."""
PAGE_FILES = ("puzzles/played.txt", "puzzles/example.txt")
DEEP = 4
"""The deep link: puzzles/played.txt's first deal after this many cards of its play."""
OTHERS = "betli and klopitzky, their default question: "


def along(after: int) -> str:
    return f"after {after} cards, along the line"


def linked(after: int) -> str:
    return f"after {after} cards, opened by a link"


LABELS = [kind + label for kind in ("", OTHERS) for label in (FIRST, *map(along, LATER), *map(linked, LATER))]
"""The rows, in the order shown."""


@dataclass
class Row:
    """The times of one kind of position, in seconds (wall, CPU), one per deal."""

    label: str
    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)


def line_of(text: str, question: str | None, cards: int) -> list[str]:
    """The first ``cards`` cards of a line of best play for the question."""
    play: list[str] = []
    for _ in range(cards):
        answer = position_values(text, play, question)
        play.append(next(card["card"] for card in answer["cards"] if card["best"]))
    return play


def one_pass(deals: list[tuple[str, str | None, list[str]]]) -> dict[str, list[tuple[float, float]]]:
    """Every timed call of one pass, by row label: (wall, CPU) per deal, in deal order."""
    found: dict[str, list[tuple[float, float]]] = {label: [] for label in LABELS}
    warm = WarmSolvers()
    for text, question, line in deals:
        kind = "" if question else OTHERS
        for after in range(len(line) + 1):
            _, wall, cpu = timed(lambda: position_values(text, line[:after], question, warm))
            if after == 0:
                found[kind + FIRST].append((wall, cpu))
            elif after in LATER:
                found[kind + along(after)].append((wall, cpu))
        for after in LATER:
            _, wall, cpu = timed(lambda: position_values(text, line[:after], question, WarmSolvers()))
            found[kind + linked(after)].append((wall, cpu))
    return {label: samples for label, samples in found.items() if samples}


def measure(deals: list[tuple[str, str | None, list[str]]], repeat: int) -> list[Row]:
    """Each call's fastest wall time (and its CPU time) over ``repeat`` passes."""
    position_values(deals[0][0], [], deals[0][1], WarmSolvers())  # the table allocated, the code loaded
    passes = [one_pass(deals) for _ in range(repeat)]
    rows = []
    for label in passes[0]:
        row = Row(label)
        for samples in zip(*(found[label] for found in passes)):
            wall, cpu = min(samples)
            row.walls.append(wall)
            row.cpus.append(cpu)
        rows.append(row)
    return rows


def through_server(deals: list[tuple[str, str | None, list[str]]]) -> Row:
    """The first lead of each deal posted to a real board over HTTP, one after another,
    once the page has been fetched and a first question (puzzles/example.txt) answered: the
    server's first request, and its first question, which waits for the solving process to
    start, take some 100 ms more."""
    board = subprocess.Popen([sys.executable, "-m", "alsos_solver", "board", "--port", "0"], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    row = Row(FIRST + ", through `alsos-solve board` over HTTP")
    try:
        assert board.stdout is not None
        page = board.stdout.readline().decode().split()[1]
        urllib.request.urlopen(page).read()  # the page, as a browser asks for it first
        url = page + "api/position"
        example = json.dumps({"deal": (ROOT / "puzzles" / "example.txt").read_text(encoding="utf-8")}).encode()
        urllib.request.urlopen(urllib.request.Request(url, data=example)).read()  # the solving process started
        for text, question, _ in deals:
            body = json.dumps({"deal": text, "play": [], "question": question}).encode()
            started = time.perf_counter()
            with urllib.request.urlopen(urllib.request.Request(url, data=body)) as answer:
                answer.read()
            row.walls.append(time.perf_counter() - started)
    finally:
        board.terminate()
        board.wait()
    return row


def browser() -> tuple[object, str | None, str | None]:
    """Playwright's sync API and the chromium binary, or why the page cannot be timed here."""
    try:
        from playwright import sync_api
    except ImportError:
        return None, None, "playwright is not installed (pip install playwright)"
    chromium = next(filter(None, map(shutil.which, ("chromium", "chromium-browser"))), None)
    if chromium is None:
        return None, None, "no chromium binary found (Debian: apt-get install chromium)"
    return sync_api, chromium, None


@contextmanager
def running_board(*files: str) -> Iterator[str]:
    """``alsos-solve board --port 0 FILE...`` running, until it answers; its URL."""
    server = subprocess.Popen([sys.executable, "-m", "alsos_solver", "board", "--port", "0", *files], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, encoding="utf-8")
    first: list[str] = []
    reader = threading.Thread(target=lambda: first.append(server.stdout.readline()), daemon=True)
    reader.start()
    reader.join(60)
    try:
        match = re.fullmatch(r"board: (http://\S+/)\n", first[0] if first else "")
        if not match:
            raise RuntimeError(f"no 'board: URL' line from alsos-solve board: {first!r}")
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(match.group(1) + "api/deals", timeout=5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        yield match.group(1)
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


USABLE = ("() => document.querySelector(\"#table[aria-busy='false']\") !== null"
          " && document.querySelector('.seat [data-value]') !== null")


def page_rows(loads: int) -> tuple[list[Row], str | None]:
    """The page opened ``loads`` times in fresh browser contexts, the server's first page and
    a deep link in mid-play, each against a new board; or no rows and why."""
    sync_api, chromium, reason = browser()
    if reason:
        return [], reason
    from alsos_solver.board.links import link

    deal = load(ROOT / PAGE_FILES[0])[0]
    play = [deal.pack.card_name(card) for card in deal.play[:DEEP]]
    rows = []
    with sync_api.sync_playwright() as driver:
        chrome = driver.chromium.launch(executable_path=chromium)
        try:
            for label, address in (
                (f"page usable, the server's first page ({loads} fresh loads)", lambda base: base),
                (f"page usable, a link to {PAGE_FILES[0]}'s deal after {DEEP} cards ({loads} fresh loads)",
                 lambda base: link(base, str(deal), play, None)),
            ):
                row = Row(label)
                with running_board(*PAGE_FILES) as base:
                    url = address(base)
                    for _ in range(loads):
                        context = chrome.new_context()
                        try:
                            page = context.new_page()
                            started = time.perf_counter()
                            page.goto(url)
                            page.wait_for_function(USABLE, timeout=60_000)
                            row.walls.append(time.perf_counter() - started)
                        finally:
                            context.close()
                rows.append(row)
        finally:
            chrome.close()
    return rows, None


def table(rows: list[Row]) -> list[str]:
    lines = ["| position | deals | median ms | p95 ms | max ms | CPU median ms |", "|---|---:|---:|---:|---:|---:|"]
    for row in rows:
        cpu = f"{ms(statistics.median(row.cpus)):.1f}" if row.cpus else "-"
        lines.append(f"| {row.label} | {len(row.walls)} | {ms(statistics.median(row.walls)):.1f} | "
                     f"{ms(p95(row.walls)):.1f} | {ms(max(row.walls)):.1f} | {cpu} |")
    return lines


def verdicts(rows: list[Row]) -> list[str]:
    first = next(row for row in rows if row.label == FIRST)
    figures = {"median": ms(statistics.median(first.walls)), "p95": ms(p95(first.walls))}
    lines = ["| figure (first lead, declarer's points) | measured ms | target ms | |", "|---|---:|---:|---|"]
    for name, target in TARGETS.items():
        lines.append(f"| {name} | {figures[name]:.1f} | {target:.0f} | {'met' if figures[name] <= target else 'not met'} |")
    for after in LATER:
        later = next(row for row in rows if row.label == along(after))
        median = ms(statistics.median(later.walls))
        lines.append(f"| later: after {after} cards along the line, median | {median:.1f} | "
                     f"below {figures['median']:.1f} | {'met' if median < figures['median'] else 'not met'} |")
    pages = [row for row in rows if row.label.startswith("page usable")]
    if pages:
        worst = max(max(ms(statistics.median(row.walls)), ms(p95(row.walls))) for row in pages)
        shown = "; ".join(f"{'first page' if 'first page' in row.label else 'deep link'}: median "
                          f"{ms(statistics.median(row.walls)):.0f}, p95 {ms(p95(row.walls)):.0f}" for row in pages)
        lines.append(f"| page usable: median, p95 <= {PAGE_TARGET:.0f} ms | {shown} | {PAGE_TARGET:.0f} | "
                     f"{'met' if worst <= PAGE_TARGET else 'missed'} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N deals")
    parser.add_argument("--repeat", type=int, default=3, help="passes; each call keeps its fastest (default: %(default)s)")
    parser.add_argument("--cpu", type=int, default=None, help="pin the process to this CPU")
    parser.add_argument("--no-server", action="store_true", help="leave out the run over HTTP")
    parser.add_argument("--no-page", action="store_true", help="leave out the page's load in Chromium")
    parser.add_argument("--loads", type=int, default=20, help="fresh page loads per page row (default: %(default)s)")
    parser.add_argument("--output", type=Path, default=HERE / "results.md", help="report (default: %(default)s)")
    args = parser.parse_args(argv)
    pinning = pin(args.cpu)
    load_before = load_average()
    all_deals = list(load(DEALS))
    chosen = all_deals[: args.limit]
    deals = []
    for deal in chosen:
        text = str(deal)
        has_points = deal.declarer is not None and deal.game.questions.points_need(deal) is None
        question = DeclarerPoints().spec() if has_points else None
        deals.append((text, question, line_of(text, question, max(LATER))))
    cpu_before, started = time.process_time(), time.perf_counter()
    rows = measure(deals, args.repeat)
    cpu_share = (time.process_time() - cpu_before) / (time.perf_counter() - started)
    if not args.no_server:
        rows.append(through_server([entry for entry in deals if entry[1]]))
    page_note = "left out (--no-page)"
    if not args.no_page:
        found, reason = page_rows(args.loads)
        rows += found
        page_note = (f"skipped: {reason}" if reason else
                     f"{args.loads} loads each in fresh contexts of one headless Chromium (Playwright), from "
                     "`page.goto` until `#table[aria-busy='false']` and the cards' `data-value` are shown, "
                     f"against `alsos-solve board {' '.join(PAGE_FILES)}` started anew for each row")
    scope = f"all {len(all_deals)}" if len(chosen) == len(all_deals) else f"the first {len(chosen)} of {len(all_deals)}"
    points = sum(1 for _, question, _ in deals if question)
    section = "\n".join([
        "## Board",
        "",
        "Generated by `python benchmarks/board.py`: the time of `POST /api/position`'s work "
        "(`position_values`, every legal card valued) in the solving process, its Solvers kept warm "
        "as the server keeps them (benchmarks/README.md, 'Board'); each call's fastest of "
        f"{args.repeat} passes, wall and CPU time; the HTTP row is one pass through a real board; the page rows time the page in a browser.",
        "",
        f"- Date: {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC; git commit: {git_commit()}",
        f"- Machine: {platform.platform()}; CPU: {cpu_model()}; {pinning}; load average (1/5/15 min) "
        f"{load_before} at the start, {load_average()} at the end; CPU time / wall time of the timed "
        f"passes: {100 * cpu_share:.0f}% (below 100%: other processes had the CPU)",
        f"- Python {platform.python_version()}; search core: {core_build()}",
        f"- Deals: {scope} of benchmarks/deals.txt, {points} with the declarer's points "
        f"(trump and no-trump), {len(deals) - points} betli and klopitzky; later positions along the "
        f"first {max(LATER)} cards of a line of best play",
        f"- Page rows: {page_note}",
        "",
        *table(rows),
        "",
        *verdicts(rows),
    ])
    write_section(args.output, "board", section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
