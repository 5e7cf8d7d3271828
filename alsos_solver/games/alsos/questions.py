"""The questions of the Alsós games (three-, two- and four-player): the game, its defeat,
every figure, betli, klopitzky; and :class:`AlsosQuestions`, what they ask of a contract.

Rules: rules-notes 'Game' and 'Figures'. A defender's figure counts in his own tricks with
his partner helping (team = both defenders), except kassza, which is side-based.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...answers import GameQuestions
from ...cards import HUNGARIAN, Card, CardSet
from ...deal import Deal
from ...errors import NotApplicable
from ...melds import MeldChoice
from ...position import Position
from ...questions.base import (
    SEAT_LETTERS, Ask, Count, DeclarerPoints, Goal, Item, Question, Setting, Together, _coef, _none, both,
    check_seat, points_decided, seat_index, totals,
)
from ...questions.specs import parse_seat
from ...rules import Kind
from ...solve import Answer, SolveResult
from .figures import (
    HELD, POINT_THRESHOLDS, TRICKS_BEFORE_LAST, allowed, allowed_figures, canonical, not_allowed_reason, threshold,
    trick_card,
)

if TYPE_CHECKING:
    from ...solver import Solver

@dataclass(frozen=True)
class GameWon(Question):
    """The declarer's total strictly above each defender's own total (a tie loses)."""

    key = "game"

    def spec(self) -> str:
        return self.key

    def check(self, setting: Setting) -> None:
        check_point_game(self, setting)

    def team(self, setting: Setting) -> frozenset[int]:
        return frozenset([setting.declarer])

    def negation(self) -> Question:
        return GameDefeated()

    def build(self, setting: Setting, goal: Goal) -> None:
        goal.require_any(self.outcome(setting, goal, True))

    def outcome(self, setting: Setting, goal: Goal, made: bool) -> list[dict[int, int]]:
        """The game won (``made``) or defeated, as terms over ``goal``'s coordinates: won,
        D - E_k >= 1 for every defender k, totals with melds; defeated, E_k - D >= 0 for
        some k."""
        dec, n = setting.declarer, setting.seats
        if made:
            return [both(*(goal.literal(1, _coef(n, dec, k), _coef(n, dec, k)) for k in setting.defenders))]
        return [goal.literal(0, _coef(n, k, dec), _coef(n, k, dec)) for k in setting.defenders]

    def achieved(self, setting: Setting, end: Position) -> bool:
        total = totals(setting, end)
        return all(total[setting.declarer] > total[k] for k in setting.defenders)

    def decided(self, setting: Setting, values: dict[int, int], total: int) -> bool | None:
        """From the declarer's value V. Under the meld choice m the game needs
        D - E_k >= t_k = m_k - m_D + 1 for each defender k. Won: the declarer can take V,
        and then each defender has at most total - V, so 2V - total >= t_k for all k
        suffices, under every choice. Lost: the defenders can hold the declarer to V, and
        the conditions summed need (n)D - total >= sum t_k, where n is the number of
        seats; if (n)V - total falls short under one choice, the defenders make that
        choice and no line wins."""
        dec = setting.declarer
        if dec not in values:
            return None
        value = values[dec]
        needs = [[melds[k] - melds[dec] + 1 for k in setting.defenders] for melds in setting.meld_choices]
        if all(2 * value - total >= t for choice in needs for t in choice):
            return True
        if any(setting.seats * value - total < sum(choice) for choice in needs):
            return False
        return None


@dataclass(frozen=True)
class GameDefeated(GameWon):
    """Some defender's total at least the declarer's: the defenders' kassza condition
    (the game's other side: its check and spec)."""

    key = "game_defeated"

    def spec(self) -> str:
        return "defeat"

    def team(self, setting: Setting) -> frozenset[int]:
        return frozenset(setting.defenders)

    def negation(self) -> Question:
        return GameWon()

    def build(self, setting: Setting, goal: Goal) -> None:
        goal.require_any(self.outcome(setting, goal, False))

    def achieved(self, setting: Setting, end: Position) -> bool:
        return not super().achieved(setting, end)

    def decided(self, setting: Setting, values: dict[int, int], total: int) -> bool | None:
        won = super().decided(setting, values, total)
        return None if won is None else not won


def game_cap(setting: Setting, defender: int, total: int) -> int:
    """The card points a defender cannot reach when the declarer wins the game. Under a
    meld choice c the declarer's line keeps D + m_D(c) > E + m_E(c), and D <= total - E,
    so 2E < total + m_D(c) - m_E(c); the declarer's line for any one choice holds, so the
    least of these over the choices counts."""
    dec = setting.declarer
    least = min(melds[dec] - melds[defender] for melds in setting.meld_choices)
    return (total + least + 1) // 2


def volat_decided(setting: Setting, seat: int, values: dict[int, int], total: int) -> bool | None:
    """Volát from values found (see :meth:`Question.decided`): every trick gives ``seat``
    every point, so his value below ``total`` loses it; and points come only with tricks,
    so a seat of the other side that can force a point takes a trick from him."""
    if values.get(seat, total) < total:
        return False
    if any(value > 0 for other, value in values.items() if other not in setting.side(seat)):
        return False
    return None


_SCORE = re.compile(r"score(?:\s*>=\s*(-?\d+))?")
CAPTURE_FIGURES = {"tuletroa": "U97", "csalad": "AKO", "osszes_adu": "U9AXKO"}


@dataclass(frozen=True)
class FigureMade(Question):
    """A figure (file name, see :mod:`.figures`) made by ``seat`` as its announcer."""

    seat: int
    figure: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", seat_index(self.seat))
        object.__setattr__(self, "figure", canonical(self.figure))

    def check(self, setting: Setting) -> None:
        check_alsos(self, setting)
        check_seat(self.seat, setting)
        reason = setting.deal.game.allows_figure(self.figure, setting.contract, setting.deal.options)
        if reason is not None:
            raise NotApplicable(f"{self.spec()}: {reason}")

    @property
    def key(self) -> str:  # type: ignore[override]
        return self.figure

    def spec(self) -> str:
        return f"{SEAT_LETTERS[self.seat]}:{self.figure}"

    def team(self, setting: Setting) -> frozenset[int]:
        if self.figure == "kassza" and self.seat != setting.declarer:
            return frozenset(setting.defenders)
        return setting.side(self.seat)

    def _threshold(self, setting: Setting) -> int:
        return threshold(self.figure, setting.contract, setting.deal.options)

    def _targets(self, setting: Setting) -> CardSet:
        if self.figure == "negyvennegy":
            return sum(1 << HUNGARIAN.card(s, 0) for s in range(4))
        return sum(1 << setting.trump_card(r) for r in CAPTURE_FIGURES[self.figure])

    def _trick_card(self, setting: Setting) -> tuple[int, Card]:
        assert setting.contract.trump is not None
        return setting.last_trick - TRICKS_BEFORE_LAST[self.figure], trick_card(self.figure, setting.contract.trump)

    def possible(self, setting: Setting) -> bool:
        name, seat = self.figure, self.seat
        if not allowed(name, setting.contract, setting.deal.options):
            return False
        if name == "kassza":
            if seat == setting.declarer:
                return setting.holds_bela(seat)
            return any(setting.holds_bela(k) for k in setting.defenders)
        if name == "negyvennegy" or name in CAPTURE_FIGURES:
            return setting.in_play(self._targets(setting))
        if name in TRICKS_BEFORE_LAST:
            return bool(setting.hands[seat] >> self._trick_card(setting)[1] & 1)
        return True

    def holds(self, setting: Setting) -> dict[Card, int]:
        if self.figure in HELD and self.possible(setting):
            trick, card = self._trick_card(setting)
            return {card: trick}
        return {}

    def build(self, setting: Setting, goal: Goal) -> None:
        name, seat, n = self.figure, self.seat, setting.seats
        if name == "kassza":
            (GameWon() if seat == setting.declarer else GameDefeated()).build(setting, goal)
        elif name in POINT_THRESHOLDS:
            melds = _coef(n, plus=seat) if name == "ketszaz" else _none(n)
            goal.require(goal.literal(self._threshold(setting), _coef(n, plus=seat), melds))
        elif name == "negyvennegy" or name in CAPTURE_FIGURES:
            goal.capture[seat] = goal.capture.get(seat, 0) | self._targets(setting)
        elif name in TRICKS_BEFORE_LAST:
            goal.specials.append((seat, *self._trick_card(setting)))
        elif name == "volat":
            goal.win_all = goal.win_all | {seat}
        else:
            raise ValueError(f"unknown figure {name!r}")

    def outcome(self, setting: Setting, goal: Goal, made: bool) -> list[dict[int, int]]:
        """The figure made (``made``) or failed, as terms over ``goal``'s coordinates: what
        :meth:`build` asks, a hard constraint counted card by card (:class:`Count`) so
        that it can be asked against too. A coordinate x at least t fails as -x at least
        1 - t."""
        name, seat, n = self.figure, self.seat, setting.seats
        if not self.possible(setting):
            return [] if made else [{}]
        if name == "kassza":
            return GameWon().outcome(setting, goal, made == (seat == setting.declarer))
        own = _coef(n, plus=seat) if made else _coef(n, minus=seat)
        if name in POINT_THRESHOLDS:
            needed, melds = self._threshold(setting), own if name == "ketszaz" else _none(n)
            return [goal.literal(needed if made else 1 - needed, own, melds)]
        if name == "negyvennegy" or name in CAPTURE_FIGURES:
            targets = self._targets(setting)
            needed, d = targets.bit_count(), goal.dim(_none(n), _none(n), count=Count(targets, own))
        elif name in TRICKS_BEFORE_LAST:
            trick, card = self._trick_card(setting)
            needed, d = 1, goal.dim(_none(n), _none(n), count=Count(1 << card, own, trick))
        elif name == "volat":
            needed, d = setting.last_trick + 1, goal.dim(_none(n), own)
        else:
            raise ValueError(f"unknown figure {name!r}")
        return [{d: needed if made else 1 - needed}]

    def decided(self, setting: Setting, values: dict[int, int], total: int) -> bool | None:
        name, seat = self.figure, self.seat
        if name == "kassza":
            return (GameWon() if seat == setting.declarer else GameDefeated()).decided(setting, values, total)
        if name in POINT_THRESHOLDS:
            offset = setting.melds_for(seat, self.team(setting)) if name == "ketszaz" else 0
            return points_decided(setting, seat, self._threshold(setting) - offset, values, total)
        if name == "volat":
            return volat_decided(setting, seat, values, total)
        return None

    def achieved(self, setting: Setting, end: Position) -> bool:
        name, seat = self.figure, self.seat
        if not self.possible(setting):
            return False
        if name == "kassza":
            return (GameWon() if seat == setting.declarer else GameDefeated()).achieved(setting, end)
        if name == "ketszaz":
            return end.points[seat] + setting.melds[seat] >= self._threshold(setting)
        if name in POINT_THRESHOLDS:
            return end.points[seat] >= self._threshold(setting)
        if name == "negyvennegy" or name in CAPTURE_FIGURES:
            taken = sum(1 << c for t, w in zip(end.tricks, end.winners) if w == seat for c in t.cards)
            return self._targets(setting) & taken == self._targets(setting)
        if name in TRICKS_BEFORE_LAST:
            trick, card = self._trick_card(setting)
            return end.winners[trick] == seat and card in end.tricks[trick].cards
        if name == "volat":
            return all(w == seat for w in end.winners)
        raise ValueError(f"unknown figure {name!r}")


@dataclass(frozen=True)
class BetliMade(Question):
    """Betli: the declarer wins no trick."""

    key = "betli"

    def spec(self) -> str:
        return self.key

    def check(self, setting: Setting) -> None:
        check_kind(self, setting, Kind.BETLI)

    def team(self, setting: Setting) -> frozenset[int]:
        return frozenset([setting.declarer])

    def negation(self) -> Question:
        return BetliDefeated()

    def build(self, setting: Setting, goal: Goal) -> None:
        goal.win_none = goal.win_none | {setting.declarer}

    def achieved(self, setting: Setting, end: Position) -> bool:
        return end.tricks_won[setting.declarer] == 0

    def outcome(self, setting: Setting, goal: Goal, made: bool) -> list[dict[int, int]]:
        """The betli made (``made``: minus the declarer's tricks at least 0) or beaten (his
        tricks at least 1), as terms over ``goal``'s coordinates."""
        n, dec = setting.seats, setting.declarer
        return [{goal.dim(_none(n), _coef(n, minus=dec)): 0}] if made else [{goal.dim(_none(n), _coef(n, plus=dec)): 1}]


@dataclass(frozen=True)
class BetliDefeated(BetliMade):
    """The defenders beat the betli: the declarer wins a trick (``defeat`` in a betli)."""

    key = "betli_defeated"

    def team(self, setting: Setting) -> frozenset[int]:
        return frozenset(setting.defenders)

    def negation(self) -> Question:
        return BetliMade()

    def build(self, setting: Setting, goal: Goal) -> None:
        goal.require_any(self.outcome(setting, goal, False))

    def achieved(self, setting: Setting, end: Position) -> bool:
        return not super().achieved(setting, end)


@dataclass(frozen=True)
class KlopitzkySafe(Question):
    """Klopitzky, paranoid: ``seat`` avoids paying against the other two playing together.

    The most tricks pays (4-4-1: both with 4 pay); 3-3-3 scores nothing (rules-notes)."""

    seat: int
    key = "klopitzky_safe"

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", seat_index(self.seat))

    def check(self, setting: Setting) -> None:
        check_kind(self, setting, Kind.KLOPITZKY)
        check_seat(self.seat, setting)

    def spec(self) -> str:
        return f"klopitzky:{SEAT_LETTERS[self.seat]}"

    def team(self, setting: Setting) -> frozenset[int]:
        return frozenset([self.seat])

    def build(self, setting: Setting, goal: Goal) -> None:
        n = setting.seats
        dims = [goal.dim(_none(n), _coef(n, k, self.seat)) for k in range(n) if k != self.seat]
        goal.require_any([{d: 1} for d in dims] + [{d: 0 for d in dims}])

    def achieved(self, setting: Setting, end: Position) -> bool:
        mine = end.tricks_won[self.seat]
        others = [t for k, t in enumerate(end.tricks_won) if k != self.seat]
        return any(t > mine for t in others) or all(t == mine for t in others)




class AlsosResult(SolveResult):
    """An Alsós result: ``declarer_points`` and ``game`` in trump and no-trump games,
    ``figures`` (seat -> figure -> makeable by that seat as announcer) where figures are
    allowed, ``announced`` (the figures of the Figures tag), ``announced_together`` (each
    side's announced items in one line of play), ``concession`` (where the defenders' meld
    concession is a choice: whether it changes the game), ``betli``, ``klopitzky_safe``
    (seat -> can avoid paying against the other two). Every answer counts the defenders'
    meld concessions as part of best resistance."""

    declarer_points: Answer[int] = Answer()
    game: Answer[bool] = Answer()
    figures: Answer[dict[str, dict[str, bool]]] = Answer()
    announced: Answer[dict[str, dict[str, bool]]] = Answer()
    announced_together: Answer[dict[str, bool]] = Answer()
    betli: Answer[bool] = Answer()
    klopitzky_safe: Answer[dict[str, bool]] = Answer()
    concession: Answer[dict[str, Any]] = Answer()


class AlsosQuestions(GameQuestions):
    """What the Alsós games ask of a contract (:meth:`question_set`):

    * trump and no-trump games: the declarer's points, the game, then every allowed figure
      for every seat as its announcer (the declarer first; the point figures first, so that
      questions on one coordinate come back to back and share the core's table; some follow
      from the game, :meth:`implied`); then
      (:meth:`derived`) each announced figure again, each side's announced items together
      (the declarer's with the game, the defenders' with its defeat) and whether the
      defenders' meld concession changes the game;
    * betli: the betli; klopitzky: each seat avoiding paying.
    """

    result_type = AlsosResult
    expected = (
        "declarer_points, game, game_defeated, defeat, betli, betli_defeated, klopitzky:SEAT, SEAT:FIGURE, "
        "score, score>=N, points:SEAT>=N or together:ITEM+ITEM..."
    )
    table_keys = ("declarer_points", "game", "figures", "betli")
    table_once_keys = ("klopitzky_safe",)

    def question_set(self, setting: Setting) -> list[Ask]:
        contract, seats = setting.contract, setting.deal.game.active
        if contract.kind is Kind.BETLI:
            return [Ask(("betli",), "betli", BetliMade(), seats[setting.declarer])]
        if contract.kind is Kind.KLOPITZKY:
            return [Ask(("klopitzky_safe", seats[s]), "klopitzky_safe", KlopitzkySafe(s), seats[s]) for s in range(setting.seats)]
        declarer = setting.declarer
        names = sorted(allowed_figures(contract, setting.deal.options), key=lambda n: n not in POINT_THRESHOLDS)
        asks = [
            Ask(("declarer_points",), "declarer_points", DeclarerPoints(), seats[declarer]),
            Ask(("game",), "game", GameWon(), seats[declarer]),
        ]
        for s in (declarer, *setting.defenders):
            asks += [Ask(("figures", seats[s], name), name, FigureMade(s, name), seats[s]) for name in names]
        return asks

    def implied(self, ask: Ask, solver: Solver, found: dict[str, Any]) -> Any:
        """A figure's answer that the game, asked before the figures, gives:

        * kassza is the game for the declarer and its defeat for a defender (where he may
          announce it);
        * a won game holds each defender below :func:`game_cap` (half the points, moved
          by the melds), so his point figures from there up are lost."""
        question, game = ask.question, found.get("game")
        if not isinstance(question, FigureMade) or game is None:
            return None
        setting, name, seat = solver.setting, question.figure, question.seat
        if name == "kassza" and question.possible(setting):
            return game if seat == setting.declarer else not game
        if game and seat != setting.declarer and name in POINT_THRESHOLDS and name != "ketszaz":
            needed = threshold(name, setting.contract, setting.deal.options)
            return False if needed >= game_cap(setting, seat, solver.total_points) else None
        return None

    def derived(self, solver: Solver, answers: dict[str, Any]) -> dict[str, Any]:
        if "figures" not in answers:
            return {"announced": {}, "announced_together": {}}
        deal, seats = solver.deal, solver.deal.game.active
        figures = {seat: answers["figures"][seat] for seat in seats}  # in seat order
        found: dict[str, Any] = {
            "figures": figures,
            "announced": {seat: {name: figures[seat][name] for name in names} for seat, names in deal.figures.items()},
            "announced_together": announced_together(solver),
        }
        concession = concession_note(solver, answers["game"])
        if concession is not None:
            found["concession"] = concession
        return found

    def items(self, deal: Deal) -> list[Item]:
        if deal.contract is None:
            raise NotApplicable("a deal without a contract has no items")
        active, kind = deal.game.active, deal.contract.kind
        items: list[Item] = []
        if kind is Kind.KLOPITZKY:
            items += [Item(f"{seat} klopitzky", seat, "klopitzky", KlopitzkySafe(active.index(seat))) for seat in active]
        elif deal.declarer is not None and deal.contract.is_point_game:
            items.append(Item(f"{deal.declarer} game", deal.declarer, "game", GameWon()))
        elif deal.declarer is not None and kind is Kind.BETLI:
            items.append(Item(f"{deal.declarer} betli", deal.declarer, "betli", BetliMade()))
        for seat in active:
            for name in deal.figures.get(seat, ()):
                items.append(Item(f"{seat} {name}", seat, name, FigureMade(active.index(seat), name)))
        return items

    def parse(self, spec: str, deal: Deal) -> Question:
        text = spec.strip()
        lower = text.lower()
        contract = deal.contract
        assert contract is not None
        if lower == "game":
            need_point_game(text, deal)
            return GameWon()
        if lower == "defeat" and contract.kind is Kind.BETLI or lower == "betli_defeated":
            need_kind(text, deal, Kind.BETLI)
            return BetliDefeated()
        if lower in ("game_defeated", "defeat"):
            need_point_game(text, deal)
            return GameDefeated()
        if lower == "betli":
            need_kind(text, deal, Kind.BETLI)
            return BetliMade()
        score = _SCORE.fullmatch(lower)
        if score:
            from .net_score import Score, ScoreAtLeast  # built on this module's items

            return Score() if score.group(1) is None else ScoreAtLeast(int(score.group(1)))
        if ":" in text:
            head, _, tail = text.partition(":")
            if head.strip().lower() == "klopitzky":
                need_kind(text, deal, Kind.KLOPITZKY)
                return KlopitzkySafe(parse_seat(tail, deal))
            seat = parse_seat(head, deal)
            name = canonical(tail.strip())
            if not allowed(name, contract, deal.options):
                raise NotApplicable(f"question {spec!r}: {not_allowed_reason(name, contract, deal.options)}")
            return FigureMade(seat, name)
        raise ValueError(f"unknown question {spec!r} (expected {self.expected})")

    def default(self, deal: Deal, to_move: int) -> Question:
        """declarer_points in trump and no-trump games, betli in betli, klopitzky for the
        seat to move in klopitzky."""
        assert deal.contract is not None
        if deal.contract.is_point_game:
            return DeclarerPoints()
        if deal.contract.kind is Kind.BETLI:
            return BetliMade()
        return KlopitzkySafe(to_move)

    def points_need(self, deal: Deal) -> str | None:
        """Points questions (``declarer_points``, ``points:SEAT>=N``) fit trump and no-trump
        games."""
        return None if deal.contract is not None and deal.contract.is_point_game else "a trump or no-trump game"


def check_alsos(question: Question, setting: Setting) -> None:
    """NotApplicable when the deal is not of an Alsós game (these are their questions)."""
    if not isinstance(setting.deal.game.questions, AlsosQuestions):
        raise NotApplicable(f"{question.spec()} is a question of the Alsós games, not of {setting.deal.game}")


def check_kind(question: Question, setting: Setting, kind: Kind) -> None:
    """NotApplicable unless the deal is an Alsós deal with a contract of that kind."""
    check_alsos(question, setting)
    if setting.contract.kind is not kind:
        token = setting.deal.game.contract_token(setting.contract)
        raise NotApplicable(f"{question.spec()} needs a {kind.name} contract, the contract is {token}")


def check_point_game(question: Question, setting: Setting) -> None:
    """NotApplicable unless the deal is an Alsós trump or no-trump game with a declarer."""
    check_alsos(question, setting)
    if not setting.contract.is_point_game or setting.declarer is None:
        token = setting.deal.game.contract_token(setting.contract)
        raise NotApplicable(f"{question.spec()} needs a trump or no-trump game with a declarer, the contract is {token}")


def need_point_game(spec: str, deal: Deal) -> None:
    assert deal.contract is not None
    if not deal.contract.is_point_game:
        raise NotApplicable(f"question {spec!r} needs a trump or no-trump game, the contract is {deal.game.contract_token(deal.contract)}")


def need_kind(spec: str, deal: Deal, kind: Kind) -> None:
    assert deal.contract is not None
    if deal.contract.kind is not kind:
        raise NotApplicable(f"question {spec!r} needs a {kind.name} contract, the contract is {deal.game.contract_token(deal.contract)}")


def announced_together(solver: Solver) -> dict[str, bool]:
    """Each side's announced items in one line: the declarer's figures with the game, the
    defenders' figures with defeating the game (asked where a side has figures)."""
    deal, setting, seats = solver.deal, solver.setting, solver.deal.game.active
    sides: dict[str, list[Question]] = {"declarer": [GameWon()], "defenders": [GameDefeated()]}
    for seat, names in deal.figures.items():
        s = seats.index(seat)
        side = "declarer" if s == setting.declarer else "defenders"
        sides[side] += [FigureMade(s, name) for name in names]
    return {side: solver.ask(Together(tuple(items))) for side, items in sides.items() if len(items) > 1}


def concession_note(solver: Solver, game: bool) -> dict[str, object] | None:
    """Where the defenders have a meld choice: ``{"game_if_all_declare", "changes_game",
    "choice"}``, ``choice`` naming a concession that alone defeats the game when there is
    one (else the defenders choose after seeing the first trick). Each choice is asked on
    ``solver`` with it made (:meth:`~alsos_solver.solver.Solver.fix_melds`: the deal with
    the defenders' declarations so fixed has that choice's melds and no choice left), and
    the choice is left open again after. ``game`` is the game's answer with the choice
    open, as ``solver`` asks it.

    No choice is asked when declaring everything is the one choice the defenders may want
    against the game (every other starts the declarer no lower, :meth:`Goal.shifts`):
    the game with everything declared is then the game itself."""
    choices = solver.meld_choices
    if len(choices) == 1:
        return None
    goal = GameWon().goal(solver.setting)
    if goal.shifts() == [goal.start(choices[0].points)]:
        return {"game_if_all_declare": game, "changes_game": False, "choice": None}

    def won_with(choice: MeldChoice) -> bool:
        solver.fix_melds(choice.points)
        return solver.ask(GameWon())

    try:
        all_declare = won_with(choices[0])
        beating = None
        if all_declare and not game:
            beating = next((choice.describe() for choice in choices[1:] if not won_with(choice)), None)
    finally:
        solver.fix_melds(None)
    return {"game_if_all_declare": all_declare, "changes_game": all_declare != game, "choice": beating}


QUESTIONS = AlsosQuestions()
