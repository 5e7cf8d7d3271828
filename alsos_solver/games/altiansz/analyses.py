"""Altiansz's own analyses: the best contract to declare, and the scores.

Rules (seed 004 'Contracts', 'Scoring', 'Klopitzky'):

* The contracts rank in the order of the bidding, solo lowest, volát highest
  (:data:`~alsos_solver.games.altiansz.rules.CONTRACTS`). The best contract to declare is the
  highest one the declarer can make with all hands open, in any trump suit, no-trump, or
  betli: :func:`best_announcements` asks the declarer's row of the contract table.
* Scores: 'If a declarer succeeds in a contract they score +1 point, if they fail they
  score -1'; the defenders score nothing. 'In a klopitzky hand the winners (if any) score
  +1 point each': the seats with the fewest card points, nobody when all three tie. The
  scores are not payments between the seats and need not sum to zero.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...analysis.scores import DECLARER, ItemScore, Scores
from ...analysis.table import contract_deal
from ...deal import Deal
from ...errors import NotApplicable
from ...questions import Setting
from ...rules import Kind
from ...solve import solve
from ...solver import DEFAULT_TABLE_BYTES
from ..base import GameAnalyses
from .cases import cases
from .questions import ContractMade, KlopitzkyWin
from .rules import CONTRACTS

Progress = Callable[[int, int], object]
CONTRACT_VALUE = 1
"""What a contract scores: +1 made, -1 failed; a klopitzky winner +1."""


@dataclass
class ContractChoice:
    """The declarer's best contract: ``best`` the highest contract he can make (its tokens,
    one per strain where it is made; empty when he can make none), ``makeable`` the
    contracts he can make in each strain (``M`` .. ``NT``), ascending, and ``betli``."""

    declarer: str
    best: list[str]
    makeable: dict[str, list[str]]
    betli: bool | None
    complete: bool = True
    nodes: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict:
        return {
            "declarer": self.declarer, "best": list(self.best), "contracts": dict(self.makeable), "betli": self.betli,
            "complete": self.complete, "nodes": self.nodes, "seconds": self.seconds,
        }


def best_announcements(
    deal: Deal, *, front: bool = False, progress: Progress | None = None, table_bytes: int = DEFAULT_TABLE_BYTES,
) -> ContractChoice:
    """The highest contract the deal's declarer can make (see the module): each strain and
    betli solved once for him. NotApplicable with ``front`` (Altiansz has no front
    announcements) or without a declarer. Ctrl-C returns what was found, incomplete."""
    if front:
        raise NotApplicable("altiansz has no announcements from the front")
    if deal.declarer is None:
        raise NotApplicable("the best contract needs a deal with a declarer")
    spec = deal.game
    tokens = spec.table_contracts(deal.options)
    choice = ContractChoice(deal.declarer, [], {}, None)
    try:
        for done, token in enumerate(tokens):
            if progress is not None:
                progress(done, len(tokens))
            contract = spec.parse_contract(token)
            result = solve(contract_deal(deal, contract, deal.declarer), table_bytes=table_bytes)
            choice.nodes += result.nodes
            choice.seconds += result.seconds
            if contract.kind is Kind.BETLI:
                choice.betli = result.betli
            else:
                strain = token.split()[-1]
                choice.makeable[strain] = [name for name, made in result.contracts.items() if made]
    except KeyboardInterrupt:
        choice.complete = False
    made = [(CONTRACTS.index(name), f"{name} {strain}") for strain, names in choice.makeable.items() for name in names]
    if choice.betli:
        made.append((CONTRACTS.index("betli"), "betli"))
    top = max((rank for rank, _ in made), default=None)
    choice.best = [token for rank, token in made if rank == top]
    return choice


@dataclass(frozen=True)
class KlopitzkyScore(ItemScore):
    """Klopitzky as played: ``winners`` each score +1 (none when all three tie)."""

    winners: tuple[str, ...] = field(default=())

    def to_json(self) -> dict:
        return super().to_json() | {"winners": list(self.winners)}

    def outcome(self) -> str:
        """``B wins``, ``A C win``, ``nobody wins``."""
        return f"{' '.join(self.winners)} win{'s' if len(self.winners) == 1 else ''}" if self.winners else "nobody wins"


def contract_scores(deal: Deal, made: bool) -> Scores:
    """The declarer's contract: +1 made, -1 failed, for him alone."""
    assert deal.contract is not None and deal.declarer is not None
    value = CONTRACT_VALUE if made else -CONTRACT_VALUE
    item = ItemScore(item=deal.contract.name or "", side=DECLARER, made=made, base=CONTRACT_VALUE, front=False, kontra="",
                     value=value, scorer=DECLARER)
    return scores_of(deal, item, {seat: 0 for seat in deal.game.active} | {deal.declarer: value})


def scores_of(deal: Deal, item: ItemScore, slate: dict[str, int]) -> Scores:
    """The scores with one item; each seat's net is its slate (nothing is paid)."""
    assert deal.contract is not None
    return Scores(deal.game.contract_token(deal.contract), deal.declarer, [item], slate, dict(slate))


def _check(deal: Deal) -> None:
    if deal.contract is None:
        raise NotApplicable("scoring needs a deal with a contract")
    deal.check()


def double_dummy_scores(deal: Deal, *, table_bytes: int = DEFAULT_TABLE_BYTES) -> Scores:
    """The declarer's +1 or -1 with all hands open (:func:`~alsos_solver.solve.solve`'s
    ``made``, ``betli``). Klopitzky has none: every seat plays for itself (ValueError)."""
    _check(deal)
    assert deal.contract is not None
    if deal.contract.kind is Kind.KLOPITZKY:
        raise NotApplicable("klopitzky has no double-dummy score: every seat plays for itself (the double-dummy result says who can win)")
    result = solve(deal, table_bytes=table_bytes)
    return contract_scores(deal, bool(result.betli if deal.contract.kind is Kind.BETLI else result.made))


def actual_scores(deal: Deal) -> Scores:
    """The scores of the deal as played: the contract (its ``achieved`` on the finished
    Play section) or klopitzky's winners. The play must be complete; a betli may stop once
    the declarer has won a trick (seed 004: 'the play can be terminated early ... if the
    result of the hand is already certain'). ValueError otherwise."""
    _check(deal)
    assert deal.contract is not None
    setting, end, spec = Setting.of(deal), deal.played_position(), deal.game
    kind = deal.contract.kind
    betli_lost = kind is Kind.BETLI and end.tricks_won[setting.declarer] > 0
    if not end.is_over and not betli_lost:
        total = len(spec.active) * spec.hand_size
        raise NotApplicable(f"actual scores need a complete Play section: {len(deal.play)} of {total} cards played")
    if kind is Kind.KLOPITZKY:
        winners = tuple(seat for s, seat in enumerate(spec.active) if KlopitzkyWin(s).achieved(setting, end))
        slate = {seat: CONTRACT_VALUE if seat in winners else 0 for seat in spec.active}
        item = KlopitzkyScore(item="klopitzky", side=None, made=None, base=CONTRACT_VALUE, front=False, kontra="",
                              value=CONTRACT_VALUE, scorer="winners" if winners else None, winners=winners)
        return scores_of(deal, item, slate)
    assert deal.contract.name is not None
    return contract_scores(deal, ContractMade(deal.contract.name).achieved(setting, end))


ANALYSES = GameAnalyses(
    best_announcements=best_announcements, double_dummy_scores=double_dummy_scores, actual_scores=actual_scores,
    cases=cases,
)
"""The game's own analyses (:meth:`~alsos_solver.games.base.Game.analyses`)."""
