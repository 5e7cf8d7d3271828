"""``alsos-solve review``: was each card a seat played right on what it could see? (typer).
The work is :mod:`alsos_solver.analysis.single_dummy` and :mod:`alsos_solver.analysis.claim`;
errors are one line and exit 2."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated

import typer

from .cli import command_app, value_option
from .console import fail

if TYPE_CHECKING:
    from .analysis.claim import Claim
    from .analysis.deciding import Flip
    from .analysis.single_dummy import Decision, Review

app = command_app("Single-dummy review: each card a seat played, judged on the layouts it could see.")


@app.command()
def review(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A deal file with a Play section (its first deal, or --index).", show_default=False)],
    seat: Annotated[str, typer.Option("--seat", metavar="SEAT", help="The seat whose cards are reviewed.", show_default=False)],
    index: Annotated[int, typer.Option("--index", min=1, help="Which deal of the file (from 1).")] = 1,
    exact_limit: Annotated[int, typer.Option("--exact-limit", min=0, help="Enumerate the layouts when there are at most this many.")] = 20_000,
    samples: Annotated[int, typer.Option("--samples", min=1, help="Layouts sampled when there are more.")] = 200,
    seed: Annotated[str, typer.Option("--seed", help="The seed: the same seed gives the same layouts and result, whatever --jobs.")] = "0",
    where: Annotated[str | None, value_option("--where", "EXPR", "What else SEAT knew, as a condition on the layouts (docs/predicates.md).")] = None,
    fix: Annotated[list[str] | None, value_option("--fix", "PLACE:CARDS", "Cards SEAT knew to lie in a place besides its view (repeatable): 'A:PU'.")] = None,
    claim: Annotated[bool, typer.Option("--claim", help="Instead of the review: can SEAT's side guarantee each item from --after on, whatever the unseen cards, and with which card?")] = False,
    after: Annotated[str | None, value_option("--after", "TRICK.CARD", "For --claim: after that card of the Play section (4.2: trick 4, card 2; 0: the first lead; default: the end of the Play section).")] = None,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1, help="Worker processes (default: every core).", show_default=False)] = None,
    brief: Annotated[bool, typer.Option("--brief", help="Only the marked cards, each with its verdicts in words (no tables).")] = False,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object: seat, deal, decisions (with --claim: seat, after, to_move, layouts, items).")] = False,
    deciding: Annotated[bool, typer.Option("--deciding", help="Also list the exchanges of two unseen cards that flip an item (SEAT's view at the first lead).")] = False,
) -> None:
    """Every card SEAT played, with each legal card's share of consistent layouts where the
    side's items are still made (double-dummy per layout), the worst case, the
    double-dummy value on the real layout, whether it is a sure win (decided exactly where
    the layouts are all enumerated), and the marks sound-mistake, worse-on-average and dd-only;
    with --deciding, also the exchanges of two unseen cards that would flip an item."""
    import sys

    from .analysis.card_values import parse_after
    from .analysis.deciding import deciding as find_deciding
    from .analysis.single_dummy import Review
    from .deal_command import seed_value
    from .errors import NotApplicable, UnsoundDeal
    from .io import DealFormatError, iter_deals
    from .position import IllegalPlay
    from .predicates import PredicateError

    if after is not None and not claim:
        raise fail("--after needs --claim (the review looks at every card SEAT played)")
    try:
        deal = next((d for i, d in enumerate(iter_deals(file), 1) if i == index), None)
    except (DealFormatError, OSError, ValueError) as error:
        raise fail(str(error)) from None
    if deal is None:
        raise fail(f"{file}: no deal {index}")
    seat = seat.upper()
    try:
        if claim:
            point = len(deal.play) if after is None else parse_after(after, deal)
            found: Review | Claim = run_claim(deal, seat, point, exact_limit, fix or (), where)
        elif deciding and not deal.play:  # --deciding needs no play: then only the deciding cards
            found = Review(seat, deal, [], seed_value(seed))
        else:
            found = run_review(deal, seat, exact_limit, samples, seed_value(seed), jobs, fix or (), where)
        flips = find_deciding(deal, seat) if deciding else None
    except PredicateError as error:
        raise fail(error.with_option("--where")) from None
    except (UnsoundDeal, IllegalPlay, NotApplicable, ValueError) as error:
        raise fail(f"{file}: deal {index}: {error}") from None
    if json_output:
        import json

        data = found.to_json() | ({} if flips is None else {"deciding": [flip.to_json() for flip in flips]})
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        return
    lines = claim_lines(found) if claim else review_lines(found, brief) if found.decisions else []
    if flips is not None:
        lines += ([""] if lines else []) + deciding_lines(seat, flips)
    sys.stdout.write("\n".join(lines) + "\n")


def run_review(deal, seat: str, exact_limit: int, samples: int, seed: int | str, jobs: int | None,
               fixes: Sequence[str], where: str | None) -> Review:
    """The review, its layouts solved on ``jobs`` processes behind a progress bar."""
    from .analysis.single_dummy import review
    from .batch.runner import map_chunks
    from .render.terminal_analyses import progress_bar

    with progress_bar("review", unit="layouts") as update:
        return review(deal, seat, exact_limit=exact_limit, samples=samples, seed=seed, fixes=fixes, where=where,
                      run=lambda function, items: map_chunks(function, items, jobs, update))


def run_claim(deal, seat: str, after: int, exact_limit: int, fixes: Sequence[str], where: str | None) -> Claim:
    from .analysis.claim import claim

    return claim(deal, seat, after, exact_limit=exact_limit, fixes=fixes, where=where)


def review_lines(found: Review, brief: bool = False) -> list[str]:
    """The review as terminal tables, one per decision; ``brief``: only the marked
    decisions, each with its verdicts in words."""
    lines = textwrap.wrap(
        f"Single-dummy review of {found.seat}: each layout of the cards {found.seat} could not see is solved "
        "double-dummy. Averages are optimistic (in each layout the seat guesses right later); 'sure' asks for "
        "one strategy that wins every layout, decided where the layouts are all enumerated.", 92)
    if not brief:
        for decision in found.decisions:
            lines += [""] + decision_lines(decision, found.seat)
        return lines
    marked = [decision for decision in found.decisions if decision.mark]
    lines.append(f"{len(found.decisions)} cards of {found.seat} reviewed, {len(marked)} marked")
    for decision in marked:
        lines += ["", heading(decision)]
        for item in decision.items:
            if decision.marks.get(item):
                lines.append(f"  {item}: {decision.marks[item]}")
                lines += [f"    {verdict}" for verdict in verdicts(decision, item, found.seat)]
    return lines


def heading(decision: Decision) -> str:
    """A decision's first line: where, the card, forced or not, the layouts, the mark."""
    how = "all" if decision.exact else "sampled"
    mark = f"  mark: {decision.mark}" if decision.mark else ""
    forced = " (forced)" if all(len(cards) == 1 for cards in decision.items.values()) else ""
    return (f"trick {decision.trick} card {decision.card}: played {decision.played}{forced} "
            f"({decision.layouts} layouts, {how}){mark}")


def decision_lines(decision: Decision, seat: str) -> list[str]:
    """One decision: a heading, then per item a row per legal card and the verdicts."""
    lines = [heading(decision)]
    for item, cards in decision.items.items():
        lines.append(f"  {item:<14} {'card':<5} {'rate':>6} {'95% interval':>14} {'worst':>6} {'dd':>6} {'sure':>6}")
        for card, figures in cards.items():
            played = "*" if card == decision.played else " "
            interval = "exact" if decision.exact else f"{figures.low:.0%}-{figures.high:.0%}"
            sure = "-" if figures.sure is None else "yes" if figures.sure else "no"
            mean = "" if figures.mean is None else f"  mean {figures.mean:.1f}"
            lines.append(f"  {'':<14}{played}{card:<5} {figures.rate:>6.0%} {interval:>14} "
                         f"{made(figures.worst):>6} {made(figures.dd):>6} {sure:>6}{mean}")
        lines += [f"  {'':<14} {verdict}" for verdict in verdicts(decision, item, seat)]
    return lines


def made(value: object) -> str:
    """A yes/no figure in words; a value as it is."""
    if isinstance(value, bool):
        return "made" if value else "failed"
    return str(value)


def verdicts(decision: Decision, item: str, seat: str) -> list[str]:
    """The double-dummy verdict beside the single-dummy one, where the played card is marked."""
    cards = decision.items[item]
    mark = decision.marks.get(item)
    if not mark:
        return []
    played = decision.played
    best = max(cards, key=lambda card: cards[card].rate)
    better_dd = [card for card, figures in cards.items() if figures.dd and not cards[played].dd]
    lines = []
    if better_dd:
        lines.append(f"with the cards as they lay, {' or '.join(better_dd)} was better")
    if best != played:
        how = "exactly" if decision.exact else "an estimate"
        made_it = "made" if cards[played].mean is None else "kept the best"  # a value item: the best value kept
        lines.append(f"on what {seat} could see, {best} {made_it} {item} in {cards[best].rate:.0%} of layouts, "
                     f"{played} in {cards[played].rate:.0%} ({how})")
    if mark == "sound-mistake":
        sure = [card for card, figures in cards.items() if figures.sure]
        lines.append(f"{' or '.join(sure)} made {item} in every layout with one plan (a sure win), "
                     f"{played} did not: a sound mistake")
    return lines


def claim_lines(found: Claim) -> list[str]:
    """The claim: per item whether the side guarantees it, and with which cards."""
    lines = [f"Claim of {found.seat} after {found.point} ({found.layouts} layouts, all; {found.to_move} to move)"]
    for name, item in found.items.items():
        if item.guaranteed is None:
            verdict = "not decided (the search passed its node limit)"
        else:
            verdict = "guaranteed" if item.guaranteed else "not guaranteed"
        cards = f": with {' or '.join(item.cards)}" if item.cards else ""
        lines.append(f"  {name:<14} {verdict}{cards}")
    return lines


def deciding_lines(seat: str, flips: list[Flip]) -> list[str]:
    """The deciding cards: per exchange that flips an item, the exchange, the item, and its
    double-dummy result before and after."""
    heading = (f"Deciding cards from {seat}'s view at the first lead (each exchange of two unseen cards "
               "solved double-dummy)")
    if not flips:
        return [heading, "  no exchange of two unseen cards flips an item"]
    width = max(len(flip.words()) for flip in flips)
    lines = [heading, f"  {'exchange':<{width}}  {'item':<14} {'before':>6} {'after':>6}"]
    for flip in flips:
        lines.append(f"  {flip.words():<{width}}  {flip.item:<14} {made(flip.before):>6} {made(flip.after):>6}")
    return lines

