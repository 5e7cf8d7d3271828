"""The test suite's time: the quick loop (``-m "not slow"``) and the whole suite, run as the
README runs them (``-n auto``: a process per core), and with ``--ci`` the README's set-up
and tests as CI runs them (``.ci/run`` in a fresh clone of HEAD), against the limit of
issue 28: set-up and tests in at most 6 minutes of wall time on the 2-core machine.

Run it from the repository root with the package installed as the README installs it;
it writes "The test suite" section of benchmarks/results.md (``--output``), leaving the
rest of that file as it is, and prints the section. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import collections
import importlib.metadata
import os
import platform
import re
import resource
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from sections import write_section

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SECTION = "## The test suite"
LIMIT_S = 360
"""Issue 28: the README's set-up and tests within 6 minutes on the 2-core machine."""
RUNS = (("the quick loop", ["-n", "auto", "-m", "not slow"]), ("the whole suite", ["-n", "auto"]))
"""What is timed, in this order: its label and the options of ``python -m pytest`` (the
README's); the tables of the slowest tests and files are the last run's."""
DURATION = re.compile(r"^([0-9.]+)s (?:setup|call|teardown)\s+(\S+?)::(\S.*)$")
TOP = 10


@dataclass(frozen=True)
class Run:
    """One timed run: what it printed, its wall and CPU time (user and system, every
    process it started) in seconds."""

    output: str
    wall: float
    cpu: float

    def outcome(self) -> str:
        """pytest's closing counts: '1865 passed, 5 warnings'."""
        found = re.findall(r"^=*\s*(\d+ passed.*?) in [0-9.]+s", self.output, re.M)
        return found[-1] if found else "no closing line"


def timed(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> Run:
    """Run ``command`` to its end; a failure stops the benchmark with its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env={**os.environ, **(env or {})})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout[-4000:]}{done.stderr[-4000:]}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return Run(done.stdout + done.stderr, wall, cpu)


def ci_run() -> Run:
    """``.ci/run`` in a fresh clone of HEAD (its set-up makes a new virtual environment)."""
    with tempfile.TemporaryDirectory(prefix="alsos-suite-ci-") as folder:
        clone = Path(folder) / "clone"
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
        return timed(["bash", ".ci/run"], clone, env={"CI": "true"})


def durations(output: str) -> list[tuple[float, str, str]]:
    """pytest's ``--durations`` lines: seconds, file, test (setup, call and teardown apart)."""
    return [(float(m[1]), m[2], m[3]) for m in map(DURATION.match, output.splitlines()) if m]


def slowest_tests(output: str) -> list[str]:
    """Table rows: the tests of the most time, setup and teardown included."""
    per_test: collections.Counter[str] = collections.Counter()
    for seconds, file, test in durations(output):
        per_test[f"{file}::{test}"] += seconds
    return [f"| {seconds:.1f} | `{test}` |" for test, seconds in per_test.most_common(TOP)]


def slowest_files(output: str) -> list[str]:
    """Table rows: the test files of the most time."""
    per_file: collections.Counter[str] = collections.Counter()
    for seconds, file, _ in durations(output):
        per_file[file] += seconds
    return [f"| `{file}` | {seconds:.1f} |" for file, seconds in per_file.most_common(TOP)]


def row(label: str, command: str, run: Run, limit: str = "") -> str:
    return f"| {label} | `{command}` | {run.outcome()} | {run.wall:.0f} | {run.cpu:.0f} | {limit} |"


def load_average() -> str:
    return "/".join(f"{load:.2f}" for load in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ci", action="store_true", help="also time .ci/run in a fresh clone of HEAD (minutes)")
    parser.add_argument("--output", type=Path, default=HERE / "results.md", help="report (default: %(default)s)")
    args = parser.parse_args(argv)
    load_before = load_average()
    rows = []
    for label, options in RUNS:
        last = timed([sys.executable, "-m", "pytest", *options, "--durations=0"], ROOT)
        rows.append(row(label, shlex.join(["python", "-m", "pytest", *options]), last))
        print(rows[-1], file=sys.stderr, flush=True)  # kept should a later run fail
    if args.ci:
        ci = ci_run()
        verdict = "met" if ci.wall <= LIMIT_S else "missed"
        rows.append(row("set-up and the whole suite, as CI", "bash .ci/run", ci, f"{LIMIT_S}: {verdict}"))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    versions = ", ".join(f"{name} {importlib.metadata.version(name)}" for name in ("pytest", "pytest-xdist", "hypothesis"))
    section = "\n".join([
        SECTION,
        "",
        f"Generated by `python benchmarks/suite.py{' --ci' if args.ci else ''}`: each run once, in turns; wall and CPU "
        "time (user and system, every process of the run, the workers included) in seconds. "
        "`.ci/run` makes a new virtual environment in a fresh clone (the install compiles the "
        "core) and runs the README's commands; the limit (issue 28) is its wall time. On a "
        "busy machine the wall times suffer first (see the load average).",
        "",
        f"- Date: {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC; git commit: {commit}",
        f"- Machine: {platform.platform()}, {os.cpu_count()} CPUs (nproc); load average (1/5/15 min) "
        f"before: {load_before}, after: {load_average()}",
        f"- Python {platform.python_version()}; {versions}",
        "",
        "| run | command | tests | wall s | CPU s | limit s |",
        "|---|---|---|---:|---:|---|",
        *rows,
        "",
        f"The {TOP} slowest tests of the whole suite (`--durations`; setup, call and teardown):",
        "",
        "| s | test |",
        "|---:|---|",
        *slowest_tests(last.output),
        "",
        f"The {TOP} test files of the most time:",
        "",
        "| file | s |",
        "|---|---:|",
        *slowest_files(last.output),
    ])
    write_section(args.output, "suite", section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
