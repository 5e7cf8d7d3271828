"""The trump exchange choices of a deal, double-dummy: keep, swap the 7, or síber.

Needs the deal as dealt (``Dealt``, ``Indicator``, ``TalonTop``, see docs/format.md) and
the deal's ``Contract`` and ``Declarer``. Rules (rules-notes 'Trump exchange', seed 003
'Trump Exchange'): only when the trumps are the indicator's suit (the original suit
accepted), the holder of the trump 7 (of the trump 8 if the 7 is one of the two face-up
cards) may

* keep his hand (``keep``);
* give the 7 for the indicator (``swap``; only the 7: the holder of the 8 acts only by
  síber, when the 7 is face up);
* síber (``siber``), if the face-up top card of the talon is a trump or an ace: give the
  7 (8), take both face-up cards and the three hidden talon cards (13 cards) and discard
  four, no trumps; the discards count for nobody.

Each option is a :class:`~alsos_solver.deal.Deal` (the hands after it, ``Talon`` the other
cards, the Play section dropped) answered like :func:`~alsos_solver.solve.solve` answers the
declarer's questions: the most card points the declarer can force, whether he wins the game,
and which of his figures he can make. The best option for the holder: if he is the
declarer, the game won first, then the most declarer points; if he is a defender, the
option worst for the declarer by the same order. Ties go to the earlier option (keep, swap,
then the discards in card order).

Every síber discard is evaluated, C(n, 4) of them for the n non-trumps of the 13 cards (up
to 495): discards are not merged as equivalent, since melds, card points and trick order
make even two small cards of a suit differ in ways not proven irrelevant. An option whose
deal is unsound (an announced ultimó or nyolcas of the holder needs the card he would give
up) is listed in ``excluded`` with the reason, not evaluated. The evaluation reports
``progress(done, total)`` and stops cleanly at KeyboardInterrupt, returning the options
finished (``complete`` False).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ...cards import Card, CardSet, cards_of
from ...deal import Deal
from ...errors import NotApplicable
from ...progress import Progress
from ...rules import Kind
from ...solver import DEFAULT_TABLE_BYTES, Solver
from .talon import exchange_card, exchanged_hand, hidden_talon, siber_allowed, siber_pool, swap_allowed


KEEP, SWAP, SIBER = "keep", "swap", "siber"


@dataclass(frozen=True)
class ExchangeOption:
    """One choice: ``kind`` (keep / swap / siber), the síber ``discard``, the resulting
    deal, and the declarer's double-dummy answers on it (``figures``: the declarer's
    allowed figures -> makeable; empty when not asked)."""

    kind: str
    discard: tuple[Card, ...]
    deal: Deal
    declarer_points: int
    game: bool
    figures: dict[str, bool] = field(default_factory=dict)

    @property
    def key(self) -> tuple[bool, int]:
        """The order of options for the declarer: the game first, then his points."""
        return self.game, self.declarer_points

    def to_json(self, holder: str | None) -> dict:
        pack = self.deal.pack
        data: dict = {"option": self.kind, "discard": [pack.card_name(c) for c in self.discard]}
        if holder is not None:
            data["hand"] = pack.hand_name(self.deal.hands[holder])
        data.update(declarer_points=self.declarer_points, game=self.game, figures=dict(self.figures))
        return data


@dataclass(frozen=True)
class Excluded:
    """An option not evaluated, and why."""

    kind: str
    discard: tuple[Card, ...]
    reason: str


@dataclass
class ExchangeOptions:
    """The exchange choices of a deal: who chooses (``holder``, the seat holding ``card``,
    the trump 7 or 8; None if it is in the hidden talon or both are face up), whether síber
    is allowed, the options evaluated (in order), the index of the best (None if none), and
    ``complete`` (False when interrupted; ``total`` is the number of options)."""

    deal: Deal
    holder: str | None
    card: Card | None
    siber: bool
    options: list[ExchangeOption]
    excluded: list[Excluded]
    total: int
    complete: bool
    best: int | None
    note: str = ""

    @property
    def chooser(self) -> str | None:
        if self.holder is None:
            return None
        return "declarer" if self.holder == self.deal.declarer else "defender"

    def to_json(self) -> dict:
        pack = self.deal.pack
        return {
            "holder": self.holder,
            "card": None if self.card is None else pack.card_name(self.card),
            "chooser": self.chooser,
            "siber": self.siber,
            "note": self.note,
            "options": [option.to_json(self.holder) for option in self.options],
            "excluded": [
                {"option": e.kind, "discard": [pack.card_name(c) for c in e.discard], "reason": e.reason}
                for e in self.excluded
            ],
            "best": self.best,
            "total": self.total,
            "complete": self.complete,
        }

    def lines(self) -> list[str]:
        deal, pack = self.deal, self.deal.pack
        assert deal.indicator is not None and deal.talon_top is not None
        trump = pack.suit_names[pack.suit_of(deal.indicator)]
        head = f"Trump exchange ({trump} indicator {pack.card_name(deal.indicator)}, talon top {pack.card_name(deal.talon_top)})"
        result = [head + ":"]
        if self.note:
            result.append("  " + self.note)
        if self.holder is not None and self.card is not None:
            result.append(
                f"  {self.holder} ({self.chooser}) holds {pack.card_name(self.card)}; "
                + ("síber allowed" if self.siber else "no síber (the talon top is neither a trump nor an ace)")
            )
        for index, option in enumerate(self.options):
            mark = "*" if index == self.best else " "
            label = self._label(option.kind, option.discard)
            made = [name for name, can in option.figures.items() if can]
            figures = f"  figures: {' '.join(made)}" if made else ""
            result.append(
                f"{mark} {label:<28} declarer points {option.declarer_points:>3}  game {'won' if option.game else 'lost'}{figures}"
            )
        for excluded in self.excluded:
            result.append(f"  {self._label(excluded.kind, excluded.discard):<28} not evaluated: {excluded.reason}")
        done = len(self.options) + len(self.excluded)
        result.append(f"{done} of {self.total} options" + ("" if self.complete else " (interrupted)"))
        return result

    def _label(self, kind: str, discard: tuple[Card, ...]) -> str:
        pack = self.deal.pack
        if kind == SWAP and self.card is not None and self.deal.indicator is not None:
            return f"swap {pack.card_name(self.card)} for {pack.card_name(self.deal.indicator)}"
        if kind == SIBER:
            return "siber, discard " + " ".join(pack.card_name(c) for c in discard)
        return kind


def exchange_options(
    deal: Deal,
    progress: Progress | None = None,
    *,
    figures: bool = True,
    table_bytes: int = DEFAULT_TABLE_BYTES,
) -> ExchangeOptions:
    """Evaluate every exchange choice of the deal (see the module docstring).

    ``figures``: also ask which of the declarer's figures he can make on each option (the
    slower part). ValueError if the deal lacks Dealt / Indicator / TalonTop, a contract or
    a declarer, or has problems."""
    _check(deal)
    assert deal.dealt is not None and deal.indicator is not None and deal.talon_top is not None
    pack = deal.pack
    trump = pack.suit_of(deal.indicator)
    card = exchange_card(pack, deal.indicator, deal.talon_top)
    holder = next((s for s in deal.game.active if card is not None and deal.dealt[s] >> card & 1), None)
    siber = siber_allowed(pack, deal.indicator, deal.talon_top)
    candidates: list[tuple[str, tuple[Card, ...]]] = [(KEEP, ())]
    note = ""
    assert deal.contract is not None
    if deal.contract.kind is not Kind.TRUMP or deal.contract.trump != trump:
        note = f"no exchange: the trumps are not the indicator's suit ({deal.pack.suit_names[trump]})"
        holder, siber = None, False
    elif card is None:
        note = "no exchange: the trump 7 and 8 are both face up"
    elif holder is None:
        note = f"no exchange: {pack.card_name(card)} is in the hidden talon"
        siber = False
    elif not swap_allowed(pack, card) and not siber:
        note = f"no exchange: the trump 7 is face up, and the holder of {pack.card_name(card)} may only síber, which the talon top does not allow"
        holder = None
    else:
        if swap_allowed(pack, card):
            candidates.append((SWAP, ()))
        if siber:
            pool = siber_pool(pack, deal.dealt, card, deal.indicator, deal.talon_top)
            plain = [c for c in cards_of(pool) if pack.suit_of(c) != trump]
            candidates += [(SIBER, discard) for discard in itertools.combinations(plain, 4)]
    result = ExchangeOptions(deal, holder, card, siber, [], [], len(candidates), False, None, note)
    try:
        if progress is not None:
            progress(0, len(candidates))
        for done, (kind, discard) in enumerate(candidates, 1):
            option_deal = _option_deal(deal, kind, discard, holder, card)
            problems = option_deal.problems()
            if problems:
                result.excluded.append(Excluded(kind, discard, problems[0].message))
            else:
                result.options.append(_evaluate(option_deal, kind, discard, figures, table_bytes))
            if progress is not None:
                progress(done, len(candidates))
    except KeyboardInterrupt:
        pass
    else:
        result.complete = True
    result.best = _best(result.options, holder is not None and holder != deal.declarer)
    return result


def _check(deal: Deal) -> None:
    if deal.dealt is None or deal.indicator is None or deal.talon_top is None:
        raise NotApplicable("the exchange analysis needs the deal as dealt: Dealt, Indicator and TalonTop")
    if deal.contract is None or deal.declarer is None:
        raise NotApplicable("the exchange analysis needs a Contract and its Declarer")
    deal.check()


def _option_deal(deal: Deal, kind: str, discard: tuple[Card, ...], holder: str | None, card: Card | None) -> Deal:
    """The deal after the option: the hands, the talon of the other cards, no play."""
    assert deal.dealt is not None and deal.indicator is not None and deal.talon_top is not None
    pack = deal.pack
    hands = dict(deal.dealt)
    face_up = (1 << deal.indicator) | (1 << deal.talon_top)
    talon: CardSet = face_up | hidden_talon(pack, deal.dealt, deal.indicator, deal.talon_top)
    if kind != KEEP:
        assert holder is not None and card is not None
        if kind == SWAP:
            hands[holder] = exchanged_hand(deal.dealt[holder], card, deal.indicator)
            talon = talon & ~(1 << deal.indicator) | 1 << card
        else:
            dropped = sum(1 << c for c in discard)
            hands[holder] = siber_pool(pack, deal.dealt, card, deal.indicator, deal.talon_top) & ~dropped
            talon = dropped | 1 << card
    return replace(deal, hands=hands, talon=talon, play=[], play_leader=None)


def _evaluate(deal: Deal, kind: str, discard: tuple[Card, ...], figures: bool, table_bytes: int) -> ExchangeOption:
    """The declarer's questions of the game's question set, as :func:`solve` asks them:
    his points, his figures (with ``figures``), the game."""
    solver = Solver(deal, table_bytes=table_bytes)
    answers: dict[tuple[str, ...], int | bool] = {}
    for ask in deal.game.questions.question_set(solver.setting):
        if ask.seat == deal.declarer and (figures or ask.path[0] != "figures"):
            answers[ask.path] = solver.answer(ask.question)
    made = {path[-1]: bool(value) for path, value in answers.items() if path[0] == "figures"}
    return ExchangeOption(kind, discard, deal, int(answers["declarer_points",]), bool(answers["game",]), made)


def _best(options: list[ExchangeOption], for_defenders: bool) -> int | None:
    """The index of the best option: highest (game, points) for the declarer, lowest for
    a defender; the earlier option on a tie."""
    best: int | None = None
    for index, option in enumerate(options):
        if best is None:
            best = index
        elif (option.key < options[best].key) if for_defenders else (option.key > options[best].key):
            best = index
    return best
