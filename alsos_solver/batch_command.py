"""``alsos-solve batch``: every deal of the files analysed on every core (or a Dask
cluster) into one JSON-lines file (typer).

The work is :mod:`.batch`'s; this module turns the options into its arguments and its
errors into one line on stderr: exit 2 for a bad file, option or cluster, 130 on Ctrl-C
(the lines written stay, ``--resume`` goes on).
"""

from typing import Annotated

import typer

from .cli import value_option
from .console import EXIT_INTERRUPTED, fail, warn

app = typer.Typer(
    add_completion=False,
    pretty_exceptions_show_locals=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def count_deals(sources: list[str]) -> int | None:
    """How many deals the files hold, by their Deal tag lines (for the progress bar:
    cheap, and exact for files the reader accepts); None when one is the standard input
    or cannot be read (the reader will say why)."""
    total = 0
    for source in sources:
        if source == "-":
            return None
        try:
            with open(source, "rb") as stream:
                total += sum(line.lstrip().startswith(b"[Deal ") for line in stream)
        except OSError:
            return None
    return total


@app.command()
def batch(
    files: Annotated[list[str], typer.Argument(metavar="FILE...", help="Deal files (docs/format.md); - reads the standard input.", show_default=False)],
    output: Annotated[str, typer.Option("--output", "-o", metavar="OUT.jsonl", help="The results: one JSON line per deal.", show_default=False)],
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1, help="Worker processes (default: every core).", show_default=False)] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Keep OUT's lines and analyse only the deals it does not hold yet.")] = False,
    ordered: Annotated[bool, typer.Option("--ordered", help="Write the lines in the order of the deals.")] = False,
    question: Annotated[list[str] | None, value_option("--question", "SPEC", "Answer only these questions (repeatable; docs/rules.md), under 'answers', instead of the whole analysis.")] = None,
    table: Annotated[bool, typer.Option("--table", help="Add the contract table of every deal.")] = False,
    scheduler: Annotated[str | None, value_option("--scheduler", "ADDRESS", "Run on the Dask cluster of this scheduler (tcp://HOST:8786), with the extra alsos-solver[distributed].")] = None,
) -> None:
    """Analyse every deal of the FILEs into OUT.jsonl, one JSON line per deal: its file,
    its index (from 1) in the file and the keys of --json (less the times). A run that is
    killed leaves only whole lines; --resume finishes it."""
    import itertools
    import sys

    from .batch import BatchError, Job, Output, QuestionError, run_batch
    from .io import DealFormatError
    from .render.terminal_analyses import progress_bar
    from .report import NoDealsError, deals

    job = Job(table, tuple(question or ()))
    try:
        found = deals(files, warn)
        first = next(found, None)
        if first is not None:
            job.check(first[2])
        with Output(output, resume) as out:
            tasks = found if first is None else itertools.chain([first], found)
            summary = run_batch(tasks, out, job, jobs=jobs, ordered=ordered, scheduler=scheduler,
                                total=count_deals(files), progress=lambda: progress_bar("batch", unit="deals"))
    except (DealFormatError, NoDealsError, BatchError, QuestionError) as error:
        raise fail(str(error)) from None
    except KeyboardInterrupt:
        raise fail("interrupted: the lines written stay; --resume goes on", EXIT_INTERRUPTED) from None
    already = f" ({summary.skipped} there already)" if summary.skipped else ""
    sys.stderr.write(f"{summary.written} deals written to {output}{already}\n")
