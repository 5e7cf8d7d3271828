"""Asszorti's own analyses, as :func:`alsos_solver.analysis.of_game` finds them: the best
contract to declare, and the scores (seed 002 'Scoring', :mod:`alsos_solver.games.asszorti.rules`).

Scores. Two items, each scored on the same finished play: the game (what the side with six
tricks or more wins, the 6:5:0 deduction and the kontras included) and, when announced,
the arrivázs. Double-dummy the play is a line of best play for the score question (the
declarer maximising what he wins, the two opponents minimising it), so its two items add
up to the double-dummy score; as played it is the Play section. The slate and the net
payments are the Alsós ones: an item the declarer scores is written for him, one the
opponents score for each of them; the declarer receives (or pays) the score from (to) each
opponent.

Best announcements. For the deal's declarer and hands (the deal's own contract, arrivázs
and kontras set aside), every bid (3, 2, 1, hand) in every trump suit and no-trump, with
and without arrivázs, scored double-dummy without kontras (one solver per strain, asked the
score under each bid and announcement): the best has the highest score;
ties go to the lower bid, then to no arrivázs, then to the earlier strain (suits in pack
order, then no-trump).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ...analysis.line import optimal_line
from ...analysis.scores import DECLARER, DEFENDERS, ItemScore, Scores
from ...deal import Deal
from ...errors import NotApplicable
from ...position import Position
from ...progress import Progress
from ...questions import Setting
from ...solver import DEFAULT_TABLE_BYTES, Solver
from .questions import Score, arrivazs_outcome, trick_split
from .rules import ARRIVAZS, BIDS, GAME_TRICKS, KONTRA_FACTOR, arrivazs_score, basic_value, game_score



def _check(deal: Deal) -> None:
    if deal.contract is None or deal.declarer is None:
        raise NotApplicable("asszorti scores need a deal with a contract and a declarer")
    deal.check()


def score_play(deal: Deal, end: Position) -> Scores:
    """The scores of a finished play of the deal: the game, then the announced arrivázs."""
    setting = Setting.of(deal)
    trumps = setting.rules.trump is not None
    split = trick_split(setting, end)
    kontra = deal.kontra.get("game", "")
    game = game_score(bid=setting.contract.bid or "3", trumps=trumps, tricks=split, kontra=len(kontra))
    items = [_item("game", split[0] >= GAME_TRICKS, basic_value(setting.contract.bid or "3", trumps), kontra, game)]
    if ARRIVAZS in deal.figures.get(deal.declarer, ()):
        name = f"{deal.declarer}:{ARRIVAZS}"
        outcome = arrivazs_outcome(setting, end)
        kontra = deal.kontra.get(name, "")
        value = arrivazs_score(trumps=trumps, arrivazs=outcome, kontra=len(kontra))
        items.append(_item(name, outcome != "failed", abs(value) >> len(kontra), kontra, value))
    seats = deal.game.seats
    slate = {seat: 0 for seat in seats}
    for item in items:
        for seat in seats:
            if (seat == deal.declarer) == (item.scorer == DECLARER):
                slate[seat] += item.value
    net = {seat: sum(slate[seat] - slate[other] for other in seats if other != seat) for seat in seats}
    return Scores(deal.game.contract_token(deal.contract), deal.declarer, items, slate, net)


def _item(name: str, made: bool, base: int, kontra: str, value: int) -> ItemScore:
    """An item of the declarer's worth ``value`` to him (negative: to the opponents)."""
    return ItemScore(item=name, side=DECLARER, made=made, base=base, front=False, kontra=kontra, value=abs(value),
                     scorer=DECLARER if value >= 0 else DEFENDERS, factors=(KONTRA_FACTOR,) * len(kontra))


def actual_scores(deal: Deal) -> Scores:
    """The scores of the deal as played: ValueError unless the Play section is complete."""
    _check(deal)
    end = deal.played_position()
    if not end.is_over:
        total = len(deal.game.active) * deal.game.hand_size
        raise NotApplicable(f"actual scores need a complete Play section: {len(deal.play)} of {total} cards played")
    return score_play(deal, end)


def double_dummy_scores(deal: Deal, *, table_bytes: int = DEFAULT_TABLE_BYTES) -> Scores:
    """The scores of a line of best play for the score from the first lead (the module)."""
    _check(deal)
    start = replace(deal, play=[], play_leader=None)
    line = optimal_line(start, Score())
    end = start.position()
    for trick in line.tricks:
        for token in trick.cards:
            end.push(deal.pack.parse_card(token))
    return score_play(deal, end)


@dataclass(frozen=True)
class BidChoice:
    """One contract the declarer might declare: bid, strain token (``H``, ``NT``),
    arrivázs announced, and its double-dummy score without kontras."""

    bid: str
    strain: str
    arrivazs: bool
    score: int

    @property
    def contract(self) -> str:
        return self.strain if self.bid == "3" else f"{self.bid} {self.strain}"

    def to_json(self) -> dict:
        return {"bid": self.bid, "trump": self.strain, "contract": self.contract, "arrivazs": self.arrivazs,
                "score": self.score}


@dataclass
class BidChoices:
    """The best contract for the declarer (``best``) and every one evaluated (``choices``,
    in the order asked), with what the search cost; ``complete`` False when interrupted."""

    declarer: str
    choices: list[BidChoice] = field(default_factory=list)
    complete: bool = True
    nodes: int = 0
    seconds: float = 0.0

    @property
    def best(self) -> BidChoice | None:
        def rank(choice: BidChoice) -> tuple:
            return (-choice.score, BIDS.index(choice.bid), choice.arrivazs)
        return min(self.choices, key=rank, default=None)  # min is stable: the earlier strain on ties

    def to_json(self) -> dict:
        best = self.best
        return {
            "declarer": self.declarer, "best": None if best is None else best.to_json(),
            "choices": [choice.to_json() for choice in self.choices], "complete": self.complete,
            "nodes": self.nodes, "seconds": self.seconds,
        }


def best_announcements(
    deal: Deal, *, front: bool = False, progress: Progress | None = None, table_bytes: int = DEFAULT_TABLE_BYTES,
) -> BidChoices:
    """The declarer's best bid, trump and arrivázs, by double-dummy score (the module).
    NotApplicable with ``front`` (Asszorti has no front round); ValueError without a
    declarer. Ctrl-C returns what was evaluated, marked incomplete."""
    if front:
        raise NotApplicable("asszorti has no announcements from the front (drop --front)")
    if deal.declarer is None or deal.contract is None:
        raise NotApplicable("best announcements need a deal with a declarer")
    spec = deal.game
    strains = [*spec.pack.suits, "NT"]
    total = len(strains) * len(BIDS) * 2
    found = BidChoices(deal.declarer)
    try:
        if progress is not None:
            progress(0, total)
        for strain in strains:
            plain = replace(
                deal, contract=spec.parse_contract(strain), figures={}, front={}, kontra={}, play=[], play_leader=None,
            )
            solver = Solver(plain, table_bytes=table_bytes)  # one per strain: its tricks value serves every bid
            for bid in BIDS:
                for arrivazs in (False, True):
                    found.choices.append(BidChoice(bid, strain, arrivazs, solver.value(Score(bid, arrivazs))))
                    if progress is not None:
                        progress(len(found.choices), total)
            found.nodes += solver.stats.nodes
            found.seconds += solver.stats.seconds
    except KeyboardInterrupt:
        found.complete = False
    return found
