"""``alsos-solve review``: was each card a seat played right on what it could see? (typer).
The work is :mod:`alsos_solver.analysis.single_dummy`; errors are one line and exit 2."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from .cli import command_app
from .console import fail

if TYPE_CHECKING:
    from .analysis.single_dummy import Decision, Review

app = command_app("Single-dummy review: each card a seat played, judged on the layouts it could see.")


@app.command()
def review(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A deal file with a Play section (its first deal, or --index).", show_default=False)],
    seat: Annotated[str, typer.Option("--seat", metavar="SEAT", help="The seat whose cards are reviewed.", show_default=False)],
    index: Annotated[int, typer.Option("--index", min=1, help="Which deal of the file (from 1).")] = 1,
    exact_limit: Annotated[int, typer.Option("--exact-limit", min=0, help="Enumerate the layouts when there are at most this many.")] = 20_000,
    samples: Annotated[int, typer.Option("--samples", min=1, help="Layouts sampled when there are more.")] = 200,
    seed: Annotated[str, typer.Option("--seed", help="The seed: the same seed gives the same layouts and result.")] = "0",
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object: seat, deal, decisions.")] = False,
) -> None:
    """Every card SEAT played, with each legal card's share of consistent layouts where the
    side's items are still made (double-dummy per layout), the worst case, the
    double-dummy value on the real layout, and the marks worse-on-average and dd-only."""
    import sys

    from .analysis.single_dummy import review as run_review
    from .deal_command import seed_value
    from .errors import UnsoundDeal
    from .io import DealFormatError, iter_deals
    from .position import IllegalPlay

    try:
        deal = next((d for i, d in enumerate(iter_deals(file), 1) if i == index), None)
    except (DealFormatError, OSError, ValueError) as error:
        raise fail(str(error)) from None
    if deal is None:
        raise fail(f"{file}: no deal {index}")
    try:
        found = run_review(deal, seat.upper(), exact_limit=exact_limit, samples=samples, seed=seed_value(seed))
    except (UnsoundDeal, IllegalPlay, ValueError) as error:
        raise fail(f"{file}: deal {index}: {error}") from None
    if json_output:
        import json

        sys.stdout.write(json.dumps(found.to_json(), ensure_ascii=False, indent=2) + "\n")
        return
    sys.stdout.write("\n".join(review_lines(found)) + "\n")


def review_lines(found: Review) -> list[str]:
    """The review as terminal tables, one per decision."""
    lines = [f"Single-dummy review of {found.seat} (each layout solved double-dummy; averages are "
             "optimistic: the seat guesses right later in each layout; sound-mistake not decided)"]
    for decision in found.decisions:
        lines += [""] + decision_lines(decision)
    return lines


def decision_lines(decision: Decision) -> list[str]:
    """One decision: a heading, then per item a row per legal card."""
    how = "all" if decision.exact else "sampled"
    mark = f"  mark: {decision.mark}" if decision.mark else ""
    lines = [f"trick {decision.trick} card {decision.card}: played {decision.played} "
             f"({decision.layouts} layouts, {how}){mark}"]
    for item, cards in decision.items.items():
        lines.append(f"  {item:<14} {'card':<5} {'rate':>6} {'95% interval':>14} {'worst':>6} {'dd':>6}")
        for card, figures in cards.items():
            played = "*" if card == decision.played else " "
            interval = "exact" if decision.exact else f"{figures.low:.0%}-{figures.high:.0%}"
            lines.append(f"  {'':<14}{played}{card:<5} {figures.rate:>6.0%} {interval:>14} "
                         f"{'made' if figures.worst else 'no':>6} {'made' if figures.dd else 'failed':>6}")
        if decision.marks.get(item):
            note = " (an estimate)" if decision.marks[item] == "worse-on-average" else " (on the real layout only)"
            lines.append(f"  {'':<14} {decision.played}: {decision.marks[item]}{note}")
    return lines
