"""``alsos-solve batch``: every deal of the files analysed on every core (or a Dask
cluster) into one JSON-lines file (typer).

The work is :mod:`.batch`'s; this module turns the options into its arguments and its
errors into one line on stderr: exit 2 for a bad file, option or cluster, 130 on Ctrl-C
(the lines written stay, ``--resume`` goes on).
"""

from typing import Annotated

import typer

from .cli import command_app, value_option
from .console import EXIT_INTERRUPTED, fail, warn

app = command_app("Analyse many deals on every core (or a Dask cluster) into JSON lines.")


@app.command()
def batch(
    files: Annotated[list[str], typer.Argument(metavar="FILE...", help="Deal files (docs/format.md); - reads the standard input.", show_default=False)],
    output: Annotated[str, typer.Option("--output", "-o", metavar="OUT.jsonl", help="The results: a first line saying how they were made, then one JSON line per deal.", show_default=False)],
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1, help="Worker processes (default: every core).", show_default=False)] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Keep OUT's lines and analyse only the deals it does not hold yet (the same questions and options).")] = False,
    ordered: Annotated[bool, typer.Option("--ordered", help="Write the lines in the order of the deals.")] = False,
    question: Annotated[list[str] | None, value_option("--question", "SPEC", "Answer only these questions (repeatable; docs/rules.md), under 'answers', instead of the whole analysis.")] = None,
    table: Annotated[bool, typer.Option("--table", help="Add the contract table of every deal.")] = False,
    scheduler: Annotated[str | None, value_option("--scheduler", "ADDRESS", "Run on the Dask cluster of this scheduler (tcp://HOST:8786), with the extra alsos-solver[distributed].")] = None,
    force: Annotated[bool, typer.Option("--force", help="Let -o replace a file that is not a batch's results (never an input; docs/cli.md, 'Outputs and inputs').")] = False,
) -> None:
    """Analyse every deal of the FILEs into OUT.jsonl, one JSON line per deal: its file,
    its index (from 1) in the file and the keys of --json (less the times). A run that is
    killed leaves only whole lines; --resume finishes it."""
    import itertools
    import sys

    from .batch import BatchError, Job, Output, QuestionError, ResumeError, run_batch
    from .io import DealFormatError
    from .io.outputs import BATCH_RESULTS, OutputError, check_output
    from .render.terminal_analyses import progress_bar
    from .report import STDIN, NoDealsError, count_deals, deals, source_files
    from .words import counted

    job = Job(table, tuple(question or ()))
    try:
        check_output("-o", output, list(source_files(files)), BATCH_RESULTS, force)
        with Output(output, job.made(), resume) as out:
            for note in out.dropped:
                sys.stderr.write(f"{output}: {note}\n")
            found = deals(files, warn)
            if STDIN in files:
                tasks = itertools.chain(job.scan(found, keep=True), found)
            else:
                job.scan(deals(files))
                tasks = found
            summary = run_batch(tasks, out, job, jobs=jobs, ordered=ordered, scheduler=scheduler,
                                total=count_deals(files), progress=lambda: progress_bar("batch", unit="deals"))
    except (DealFormatError, NoDealsError, BatchError, QuestionError, OutputError, ResumeError) as error:
        raise fail(str(error)) from None
    except KeyboardInterrupt:
        raise fail("interrupted: the lines written stay; --resume goes on", EXIT_INTERRUPTED) from None
    already = f" ({summary.skipped} there already)" if summary.skipped else ""
    sys.stderr.write(f"{counted(summary.written, 'deal')} written to {output}{already}\n")
