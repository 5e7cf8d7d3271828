"""Compare two builds of the search core on the benchmark deals, in one process.

On a shared machine the same code runs up to a third slower in one minute than in the
next, so two benchmark runs made minutes apart cannot tell a 3% change. This script builds
the core of a git revision (``--base``, default HEAD) and the core of the working tree as
two modules, and times every question of every deal with each core in turn, alternating
the order; each call keeps its fastest of ``--repeat`` times. Both cores must give the
same answers. Only the core differs: the Python side is the working tree's.

    python benchmarks/compare.py                       # the working tree against HEAD
    python benchmarks/compare.py --base HEAD~3 --question klopitzky_safe

Needs Cython and a C compiler (the package's build requirements). Both cores must take
the same calls from the Python side (``Core.setup``, ``Core.set_goal``): a revision from
before a change of that interface cannot be compared.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import alsos_solver.solver as solver_module
from alsos_solver import Deal, Solver, solve
from alsos_solver.io import load

from run import DEFAULT_GAME, deal_file, timed

ROOT = Path(__file__).resolve().parent.parent
CORE = ("alsos_solver/_search.pyx", "alsos_solver/_search.pxd")
QUESTIONS = ("declarer_points", "game", "figures", "betli", "klopitzky_safe", "whole_analysis")
BUILD = """
from Cython.Build import cythonize
from setuptools import Extension, setup
setup(
    ext_modules=cythonize(
        [Extension(name, [name + ".pyx"], extra_compile_args=["-O3"]) for name in ("_search_base", "_search_work")],
        language_level=3, quiet=True,
        compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True},
    ),
    script_args=["build_ext", "--inplace", "-q"],
)
"""


def outside_the_package(source: str) -> str:
    """The core's source as a top-level module: its relative imports (``from .errors``)
    made absolute, to the installed package."""
    return source.replace("\nfrom .", "\nfrom alsos_solver.")


def build(base: str, where: Path) -> tuple[Any, Any]:
    """The core of revision ``base`` and of the working tree, as two imported modules."""
    for path in CORE:
        suffix = Path(path).suffix
        shown = subprocess.run(["git", "show", f"{base}:{path}"], cwd=ROOT, capture_output=True, text=True, check=True)
        (where / f"_search_base{suffix}").write_text(outside_the_package(shown.stdout), encoding="utf-8")
        (where / f"_search_work{suffix}").write_text(outside_the_package((ROOT / path).read_text(encoding="utf-8")), encoding="utf-8")
    (where / "build_cores.py").write_text(BUILD, encoding="utf-8")
    subprocess.run([sys.executable, "build_cores.py"], cwd=where, check=True, capture_output=True)
    sys.path.insert(0, str(where))
    return importlib.import_module("_search_base"), importlib.import_module("_search_work")


def jobs(deals: list[Deal], question: str) -> Iterator[tuple[Deal, Callable[[], Any]]]:
    """Every call of that question kind (an ``Ask.kind`` of the question sets;
    ``figures``: every figure; ``whole_analysis``: solve()) on the deals, as (deal, call); a
    call makes its own Solver (or solve()), so each time it searches the same nodes."""
    for deal in deals:
        if question == "whole_analysis":
            yield deal, lambda deal=deal: solve(deal).to_json() | {"nodes": 0, "seconds": 0, "table_bytes": 0}
            continue
        for ask in deal.game.questions.question_set(Solver(deal).setting):
            if ask.kind == question or (question == "figures" and ask.path[0] == "figures"):
                yield deal, lambda deal=deal, ask=ask: Solver(deal).answer(ask.question)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time two builds of the core against each other.")
    parser.add_argument("--base", default="HEAD", help="git revision of the base core (default: %(default)s)")
    parser.add_argument("--question", default="declarer_points", help=f"a question kind ({', '.join(QUESTIONS)}, a figure, ...)")
    parser.add_argument("--repeat", type=int, default=3, metavar="N", help="times per call per core (default: %(default)s)")
    parser.add_argument("--limit", type=int, default=None, metavar="N", help="only the first N deals")
    args = parser.parse_args(argv)

    deals = load(deal_file(DEFAULT_GAME))[: args.limit]
    with tempfile.TemporaryDirectory() as where:
        cores = dict(zip(("base", "work"), (module.Core(solver_module.DEFAULT_TABLE_BYTES)
                                            for module in build(args.base, Path(where)))))
    fastest: dict[str, list[float]] = {"base": [], "work": []}
    nodes = {"base": 0, "work": 0}
    for number, (deal, call) in enumerate(jobs(deals, args.question)):
        answers, best = {}, {"base": float("inf"), "work": float("inf")}
        for turn in range(max(1, args.repeat)):
            for name in ("base", "work") if turn % 2 == 0 else ("work", "base"):
                solver_module.shared_core = lambda table_bytes, core=cores[name]: core
                before = cores[name].nodes
                answers[name], seconds, _ = timed(call)
                best[name] = min(best[name], seconds)
                if turn == 0:
                    nodes[name] += cores[name].nodes - before
        if answers["base"] != answers["work"]:
            print(f"call {number} ({deal.tags.get('Board', '?')}): base {answers['base']!r}, work {answers['work']!r}")
            return 1
        for name in best:
            fastest[name].append(best[name])

    print(f"{args.question}: {len(fastest['base'])} calls, each the fastest of {args.repeat}; same answers")
    for name in ("base", "work"):
        times = fastest[name]
        print(f"  {name:4} ({args.base if name == 'base' else 'working tree'}): median {statistics.median(times) * 1e3:.3f} ms, "
              f"total {sum(times) * 1e3:.0f} ms, {nodes[name]:,} nodes")
    ratios = [work / base for base, work in zip(fastest["base"], fastest["work"]) if base > 0]
    print(f"  work / base per call: median {statistics.median(ratios):.3f}, geometric mean {statistics.geometric_mean(ratios):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
