"""The double-dummy answer for a deal and its contract: every question, in one result."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace

from .deal import Deal
from .figures import POINT_THRESHOLDS, allowed_figures
from .melds import MeldChoice, meld_choices
from .objectives import BetliMade, FigureMade, GameDefeated, GameWon, KlopitzkySafe, Question, Together
from .rules import Kind
from .solver import DEFAULT_TABLE_BYTES, Solver


@dataclass
class SolveResult:
    """What a deal holds with all hands open and best play by everyone.

    Keys are present (not None) when the contract has them: ``declarer_points`` and
    ``game`` in trump and no-trump games, ``figures`` (seat -> figure -> makeable by that
    seat as announcer) where figures are allowed, ``betli`` in betli, ``klopitzky_safe``
    (seat -> can avoid paying against the other two) in klopitzky. ``announced`` repeats
    the figures of the Figures tag; ``announced_together`` says whether each side can make
    all its announced items in one line of play (the declarer's with the game, the
    defenders' with defeating it).

    Every answer counts the defenders' meld concessions as part of best resistance
    (:func:`~alsos_solver.melds.meld_choices`); ``melds`` is what each seat scores when
    every seat declares all it may. Where the defenders have such a choice,
    ``concession`` says whether it changes the game: ``{"game_if_all_declare": bool,
    "changes_game": bool, "choice": str or None}``, ``choice`` naming a concession that
    alone defeats the game when there is one (else the defenders choose after seeing the
    first trick)."""

    contract: str
    declarer: str | None
    melds: dict[str, int]
    declarer_points: int | None = None
    game: bool | None = None
    figures: dict[str, dict[str, bool]] | None = None
    announced: dict[str, dict[str, bool]] = field(default_factory=dict)
    announced_together: dict[str, bool] = field(default_factory=dict)
    betli: bool | None = None
    klopitzky_safe: dict[str, bool] | None = None
    concession: dict[str, object] | None = None
    nodes: int = 0
    seconds: float = 0.0
    table_bytes: int = 0

    def to_json(self) -> dict:
        """The result as JSON-ready data, without the keys the contract does not have."""
        return {k: v for k, v in asdict(self).items() if v is not None}


def solve(deal: Deal, *, after: int = 0, table_bytes: int = DEFAULT_TABLE_BYTES) -> SolveResult:
    """Answer every question of the deal's contract (after ``after`` cards of its play).

    ValueError if the deal has no contract."""
    if deal.contract is None:
        raise ValueError("solve needs a deal with a contract")
    solver = Solver(deal, after=after, table_bytes=table_bytes)
    setting, seats = solver.setting, deal.spec.active
    result = SolveResult(
        contract=deal.spec.contract_token(deal.contract),
        declarer=deal.declarer,
        melds=dict(zip(seats, setting.melds)),
        table_bytes=solver.table_bytes,
    )
    kind = deal.contract.kind
    if deal.contract.is_point_game:
        declarer = setting.declarer
        result.declarer_points = solver.value(declarer)
        # Questions on one coordinate back to back: they share the core's table.
        names = sorted(allowed_figures(deal.contract, deal.options), key=lambda n: n not in POINT_THRESHOLDS)
        order = [declarer] + list(setting.defenders)
        figures = {s: {name: solver.ask(FigureMade(s, name)) for name in names} for s in order}
        result.game = solver.ask(GameWon())
        result.figures = {seats[s]: figures[s] for s in range(setting.seats)}
        result.announced = {
            seat: {name: result.figures[seat][name] for name in names_}
            for seat, names_ in deal.figures.items()
        }
        result.announced_together = _together(deal, solver)
        result.concession = _concession(deal, result.game, table_bytes)
    elif kind is Kind.BETLI:
        result.betli = solver.ask(BetliMade())
    elif kind is Kind.KLOPITZKY:
        result.klopitzky_safe = {seats[s]: solver.ask(KlopitzkySafe(s)) for s in range(setting.seats)}
    result.nodes, result.seconds = solver.stats.nodes, solver.stats.seconds
    return result


def _together(deal: Deal, solver: Solver) -> dict[str, bool]:
    """Each side's announced items in one line: the declarer's figures with the game, the
    defenders' figures with defeating the game."""
    setting, seats = solver.setting, deal.spec.active
    sides: dict[str, list[Question]] = {"declarer": [GameWon()], "defenders": [GameDefeated()]}
    for seat, names in deal.figures.items():
        s = seats.index(seat)
        side = "declarer" if s == setting.declarer else "defenders"
        sides[side] += [FigureMade(s, name) for name in names]
    return {side: solver.ask(Together(tuple(items))) for side, items in sides.items() if len(items) > 1}


def _concession(deal: Deal, game: bool, table_bytes: int) -> dict[str, object] | None:
    """Whether the defenders' meld choice changes the game (see :class:`SolveResult`)."""
    choices = meld_choices(deal)
    if len(choices) == 1:
        return None

    def won_with(choice: MeldChoice) -> bool:
        return Solver(replace(deal, declared=choice.declared(deal)), table_bytes=table_bytes).ask(GameWon())

    all_declare = won_with(choices[0])
    beating = None
    if all_declare and not game:
        beating = next((choice.describe() for choice in choices[1:] if not won_with(choice)), None)
    return {"game_if_all_declare": all_declare, "changes_game": all_declare != game, "choice": beating}
