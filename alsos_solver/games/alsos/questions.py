"""The questions of the Alsós games (three-, two- and four-player): the game, its defeat,
every figure, betli, klopitzky. What they ask of a contract, and the words that name them,
are :mod:`.question_set`'s.

Rules: rules-notes 'Game' and 'Figures'. A defender's figure counts in his own tricks with
his partner helping (team = both defenders), except kassza, which is side-based.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import HUNGARIAN, Card, CardSet
from ...deal import Deal
from ...errors import NotApplicable
from ...position import Position
from ...questions.base import (
    SEAT_LETTERS, Count, Goal, Question, Setting, _coef, _none, both, check_seat, points_decided, seat_index, totals,
)
from ...rules import Kind
from .figures import HELD, POINT_THRESHOLDS, TRICKS_BEFORE_LAST, allowed, canonical, threshold, trick_card


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




def check_alsos(question: Question, setting: Setting) -> None:
    """NotApplicable when the deal is not of an Alsós game, the games that read the
    ``Front`` tag (these are their questions)."""
    if not setting.deal.game.takes("Front"):
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
