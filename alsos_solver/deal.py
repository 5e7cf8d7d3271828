"""The deal: hands, talon, contract, declarer, announced figures, rule options, the play.

A :class:`Deal` is plain data; :meth:`Deal.problems` lists every way it breaks the rules
at once (python-chess style), and :meth:`Deal.position` starts the play from it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

from .cards import Card, CardSet, Pack
from .melds import MELD_KINDS
from .position import IllegalPlay, Position
from .rules import GAMES, AlsosOptions, Contract, GameSpec, Kind, TrickRules, game_spec
from .rules.games import DEFAULT_GAME
from .rules.exchange import exchange_card, exchanged_hand, siber_allowed, siber_pool, swap_allowed

KONTRA_NAMES = ("kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")
"""The kontra levels in order; each is said from the front (``f``) or the back (``b``)."""


@functools.cache
def trick_rules(game: str, contract: Contract, options: AlsosOptions) -> TrickRules:
    """A game's rules of trick play for a contract (immutable, so built once)."""
    return game_spec(game).trick_rules(contract, options)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a deal: the tag it is in, and a sentence for a person."""

    tag: str
    message: str
    play_index: int | None = None  # for a Play problem: the index of the offending card


@dataclass
class Deal:
    """A deal of one of the games (``game`` names it, see :mod:`.rules.games`).

    ``hands`` maps every seat of the game to its hand when the first card is led (after
    any exchange); ``declared`` overrides which meld kinds a seat declares (a seat not in
    it declares everything that scores); ``tags`` keeps other tags (Event, ...) in order.

    ``front`` lists, per seat, the announced figures (of ``figures``) said from the front
    (a figure not in it is from the back); ``kontra`` maps an item, ``'game'`` or
    ``'SEAT:figure'``, to its kontra levels in order, one letter each, ``f`` said from the
    front and ``b`` from the back (``'fb'``: kontra from the front, rekontra from the back).
    ``dealt``, ``indicator`` and ``talon_top`` (all three or none) are the deal as dealt,
    before any trump exchange: the hands, the face-up trump indicator and the face-up top
    card of the talon; the three hidden talon cards are the rest of the pack.
    ``main_line`` is a puzzle's main line (the trick lines after its ``Solution`` tag): the
    cards played after the Play section, legal in turn.
    """

    hands: dict[str, CardSet]
    game: str = DEFAULT_GAME
    dealer: str | None = None
    talon: CardSet | None = None
    contract: Contract | None = None
    declarer: str | None = None
    figures: dict[str, tuple[str, ...]] = field(default_factory=dict)
    options: AlsosOptions = field(default_factory=AlsosOptions)
    declared: dict[str, tuple[str, ...]] = field(default_factory=dict)
    play: list[Card] = field(default_factory=list)
    play_leader: str | None = None
    tags: dict[str, str] = field(default_factory=dict)
    front: dict[str, tuple[str, ...]] = field(default_factory=dict)
    kontra: dict[str, str] = field(default_factory=dict)
    dealt: dict[str, CardSet] | None = None
    indicator: Card | None = None
    talon_top: Card | None = None
    main_line: list[Card] = field(default_factory=list)

    def __str__(self) -> str:
        """The deal as the writer writes it (docs/format.md, 'What the writer writes'): its
        tag pairs and trick lines, cards in the format's notation. ValueError for a deal the
        writer cannot write (a tag name it could not read back)."""
        from .io.writer import dumps

        return dumps([self]).rstrip("\n")

    @property
    def spec(self) -> GameSpec:
        return game_spec(self.game)

    @property
    def pack(self) -> Pack:
        return self.spec.pack

    @property
    def rules(self) -> TrickRules:
        if self.contract is None:
            raise ValueError("the deal has no contract")
        return trick_rules(self.game, self.contract, self.options)

    @property
    def first_leader(self) -> str:
        if self.contract is None:
            raise ValueError("the deal has no contract")
        return self.spec.first_leader(self.contract, self.declarer, self.options)

    @property
    def active_hands(self) -> list[CardSet]:
        """The hands of the seats that play, in playing order."""
        return [self.hands.get(seat, 0) for seat in self.spec.active]

    @property
    def in_play(self) -> CardSet:
        result = 0
        for hand in self.hands.values():
            result |= hand
        return result

    def holds(self) -> dict[Card, int]:
        """Cards kept back by what was announced, each mapped to the trick (0-based) it is
        kept for: before it the holder may play it only when it is his only legal card,
        to it he must play it when the duties to follow and to trump allow (the game's
        :meth:`~alsos_solver.rules.game.GameSpec.holds`: ultimó, the Eight)."""
        return self.spec.holds(self)

    def position(self) -> Position:
        """The position at the first lead (the Play section is not applied)."""
        active = self.spec.active
        return Position(self.rules, self.active_hands, active.index(self.first_leader), self.holds())

    def played_position(self) -> Position:
        """The position after the Play section; IllegalPlay if it breaks the rules."""
        position = self.position()
        for card in self.play:
            position.push(card)
        return position

    def problems(self) -> list[Problem]:
        """Everything wrong with the deal, all at once; empty when it is sound."""
        spec, pack = self.spec, self.pack
        found, seen = self._hand_problems(self.hands, "Deal", "holds")
        if self.talon is not None:
            if self.talon & seen:
                twice = " ".join(pack.card_name(c) for c in range(pack.size) if (self.talon & seen) >> c & 1)
                found.append(Problem("Talon", f"talon card {twice} is also in a hand"))
            missing = pack.full & ~(seen | self.talon)
            if missing:
                names = " ".join(pack.card_name(c) for c in range(pack.size) if missing >> c & 1)
                found.append(Problem("Talon", f"hands and talon must make the pack; missing {names}"))
        if self.dealer is not None and self.dealer not in spec.seats:
            found.append(Problem("Dealer", f"unknown seat {self.dealer!r} (expected one of {' '.join(spec.seats)})"))
        elif self.dealer is not None and self.dealer != spec.default_dealer:
            found.append(Problem("Dealer", f"dealer {self.dealer} contradicts the seat convention: in {self.game} "
                                           f"{spec.default_dealer} deals, seats are named from the dealer "
                                           "(docs/format.md, 'Seats')"))
        found += self._contract_problems()
        found += self._announcement_problems()
        found += self._kontra_problems()
        found += self._dealt_problems()
        if not found and self.play:
            found += self._play_problems()
        return found

    def _hand_problems(self, hands: dict[str, CardSet], tag: str, verb: str) -> tuple[list[Problem], CardSet]:
        """Unknown seats, hands of the wrong size, cards twice; and every card in them."""
        spec, pack = self.spec, self.pack
        found = [
            Problem(tag, f"unknown seat {seat!r} (expected one of {' '.join(spec.seats)})")
            for seat in hands if seat not in spec.seats
        ]
        seen = 0
        for seat in spec.seats:
            hand = hands.get(seat, 0)
            size = spec.hand_size if seat in spec.active else 0
            if hand.bit_count() != size:
                found.append(Problem(tag, f"seat {seat} {verb} {hand.bit_count()} cards, expected {size}"))
            if hand & seen:
                twice = " ".join(pack.card_name(c) for c in range(pack.size) if (hand & seen) >> c & 1)
                found.append(Problem(tag, f"card {twice} dealt twice (again to seat {seat})"))
            seen |= hand
        return found, seen

    def _contract_problems(self) -> list[Problem]:
        spec, found = self.spec, []
        contract = self.contract
        if contract is not None and contract.has_declarer and self.declarer is None:
            found.append(Problem("Contract", f"contract {spec.contract_token(contract)} needs a Declarer tag"))
        if contract is None and self.declarer is not None:
            found.append(Problem("Declarer", f"Declarer {self.declarer} without a Contract (a declarer plays a contract)"))
        if contract is not None and not contract.has_declarer and self.declarer is not None:
            found.append(Problem("Declarer", f"contract {spec.contract_token(contract)} has no declarer, found {self.declarer}"))
        if self.declarer is not None and self.declarer not in spec.active:
            found.append(Problem("Declarer", f"unknown seat {self.declarer!r} (expected one of {' '.join(spec.active)})"))
        for seat, names in self.figures.items():
            if seat not in spec.active:
                found.append(Problem("Figures", f"unknown seat {seat!r} (expected one of {' '.join(spec.active)})"))
            for name in names:
                known = spec.figure_names()
                reason = None if contract is None or name not in known else spec.allows_figure(name, contract, self.options)
                if not known:
                    found.append(Problem("Figures", f"{self.game} has no figures (found {name})"))
                elif name not in known:
                    found.append(Problem("Figures", f"unknown figure {name!r} (expected one of {' '.join(known)})"))
                elif contract is None:
                    found.append(Problem("Figures", f"figure {name} needs a Contract"))
                elif reason is not None:
                    found.append(Problem("Figures", reason))
        if self.declared and not spec.has_melds:
            games = _games_where(lambda game: game.has_melds)
            found.append(Problem("Melds", f"{self.game} has no melds (the Melds tag is for {games})"))
        for seat, kinds in self.declared.items():
            if seat not in spec.active:
                found.append(Problem("Melds", f"unknown seat {seat!r} (expected one of {' '.join(spec.active)})"))
            for kind in kinds:
                if kind not in MELD_KINDS:
                    found.append(Problem("Melds", f"unknown meld kind {kind!r} (expected {', '.join(MELD_KINDS)} or none)"))
        if self.play and contract is None:
            found.append(Problem("Play", "a Play section needs a Contract"))
        return found

    def holds_bela(self, seat: str) -> bool:
        """The seat holds the trump King and Over at the first lead (trump games)."""
        if self.contract is None or self.contract.kind is not Kind.TRUMP:
            return False
        pack, trump = self.pack, self.contract.trump
        bela = sum(1 << pack.card(trump, pack.rank_index(rank)) for rank in "KO")
        return self.hands.get(seat, 0) & bela == bela

    def _announcement_problems(self) -> list[Problem]:
        """The game's rules of announcing, per seat
        (:meth:`~alsos_solver.rules.game.GameSpec.figure_problems`), and its own rules."""
        found = self.spec.rule_problems(self)
        known = self.spec.figure_names()
        for seat, names in self.figures.items():
            if self.contract is None or not set(names) <= set(known) or seat not in self.spec.active:
                continue  # reported by _contract_problems
            if any(self.spec.allows_figure(name, self.contract, self.options) for name in names):
                continue
            found += [Problem("Figures", message) for message in self.spec.figure_problems(self, seat, names)]
        return found

    def is_front(self, seat: str, name: str) -> bool:
        """Whether ``seat``'s figure ``name`` was announced from the front (the game may
        say so without the ``Front`` tag: :meth:`~alsos_solver.rules.game.GameSpec.is_front`)."""
        return self.spec.is_front(self, seat, name)

    def max_kontra(self) -> int:
        """The most kontra levels the game allows on one item (0: no kontras)."""
        return self.spec.max_kontra(self.options)

    def _kontra_problems(self) -> list[Problem]:
        """Front and Kontra: figures of the Figures tag, volát from the back only, kontra
        levels ``f``* then ``b``*, front kontras only on what was said from the front."""
        found: list[Problem] = []
        spec, contract = self.spec, self.contract
        if self.front and not spec.front_round:
            found.append(Problem("Front", f"{self.game} has no announcements from the front (the Front tag is for the Alsós games)"))
        if self.kontra and not self.max_kontra():
            found.append(Problem("Kontra", f"{self.game} has no kontras"))
        if found:
            return found
        for seat, names in self.front.items():
            if seat not in spec.active:
                found.append(Problem("Front", f"unknown seat {seat!r} (expected one of {' '.join(spec.active)})"))
                continue
            for index, name in enumerate(names):
                if name in names[:index]:
                    found.append(Problem("Front", f"{name} given twice for seat {seat}"))
                elif name not in self.figures.get(seat, ()):
                    found.append(Problem("Front", f"{seat}:{name} is in Front but not in Figures (a figure from the front must be announced)"))
                elif spec.front_problem(name):
                    found.append(Problem("Front", f"{seat}:{name} from the front: {spec.front_problem(name)}"))
        most = self.max_kontra()
        for item, levels in self.kontra.items():
            if not levels or set(levels) - {"f", "b"}:
                found.append(Problem("Kontra", f"kontra on {item}: expected levels as letters f (front) or b (back), found {levels!r}"))
                continue
            if "bf" in levels:
                found.append(Problem("Kontra", f"kontra on {item}: {levels!r} has a level from the front after one from the back"))
            if len(levels) > most:
                hint = "" if self.options.mordkontra or most == 2 else ' (mordkontra needs [Variant "mordkontra=on"])'
                found.append(Problem("Kontra", f"kontra on {item}: {len(levels)} levels, at most {most} ({', '.join(KONTRA_NAMES[:most])}){hint}"))
            if "f" in levels and not spec.front_round:
                found.append(Problem("Kontra", f"kontra on {item} from the front ({levels!r}): {self.game} has no announcements "
                                               "from the front, its kontras are from the back (b) only"))
                continue
            if item == "game":
                if contract is None:
                    found.append(Problem("Kontra", "kontra on the game needs a Contract"))
                elif contract.kind is Kind.KLOPITZKY:
                    found.append(Problem("Kontra", "klopitzky takes no kontra"))
                elif contract.kind is Kind.BETLI and "f" in levels:
                    found.append(Problem("Kontra", f"kontra on a betli from the front ({levels!r}): betli is bid with nine cards, its kontras are from the back (b) only"))
                continue
            seat, _, name = item.partition(":")
            if name not in self.figures.get(seat, ()):
                found.append(Problem("Kontra", f"kontra on {item}: not an announced figure (expected game or SEAT:figure of the Figures tag)"))
            elif "f" in levels and not self.is_front(seat, name):
                found.append(Problem("Kontra", f"kontra on {item} from the front ({levels!r}), but {item} is announced from the back (not in Front)"))
        return found

    def _dealt_problems(self) -> list[Problem]:
        """The deal as dealt: all three tags, hands of the right size, no card twice, and
        Deal's hands reachable from it by keeping, the 7 (8) swap or síber."""
        parts = {"Dealt": self.dealt, "Indicator": self.indicator, "TalonTop": self.talon_top}
        given = [tag for tag, value in parts.items() if value is not None]
        if not given:
            return []
        if len(given) < 3:
            missing = [tag for tag in parts if tag not in given]
            return [Problem(given[0], f"{' and '.join(given)} without {' and '.join(missing)}: the deal as dealt needs Dealt, Indicator and TalonTop together")]
        if not self.spec.exchange:
            games = _games_where(lambda game: game.exchange)
            return [Problem("Dealt", f"the deal as dealt (Dealt, Indicator, TalonTop) is modelled for {games}, not {self.game}")]
        pack = self.pack
        assert self.dealt is not None and self.indicator is not None and self.talon_top is not None
        found, seen = self._hand_problems(self.dealt, "Dealt", "is dealt")
        for tag, card in (("Indicator", self.indicator), ("TalonTop", self.talon_top)):
            if not 0 <= card < pack.size:
                found.append(Problem(tag, f"unknown card {card!r}"))
            elif seen >> card & 1:
                found.append(Problem(tag, f"{tag} card {pack.card_name(card)} is also in a Dealt hand"))
        if self.indicator == self.talon_top:
            found.append(Problem("TalonTop", f"TalonTop is the indicator card {pack.card_name(self.indicator)}"))
        if not found:
            found += self._exchange_problems()
        return found

    def _exchange_problems(self) -> list[Problem]:
        """Deal's hands from Dealt's: unchanged, or the exchanger's by the swap or síber."""
        assert self.dealt is not None and self.indicator is not None and self.talon_top is not None
        spec, pack = self.spec, self.pack
        changed = [seat for seat in spec.seats if self.hands.get(seat, 0) != self.dealt.get(seat, 0)]
        if not changed:
            return []
        trump = pack.suit_of(self.indicator)
        if self.contract is not None and (self.contract.kind is not Kind.TRUMP or self.contract.trump != trump):
            return [Problem("Dealt", f"the hands of Deal differ from Dealt (seat {' '.join(changed)}), but there is no trump exchange: the trumps are not the indicator's suit {pack.suits[trump]}")]
        card = exchange_card(pack, self.indicator, self.talon_top)
        holder = next((s for s in spec.active if card is not None and self.dealt.get(s, 0) >> card & 1), None)
        if holder is None or changed != [holder]:
            who = "nobody holds it" if holder is None else f"{holder} holds it"
            what = "the trump 7 and 8 are both face up" if card is None else f"only the holder of {pack.card_name(card)} may exchange, {who}"
            return [Problem("Dealt", f"the hands of Deal cannot come from Dealt by a trump exchange ({what}); changed: seat {' '.join(changed)}")]
        before, after = self.dealt[holder], self.hands[holder]
        swap = swap_allowed(pack, card)
        if swap and after == exchanged_hand(before, card, self.indicator):
            return []
        if siber_allowed(pack, self.indicator, self.talon_top):
            pool = siber_pool(pack, self.dealt, card, self.indicator, self.talon_top)
            if after & ~pool == 0 and not (pool & ~after) & pack.suit_mask(trump) and after.bit_count() == spec.hand_size:
                return []
        ways = ["keeping"]
        if swap:
            ways.append(f"swapping {pack.card_name(card)} for the indicator {pack.card_name(self.indicator)}")
        if siber_allowed(pack, self.indicator, self.talon_top):
            ways.append(f"síber giving up {pack.card_name(card)} and discarding four non-trumps")
        only_seven = "" if swap else "; only the trump 7 is swapped for the indicator, the holder of the 8 may only síber"
        return [Problem("Dealt", f"seat {holder}'s hand in Deal cannot come from Dealt by a trump exchange ({', '.join(ways)}){only_seven}")]

    def _play_problems(self) -> list[Problem]:
        if self.play_leader is not None and self.play_leader != self.first_leader:
            return [Problem("Play", f"the first trick is led by {self.first_leader}, found {self.play_leader}")]
        position = self.position()
        for index, card in enumerate(self.play):
            try:
                position.push(card)
            except IllegalPlay as error:
                return [Problem("Play", str(error), index)]
        return []


def _games_where(has: Callable[[GameSpec], bool]) -> str:
    """The names of the games that have something, in words: ``alsos, alsos-2 and altiansz``."""
    names = [name for name, spec in GAMES.items() if has(spec)]
    return " and ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} and {names[-1]}"
