"""``alsos-solve deal``: random deals written in the deal format (typer).

The work is the dealer's (:mod:`.dealer`); this module turns the options into its
constraints and its errors into one line on stderr and exit status 2.
"""

from typing import TYPE_CHECKING, Annotated

import typer

from .cli import command_app, default_game, game_option, game_options, value_option, variant_option
from .console import OptionError, fail

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .deal import Deal

app = command_app("Random deals in the deal format, reproducible from a seed, with fixed cards and conditions.")


def seed_value(text: str) -> int | str:
    """A seed as typed: a whole number, or any other text (each gives its own deals)."""
    return int(text) if text.lstrip("-").isdigit() else text


@app.command()
def deal(
    count: Annotated[int, typer.Option("--count", "-n", min=0, help="How many deals.")] = 1,
    seed: Annotated[str, typer.Option("--seed", help="The seed: the same seed and constraints give the same deals.")] = "0",
    output: Annotated[str, typer.Option("--output", "-o", metavar="FILE", help="Write the deals to FILE (- for the standard output).")] = "-",
    game: Annotated[str, game_option()] = default_game(),
    contract: Annotated[str | None, value_option("--contract", "CONTRACT", "The Contract tag of every deal (docs/rules.md).")] = None,
    declarer: Annotated[str | None, value_option("--declarer", "SEAT", "The Declarer tag of every deal.")] = None,
    where: Annotated[str | None, value_option("--where", "EXPR", "Keep only deals that meet EXPR (docs/predicates.md), e.g. 'trumps(declarer) >= 4'.")] = None,
    fix: Annotated[list[str] | None, value_option("--fix", "PLACE:CARDS", "Fix cards of a seat or the talon (repeatable): 'B:PU P9 P7 +6' (these and six random ones), 'talon:ZA'.")] = None,
    variant: Annotated[list[str] | None, variant_option("A rule option of every deal, written in its Variant tag")] = None,
    max_tries: Annotated[int, typer.Option("--max-tries", min=1, help="Deals tried for one deal before giving up (the constraint is impossible or too rare).")] = 100_000,
    force: Annotated[bool, typer.Option("--force", help="Let -o replace a file that is not a deal file (docs/cli.md, 'Outputs and inputs').")] = False,
) -> None:
    """Deal COUNT random deals, reproducible from the seed and uniform among the deals that
    meet the constraints (the fixed cards and --where)."""
    import random
    import sys

    from .dealer import DealerError, Dealer, TriesExhausted
    from .io import dump
    from .io.outputs import DEAL_FILE, OutputError, check_output
    from .predicates import PredicateError

    try:
        dealer = Dealer(game, contract, declarer, where, fix or (), game_options(game, variant or []))
        if output != "-":
            check_output("-o", output, (), DEAL_FILE, force)
    except PredicateError as error:
        raise fail(error.with_option("--where")) from None
    except (DealerError, OptionError, OutputError) as error:
        raise fail(str(error)) from None
    deals = dealer.deals(count, random.Random(seed_value(seed)), max_tries)
    try:
        if output == "-":
            dump(deals, sys.stdout)
        else:
            write_deals(deals, output)
    except TriesExhausted as error:
        raise fail(str(error)) from None


def write_deals(deals: "Iterable[Deal]", output: str) -> None:
    """The deals written to the file ``output``, which is replaced as a whole once they
    are all dealt, or when the dealer gives up (TriesExhausted: with the deals before);
    on Ctrl-C or any other error the file stays as it was."""
    from .dealer import TriesExhausted
    from .io import dump
    from .io.outputs import Replacement

    with Replacement(output) as replacement:
        try:
            dump(deals, replacement.stream)
        except TriesExhausted:
            replacement.commit()
            raise
        replacement.commit()
