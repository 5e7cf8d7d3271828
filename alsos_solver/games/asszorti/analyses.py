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

Best announcements. The bid is tied to the talon (seed 002 'Bidding, Talon Exchange'): a
contract of 3, 2 or 1 draws that many cards from the top of the talon and discards as
many, 'hand' draws none, and the trump suit and arrivázs are chosen after. So a bid is
judged on the hands that bid would have held. The deal records only the hands of its own
bid: ``Deal`` holds the hands at the first lead, after the draw, and no tag records the
hands before it or the order of the talon (docs/format.md). So the deal's own bid is
judged, and the other bids are not (:func:`judged_bids`; :data:`NOT_RECORDED` says why):
they are listed as such and never recommended. The judged bid is scored in every trump
suit and no-trump, with and without arrivázs, double-dummy without kontras (the deal's
arrivázs and kontras set aside; one solver per strain, asked the score under each bid and
announcement): the best has the highest score; ties go to the lower bid, then to no
arrivázs, then to the earlier strain (suits in pack order, then no-trump).
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
from ..base import GameAnalyses
from .cases import cases
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


NOT_RECORDED = "the deal before the draw is not recorded"
"""Why a bid other than the deal's own is not judged (see the module docstring)."""


def judged_bids(deal: Deal) -> tuple[str, ...]:
    """The bids whose hands the deal records: its own bid's alone (the module docstring)."""
    assert deal.contract is not None
    return (deal.contract.bid or BIDS[0],)


@dataclass
class BidChoices:
    """The best contract for the declarer (``best``) and every one evaluated (``choices``,
    in the order asked), with what the search cost; ``complete`` False when interrupted.
    ``not_judged``: the bids whose hands are unknown, none of them among the choices."""

    declarer: str
    choices: list[BidChoice] = field(default_factory=list)
    not_judged: tuple[str, ...] = ()
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
        not_judged = {"bids": list(self.not_judged), "reason": NOT_RECORDED} if self.not_judged else None
        return {
            "declarer": self.declarer, "best": None if best is None else best.to_json(),
            "choices": [choice.to_json() for choice in self.choices], "not_judged": not_judged,
            "complete": self.complete, "nodes": self.nodes, "seconds": self.seconds,
        }


def best_announcements(
    deal: Deal, *, front: bool = False, progress: Progress | None = None, table_bytes: int = DEFAULT_TABLE_BYTES,
) -> BidChoices:
    """The declarer's best trump and arrivázs for each bid that can be judged, and the
    best of them, by double-dummy score (the module). NotApplicable with ``front``
    (Asszorti has no front round); ValueError without a declarer. Ctrl-C returns what was
    evaluated, marked incomplete."""
    if front:
        raise NotApplicable("asszorti has no announcements from the front (drop --front)")
    if deal.declarer is None or deal.contract is None:
        raise NotApplicable("best announcements need a deal with a declarer")
    spec = deal.game
    strains = [*spec.pack.suits, "NT"]
    bids = judged_bids(deal)
    total = len(strains) * len(bids) * 2
    found = BidChoices(deal.declarer, not_judged=tuple(bid for bid in BIDS if bid not in bids))
    try:
        if progress is not None:
            progress(0, total)
        for strain in strains:
            plain = replace(
                deal, contract=spec.parse_contract(strain), figures={}, front={}, kontra={}, play=[], play_leader=None,
            )
            solver = Solver(plain, table_bytes=table_bytes)  # one per strain: its tricks value serves each bid
            for bid in bids:
                for arrivazs in (False, True):
                    found.choices.append(BidChoice(bid, strain, arrivazs, solver.value(Score(bid, arrivazs))))
                    if progress is not None:
                        progress(len(found.choices), total)
            found.nodes += solver.stats.nodes
            found.seconds += solver.stats.seconds
    except KeyboardInterrupt:
        found.complete = False
    return found


ANALYSES = GameAnalyses(
    best_announcements=best_announcements, double_dummy_scores=double_dummy_scores, actual_scores=actual_scores,
    cases=cases,
)
"""The game's own analyses (:meth:`~alsos_solver.games.base.Game.analyses`)."""
