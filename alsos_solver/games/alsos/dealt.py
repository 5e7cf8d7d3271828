"""The deal as dealt (``Dealt``, ``Indicator``, ``TalonTop``): its checks, and the hands of
``Deal`` reachable from it by the trump exchange (rules-notes 'The talon and the trump
exchange'; :mod:`.talon`)."""

from __future__ import annotations

from ...deal import Deal, Problem
from ...rules import Kind
from .talon import exchange_card, exchanged_hand, siber_allowed, siber_pool, swap_allowed


def dealt_problems(deal: Deal) -> list[Problem]:
    """The deal as dealt: all three tags, hands of the right size, no card twice, and
    Deal's hands reachable from it by keeping, the 7 (8) swap or síber."""
    parts = {"Dealt": deal.dealt, "Indicator": deal.indicator, "TalonTop": deal.talon_top}
    given = [tag for tag, value in parts.items() if value is not None]
    if not given:
        return []
    if len(given) < 3:
        missing = [tag for tag in parts if tag not in given]
        return [Problem(given[0], f"{' and '.join(given)} without {' and '.join(missing)}: the deal as dealt needs Dealt, Indicator and TalonTop together")]
    pack = deal.pack
    assert deal.dealt is not None and deal.indicator is not None and deal.talon_top is not None
    found, seen = deal.hand_problems(deal.dealt, "Dealt", "is dealt")
    for tag, card in (("Indicator", deal.indicator), ("TalonTop", deal.talon_top)):
        if not 0 <= card < pack.size:
            found.append(Problem(tag, f"unknown card {card!r}"))
        elif seen >> card & 1:
            found.append(Problem(tag, f"{tag} card {pack.card_name(card)} is also in a Dealt hand"))
    if deal.indicator == deal.talon_top:
        found.append(Problem("TalonTop", f"TalonTop is the indicator card {pack.card_name(deal.indicator)}"))
    if not found:
        found += exchange_problems(deal)
    return found


def exchange_problems(deal: Deal) -> list[Problem]:
    """Deal's hands from Dealt's: unchanged, or the exchanger's by the swap or síber."""
    assert deal.dealt is not None and deal.indicator is not None and deal.talon_top is not None
    game, pack = deal.game, deal.pack
    changed = [seat for seat in game.seats if deal.hands.get(seat, 0) != deal.dealt.get(seat, 0)]
    if not changed:
        return []
    trump = pack.suit_of(deal.indicator)
    if deal.contract is not None and (deal.contract.kind is not Kind.TRUMP or deal.contract.trump != trump):
        return [Problem("Dealt", f"the hands of Deal differ from Dealt (seat {' '.join(changed)}), but there is no trump exchange: the trumps are not the indicator's suit {pack.suits[trump]}")]
    card = exchange_card(pack, deal.indicator, deal.talon_top)
    holder = next((s for s in game.active if card is not None and deal.dealt.get(s, 0) >> card & 1), None)
    if holder is None or changed != [holder]:
        who = "nobody holds it" if holder is None else f"{holder} holds it"
        what = "the trump 7 and 8 are both face up" if card is None else f"only the holder of {pack.card_name(card)} may exchange, {who}"
        return [Problem("Dealt", f"the hands of Deal cannot come from Dealt by a trump exchange ({what}); changed: seat {' '.join(changed)}")]
    before, after = deal.dealt[holder], deal.hands[holder]
    swap = swap_allowed(pack, card)
    if swap and after == exchanged_hand(before, card, deal.indicator):
        return []
    if siber_allowed(pack, deal.indicator, deal.talon_top):
        pool = siber_pool(pack, deal.dealt, card, deal.indicator, deal.talon_top)
        if after & ~pool == 0 and not (pool & ~after) & pack.suit_mask(trump) and after.bit_count() == game.hand_size:
            return []
    ways = ["keeping"]
    if swap:
        ways.append(f"swapping {pack.card_name(card)} for the indicator {pack.card_name(deal.indicator)}")
    if siber_allowed(pack, deal.indicator, deal.talon_top):
        ways.append(f"síber giving up {pack.card_name(card)} and discarding four non-trumps")
    only_seven = "" if swap else "; only the trump 7 is swapped for the indicator, the holder of the 8 may only síber"
    return [Problem("Dealt", f"seat {holder}'s hand in Deal cannot come from Dealt by a trump exchange ({', '.join(ways)}){only_seven}")]
