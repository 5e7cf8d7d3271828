"""Throughput of whole analyses: ``alsos-solve batch`` over random three-player deals, on
one core and on two, against the target of 300,000 deals per core-hour (12 ms a deal,
everything included: process start-up amortised, reading, solving, writing).

The deals are drawn as benchmarks/make_deals.py draws the 200 of deals.txt (the same
contract mix: 60% trump, 20% no-trump, 10% betli, 10% klopitzky; a random declarer), from
their own seed, and written to a temporary file; each run is a new ``alsos-solve batch``
process, timed from its start to its end; each is run ``--runs`` times in turns and the
fastest counts, as ``timeit`` advises (the slower runs measure the machine's other
tenants: on this project's virtual machines the same two-core batch took from 5.1 to
7.4 s within minutes, its CPU time rising with the wall time, so five runs of each by
default). Deals per core-hour = deals / (wall seconds x jobs) x 3600; the CPU time (user
and system, the workers included) of that run is reported beside.
Then, in this process, where the time goes: reading, each question kind of the question
set, the JSON line.

Run it from the repository root with the package installed; it writes the "Throughput"
section of benchmarks/results.md (``--output``), leaving the rest as it is.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path

from alsos_solver.io import dumps, iter_deals
from alsos_solver.solver import Solver

from make_deals import DealSet, alsos_contracts, make_deals
from sections import write_section

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TARGET = 300_000
"""Whole analyses per core-hour."""
SEED = 2030
BREAKDOWN = 200
"""Deals timed question by question."""


def deal_set(count: int) -> DealSet:
    """``count`` deals (a multiple of 20) in the contract mix of deals.txt."""
    unit = count // 20
    return DealSet("alsos", "throughput.txt", SEED, alsos_contracts(3 * unit, 4 * unit, 2 * unit, 2 * unit))


def timed_batch(path: Path, jobs: int) -> tuple[float, float, int]:
    """Wall and CPU seconds of one ``alsos-solve batch`` run, and the deals' lines it wrote."""
    program = str(Path(sys.executable).parent / "alsos-solve")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out.jsonl"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([program, "batch", str(path), "-o", str(out), "--jobs", str(jobs)], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        lines = sum(1 for _ in out.open(encoding="utf-8")) - 1  # the first line says how the batch was made
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, lines


def breakdown(path: Path, count: int) -> tuple[dict[str, float], int]:
    """Milliseconds per deal: reading, each question kind, the whole record as JSON."""
    from alsos_solver.batch import Job

    spent: dict[str, float] = defaultdict(float)
    start = time.perf_counter()
    deals = [deal for _, deal in zip(range(count), iter_deals(path))]
    spent["reading"] = time.perf_counter() - start
    for deal in deals:
        if deal.contract is None:
            continue
        solver = Solver(deal)
        for ask in deal.game.questions.question_set(solver.setting):
            start = time.perf_counter()
            solver.answer(ask.question)
            spent[f"question: {ask.kind}"] += time.perf_counter() - start
    job = Job()
    start = time.perf_counter()
    for index, deal in enumerate(deals, 1):
        json.dumps(job.record("f", index, deal))
    spent["whole record (solve + JSON), for scale"] = time.perf_counter() - start
    return {key: value * 1000 / len(deals) for key, value in spent.items()}, len(deals)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000, help="deals (a multiple of 20; default: %(default)s)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each, in turns; the fastest counts (default: %(default)s)")
    parser.add_argument("--output", type=Path, default=HERE / "results.md", help="report (default: %(default)s)")
    args = parser.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deals.txt"
        path.write_text(dumps(make_deals(deal_set(args.count))), encoding="utf-8")
        count = sum(1 for _ in iter_deals(path))
        fastest: dict[int, tuple[float, float]] = {}
        for turn in range(args.runs):
            for jobs in (1, 2) if turn % 2 == 0 else (2, 1):
                wall, cpu, lines = timed_batch(path, jobs)
                assert lines == count, f"{lines} lines for {count} deals"
                fastest[jobs] = min(fastest.get(jobs, (wall, cpu)), (wall, cpu))
        for jobs, (wall, cpu) in sorted(fastest.items()):
            per_core_hour = count / (wall * jobs) * 3600
            rows.append(f"| {jobs} | {count} | {wall:.1f} | {wall * jobs * 1000 / count:.1f} | {per_core_hour:,.0f} | "
                        f"{cpu * 1000 / count:.1f} | {count / cpu * 3600:,.0f} | {'met' if per_core_hour >= TARGET else '**not met**'} |")
        spent, timed = breakdown(path, min(BREAKDOWN, count))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    questions = sorted(((key, value) for key, value in spent.items() if key.startswith("question: ")), key=lambda kv: -kv[1])
    asked = sum(value for _, value in questions)
    section = "\n".join([
        "## Throughput",
        "",
        "Generated by `python benchmarks/throughput.py`: `alsos-solve batch` over random three-player "
        f"deals (the contract mix of deals.txt, seed {SEED}), one new process per run, {args.runs} runs of "
        "each in turns, the fastest shown (the same machine runs the same batch up to 45% slower in "
        "one minute than in the next); per core-hour = "
        "deals / (wall x jobs) x 3600, everything included (start-up, reading, solving, writing). "
        "The CPU columns count user and system time, the workers included; on a busy machine "
        "the wall figures suffer first (see the load average).",
        "",
        f"- Date: {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC; git commit: {commit}",
        f"- Machine: {platform.platform()}, {os.cpu_count()} CPUs; load average (1/5/15 min): "
        + "/".join(f"{load:.2f}" for load in os.getloadavg()),
        "",
        f"| jobs | deals | wall s | wall ms per deal and core | per core-hour (wall) | CPU ms per deal | per CPU-hour | target {TARGET:,} |",
        "|---:|---:|---:|---:|---:|---:|---:|---|",
        *rows,
        "",
        f"Where the time goes (in one process, the first {timed} deals; ms per deal; each question "
        "of the question set asked alone, in order, on one solver):",
        "",
        "| part | ms per deal | share of the questions |",
        "|---|---:|---:|",
        f"| reading | {spent['reading']:.2f} | |",
        *(f"| {key} | {value:.2f} | {100 * value / asked:.0f}% |" for key, value in questions),
        f"| all questions | {asked:.2f} | 100% |",
        f"| whole record (solve + JSON), for scale | {spent['whole record (solve + JSON), for scale']:.2f} | |",
    ])
    write_section(args.output, "throughput", section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
