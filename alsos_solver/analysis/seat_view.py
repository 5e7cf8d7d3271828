"""A seat's view at one of its decisions in a deal's Play section, and whether a layout of
the unseen cards is consistent with it (the layouts themselves: :mod:`.layouts`).

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

What the rules make public besides the play (each a check of a layout,
:meth:`SeatView.admits`, and where cheap cards fixed before the layouts are dealt):

* the melds declared at the first trick (:func:`declared_melds`): a seat declares
  immediately before it plays its card to the first trick (seed 003 'First Trick', seed 004
  'Melds'), so the declarations of the seats that played to the first trick before this
  decision are public, all of them from the second trick on. A declaration names the
  kind and size of each meld, not its cards (003: 'terc', 'kvart', 'vannak'; 004: 'a kvart
  and a terc'). A layout must give each of those seats exactly the declared melds of the
  kinds it declares (all kinds without a ``Melds`` tag: the solver's reading; with one, only
  the kinds its entry names, so undeclared melds may be there);
* what an announcement requires (the game's ``figure_problems``: the ultimó announcer
  holds the trump 7, the Eight's the trump 8, the declarer's kassza béla): a layout must
  make the announcements as sound as the real deal makes them; a card kept back by an
  announcement (:meth:`~alsos_solver.deal.Deal.holds`) is fixed to its holder until he
  plays it (:func:`held_for_announcements`);
* the seat's own discards (:func:`own_discards`), where the deal records the deal as dealt;
* what else the seat knew (``--where``, ``--fix``: :func:`with_fixes`, ``where``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from ..cards import Card, CardSet, cards_of
from ..deal import Deal
from ..dealer import FixError, parse_fix
from ..melds import Meld
from ..position import IllegalPlay
from ..predicates import Context, Expression

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
    showed out of; ``declarers``: the seats whose meld declarations are public;
    ``where``: a condition in the predicate language (docs/predicates.md) every layout
    meets."""

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
    declarers: tuple[str, ...] = ()
    where: str | None = None

    @property
    def places(self) -> list[str]:
        """The places that take unseen cards, in a fixed order."""
        return [place for place, size in self.capacity.items() if size > 0]

    def admits(self, layout: Deal) -> bool:
        """Whether a layout agrees with what the rules made public and with ``where``
        (the module; the play itself is :func:`consistent`'s)."""
        if any(declared_melds(layout, seat) != heard for seat, heard in self.declarations.items()):
            return False
        if any(self.deal.game.figure_problems(layout, seat, names) for seat, names in self.sound_figures.items()):
            return False
        return self.where is None or bool(self.condition(layout))

    @cached_property
    def declarations(self) -> dict[str, list[tuple[str, int]]]:
        """Seat -> what it declared (:func:`declared_melds`), for the other seats in
        ``declarers``."""
        return {seat: declared_melds(self.deal, seat) for seat in self.declarers if seat != self.seat}

    @cached_property
    def sound_figures(self) -> dict[str, tuple[str, ...]]:
        """Seat -> its announced figures, for the seats whose announcements the real deal
        makes soundly (a layout must too)."""
        deal = self.deal
        return {seat: names for seat, names in deal.figures.items()
                if names and not deal.game.figure_problems(deal, seat, names)}

    @cached_property
    def condition(self) -> Callable[[Deal], Any]:
        """``where`` bound to the deal's game, contract and declarer; PredicateError if it
        cannot be read."""
        assert self.where is not None
        context = Context.of_deal(self.deal)
        bound = Expression.parse(self.where, want="bool").bind(context)
        return lambda layout: bound.of_deal(layout, context)


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


def declared_melds(deal: Deal, seat: str) -> list[tuple[str, int]]:
    """What ``seat`` declares at the first trick, as the rules let others hear it: the kind
    and number of cards of each meld it declares (the module), sorted."""
    return sorted((meld.kind, meld.cards.bit_count()) for meld in melds_declared(deal, seat))


def melds_declared(deal: Deal, seat: str) -> list[Meld]:
    """The melds ``seat`` declares. Asked of the game with the seat's hand alone, so that
    no contest hides a meld: the melds that then score are those the contract and the
    seat's ``Melds`` entry let it declare."""
    alone = replace(deal, hands={s: cards if s == seat else 0 for s, cards in deal.hands.items()})
    return [meld for meld in deal.game.melds(alone).held_by(seat) if meld.scores]


def forced_meld_cards(deal: Deal, seat: str, possible: CardSet) -> CardSet:
    """The cards of ``seat``'s declared melds it holds in every layout: those of a declared
    meld that is the only meld of its kind the cards it may hold (``possible``) form, and as
    large (a declared béla: the trump King and Over)."""
    assert deal.contract is not None
    formable = deal.game.hand_melds(possible, deal.contract, deal.options)
    forced = 0
    for meld in melds_declared(deal, seat):
        same = [other.cards for other in formable if other.kind == meld.kind]
        if same == [meld.cards]:
            forced |= meld.cards
    return forced


def meld_declarers(events: tuple[Event, ...], seats: int) -> tuple[str, ...]:
    """The seats whose declarations are public after ``events``: those that played to the
    first trick (each declares just before its card: the module)."""
    return tuple(event.seat for event in events[:seats])


def held_for_announcements(deal: Deal) -> dict[str, CardSet]:
    """Seat -> the cards its announcements keep back (:meth:`~alsos_solver.deal.Deal.holds`:
    the ultimó announcer's trump 7), which the announcement tells everyone he holds."""
    held: dict[str, CardSet] = {}
    for card in deal.holds():
        seat = next(s for s, cards in deal.hands.items() if cards >> card & 1)
        held[seat] = held.get(seat, 0) | 1 << card
    return held


def own_discards(deal: Deal, seat: str) -> CardSet:
    """The talon cards ``seat`` knows, where the deal records the deal as dealt (``Dealt``):
    the cards dealt to it that it no longer holds at the first lead lie in the talon (the
    trump exchange puts them there: docs/rules.md 'The trump exchange'); and a seat that
    took a card that lay hidden when dealt took the whole hidden talon (síber) and put
    every talon card there itself."""
    if deal.dealt is None:
        return 0
    talon = hidden_talon(deal)
    dealt_hidden = deal.pack.full & ~sum(deal.dealt.values()) & ~(1 << deal.indicator) & ~(1 << deal.talon_top)
    if deal.hands[seat] & dealt_hidden:
        return talon
    return talon & deal.dealt[seat] & ~deal.hands[seat]


def seat_view(deal: Deal, seat: str, after: int, *, fixes: Sequence[str] = (), where: str | None = None) -> SeatView:
    """The view of ``seat`` after ``after`` cards of the Play section (see the module),
    with ``fixes`` (``A:PU``, as :func:`~alsos_solver.dealer.parse_fix` reads them) and
    ``where`` added. ValueError for an unknown seat or a count beyond the Play section;
    FixError for a fix that cannot be read or contradicts the view."""
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
    talon = hidden_talon(deal)
    public = dict(face_up(deal))
    for place, cards in held_for_announcements(deal).items():
        public[place] = public.get(place, 0) | cards
    public[TALON] = public.get(TALON, 0) | own_discards(deal, seat)
    all_played = sum(played.values())
    fixed = {place: cards & ~all_played for place, cards in public.items() if place != seat and cards & ~all_played}
    known = hand | all_played | sum(fixed.values())
    unseen = (deal.in_play | talon) & ~known
    sizes = {s: deal.hands[s].bit_count() - played[s].bit_count() for s in active if s != seat}
    if talon:
        sizes[TALON] = talon.bit_count()
    excluded = exclusions(deal, events, unseen)
    fixed = with_fixes(deal, seat, fixes, fixed, unseen, played, excluded)
    unseen &= ~sum(fixed.values())
    declarers = meld_declarers(events, len(active))
    for other in declarers:
        if other != seat:
            possible = played[other] | fixed.get(other, 0) | unseen & ~excluded.get(other, 0)
            forced = forced_meld_cards(deal, other, possible) & unseen
            if forced:
                fixed[other] = fixed.get(other, 0) | forced
                unseen &= ~forced
    capacity = {place: size - fixed.get(place, 0).bit_count() for place, size in sizes.items()}
    return SeatView(deal, seat, after, hand, events, fixed, unseen, capacity,
                    {place: cards & unseen for place, cards in excluded.items()}, shown_voids(deal, events),
                    declarers, where)


def with_fixes(deal: Deal, seat: str, fixes: Sequence[str], fixed: dict[str, CardSet], unseen: CardSet,
               played: dict[str, CardSet], excluded: dict[str, CardSet]) -> dict[str, CardSet]:
    """``fixed`` with the cards of ``fixes`` added where they are not played yet; FixError
    for a fix that cannot be read, names a card the view puts elsewhere (seen, played by
    another seat, ruled out by the play) or the deal does (what the seat knew is true; so
    no place gets more cards than it has left). A ``+N`` count is not needed and ignored."""
    result, free = dict(fixed), unseen
    for text in fixes:
        fix = parse_fix(text, deal.game)
        place = fix.place
        if place == seat:
            stranger = fix.cards & ~deal.hands[seat]
        else:
            stranger = fix.cards & ~played.get(place, 0) & ~result.get(place, 0) & ~(free & ~excluded.get(place, 0))
        elsewhere = fix.cards & ~(hidden_talon(deal) if place == TALON else deal.hands[place])
        if stranger or elsewhere:
            names = " ".join(deal.pack.card_name(card) for card in cards_of(stranger or elsewhere))
            why = f"contradicts what {seat} sees" if stranger else "is false in the deal"
            raise FixError(f"fix {text!r}: {why}: {names} cannot lie with {place}")
        if place != seat:
            result[place] = result.get(place, 0) | fix.cards & free
            free &= ~fix.cards
    return result


def consistent(layout: Deal, after: int) -> bool:
    """Whether the first ``after`` cards of the Play section are legal in the layout."""
    position = layout.position()
    try:
        for card in layout.play[:after]:
            position.push(card)
    except IllegalPlay:
        return False
    return True
