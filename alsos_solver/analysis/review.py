"""Reviewing the play of a deal: which cards changed the fate of an announced item.

The items are the declarer's game (the game in trump and no-trump games, betli in betli;
in klopitzky, each seat avoiding paying) and every announced figure (the Figures tag, each
made by its announcer with his side helping). An item's status after each card is whether
its side can still make it against best play: 'made' or 'lost'. A card that changes a
status is a mistake (the side playing for the item turns 'made' into 'lost', the other side
turns 'lost' into 'made'); the review names it with the cards that would have kept the
status.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..deal import Deal
from ..questions import SEAT_LETTERS, Item
from ..solver import Solver
from ..words import counted
from .card_values import card_order


def status(made: bool) -> str:
    return "made" if made else "lost"


def announced_items(deal: Deal) -> list[Item]:
    """The deal's items in review order (its game's
    :meth:`~alsos_solver.questions.base.GameQuestions.items`)."""
    return deal.game.questions.items(deal)


@dataclass
class Mistake:
    """A card of the Play section that changed an item's status. ``index`` counts from 0 in
    the Play section; ``trick`` is 1-based, ``position`` the card's place in its trick
    (1-based); ``keeping`` the legal cards that would have kept the status."""

    index: int
    trick: int
    position: int
    seat: str
    card: str
    item: str
    label: str
    before: bool
    after: bool
    keeping: list[str]

    def to_json(self) -> dict:
        return {
            "trick": self.trick, "position": self.position, "seat": self.seat, "card": self.card,
            "item": self.item, "before": status(self.before), "after": status(self.after),
            "keeping": list(self.keeping),
        }

    def sentence(self) -> str:
        keeping = " or ".join(self.keeping) if self.keeping else "no card"
        return (
            f"trick {self.trick}, {self.seat} played {self.card}: {self.label} went from "
            f"{status(self.before)} to {status(self.after)}; {keeping} kept it {status(self.before)}"
        )


@dataclass
class Review:
    """The review of a deal's play: each item's status before the first card and after
    every card (``history``), and the mistakes in play order."""

    items: list[Item]
    history: dict[str, list[bool]] = field(default_factory=dict)
    mistakes: list[Mistake] = field(default_factory=list)

    @property
    def final(self) -> dict[str, bool]:
        return {name: statuses[-1] for name, statuses in self.history.items()}

    def to_json(self) -> dict:
        return {
            "review": [mistake.to_json() for mistake in self.mistakes],
            "items": {name: status(made) for name, made in self.final.items()},
            "history": {name: [status(made) for made in statuses] for name, statuses in self.history.items()},
        }

    def lines(self) -> list[str]:
        result = []
        for item in self.items:
            statuses = self.history[item.name]
            result.append(
                f"{item.label}: {status(statuses[0])} at the first lead, "
                f"{status(statuses[-1])} after {counted(len(statuses) - 1, 'card')}"
            )
        if not self.mistakes:
            result.append("no card changed the status of an item")
        result += [mistake.sentence() for mistake in self.mistakes]
        return result


def review_play(deal: Deal) -> Review:
    """Review the deal's Play section (complete or partial) for its announced items."""
    items = announced_items(deal)
    deal.check()
    review = Review(items)
    seats = len(deal.game.active)
    name = deal.pack.card_name
    for item in items:
        # One solver per item: the core's table stays valid for one question across moves.
        solver = Solver(deal)
        position = solver.position
        statuses = [solver.ask(item.question)]
        for index, card in enumerate(deal.play):
            seat = position.to_move
            solver.push(card)
            statuses.append(solver.ask(item.question))
            if statuses[-1] == statuses[-2]:
                continue
            solver.pop()
            keeping = []
            for other in card_order(deal, position.legal_moves()):
                if other == card:
                    continue
                solver.push(other)
                if solver.ask(item.question) == statuses[-2]:
                    keeping.append(name(other))
                solver.pop()
            solver.push(card)
            review.mistakes.append(Mistake(
                index=index, trick=index // seats + 1, position=index % seats + 1,
                seat=SEAT_LETTERS[seat], card=name(card), item=item.name, label=item.label,
                before=statuses[-2], after=statuses[-1], keeping=keeping,
            ))
        review.history[item.name] = statuses
    review.mistakes.sort(key=lambda m: m.index)  # stable: items in review order at one card
    return review
