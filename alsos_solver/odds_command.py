"""``alsos-solve odds``: how often what a seat could announce is makeable, given what it
saw (typer). The work is the game's (:meth:`~alsos_solver.games.base.Game.announcement_odds`);
errors are one line and exit 2."""

from typing import Annotated

import typer

from .cli import command_app, parse_variants, value_option, variant_option
from .console import OptionError, fail

app = command_app("How often what a seat could announce is makeable, given what it saw.")


@app.command()
def odds(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A deal file (its first deal, or --index).", show_default=False)],
    seat: Annotated[str, typer.Option("--seat", metavar="SEAT", help="The seat whose announcements are judged.", show_default=False)],
    view: Annotated[str, typer.Option("--view", metavar="front|back", help="What the seat saw: back (its hand at the first lead) or front (six cards, eight in alsos-2, with --first).")] = "back",
    first: Annotated[str | None, value_option("--first", "CARDS", "For --view front: the cards the seat held from the front, six (eight in alsos-2): PU P9 ...")] = None,
    samples: Annotated[int, typer.Option("--samples", min=1, help="Layouts of the unseen cards to solve, when there are more than --exact-limit.")] = 100,
    exact_limit: Annotated[int | None, typer.Option("--exact-limit", min=0, help="Solve every layout (exact rates) when there are at most this many (default: --samples).", show_default=False)] = None,
    seed: Annotated[str, typer.Option("--seed", help="The seed: the same seed gives the same layouts and result.")] = "0",
    where: Annotated[str | None, value_option("--where", "EXPR", "What the bidding revealed, as a condition on the layouts (docs/predicates.md).")] = None,
    fix: Annotated[list[str] | None, value_option("--fix", "PLACE:CARDS", "Cards known to lie in a place besides the view (repeatable): 'A:PU'.")] = None,
    index: Annotated[int, typer.Option("--index", min=1, help="Which deal of the file (from 1).")] = 1,
    variant: Annotated[list[str] | None, variant_option("Override a rule option of the deal")] = None,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1, help="Worker processes (default: every core).", show_default=False)] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object: seat, view, samples, items, best.")] = False,
    max_tries: Annotated[int, typer.Option("--max-tries", min=1, help="Layouts the --where rejects in a row before giving up (a condition too rare).")] = 100_000,
) -> None:
    """The odds of the seat's announcements: the unseen cards dealt in every way consistent
    with what the seat saw when they are few, else at random, each layout solved; per item
    the share of layouts where it is makeable (exact, or with its Wilson 95% interval) and
    its expected score, and the best set to announce."""
    import sys

    from .batch.runner import map_chunks
    from .deal_command import seed_value
    from .io import DealFormatError, iter_deals
    from .predicates import PredicateError
    from .render.terminal_analyses import progress_bar
    from .report import OptionMismatch, Overrides, overridden

    if first is not None and view != "front":
        raise fail("--first needs --view front (the back view knows the seat's whole hand)")
    try:
        overrides = Overrides(parse_variants(variant or []))
        deal = next((d for i, d in enumerate(iter_deals(file), 1) if i == index), None)
        if deal is None:
            raise fail(f"{file}: no deal {index}")
        deal = overridden(deal, overrides, f"{file}: deal {index}")
        first_cards = None if first is None else sum(1 << card for card in deal.pack.parse_cards(first))
        with progress_bar("odds", unit="layouts") as update:
            worker = deal.game.odds_worker(seat.upper(), view == "front")
            found = deal.game.announcement_odds(
                deal, seat.upper(), view=view, samples=samples, seed=seed_value(seed), where=where, fixes=fix or (),
                first=first_cards, max_tries=max_tries, exact_limit=exact_limit, solve=lambda dealt: map_chunks(worker, dealt, jobs, update))
    except PredicateError as error:
        raise fail(error.with_option("--where")) from None
    except (DealFormatError, OptionError, OptionMismatch, ValueError) as error:
        raise fail(str(error)) from None
    if json_output:
        import json

        sys.stdout.write(json.dumps(found.to_json(), ensure_ascii=False, indent=2) + "\n")
        return
    from rich.console import Console

    from .render.terminal import fit_output

    fit_output(sys.stdout)
    Console(highlight=False, markup=False, emoji=False).print(deal.game.views.odds(found))
