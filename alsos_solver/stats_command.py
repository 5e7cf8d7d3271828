"""``alsos-solve stats``: rates and distributions over a batch's results (typer).

The work is :mod:`.stats`'s, the drawing :mod:`.render.stats`'s; this module turns the
options into their arguments and the errors into one line on stderr and exit status 2.
"""

from typing import Annotated

import typer

from .cli import command_app, value_option
from .console import fail

app = command_app("Rates and distributions over the results of a batch.")

DEFAULT_RATE = "game"


@app.command()
def stats(
    results: Annotated[str, typer.Argument(metavar="OUT.jsonl", help="The results of alsos-solve batch (or any JSON lines of --json records); - reads the standard input.", show_default=False)],
    rate: Annotated[str | None, value_option("--rate", "KEY", "The rate at which the yes/no KEY is true: game, betli, figures.B.ultimo, declarer:ultimo, answers.SPEC, ... (default: game).")] = None,
    dist: Annotated[str | None, value_option("--dist", "KEY", "The distribution of the number KEY: declarer_points, nodes, ...")] = None,
    by: Annotated[str | None, value_option("--by", "EXPR", "Group by EXPR (docs/predicates.md), e.g. 'trumps(declarer)', 'points(declarer) >= 40', or contract.")] = None,
    where: Annotated[str | None, value_option("--where", "EXPR", "Count only the deals that meet EXPR.")] = None,
    bins: Annotated[int, typer.Option("--bins", min=1, help="Bins of a distribution's histogram, at most.")] = 20,
    csv: Annotated[bool, typer.Option("--csv", help="Print the table as CSV instead (on the standard output).")] = False,
    plot: Annotated[str | None, value_option("--plot", "FILE.png", "Also draw the table: rates with their intervals, or histograms (needs alsos-solver[plot]; the format by the name: .png, .svg, .pdf, ...).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Let --plot replace a file that is not an image (never the input; docs/cli.md, 'Outputs and inputs').")] = False,
    keys: Annotated[bool, typer.Option("--keys", help="List the yes/no keys (for --rate) and number keys (for --dist) of the records, and how many have each.")] = False,
) -> None:
    """Rates (with Wilson 95% intervals) or distributions of a result key over the deals of
    a batch, grouped by a feature of the deal; each deal counted once."""
    import sys

    from .io.outputs import IMAGE, OutputError, check_output
    from .io.records import RecordError
    from .predicates import PredicateError
    from .stats import PlotUnavailable, StatsError, plot as draw, plot_format, stats_file, write_csv

    if rate is not None and dist is not None:
        raise fail("--rate and --dist: give one of them")
    if keys:
        list_keys(results, [name for name, given in (("--rate", rate), ("--dist", dist), ("--by", by), ("--where", where),
                                                     ("--plot", plot), ("--csv", csv)) if given])
        return
    try:
        if plot is not None:
            check_output("--plot", plot, [results], IMAGE, force)
            plot_format(plot)
        table = stats_file(results, rate=DEFAULT_RATE if rate is dist is None else rate, dist=dist, by=by, where=where, bins=bins)
        if plot is not None:
            draw(table, plot)
    except PredicateError as error:
        raise fail(error.with_option("--by" if by is not None and error.text == by else "--where")) from None
    except (RecordError, StatsError, PlotUnavailable, OutputError) as error:
        raise fail(str(error)) from None
    if csv:
        write_csv(table, sys.stdout)
        return
    from rich.console import Console

    from .render.stats import stats_view
    from .render.terminal import fit_output

    fit_output(sys.stdout)
    Console(highlight=False, markup=False, emoji=False).print(stats_view(table))


def list_keys(results: str, others: list[str]) -> None:
    """``--keys``: the keys of the records, by kind, with how many records have each;
    an error with options that compute something."""
    import sys

    from .io.records import RecordError
    from .render.stats import keys_lines
    from .stats import Results, key_counts

    if others:
        raise fail(f"--keys lists the keys of the records: give it without {', '.join(others)}")
    records = Results(results)
    try:
        counts = key_counts(records)
    except RecordError as error:
        raise fail(str(error)) from None
    if not counts:
        raise fail(f"no records in {records.name}" if not records.count else f"no yes/no or number keys in {records.name}")
    sys.stdout.write("".join(line + "\n" for line in keys_lines(counts, records.made)))
