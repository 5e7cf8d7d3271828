"""``alsos-solve stats``: rates and distributions over a batch's results (typer).

The work is :mod:`.stats`'s, the drawing :mod:`.render.stats`'s; this module turns the
options into their arguments and the errors into one line on stderr and exit status 2.
"""

from typing import Annotated

import typer

from .cli import value_option
from .console import fail

app = typer.Typer(
    add_completion=False,
    pretty_exceptions_show_locals=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

DEFAULT_RATE = "game"


@app.command()
def stats(
    results: Annotated[str, typer.Argument(metavar="OUT.jsonl", help="The results of alsos-solve batch (or any JSON lines of --json records).", show_default=False)],
    rate: Annotated[str | None, value_option("--rate", "KEY", "The rate at which the yes/no KEY is true: game, betli, figures.B.ultimo, declarer:ultimo, answers.SPEC, ... (default: game).")] = None,
    dist: Annotated[str | None, value_option("--dist", "KEY", "The distribution of the number KEY: declarer_points, nodes, ...")] = None,
    by: Annotated[str | None, value_option("--by", "EXPR", "Group by EXPR (docs/predicates.md), e.g. 'trumps(declarer)', 'points(declarer) >= 40', or contract.")] = None,
    where: Annotated[str | None, value_option("--where", "EXPR", "Count only the deals that meet EXPR.")] = None,
    bins: Annotated[int, typer.Option("--bins", min=1, help="Bins of a distribution's histogram, at most.")] = 20,
    csv: Annotated[bool, typer.Option("--csv", help="Print the table as CSV instead.")] = False,
    plot: Annotated[str | None, value_option("--plot", "FILE.png", "Also draw the table: rates with their intervals, or histograms (needs alsos-solver[plot]).")] = None,
) -> None:
    """Rates (with Wilson 95% intervals) or distributions of a result key over the deals of
    a batch, grouped by a feature of the deal."""
    import sys

    from .io.records import RecordError
    from .predicates import PredicateError
    from .stats import PlotUnavailable, StatsError, plot as draw, stats_file, write_csv

    if rate is not None and dist is not None:
        raise fail("--rate and --dist: give one of them")
    try:
        table = stats_file(results, rate=DEFAULT_RATE if rate is dist is None else rate, dist=dist, by=by, where=where, bins=bins)
        if plot is not None:
            draw(table, plot)
    except PredicateError as error:
        option = "--by" if by is not None and error.text == by else "--where"
        raise fail(f"{option} {error.text!r}: {error}") from None
    except (RecordError, StatsError, PlotUnavailable) as error:
        raise fail(str(error)) from None
    if csv:
        write_csv(table, sys.stdout)
        return
    from rich.console import Console

    from .render.stats import stats_view
    from .render.terminal import fit_output

    fit_output(sys.stdout)
    Console(highlight=False, markup=False, emoji=False).print(stats_view(table))
