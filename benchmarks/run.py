"""The benchmark: time every question of every deal of a game's deal set (benchmarks/
deals.txt for three-player Alsós, deals-GAME.txt for the others).

For each deal, with one fresh :class:`Solver` (built outside the timings), each question
of its game's question set (the questions :func:`solve` asks,
``spec.questions.question_set``) is timed on its own, grouped by its kind: in the
Alsós games ``declarer_points`` (a value), ``game``, every allowed figure for every seat
(by the figure's name), ``betli`` and ``klopitzky_safe`` for every seat. Then
``whole_analysis``: ``solve(deal)`` from scratch (its own Solver, table allocation
included). Each answer is checked against the whole analysis's. All of this runs ``--repeat`` times per deal
(default 3), from scratch each time, and each call keeps its fastest time.

One process, one thread (``--cpu N`` pins it to CPU N); the garbage collector is off
inside each timed call. Times are wall-clock (``time.perf_counter``); the CPU time of each
call (``time.process_time``) is kept too, to show how much other load stole. Progress
goes to stderr, the summary to stdout, the report to ``--output``
(benchmarks/results.md). See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import hashlib
import math
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alsos_solver import Deal, Solver, _search, solve
from alsos_solver.games import DEFAULT_GAME
from alsos_solver.io import load
from alsos_solver.questions import is_value_question

from sections import with_section

HERE = Path(__file__).resolve().parent
DEFAULT_OUTPUT = HERE / "results.md"


@dataclass(frozen=True)
class Targets:
    """A deal set's targets in ms (None: no target for that figure), and peak memory in MB."""

    whole_median: float
    whole_max: float
    declarer_points: float | None = None
    yes_no: float | None = None
    peak_mb: float = 300.0


GAMES = {
    "alsos": ("Three-player Alsós", Targets(10.0, 200.0, 3.0, 0.5)),
    "alsos-2": ("Two-player Alsós", Targets(25.0, 100.0)),
    "asszorti": ("Asszorti", Targets(20.0, 400.0)),
    "altiansz": ("Altiansz", Targets(5.0, 70.0)),
}
"""Each game's deal set: its title and its targets (the issues' targets; the three-player
ones per question kind too)."""


def deal_file(game: str) -> Path:
    """The deal set of a game: deals.txt for three-player Alsós, deals-GAME.txt otherwise."""
    return HERE / ("deals.txt" if game == DEFAULT_GAME else f"deals-{game}.txt")

WHOLE = "whole_analysis"
VALUE = "declarer_points"
SETUP = "solver_setup"


@dataclass
class Sample:
    """One timed call."""

    deal: int
    seconds: float
    nodes: int
    cpu: float = 0.0


@dataclass
class QuestionKind:
    """The samples of one question kind."""

    name: str
    samples: list[Sample] = field(default_factory=list)
    skipped: int = 0  # questions answered 'no' by a static precondition, without a search


@dataclass
class Run:
    game: str = DEFAULT_GAME
    kinds: dict[str, QuestionKind] = field(default_factory=dict)
    mismatches: list[str] = field(default_factory=list)
    deals: list[Deal] = field(default_factory=list)
    table_bytes: int = 0
    repeat: int = 1  # passes per deal; each call keeps its fastest

    def kind(self, name: str) -> QuestionKind:
        if name not in self.kinds:
            self.kinds[name] = QuestionKind(name)
        return self.kinds[name]


def timed(call: Callable[[], Any]) -> tuple[Any, float, float]:
    """The call's answer, wall-clock seconds and CPU seconds."""
    gc.disable()
    try:
        cpu, started = time.process_time(), time.perf_counter()
        answer = call()
        seconds = time.perf_counter() - started
        cpu = time.process_time() - cpu
        return answer, seconds, cpu
    finally:
        gc.enable()


def measure_deal(index: int, deal: Deal, run: Run) -> None:
    """Time every question of one deal, then its whole analysis."""
    solver, seconds, cpu = timed(lambda: Solver(deal))
    run.kind(SETUP).samples.append(Sample(index, seconds, 0, cpu))
    run.table_bytes = solver.table_bytes
    setting = solver.setting
    answers: dict[tuple[str, ...], Any] = {}

    def question(name: str, key: tuple[str, ...], call: Callable[[], Any], searched: bool = True) -> None:
        before = solver.stats.nodes
        answer, seconds, cpu = timed(call)
        answers[key] = answer
        if searched:
            run.kind(name).samples.append(Sample(index, seconds, solver.stats.nodes - before, cpu))
        else:
            run.kind(name).skipped += 1

    asks = deal.game.questions.question_set(setting)
    for ask in asks:
        searched = is_value_question(ask.question) or ask.question.possible(setting)
        question(ask.kind, ask.path, lambda ask=ask: solver.answer(ask.question), searched)
    del solver

    result, seconds, cpu = timed(lambda: solve(deal))
    run.kind(WHOLE).samples.append(Sample(index, seconds, result.nodes, cpu))

    expected = {ask.path: answer_at(result.answers, ask.path) for ask in asks}
    for path in (ask.path for ask in asks):
        if answers.get(path) != expected.get(path):
            run.mismatches.append(
                f"deal {index}: {'.'.join(path)}: asked alone {answers.get(path)!r}, solve() {expected.get(path)!r}"
            )


def answer_at(answers: dict[str, Any], path: tuple[str, ...]) -> Any:
    """The answer at a question's path in a result's answers."""
    for key in path:
        answers = answers[key]
    return answers


def measure_best_of(index: int, deal: Deal, run: Run) -> None:
    """:func:`measure_deal` ``run.repeat`` times, from scratch each time (fresh Solvers: the
    same searches, the same nodes); each call keeps its fastest time, wall and CPU
    (timeit's rule: the slower runs measure the machine's other load, not the code)."""
    trials = []
    for _ in range(run.repeat):
        trials.append(Run(game=run.game, deals=run.deals))
        measure_deal(index, deal, trials[-1])
    for name, kind in trials[0].kinds.items():
        target = run.kind(name)
        target.skipped += kind.skipped
        for position, sample in enumerate(kind.samples):
            same = [trial.kinds[name].samples[position] for trial in trials]
            target.samples.append(
                Sample(sample.deal, min(s.seconds for s in same), sample.nodes, min(s.cpu for s in same))
            )
    run.mismatches += trials[0].mismatches
    run.table_bytes = trials[0].table_bytes


# --- figures ---------------------------------------------------------------------------


def ms(seconds: float) -> float:
    return seconds * 1e3


def p95(values: list[float]) -> float:
    """The 95th percentile, nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def rate(samples: list[Sample]) -> float:
    seconds = sum(s.seconds for s in samples)
    return sum(s.nodes for s in samples) / seconds if seconds else 0.0


@dataclass
class Row:
    name: str
    count: int
    skipped: int
    median: float
    p95: float
    max: float
    median_nodes: float
    rate: float
    slowest: int
    median_cpu: float  # the same figures in CPU time, for a loaded machine
    max_cpu: float

    @classmethod
    def of(cls, name: str, samples: list[Sample], skipped: int = 0) -> Row:
        times = [s.seconds for s in samples]
        if not times:
            return cls(name, 0, skipped, *[math.nan] * 5, -1, math.nan, math.nan)
        slowest = max(samples, key=lambda s: s.seconds)
        cpu = [s.cpu for s in samples]
        return cls(
            name, len(samples), skipped, ms(statistics.median(times)), ms(p95(times)), ms(max(times)),
            statistics.median(s.nodes for s in samples), rate(samples), slowest.deal,
            ms(statistics.median(cpu)), ms(max(cpu)),
        )


QUESTION_ORDER = [VALUE, "game", "kassza", "abszolut", "szaz", "ketszaz", "negyvennegy", "tuletroa",
                  "ultimo", "csalad", "osszes_adu", "volat", "szazegy", "szazhusz", "uhu", "nyolcas",
                  "betli", "klopitzky_safe"]


def question_rows(run: Run) -> tuple[list[Row], Row]:
    names = [n for n in run.kinds if n not in (WHOLE, SETUP)]
    names.sort(key=lambda n: (QUESTION_ORDER.index(n) if n in QUESTION_ORDER else len(QUESTION_ORDER), n))
    rows = [Row.of(n, run.kinds[n].samples, run.kinds[n].skipped) for n in names]
    yes_no = [n for n in names if n != VALUE]
    pooled = Row.of(
        "all yes/no questions",
        [s for n in yes_no for s in run.kinds[n].samples],
        sum(run.kinds[n].skipped for n in yes_no),
    )
    return rows, pooled


def fmt_ms(value: float) -> str:
    if math.isnan(value):
        return "-"
    return f"{value:.3f}" if value < 10 else f"{value:.1f}" if value < 1000 else f"{value:,.0f}"


def fmt_count(value: float) -> str:
    if math.isnan(value):
        return "-"
    if value >= 1e6:
        return f"{value / 1e6:.2f}M"
    if value >= 1e4:
        return f"{value / 1e3:.1f}k"
    return f"{value:,.0f}"


def deal_label(run: Run, index: int) -> str:
    if index < 0:
        return "-"
    deal = run.deals[index]
    contract = deal.game.contract_token(deal.contract)
    declarer = f", declarer {deal.declarer}" if deal.declarer else ""
    return f"{index} (Board {deal.tags.get('Board', '?')}, {contract}{declarer})"


def peak_mb() -> float:
    kilobytes = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kilobytes / 1024 if sys.platform != "darwin" else kilobytes / 1024 / 1024  # macOS: bytes


# --- the report ------------------------------------------------------------------------


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def git_commit() -> str:
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=HERE, capture_output=True, text=True, check=True).stdout.strip()

    try:
        commit = git("rev-parse", "--short", "HEAD")
        dirty = git("status", "--porcelain", "--untracked-files=no", "--", "alsos_solver", "setup.py", "pyproject.toml")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return commit + (" (with uncommitted changes to the package)" if dirty else "")


def core_build() -> str:
    """Which compiled search core was loaded: a hash of the extension module, and its time."""
    path = Path(_search.__file__)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    built = datetime.datetime.fromtimestamp(path.stat().st_mtime, datetime.timezone.utc)
    return f"{path.name} sha256 {digest}, built {built:%Y-%m-%d %H:%M} UTC"


def pin(cpu: int | None) -> str:
    if cpu is None:
        return f"single thread, not pinned ({os.cpu_count()} CPUs)"
    try:
        os.sched_setaffinity(0, {cpu})
    except (AttributeError, OSError) as error:
        return f"single thread, could not pin to CPU {cpu} ({error})"
    return f"single thread pinned to CPU {cpu} of {os.cpu_count()}"


def load_average() -> str:
    try:
        return "/".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def header(run: Run, total_deals: int, pinning: str, wall: float, table_bytes: int, timed_wall: float,
           timed_cpu: float, build: str) -> list[str]:
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    counts: dict[str, int] = {}
    for deal in run.deals:
        counts[deal.game.contract_token(deal.contract)] = counts.get(deal.game.contract_token(deal.contract), 0) + 1
    mix = ", ".join(f"{token} {n}" for token, n in sorted(counts.items()))
    scope = f"all {total_deals}" if len(run.deals) == total_deals else f"the first {len(run.deals)} of {total_deals}"
    title, _ = GAMES[run.game]
    return [
        f"## {title} (`{run.game}`)",
        "",
        f"- Date: {now}",
        f"- Machine: {platform.platform()}; CPU: {cpu_model()}; {pinning}",
        f"- Python: {platform.python_implementation()} {platform.python_version()}",
        f"- Git commit: {git_commit()}",
        f"- Search core: {build}",
        f"- Deals: {scope} deals of benchmarks/{deal_file(run.game).name} ({mix})",
        f"- Transposition table: {table_bytes / 2**20:.0f} MiB per Solver (`Solver.table_bytes` = {table_bytes:,})",
        f"- Timing: every call timed in {run.repeat} identical passes (fresh Solvers), its fastest kept",
        f"- Peak memory (ru_maxrss): {peak_mb():.1f} MB",
        f"- Wall time of the run: {wall:.1f} s; CPU time / wall time over the timed calls: "
        f"{100 * timed_cpu / timed_wall if timed_wall else 0:.0f}% "
        f"(below 100% means other processes took the CPU); load average at the end "
        f"(1/5/15 min): {load_average()}",
    ]


def report(run: Run, total_deals: int, pinning: str, wall: float, table_bytes: int,
           build: str) -> tuple[str, str]:
    """The whole report (markdown), and the summary printed to stdout."""
    timed_wall = sum(s.seconds for k in run.kinds.values() for s in k.samples)
    timed_cpu = sum(s.cpu for k in run.kinds.values() for s in k.samples)
    rows, pooled = question_rows(run)
    whole = Row.of(WHOLE, run.kinds[WHOLE].samples)
    setup = Row.of(SETUP, run.kinds[SETUP].samples)

    questions = [
        "### Questions, each asked alone",
        "",
        "Wall-clock times in ms; a fresh Solver per deal; `skipped` = answered 'no' by a static",
        "precondition (figure card not held or not in play) without a search, not in the times;",
        "`slowest deal` = index in the deal file (from 0); `CPU ms` = median CPU time of the same calls.",
        "",
        "| question | count | skipped | median ms | p95 ms | max ms | median nodes | nodes/s | slowest deal | CPU ms |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in [*rows, pooled]:
        name = f"**{row.name}**" if row is pooled else f"`{row.name}`"
        slowest = str(row.slowest) if row.slowest >= 0 else "-"
        questions.append(
            f"| {name} | {row.count} | {row.skipped} | {fmt_ms(row.median)} | {fmt_ms(row.p95)} | "
            f"{fmt_ms(row.max)} | {fmt_count(row.median_nodes)} | {fmt_count(row.rate)} | {slowest} | "
            f"{fmt_ms(row.median_cpu)} |"
        )
    questions += [
        "",
        f"Solver construction (table allocation, melds; outside the times above): median "
        f"{fmt_ms(setup.median)} ms, p95 {fmt_ms(setup.p95)} ms, max {fmt_ms(setup.max)} ms.",
    ]

    slowest = sorted(run.kinds[WHOLE].samples, key=lambda s: s.seconds, reverse=True)[:5]
    analysis = [
        "### Whole analysis: `solve(deal)`",
        "",
        "| deals | median ms | p95 ms | max ms | median nodes | nodes/s | slowest deal | CPU ms |",
        "|---:|---:|---:|---:|---:|---:|---|---:|",
        f"| {whole.count} | {fmt_ms(whole.median)} | {fmt_ms(whole.p95)} | {fmt_ms(whole.max)} | "
        f"{fmt_count(whole.median_nodes)} | {fmt_count(whole.rate)} | {deal_label(run, whole.slowest)} | "
        f"{fmt_ms(whole.median_cpu)} |",
        "",
        "Slowest deals (index in the deal file, from 0):",
        "",
        "| deal | ms | CPU ms | nodes |",
        "|---|---:|---:|---:|",
        *(f"| {deal_label(run, s.deal)} | {fmt_ms(ms(s.seconds))} | {fmt_ms(ms(s.cpu))} | {fmt_count(s.nodes)} |"
          for s in slowest),
    ]
    by_contract: dict[str, list[Sample]] = {}
    for s in run.kinds[WHOLE].samples:
        kind = run.deals[s.deal].contract.kind.value
        by_contract.setdefault(kind, []).append(s)
    analysis += [
        "",
        "By contract kind:",
        "",
        "| contract | deals | median ms | p95 ms | max ms | median nodes |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for kind in ("trump", "nt", "betli", "klopitzky"):
        if kind in by_contract:
            row = Row.of(kind, by_contract[kind])
            analysis.append(
                f"| {kind} | {row.count} | {fmt_ms(row.median)} | {fmt_ms(row.p95)} | {fmt_ms(row.max)} | "
                f"{fmt_count(row.median_nodes)} |"
            )

    value_row = next((r for r in rows if r.name == VALUE), None)
    yes_no_rows = [r for r in rows if r.name != VALUE and r.count]
    worst = max(yes_no_rows, key=lambda r: r.median) if yes_no_rows else None
    peak = peak_mb()

    def target(label: str, row: Row | None, which: str, limit: float | None) -> list[str]:
        if limit is None:
            return []
        measured = getattr(row, which) if row else math.nan
        cpu = getattr(row, which + "_cpu") if row else math.nan
        met = "-" if math.isnan(measured) else "met" if measured < limit else "**not met**"
        return [f"| {label} | < {limit:g} ms | {fmt_ms(measured)} ms | {met} | {fmt_ms(cpu)} ms |"]

    goals = GAMES[run.game][1]
    targets = [
        "### Targets",
        "",
        "Judged on the wall-clock figures; the CPU-time column is the same figure in CPU time.",
        "",
        "| figure | target | measured | | CPU time |",
        "|---|---|---|---|---|",
        *target("median `declarer_points`", value_row, "median", goals.declarer_points),
        *target(f"median of every yes/no question kind (slowest: `{worst.name if worst else '-'}`)",
                worst, "median", goals.yes_no),
        *target("median yes/no question, all kinds pooled", pooled, "median", goals.yes_no),
        *target("median whole analysis", whole, "median", goals.whole_median),
        *target("max whole analysis", whole, "max", goals.whole_max),
        f"| peak memory (ru_maxrss) | < {goals.peak_mb:g} MB | {peak:.1f} MB | "
        f"{'met' if peak < goals.peak_mb else '**not met**'} | |",
    ]
    if yes_no_rows and goals.yes_no is not None:
        over = [r.name for r in yes_no_rows if r.median >= goals.yes_no]
        if over:
            targets += ["", f"Yes/no kinds with a median at or over {goals.yes_no:g} ms: "
                        + ", ".join(f"`{n}`" for n in over) + "."]

    checks = ["### Consistency", ""]
    if run.mismatches:
        checks.append(f"{len(run.mismatches)} answers differ between a question asked alone and `solve()`:")
        checks.append("")
        checks += [f"- {m}" for m in run.mismatches[:50]]
    else:
        checks.append("Every answer asked alone equals the whole analysis's answer.")

    body = [*questions, "", *analysis, "", *targets, "", *checks]
    document = "\n".join([*header(run, total_deals, pinning, wall, table_bytes, timed_wall, timed_cpu, build), "", *body]) + "\n"
    summary = "\n".join([*header(run, total_deals, pinning, wall, table_bytes, timed_wall, timed_cpu, build)[2:], "",
                         *questions, "", *analysis[:5], "", *targets, "", *checks]) + "\n"
    return document, summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time every question of the benchmark deals.")
    parser.add_argument("--limit", type=int, default=None, metavar="N", help="only the first N deals")
    parser.add_argument("--game", choices=list(GAMES), default=DEFAULT_GAME, help="the deal set (default: %(default)s)")
    parser.add_argument("--deals", type=Path, default=None, help="deal file (default: the game's deal set)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="report (default: %(default)s)")
    parser.add_argument("--cpu", type=int, default=None, metavar="N", help="pin the process to CPU N")
    parser.add_argument("--repeat", type=int, default=3, metavar="N",
                        help="time each deal N times, keep each call's fastest (default: %(default)s)")
    args = parser.parse_args(argv)

    deal_path = args.deals or deal_file(args.game)
    all_deals = load(deal_path)
    deals = all_deals[: args.limit] if args.limit is not None else all_deals
    pinning = pin(args.cpu)
    build = core_build()
    print(f"{len(deals)} deals from {deal_path}; {pinning}", file=sys.stderr)

    run = Run(game=args.game, deals=deals, repeat=max(1, args.repeat))
    started = time.perf_counter()
    for index, deal in enumerate(deals):
        measure_best_of(index, deal, run)
        whole = run.kinds[WHOLE].samples[-1]
        print(
            f"[{index + 1:>{len(str(len(deals)))}}/{len(deals)}] {deal_label(run, index)}: "
            f"whole analysis {fmt_ms(ms(whole.seconds))} ms, {fmt_count(whole.nodes)} nodes",
            file=sys.stderr,
        )
    wall = time.perf_counter() - started

    section, summary = report(run, len(all_deals), pinning, wall, run.table_bytes, build)
    document = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
    args.output.write_text(with_section(document, f"game:{args.game}", section), encoding="utf-8")
    print(f"wrote {args.output}", file=sys.stderr)
    sys.stdout.write(summary)
    return 1 if run.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
