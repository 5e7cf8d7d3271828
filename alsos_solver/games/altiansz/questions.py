"""The questions of Altiansz: each contract made by the declarer, the defeat of the deal's
contract, klopitzky won per seat; and :class:`AltianszQuestions`, what they ask of a contract.

Rules: seed 004 'Contracts', 'Melds', 'Klopitzky'; rules-notes 'Altiansz'. The two
defenders play together and POOL: the game is the declarer's total (card points, the last
trick, his melds) above the defenders' totals added together. Melds count as the contract
asked says (:func:`~alsos_solver.games.altiansz.rules.scores_melds`): a contract is asked in the
deal's strain (its trump suit or no-trump), whatever the deal's own contract name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...answers import GameQuestions
from ...cards import Card, CardSet
from ...deal import Deal
from ...errors import NotApplicable
from ...position import Position
from ...questions.base import Ask, DeclarerPoints, Goal, Item, Question, Setting, _coef, _none, check_seat
from ...questions.specs import parse_seat
from ...rules import Kind
from ...solve import Answer, SolveResult
from ..alsos.questions import KlopitzkySafe
from .rules import CONTRACTS, GAME_CONTRACTS, TRUMP_ONLY, contract_name, scores_melds

if TYPE_CHECKING:
    from ...solver import Solver

SOLO_TRICKS = 5
"""Solo: 'at least 5 tricks out of 9'."""
ABSOLUTE_POINTS = 90
"""Absolute: 'at least 90 card points from tricks alone'."""
MELD_TARGETS = {"150": 150, "200": 200}
"""Card points and the declarer's own melds: 'at least 150' ('200')."""
STRAIN_CONTRACTS = tuple(name for name in CONTRACTS if name not in ("betli", "klopitzky"))
"""The contracts played in a strain (a trump suit or no-trump), in ascending order."""
CAPTURES = {"golden-aces": "aces", "game-trull": "U97"}
"""Cards the declarer must win in his tricks: all four aces; the trump U, 9 and 7."""
LAST_TRICKS = {"ultimo": "7", "game-ultimo": "7", "game-sneak": "87"}
"""The trump cards that must win the last tricks, the last one last: ultimo the 7 the 9th
trick; game-sneak the 8 the 8th and the 7 the 9th."""
ASK_ORDER = (
    "volat", "solo", "golden-aces", "game", "150", "absolute", "200", "game-sneak", "game-ultimo", "ultimo",
    "game-trull",
)
"""The order :meth:`AltianszQuestions.question_set` asks the contracts in: each answer
first where it may imply later ones (:data:`IMPLIES`); the contracts of card points alone
come straight from the declarer's points (:meth:`ContractMade.decided`)."""
IMPLIES: dict[tuple[str, bool], tuple[str, ...]] = {
    ("volat", True): ("solo",),
    ("solo", False): ("volat",),
    ("game", False): ("game-trull", "game-ultimo", "game-sneak"),
    ("game-sneak", True): ("game-ultimo", "ultimo"),
    ("game-ultimo", True): ("ultimo",),
    ("game-ultimo", False): ("game-sneak",),
    ("ultimo", False): ("game-ultimo", "game-sneak"),
}
"""(contract, made) -> the contracts whose answer is then the same: winning every trick
wins five; a contract with the game in it needs the game; game-sneak includes game-ultimo,
which includes ultimo, in one line of play."""


def check_altiansz(question: Question, setting: Setting) -> None:
    """NotApplicable unless the deal is an Altiansz deal (these are its questions)."""
    if not isinstance(setting.deal.game.questions, AltianszQuestions):
        raise NotApplicable(f"{question.spec()} is a question of Altiansz, not of {setting.deal.game}")


def contract_melds(setting: Setting, contract: str) -> tuple[int, ...]:
    """Each seat's meld points in the deal's strain as the named contract scores them (the
    deal is an Altiansz deal: :func:`check_altiansz`)."""
    game, deal = setting.deal.game, setting.deal
    return tuple(
        game.seat_melds(deal, seat).points if scores_melds(contract, s == setting.declarer) else 0
        for s, seat in enumerate(game.active)
    )


def total_points(setting: Setting) -> int:
    """Every point in play, the last trick included: what the three seats' points add up to."""
    everything = 0
    for hand in setting.hands:
        everything |= hand
    return setting.rules.total_points(everything)


def trick_winning_card(setting: Setting, end: Position, trick: int) -> Card:
    """The card that won a trick of a finished play."""
    cards = end.tricks[trick].cards
    return cards[setting.rules.winner(cards)]


@dataclass(frozen=True)
class ContractMade(Question):
    """The declarer makes the named contract (seed 004 'Contracts') in the deal's strain.

    * solo: at least 5 tricks; volat: every trick; betli: no trick (its own deal only);
    * ultimo: the last trick won with the trump 7; golden-aces: all four aces in his tricks;
    * game: his card points, last trick and melds above the two defenders' together, every
      player scoring his melds; game-trull: and the trump U, 9, 7 in his tricks;
      game-ultimo: and ultimo; game-sneak: and the 8th trick won with the trump 8, the 9th
      with the trump 7;
    * 150 (200): his card points and his own melds at least 150 (200); absolute: at least
      90 card points from tricks alone.
    """

    contract: str

    @property
    def key(self) -> str:  # type: ignore[override]
        return self.contract

    def spec(self) -> str:
        return self.contract

    def check(self, setting: Setting) -> None:
        check_altiansz(self, setting)
        kind, token = setting.contract.kind, setting.deal.game.contract_token(setting.contract)
        if self.contract == "betli":
            if kind is not Kind.BETLI:
                raise NotApplicable(f"betli is asked of a betli deal, the contract is {token}")
        elif self.contract not in STRAIN_CONTRACTS:
            raise NotApplicable(f"unknown altiansz contract {self.contract!r} (expected one of {', '.join(CONTRACTS)})")
        elif not setting.contract.is_point_game:
            raise NotApplicable(f"{self.contract} needs a trump or no-trump contract, the contract is {token}")
        elif self.contract in TRUMP_ONLY and kind is not Kind.TRUMP:
            raise NotApplicable(f"{self.contract} is played with trumps, the contract is {token}")

    def team(self, setting: Setting) -> frozenset[int]:
        return frozenset([setting.declarer])

    def _captures(self, setting: Setting) -> CardSet:
        if self.contract == "golden-aces":
            pack = setting.deal.pack
            return sum(1 << pack.card(suit, pack.rank_index("A")) for suit in range(len(pack.suits)))
        return sum(1 << setting.trump_card(rank) for rank in CAPTURES.get(self.contract, ""))

    def _last_tricks(self, setting: Setting) -> list[tuple[int, Card]]:
        """(trick, card) for each trump card that must win a last trick."""
        ranks = LAST_TRICKS.get(self.contract, "")
        first = setting.last_trick - len(ranks) + 1
        return [(first + i, setting.trump_card(rank)) for i, rank in enumerate(ranks)]

    def points_needed(self, setting: Setting) -> int | None:
        """The declarer's card points (last trick included) the contract needs, None when
        it needs none. The game: D + m_D > (T - D) + m_E, T every point in play and m_E
        the defenders' melds together, so D >= (T + m_E - m_D) // 2 + 1."""
        name, dec = self.contract, setting.declarer
        if name == "absolute":
            return ABSOLUTE_POINTS
        melds = contract_melds(setting, name)
        if name in MELD_TARGETS:
            return MELD_TARGETS[name] - melds[dec]
        if name in GAME_CONTRACTS:
            return (total_points(setting) + sum(melds) - 2 * melds[dec]) // 2 + 1
        return None

    def possible(self, setting: Setting) -> bool:
        captures = self._captures(setting)
        last = self._last_tricks(setting)
        held = all(setting.hands[setting.declarer] >> card & 1 for _, card in last)
        return setting.in_play(captures) and held

    def build(self, setting: Setting, goal: Goal) -> None:
        name, dec, n = self.contract, setting.declarer, setting.seats
        needed = self.points_needed(setting)
        if needed is not None:
            goal.require({goal.dim(_coef(n, plus=dec), _none(n)): needed})
        if name == "solo":
            goal.require({goal.dim(_none(n), _coef(n, plus=dec)): SOLO_TRICKS})
        captures = self._captures(setting)
        if captures:
            goal.capture[dec] = goal.capture.get(dec, 0) | captures
        goal.specials += [(dec, trick, card) for trick, card in self._last_tricks(setting)]
        if name == "volat":
            goal.win_all = goal.win_all | {dec}
        if name == "betli":
            goal.win_none = goal.win_none | {dec}

    def achieved(self, setting: Setting, end: Position) -> bool:
        """The contract read off the finished play by card names, apart from the goal's
        captures and special tricks (the differential tests compare the two)."""
        name, dec, pack = self.contract, setting.declarer, setting.deal.pack
        won = [t for t, winner in enumerate(end.winners) if winner == dec]
        taken = {pack.card_name(card) for t in won for card in end.tricks[t].cards}
        trump = "" if setting.contract.trump is None else pack.suits[setting.contract.trump]
        last = len(end.winners) - 1

        def won_with(trick: int, rank: str) -> bool:
            return trick in won and pack.card_name(trick_winning_card(setting, end, trick)) == trump + rank

        if name == "solo":
            return len(won) >= SOLO_TRICKS
        if name == "volat":
            return len(won) == len(end.winners)
        if name == "betli":
            return not won
        if name == "absolute":
            return end.points[dec] >= ABSOLUTE_POINTS
        if name == "golden-aces":
            return all(suit + "A" in taken for suit in pack.suits)
        if name == "ultimo":
            return won_with(last, "7")
        melds = contract_melds(setting, name)
        if name in MELD_TARGETS:
            return end.points[dec] + melds[dec] >= MELD_TARGETS[name]
        game = end.points[dec] + melds[dec] > sum(end.points[k] + melds[k] for k in setting.defenders)
        also = {
            "game": True,
            "game-trull": all(trump + rank in taken for rank in "U97"),
            "game-ultimo": won_with(last, "7"),
            "game-sneak": won_with(last - 1, "8") and won_with(last, "7"),
        }
        return game and also[name]

    def decided(self, setting: Setting, values: dict[int, int], total: int) -> bool | None:
        """From the declarer's points value V: a contract of points alone is made exactly
        when V reaches them; one that also needs them fails when V falls short. Volat takes
        every point, golden-aces the four aces' 40, a last trick its 10."""
        dec = setting.declarer
        if dec not in values:
            return None
        value, needed = values[dec], self.points_needed(setting)
        if self.contract in ("game", "absolute", *MELD_TARGETS):
            return value >= needed
        floors = [needed or 0, total if self.contract == "volat" else 0]
        floors.append(40 if self.contract == "golden-aces" else 10 if self.contract in LAST_TRICKS else 0)
        return False if value < max(floors) else None


@dataclass(frozen=True)
class GameDefeated(Question):
    """The defenders beat the deal's contract, whatever it is: the declarer fails to make
    it (``defeat``; ``game_defeated`` as Alsós names its defeat). A contract's goal may
    hold cards that the declarer must take or win a trick with, whose failure the core
    cannot state as a goal: the solver answers the defeat as :class:`ContractMade`
    negated (:meth:`opposite`)."""

    key = "game_defeated"

    def spec(self) -> str:
        return "defeat"

    def made(self, setting: Setting) -> ContractMade:
        assert setting.contract.name is not None
        return ContractMade(setting.contract.name)

    def check(self, setting: Setting) -> None:
        check_altiansz(self, setting)
        if setting.declarer is None:
            token = setting.deal.game.contract_token(setting.contract)
            raise NotApplicable(f"defeat needs a contract with a declarer, the contract is {token}")
        self.made(setting).check(setting)

    def opposite(self, setting: Setting) -> Question:
        return self.made(setting)

    def team(self, setting: Setting) -> frozenset[int]:
        return frozenset(setting.defenders)

    def build(self, setting: Setting, goal: Goal) -> None:
        raise TypeError("defeat has no goal of its own: the solver asks its opposite, the contract made")

    def achieved(self, setting: Setting, end: Position) -> bool:
        return not self.made(setting).achieved(setting, end)


@dataclass(frozen=True)
class KlopitzkyWin(KlopitzkySafe):
    """Klopitzky, paranoid: ``seat`` wins, taking no more card points than either other seat
    and fewer than one of them (the lowest win, ties too; 'if all three of the players take
    the same number of card points no one wins'), against the other two playing together.
    (Alsós's klopitzky, :class:`KlopitzkySafe`, counts tricks: the most pays.)"""

    key = "klopitzky_win"

    def check(self, setting: Setting) -> None:
        check_altiansz(self, setting)
        if setting.contract.kind is not Kind.KLOPITZKY:
            token = setting.deal.game.contract_token(setting.contract)
            raise NotApplicable(f"{self.spec()} is asked of a klopitzky deal, the contract is {token}")
        check_seat(self.seat, setting)

    def build(self, setting: Setting, goal: Goal) -> None:
        n = setting.seats
        dims = [goal.dim(_coef(n, k, self.seat), _none(n)) for k in range(n) if k != self.seat]
        goal.require_any([{d: int(d == fewer) for d in dims} for fewer in dims])

    def achieved(self, setting: Setting, end: Position) -> bool:
        mine = end.points[self.seat]
        others = [points for k, points in enumerate(end.points) if k != self.seat]
        return all(mine <= points for points in others) and any(mine < points for points in others)


class AltianszResult(SolveResult):
    """An Altiansz result: the declarer's points, whether the contract is made and every
    contract he can make in its strain, or the betli, or each seat's klopitzky win."""

    declarer_points: Answer[int] = Answer()
    made: Answer[bool] = Answer()
    contracts: Answer[dict[str, bool]] = Answer()
    betli: Answer[bool] = Answer()
    klopitzky_win: Answer[dict[str, bool]] = Answer()


class AltianszQuestions(GameQuestions):
    """What Altiansz asks of a contract (:meth:`question_set`):

    * a trump or no-trump contract: the declarer's points, then every contract he could
      play in the deal's strain (:data:`ASK_ORDER`; one answer may give another,
      :meth:`implied`); ``made`` is the deal's own one (:meth:`derived`);
    * betli: the betli; klopitzky: each seat winning.
    """

    result_type = AltianszResult
    expected = (
        f"a contract ({', '.join(STRAIN_CONTRACTS)}, betli), defeat, klopitzky:SEAT, declarer_points, "
        "points:SEAT>=N or together:ITEM+ITEM..."
    )
    table_keys = ("declarer_points", "contracts", "betli")
    table_once_keys = ("klopitzky_win",)

    def question_set(self, setting: Setting) -> list[Ask]:
        contract, seats = setting.contract, setting.deal.game.active
        if contract.kind is Kind.KLOPITZKY:
            return [Ask(("klopitzky_win", seats[s]), "klopitzky_win", KlopitzkyWin(s), seats[s]) for s in range(setting.seats)]
        declarer = seats[setting.declarer]
        if contract.kind is Kind.BETLI:
            return [Ask(("betli",), "betli", ContractMade("betli"), declarer)]
        names = [name for name in ASK_ORDER if contract.kind is Kind.TRUMP or name not in TRUMP_ONLY]
        return [
            Ask(("declarer_points",), "declarer_points", DeclarerPoints(), declarer),
            *(Ask(("contracts", name), name, ContractMade(name), declarer) for name in names),
        ]

    def implied(self, ask: Ask, solver: Solver, found: dict[str, Any]) -> Any:
        """A contract's answer when one found before gives it (:data:`IMPLIES`)."""
        if ask.path[0] != "contracts":
            return None
        for name, made in found.get("contracts", {}).items():
            if ask.path[1] in IMPLIES.get((name, made), ()):
                return made
        return None

    def derived(self, solver: Solver, answers: dict[str, Any]) -> dict[str, Any]:
        """The contracts in ascending order, and ``made``: the deal's own contract."""
        if "contracts" not in answers:
            return {}
        contracts = {name: answers["contracts"][name] for name in STRAIN_CONTRACTS if name in answers["contracts"]}
        return {"contracts": contracts, "made": contracts[solver.setting.contract.name]}

    def items(self, deal: Deal) -> list[Item]:
        if deal.contract is None:
            raise NotApplicable("a deal without a contract has no items")
        if deal.contract.kind is Kind.KLOPITZKY:
            return [Item(f"{seat} klopitzky", seat, "klopitzky", KlopitzkyWin(s)) for s, seat in enumerate(deal.game.active)]
        name = deal.contract.name
        assert deal.declarer is not None and name is not None
        return [Item(f"{deal.declarer} {name}", deal.declarer, name, ContractMade(name))]

    def parse(self, spec: str, deal: Deal) -> Question:
        text = spec.strip()
        head, colon, tail = text.partition(":")
        name = None if colon else contract_name(text)
        question: Question | None = None
        if colon and head.strip().lower() == "klopitzky":
            question = KlopitzkyWin(parse_seat(tail, deal))
        elif text.lower() in ("defeat", "game_defeated"):
            question = GameDefeated()
        elif name is not None and name != "klopitzky":
            question = ContractMade(name)
        return self.checked(spec, question, deal)

    def default(self, deal: Deal, to_move: int) -> Question:
        """The deal's own contract; klopitzky won by the seat to move."""
        assert deal.contract is not None and deal.contract.name is not None
        if deal.contract.kind is Kind.KLOPITZKY:
            return KlopitzkyWin(to_move)
        return ContractMade(deal.contract.name)

    def points_need(self, deal: Deal) -> str | None:
        """Points questions fit every contract with card points (not betli)."""
        if deal.contract is not None and any(deal.game.trick_rules(deal.contract, deal.options).points):
            return None
        return "a contract played for card points"


QUESTIONS = AltianszQuestions()
