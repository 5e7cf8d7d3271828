"""``alsos-solve deal``: random deals written in the deal format (typer).

The work is the dealer's (:mod:`.dealer`); this module turns the options into its
constraints and its errors into one line on stderr and exit status 2.
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


def seed_value(text: str) -> int | str:
    """A seed as typed: a whole number, or any other text (each gives its own deals)."""
    return int(text) if text.lstrip("-").isdigit() else text


@app.command()
def deal(
    count: Annotated[int, typer.Option("--count", "-n", min=0, help="How many deals.")] = 1,
    seed: Annotated[str, typer.Option("--seed", help="The seed: the same seed and constraints give the same deals.")] = "0",
    output: Annotated[str, typer.Option("--output", "-o", metavar="FILE", help="Write the deals to FILE (- for the standard output).")] = "-",
    game: Annotated[str, typer.Option("--game", help="The game (alsos, alsos-2, alsos-4, asszorti, altiansz).")] = "alsos",
    contract: Annotated[str | None, value_option("--contract", "CONTRACT", "The Contract tag of every deal (docs/rules.md).")] = None,
    declarer: Annotated[str | None, value_option("--declarer", "SEAT", "The Declarer tag of every deal.")] = None,
    where: Annotated[str | None, value_option("--where", "EXPR", "Keep only deals that meet EXPR (docs/predicates.md), e.g. 'trumps(declarer) >= 4'.")] = None,
    fix: Annotated[list[str] | None, value_option("--fix", "PLACE:CARDS", "Fix cards of a seat or the talon (repeatable): 'B:PU P9 P7 +6' (these and six random ones), 'talon:ZA'.")] = None,
    max_tries: Annotated[int, typer.Option("--max-tries", min=1, help="Deals tried for one deal before giving up (the constraint is impossible or too rare).")] = 100_000,
) -> None:
    """Deal COUNT random deals, reproducible from the seed and uniform among the deals that
    meet the constraints (the fixed cards and --where)."""
    import sys

    from .dealer import DealerError, Dealer, TriesExhausted
    from .predicates import PredicateError

    try:
        dealer = Dealer(game, contract, declarer, where, fix or ())
    except PredicateError as error:
        raise fail(f"--where {where!r}: {error}") from None
    except DealerError as error:
        raise fail(str(error)) from None
    import random

    from .io import dump

    stream = sys.stdout if output == "-" else open(output, "w", encoding="utf-8", newline="\n")
    try:
        dump(dealer.deals(count, random.Random(seed_value(seed)), max_tries), stream)
    except TriesExhausted as error:
        raise fail(str(error)) from None
    finally:
        if stream is not sys.stdout:
            stream.close()
