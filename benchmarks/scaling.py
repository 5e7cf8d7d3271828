"""How ``alsos-solve batch`` scales past two cores (issue 30 §4), measured on the cores
there are: what the batch's own process (the parent: reading the deals, sending them,
receiving and writing the lines) costs per deal against its workers, what a batch costs
whatever its size, and how evenly the chunks end.

If the parent needs P ms of CPU a deal, no number of workers gets past 1000 / P deals a
second. Each run is the batch command's own function (``alsos_solver.batch_command.batch``)
called in a new process of this script (``--run``; bytecode caches allowed, as a user's
installation has them), on the deals throughput.py draws: the parent's CPU time is that
process's ``time.process_time()`` (its threads included: the pool's threads pickle the
chunks and unpickle the lines), the workers' is its children's ``RUSAGE_CHILDREN`` once the
pool has ended. Per deal: the difference between ``--count`` deals and :data:`SMALL` deals
(what any batch costs left out); the fixed cost is what remains of the small batch.

The end of a batch: each deal's whole analysis is timed in this process (CPU time), and the
runner's schedule is replayed on n workers (each free worker takes the next chunk, as the
pool's queue hands them out): the time until the last worker ends, against the work / n,
for the old runner's chunks (8 deals, fixed) and the new (at most 32, shrinking to single
deals at the end).

Writes the "Batch scaling" section of benchmarks/results.md (``--output``).
"""

from __future__ import annotations

import argparse
import heapq
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from alsos_solver.batch import Job, runner
from alsos_solver.io import dumps
from alsos_solver.report import deals

from make_deals import make_deals
from run import cpu_model, git_commit, load_average
from sections import write_section
from throughput import deal_set

HERE = Path(__file__).resolve().parent
SMALL = 20
"""Deals of the batch that measures the fixed cost."""
LARGEST = (1, 8)
"""Largest chunks also tried with the most jobs (besides the runner's BATCH_CHUNK, 32)."""
WORKERS = (2, 4, 8, 16, 32)
"""Workers the end of a batch is replayed on."""
ISSUE = {8: 592, 16: 891}
"""Deals a second on the issue's 16-core machine, by --jobs (throughput.py's 1000 deals)."""


def run_once(path: Path, jobs: int, largest: int) -> dict[str, float]:
    """One batch in this process: wall seconds, the parent's CPU seconds, the workers'."""
    from alsos_solver.batch_command import batch

    runner.BATCH_CHUNK = largest
    with tempfile.TemporaryDirectory() as folder:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu, started = time.process_time(), time.perf_counter()
        batch(files=[str(path)], output=str(Path(folder) / "out.jsonl"), jobs=jobs, resume=False, ordered=False,
              question=None, table=False, scheduler=None, force=False)
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return {"wall": wall, "parent": cpu, "workers": workers}


def warm_up(path: Path) -> dict[str, float]:
    """What a worker's first deal costs beyond the same deal analysed again (imports, the
    table), CPU seconds, in this process: as a worker forked from the batch's process,
    which has imported the batch command."""
    import alsos_solver.batch_command  # noqa: F401  (imported before the workers fork)

    job, first = Job(), next(iter(deals([str(path)])))
    cpu = time.process_time()
    job.record(*first)
    once = time.process_time() - cpu
    cpu = time.process_time()
    job.record(*first)
    return {"warm": once - (time.process_time() - cpu)}


def in_new_process(*args: object) -> dict[str, float]:
    """This script's answer to ``--run``/``--warm`` ``args``, in a new process."""
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run([sys.executable, __file__, *map(str, args)], check=True, capture_output=True, text=True,
                          cwd=HERE, env=environment)
    return json.loads(done.stdout.splitlines()[-1])


def measured(path: Path, jobs: int, largest: int) -> dict[str, float]:
    """:func:`run_once` in a new process."""
    return in_new_process("--run", path, jobs, largest)


def fastest(path: Path, jobs: int, largest: int, runs: int) -> dict[str, float]:
    """The run of least wall time among ``runs``."""
    return min((measured(path, jobs, largest) for _ in range(runs)), key=lambda found: found["wall"])


def deal_seconds(path: Path) -> list[float]:
    """Each deal's whole analysis (its batch line), CPU seconds, in this process (warmed
    up by one untimed deal: imports, the table)."""
    job, found = Job(), []
    job.record(*next(iter(deals([str(path)]))))
    for filename, index, deal in deals([str(path)]):
        cpu = time.process_time()
        job.record(filename, index, deal)
        found.append(time.process_time() - cpu)
    return found


def fixed_chunks(total: int, workers: int) -> list[int]:
    """The old runner's chunks: 8 deals (fewer for a batch small for its workers)."""
    size = max(1, min(8, total // (workers * runner.WINDOW)))
    return [size] * (total // size) + ([total % size] if total % size else [])


def new_chunks(total: int, workers: int) -> list[int]:
    """The runner's chunks (:func:`alsos_solver.batch.runner.chunks`)."""
    return [len(chunk) for chunk in runner.chunks(iter(range(total)), total, workers)]


def makespan(seconds: list[float], workers: int, cut: Callable[[int, int], list[int]]) -> float:
    """When the last of ``workers`` ends, each free worker taking the next chunk."""
    free, start = [0.0] * workers, 0
    for size in cut(len(seconds), workers):
        heapq.heappush(free, heapq.heappop(free) + sum(seconds[start:start + size]))
        start += size
    return max(free)


def threads_per_core() -> str:
    """Hardware threads per core (2: SMT, two workers share a core), from sysfs."""
    try:
        siblings = Path("/sys/devices/system/cpu/cpu0/topology/thread_siblings_list").read_text(encoding="utf-8")
    except OSError:
        return "unknown"
    return str(sum(int(end) - int(start) + 1 for start, _, end in
                   (part.partition("-") if "-" in part else (part, "", part) for part in siblings.strip().split(","))))


def default_jobs() -> list[int]:
    """1, 2, 4, ... up to every core."""
    cores = runner.default_jobs()
    return sorted({1, *(2 ** power for power in range(1, cores.bit_length()) if 2 ** power <= cores), cores})


def reading(costs: dict[tuple[int, int], tuple[float, float]], seconds: list[float], jobs: list[int]) -> str:
    """What the figures say about the issue's machine."""
    parent = costs[max(jobs), runner.BATCH_CHUNK][1]
    old, new, even = (makespan(seconds, 16, fixed_chunks), makespan(seconds, 16, new_chunks), sum(seconds) / 16)
    return (f"Reading: with the runner's chunks the parent needs {1000 * parent:.2f} ms a deal, a ceiling of "
            f"{1 / parent:,.0f} deals/s, {1 / parent / ISSUE[16]:.1f} times the issue's {ISSUE[16]} with `--jobs 16`: "
            f"the parent is not what limits there. On 16 workers the old chunks' last worker ended "
            f"{1000 * (old - even):.0f} ms after the work / 16 ({100 * (old - even) / old:.0f}% of that part of the run), "
            f"the new chunks' {1000 * (new - even):.0f} ms.")


def main(argv: list[str] | None = None) -> int:
    if argv is None and sys.argv[1:2] == ["--run"]:
        _, _, path, jobs, largest = sys.argv
        print(json.dumps(run_once(Path(path), int(jobs), int(largest))))
        return 0
    if argv is None and sys.argv[1:2] == ["--warm"]:
        print(json.dumps(warm_up(Path(sys.argv[2]))))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000, help="deals (a multiple of 20; default: %(default)s)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each; the fastest counts (default: %(default)s)")
    parser.add_argument("--jobs", type=int, nargs="+", default=default_jobs(),
                        help="jobs to run (default: 1, 2, 4, ... every core)")
    parser.add_argument("--output", type=Path, default=HERE / "results.md", help="report (default: %(default)s)")
    args = parser.parse_args(argv)
    load_before = load_average()
    rows, costs = [], {}
    with tempfile.TemporaryDirectory() as name:
        big, small, drawn = Path(name) / "many.txt", Path(name) / "few.txt", make_deals(deal_set(args.count))
        big.write_text(dumps(drawn), encoding="utf-8")
        small.write_text(dumps(drawn[:SMALL]), encoding="utf-8")
        most = max(args.jobs)
        seconds = deal_seconds(big)
        alone = sum(seconds[:SMALL])  # the small batch's deals, analysed warm
        warm = min(in_new_process("--warm", small)["warm"] for _ in range(args.runs))
        tried = [(jobs, runner.BATCH_CHUNK) for jobs in args.jobs] + [(most, largest) for largest in LARGEST if most > 1]
        for jobs, largest in tried:
            many, few = fastest(big, jobs, largest, args.runs), fastest(small, jobs, largest, args.runs)
            parent, workers = ((many[key] - few[key]) / (args.count - SMALL) for key in ("parent", "workers"))
            fixed = few["parent"] - (alone if jobs == 1 else SMALL * parent)
            costs[jobs, largest] = fixed, parent
            ceiling = f"{1 / parent:,.0f}" if jobs > 1 and parent > 0 else "-"
            rows.append(f"| {jobs} | {largest} | {many['wall']:.2f} | {args.count / many['wall']:,.0f} | {1000 * parent:.3f} | "
                        f"{1000 * workers:.2f} | {ceiling} | {1000 * fixed:.0f} |")
    work = sum(seconds)
    fixed, _ = costs[max(args.jobs), runner.BATCH_CHUNK]

    def model(n: int) -> str:
        return f"{args.count / (fixed + warm + makespan(seconds, n, new_chunks)):,.0f}"

    ends = [f"| {n} | {1000 * work / n:.0f} | {1000 * makespan(seconds, n, fixed_chunks):.0f} | "
            f"{1000 * makespan(seconds, n, new_chunks):.0f} | {model(n)} | {ISSUE.get(n, '')} |" for n in WORKERS]
    section = "\n".join([
        "## Batch scaling",
        "",
        "Generated by `python benchmarks/scaling.py` (benchmarks/README.md, 'Batch scaling'): "
        f"`alsos-solve batch`'s own function over {args.count} throughput deals, each run in a new "
        f"process, the fastest of {args.runs}. Per deal, net of a {SMALL}-deal batch: the CPU ms of "
        "the batch's process (the parent: reading, sending, receiving, writing; with one job it does "
        "the work too) and of its workers; the parent's ceiling is 1000 / its ms per deal, which no "
        "number of workers gets past. Fixed: the parent's CPU ms that any batch costs (its imports, "
        "setting up, forking the workers; the interpreter's start-up is in the Start-up section); "
        "On a busy machine the wall columns suffer first.",
        "",
        f"- Date: {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC; git commit: {git_commit()}",
        f"- Machine: {platform.platform()}; CPU: {cpu_model()}; {os.cpu_count()} CPUs; load average "
        f"(1/5/15 min) {load_before} at the start, {load_average()} at the end; hardware threads per core: "
        f"{threads_per_core()}",
        "",
        "| jobs | largest chunk | wall s | deals/s | parent CPU ms per deal | workers' CPU ms per deal | "
        "parent's ceiling, deals/s | fixed CPU ms |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
        *rows,
        "",
        f"The end of a batch, replayed from each deal's time (CPU, in one process; {args.count} deals, "
        f"{work:.2f} s of work in all): ms until the last worker ends, the old chunks (8, fixed) against "
        f"the new (at most 32, down to single deals at the end); the deals per second that the fixed "
        f"cost above, each worker's warm-up ({1000 * warm:.0f} ms CPU: its first deal's imports and table, "
        "beyond the same deal analysed again) and the new chunks' end predict, one quiet core per worker, without "
        "the interpreter's start-up; beside them the deals per second the issue quotes for a 16-core "
        "machine (`--jobs` 8 and 16):",
        "",
        "| workers | work / workers | old chunks | new chunks | model deals/s | issue's deals/s |",
        "|---:|---:|---:|---:|---:|---:|",
        *ends,
        "",
        reading(costs, seconds, args.jobs),
    ])
    write_section(args.output, "scaling", section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
