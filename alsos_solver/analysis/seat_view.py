"""A seat's view at one of its decisions in a deal's Play section, and the layouts of the
unseen cards consistent with it.

The view (:func:`seat_view`) at the decision after ``after`` cards of the Play section:

* the seat's current hand, and every card played so far with the seat that played it;
* the face-up cards the deal records (``Indicator``, ``TalonTop``: docs/format.md), each
  fixed where it lies at the first lead, unless it was played already;
* the contract, the declarer, the announced figures and kontras (copied from the deal:
  every layout keeps them);
* what the play revealed (:func:`exclusions`).

Inference rule (the duties of play, docs/rules.md, 'Following and trumping'; the deal's
own :class:`~alsos_solver.rules.trick.TrickRules`, so no game is named here): a player who
played card ``c`` to a trick holds no card ``x`` such that ``c`` would be illegal from the
hand ``{c, x}``. The duties only narrow the legal cards as a hand grows (follow suit; when
void, trump if the rules have trumps; with ``must_beat``, beat the led suit's highest),
so no larger hand makes ``c`` legal either. In particular:

* who did not follow suit is void in the led suit;
* who neither followed nor trumped, in a contract whose rules force trumping (``trump`` is
  not None), is void in trumps as well;
* under ``must_beat`` (seed of Altiansz betli) who followed without beating holds no
  higher card of the led suit.

Cards kept back by an announcement (``holds``: ultimó, the Eight) only remove legal cards,
so they do not weaken the rule. Each layout is also replayed through the rules
(:func:`consistent`), so anything the holds reveal beyond the rule is respected too.

Not in the view yet (issue 30): the melds declared at the first trick, the holding an
announcement requires (the ultimó announcer's trump 7), the declarer's own discards,
``--where`` and ``--fix``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, CardSet, cards_of
from ..deal import Deal
from ..position import IllegalPlay

TALON = "talon"
"""The place of the hidden talon cards."""


@dataclass(frozen=True)
class Event:
    """One card of the Play section: who played it, and the trick's cards before it."""

    seat: str
    card: Card
    trick: tuple[Card, ...]


@dataclass(frozen=True)
class SeatView:
    """What ``seat`` knows after ``after`` cards of the Play section.

    ``hand``: its current hand; ``events``: the cards played so far; ``fixed``: place ->
    cards known to lie there and not played yet (face-up cards); ``unseen``: every other card
    still hidden; ``capacity``: place -> how many unseen cards it takes; ``excluded``: place
    -> unseen cards it cannot hold (:func:`exclusions`); ``voids``: seat -> suit letters it
    showed out of."""

    deal: Deal
    seat: str
    after: int
    hand: CardSet
    events: tuple[Event, ...]
    fixed: dict[str, CardSet]
    unseen: CardSet
    capacity: dict[str, int]
    excluded: dict[str, CardSet]
    voids: dict[str, str]

    @property
    def places(self) -> list[str]:
        """The places that take unseen cards, in a fixed order."""
        return [place for place, size in self.capacity.items() if size > 0]


def play_events(deal: Deal, after: int) -> tuple[Event, ...]:
    """The first ``after`` cards of the Play section with their players and tricks so far;
    IllegalPlay if they break the rules."""
    position = deal.position()
    active = deal.game.active
    events = []
    for card in deal.play[:after]:
        trick = tuple(position.trick.cards)
        events.append(Event(active[position.to_move], card, trick))
        position.push(card)
    return tuple(events)


def mover_at(deal: Deal, after: int) -> str:
    """The seat to move after ``after`` cards of the Play section."""
    position = deal.position()
    for card in deal.play[:after]:
        position.push(card)
    return deal.game.active[position.to_move]


def face_up(deal: Deal) -> dict[str, CardSet]:
    """The face-up cards the deal records (``Indicator``, ``TalonTop``) by the place they
    lie at the first lead: a seat, or the talon."""
    fixed: dict[str, CardSet] = {}
    for card in (deal.indicator, deal.talon_top):
        if card is None:
            continue
        place = next((s for s, cards in deal.hands.items() if cards >> card & 1), TALON)
        fixed[place] = fixed.get(place, 0) | 1 << card
    return fixed


def excludes(deal: Deal, event: Event, card: Card) -> bool:
    """Whether the player of ``event`` cannot have held ``card`` (the module's rule: the
    played card would be illegal from the hand of the two)."""
    hand = 1 << event.card | 1 << card
    return not deal.rules.legal(hand, list(event.trick)) >> event.card & 1


def exclusions(deal: Deal, events: tuple[Event, ...], unseen: CardSet) -> dict[str, CardSet]:
    """Seat -> the unseen cards the play shows it cannot hold (the module's rule)."""
    found: dict[str, CardSet] = {}
    for event in events:
        for card in list(cards_of(unseen)):
            if excludes(deal, event, card):
                found[event.seat] = found.get(event.seat, 0) | 1 << card
    return found


def shown_voids(deal: Deal, events: tuple[Event, ...]) -> dict[str, str]:
    """Seat -> the suit letters it showed out of: the led suit when it did not follow; the
    trump suit too when it neither followed nor trumped and the rules force trumping."""
    pack, trump = deal.pack, deal.rules.trump
    voids: dict[str, set[int]] = {}
    for event in events:
        if not event.trick:
            continue
        led, suit = pack.suit_of(event.trick[0]), pack.suit_of(event.card)
        if suit == led:
            continue
        voids.setdefault(event.seat, set()).add(led)
        if trump is not None and suit != trump:
            voids[event.seat].add(trump)
    return {seat: "".join(pack.suits[s] for s in sorted(suits)) for seat, suits in voids.items()}


def hidden_talon(deal: Deal) -> CardSet:
    """The talon's cards: the ``Talon`` tag's, else the rest of the pack (docs/format.md:
    the hidden talon cards are the rest of the pack)."""
    return deal.talon if deal.talon is not None else deal.pack.full & ~deal.in_play


def seat_view(deal: Deal, seat: str, after: int) -> SeatView:
    """The view of ``seat`` after ``after`` cards of the Play section (see the module).
    ValueError for an unknown seat or a count beyond the Play section."""
    active = deal.game.active
    if seat not in active:
        raise ValueError(f"unknown seat {seat!r} (expected one of {' '.join(active)})")
    if not 0 <= after <= len(deal.play):
        raise ValueError(f"after {after} cards, but the Play section holds {len(deal.play)}")
    events = play_events(deal, after)
    played = {s: 0 for s in active}
    for event in events:
        played[event.seat] |= 1 << event.card
    hand = deal.hands[seat] & ~played[seat]
    fixed = {place: cards & ~sum(played.values()) for place, cards in face_up(deal).items() if place != seat}
    known = hand | sum(played.values()) | sum(fixed.values())
    talon = hidden_talon(deal)
    unseen = (deal.in_play | talon) & ~known
    capacity = {s: deal.hands[s].bit_count() - played[s].bit_count() - fixed.get(s, 0).bit_count()
                for s in active if s != seat}
    if talon:
        capacity[TALON] = talon.bit_count() - fixed.get(TALON, 0).bit_count()
    return SeatView(deal, seat, after, hand, events, fixed, unseen, capacity,
                    exclusions(deal, events, unseen), shown_voids(deal, events))


def consistent(layout: Deal, after: int) -> bool:
    """Whether the first ``after`` cards of the Play section are legal in the layout."""
    position = layout.position()
    try:
        for card in layout.play[:after]:
            position.push(card)
    except IllegalPlay:
        return False
    return True
