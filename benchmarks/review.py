"""The single-dummy review's speed (issue 30 §4): every deal of benchmarks/deals-played.txt
(20 three-player Alsós deals played out with best play and random deviations, written by
make_played.py) reviewed with the defaults (:func:`alsos_solver.analysis.single_dummy.review`)
from the declarer's view, against the target of at most 20 s a deal, and from each
defender's (the seat after the declarer, then the other).

Each view is measured in a new process of its own (this script run with ``--view``), so
that its peak memory (``ru_maxrss``) is its own; the views run one after another. Per deal:
the wall and CPU time of the whole review, its decisions, the layouts solved (over all
decisions; each is solved after every legal card for every item) and the nodes the core
searched (its cumulative counter, read before and after).

Writes the Review section of benchmarks/results.md (``--output``) and prints it. See
benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

from alsos_solver.analysis.single_dummy import DEFAULT_EXACT_LIMIT, DEFAULT_SAMPLES, SURE_TRICKS, Review, review
from alsos_solver.deal import Deal
from alsos_solver.io import load
from alsos_solver.solver import DEFAULT_TABLE_BYTES, shared_core

from run import core_build, cpu_model, git_commit, load_average, p95, peak_mb
from sections import write_section

HERE = Path(__file__).resolve().parent
DEALS = HERE / "deals-played.txt"
TARGET_SECONDS = 20.0
"""The most a whole deal's review from the declarer's view may take (issue 30 §4)."""
VIEWS = ("declarer", "first defender", "second defender")
"""The views measured: the declarer's, the seat after it, the seat after that."""


def seat_of(deal: Deal, view: str) -> str:
    """The seat whose view ``view`` names (see :data:`VIEWS`)."""
    seats = deal.game.active
    return seats[(seats.index(deal.declarer) + VIEWS.index(view)) % len(seats)]


def measure(view: str, limit: int | None) -> dict:
    """Each deal reviewed from ``view``, in this process: per deal its seconds, CPU
    seconds, decisions, layouts and nodes; and the process's peak memory."""
    core = shared_core(DEFAULT_TABLE_BYTES)
    rows = []
    for deal in list(load(DEALS))[:limit]:
        seat = seat_of(deal, view)
        nodes, cpu, started = core.nodes, time.process_time(), time.perf_counter()
        found = review(deal, seat)
        rows.append({"board": deal.tags.get("Board", "?"), "seat": seat, **sure_counts(deal, found),
                     "contract": deal.game.contract_token(deal.contract),
                     "seconds": time.perf_counter() - started, "cpu": time.process_time() - cpu,
                     "nodes": core.nodes - nodes, "decisions": len(found.decisions),
                     "layouts": sum(decision.layouts for decision in found.decisions),
                     "exact": sum(decision.exact for decision in found.decisions)})
    return {"view": view, "deals": rows, "peak_mb": peak_mb()}


def sure_counts(deal: Deal, found: Review) -> dict[str, int]:
    """Over the enumerated decisions, the legal cards of the yes/no items whose ``sure`` was
    decided or not, in the last SURE_TRICKS tricks (``late_*``) and before (``early_*``)."""
    counts = dict.fromkeys(("late_decided", "late_open", "early_decided", "early_open"), 0)
    for decision in found.decisions:
        if not decision.exact:
            continue
        when = "late" if decision.trick > deal.game.hand_size - SURE_TRICKS else "early"
        for cards in decision.items.values():
            for figures in cards.values():
                if not isinstance(figures.dd, bool):
                    continue  # a value item: no sure win asked
                counts[f"{when}_{'open' if figures.sure is None else 'decided'}"] += 1
    return counts


def measured_apart(view: str, limit: int | None) -> dict:
    """:func:`measure` in a new process (its peak memory its own)."""
    command = [sys.executable, str(Path(__file__).resolve()), "--view", view]
    if limit is not None:
        command += ["--limit", str(limit)]
    done = subprocess.run(command, check=True, capture_output=True, text=True, cwd=HERE)
    return json.loads(done.stdout)


def view_row(found: dict) -> str:
    rows = found["deals"]
    seconds = [row["seconds"] for row in rows]
    slowest = max(rows, key=lambda row: row["seconds"])
    decisions = sum(row["decisions"] for row in rows)
    return (f"| {found['view']} | {len(rows)} | {statistics.median(seconds):.2f} | {p95(seconds):.2f} | "
            f"{slowest['seconds']:.2f} (Board {slowest['board']}, {slowest['contract']}, {slowest['seat']}) | "
            f"{sum(seconds):.1f} | {statistics.median(row['cpu'] for row in rows):.2f} | {slowest['cpu']:.2f} | "
            f"{100 * sum(row['cpu'] for row in rows) / sum(seconds):.0f}% | "
            f"{decisions} ({sum(row['exact'] for row in rows)} exact) | "
            f"{statistics.median(row['layouts'] for row in rows):,.0f} | "
            f"{statistics.median(row['nodes'] for row in rows) / 1e6:.1f}M | {found['peak_mb']:.0f} | "
            f"{total(rows, 'late_decided')} / {total(rows, 'late_open')} | "
            f"{total(rows, 'early_decided')} / {total(rows, 'early_open')} |")


def total(rows: list[dict], key: str) -> int:
    return sum(row[key] for row in rows)


def verdict(declarer: dict) -> str:
    slowest = max(declarer["deals"], key=lambda row: row["seconds"])
    met = "met" if slowest["seconds"] <= TARGET_SECONDS else "**not met**"
    return (f"Target (issue 30 §4): a whole deal reviewed from the declarer's view with the defaults in at most "
            f"{TARGET_SECONDS:g} s on the 2-core machine, judged on the slowest deal's wall time: "
            f"{slowest['seconds']:.2f} s ({slowest['cpu']:.2f} s CPU), {met}.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, help="only the first N deals")
    parser.add_argument("--output", type=Path, default=HERE / "results.md", help="report (default: %(default)s)")
    parser.add_argument("--view", choices=VIEWS, help=argparse.SUPPRESS)  # one view, in this process, as JSON
    args = parser.parse_args(argv)
    if args.view:
        print(json.dumps(measure(args.view, args.limit)))
        return 0
    load_before, started = load_average(), time.perf_counter()
    found = [measured_apart(view, args.limit) for view in VIEWS]
    count = len(found[0]["deals"])
    section = "\n".join([
        "## Review",
        "",
        "Generated by `python benchmarks/review.py`: `review(deal, seat)` "
        "(alsos_solver/analysis/single_dummy.py) with the defaults "
        f"(exact limit {DEFAULT_EXACT_LIMIT:,}, {DEFAULT_SAMPLES} samples, seed 0) for every deal, from each "
        "view in a process of its own, one pass; times in seconds per deal (the whole review: every "
        "decision of the seat), wall and CPU (CPU / wall below 100%: other processes had the CPU); "
        "layouts and nodes per deal over all its decisions; 'sure': over the enumerated decisions, the "
        "legal cards of the yes/no items whose sure win was decided or not, in the last "
        f"{SURE_TRICKS} tricks (where it must be) and before (benchmarks/README.md, 'Review').",
        "",
        f"- Date: {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC; git commit: {git_commit()}",
        f"- Machine: {platform.platform()}; CPU: {cpu_model()}; {os.cpu_count()} CPUs; load average "
        f"(1/5/15 min) {load_before} at the start, {load_average()} at the end; wall time of the run "
        f"{time.perf_counter() - started:.0f} s",
        f"- Python {platform.python_version()}; search core: {core_build()}",
        f"- Deals: the {count} of benchmarks/deals-played.txt",
        "",
        "| view | deals | median s | p95 s | slowest s | total s | median CPU s | slowest CPU s | CPU / wall | "
        "decisions | median layouts | median nodes | peak MB | sure, last 3 tricks: decided / not | "
        "sure, before: decided / not |",
        "|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        *(view_row(view) for view in found),
        "",
        verdict(found[0]),
    ])
    write_section(args.output, "review", section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
