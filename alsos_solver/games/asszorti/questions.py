"""The questions of Asszorti (seed 002; rules-notes 'Asszorti'): the declarer's tricks, the
game and its defeat, arrivázs and its idegen form, and the score of the deal; and
:class:`AsszortiQuestions`, what they ask of a contract.

Each question states its meaning twice, as everywhere: ``achieved`` / ``final_value`` read
off a finished play, and ``build``, the engine's goal. The goals use four coordinates:

* ``t_D``, ``t_B``, ``t_C``: the tricks of the declarer and of each opponent;
* ``q``, a late coordinate: from trick 9 on, 4 per trick the declarer wins and 1 more when
  no trump is in it. The declarer wins each of the last three tricks iff ``q >= 12``, and
  none of them holds a trump besides iff ``q >= 15`` (arrivázs, idegen arrivázs).

The score is not a function of the declarer's tricks: the 6:5:0 split takes the basic
value off, and the arrivázs is scored on the same line. "The score is at least x" is an OR
of AND-thresholds on the four coordinates (:class:`ScoreAtLeast`): the finished plays fall
into classes of one score each, ordered within each arrivázs outcome by the declarer's
game (fewer tricks < 6 tricks split 6:5:0 < 6 tricks otherwise < more tricks), and for
each arrivázs outcome the term is the least game class that reaches x with it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...answers import GameQuestions
from ...deal import Deal
from ...errors import NotApplicable
from ...position import Position
from ...questions.base import Ask, Goal, Item, Question, Setting, ValueQuestion, _coef, _none, both
from ...solve import Answer, SolveResult
from .rules import ARRIVAZS, GAME_TRICKS, LATE_TRICKS, ArrivazsOutcome, score

if TYPE_CHECKING:
    from ...solver import Solver

ARRIVAZS_STEP = 4
"""``q`` gains this per late trick the declarer wins, and 1 more without a trump in it."""
ARRIVAZS_MADE = LATE_TRICKS * ARRIVAZS_STEP
IDEGEN_MADE = LATE_TRICKS * (ARRIVAZS_STEP + 1)

_AT_LEAST = re.compile(r"(tricks|score)\s*>=\s*(-?\d+)")


def check_asszorti(question: Question, setting: Setting) -> None:
    """NotApplicable unless the deal is an Asszorti deal with a declarer."""
    if not isinstance(setting.deal.game.questions, AsszortiQuestions):
        raise NotApplicable(f"{question.spec()} is a question of Asszorti, not of {setting.deal.game}")
    if setting.declarer is None:
        raise NotApplicable(f"{question.spec()} needs a deal with a declarer")


def trick_split(setting: Setting, end: Position) -> tuple[int, int, int]:
    """The tricks of the declarer, then of each opponent in seat order."""
    return (end.tricks_won[setting.declarer], *(end.tricks_won[k] for k in setting.defenders))


def late_tricks(setting: Setting) -> range:
    """The 0-based indices of the last three tricks."""
    return range(setting.last_trick + 1 - LATE_TRICKS, setting.last_trick + 1)


def arrivazs_outcome(setting: Setting, end: Position) -> ArrivazsOutcome:
    """'made' when the declarer won each of the last three tricks, 'idegen' when besides
    no trump card was played to them (trump contracts), else 'failed'."""
    if any(end.winners[t] != setting.declarer for t in late_tricks(setting)):
        return "failed"
    trump = setting.rules.trump
    pack = setting.deal.pack
    plain = all(pack.suit_of(card) != trump for t in late_tricks(setting) for card in end.tricks[t].cards)
    return "idegen" if trump is not None and plain else "made"


def tricks_coordinate(setting: Setting, goal: Goal, seat: int) -> int:
    return goal.dim(_none(setting.seats), _coef(setting.seats, plus=seat))


def arrivazs_coordinate(setting: Setting, goal: Goal) -> int:
    """``q``: from the first of the last three tricks, ARRIVAZS_STEP per trick the
    declarer wins, 1 more when no trump is in it."""
    seats, declarer = setting.seats, setting.declarer
    step = tuple(ARRIVAZS_STEP if s == declarer else 0 for s in range(seats))
    return goal.dim(_none(seats), step, from_trick=late_tricks(setting).start, coef_plain=_coef(seats, plus=declarer))


class DeclarersQuestion(Question):
    """A yes/no question of the declarer's in an Asszorti deal: he plays for it alone."""

    def check(self, setting: Setting) -> None:
        check_asszorti(self, setting)

    def team(self, setting: Setting) -> frozenset[int]:
        return frozenset([setting.declarer])


@dataclass(frozen=True)
class TricksAtLeast(DeclarersQuestion):
    """The declarer takes at least ``tricks`` tricks."""

    tricks: int
    key = "tricks"

    def spec(self) -> str:
        return f"tricks>={self.tricks}"

    def build(self, setting: Setting, goal: Goal) -> None:
        goal.require({tricks_coordinate(setting, goal, setting.declarer): self.tricks})

    def achieved(self, setting: Setting, end: Position) -> bool:
        return end.tricks_won[setting.declarer] >= self.tricks


@dataclass(frozen=True)
class GameMade(TricksAtLeast):
    """The game: the declarer takes at least 6 of the 11 tricks."""

    tricks: int = GAME_TRICKS
    key = "game"

    def spec(self) -> str:
        return "game"


@dataclass(frozen=True)
class GameDefeated(Question):
    """The defenders beat the contract: together they take 6 of the 11 tricks, so the
    declarer has at most 5 (``defeat``, as in Alsós)."""

    key = "game_defeated"

    def spec(self) -> str:
        return "defeat"

    def check(self, setting: Setting) -> None:
        check_asszorti(self, setting)

    def team(self, setting: Setting) -> frozenset[int]:
        return frozenset(setting.defenders)

    def build(self, setting: Setting, goal: Goal) -> None:
        defenders = tuple(int(seat != setting.declarer) for seat in range(setting.seats))
        most = GAME_TRICKS - 1  # the declarer's tricks in a defeated game
        goal.require({goal.dim(_none(setting.seats), defenders): setting.deal.game.hand_size - most})

    def achieved(self, setting: Setting, end: Position) -> bool:
        return end.tricks_won[setting.declarer] < GAME_TRICKS


@dataclass(frozen=True)
class DeclarerTricks(ValueQuestion):
    """The most tricks the declarer can force."""

    key = "declarer_tricks"
    unit = "tricks"

    def spec(self) -> str:
        return "tricks"

    def yes_no(self, setting: Setting, value: int) -> Question:
        return TricksAtLeast(value)

    def final_value(self, setting: Setting, end: Position) -> int:
        return end.tricks_won[setting.declarer]


@dataclass(frozen=True)
class ArrivazsMade(DeclarersQuestion):
    """Arrivázs: the declarer wins each of the last three tricks; ``idegen``: besides, no
    trump card is played to them (trump contracts only)."""

    idegen: bool = False

    @property
    def key(self) -> str:  # type: ignore[override]
        return "idegen_arrivazs" if self.idegen else "arrivazs"

    def spec(self) -> str:
        return self.key

    def check(self, setting: Setting) -> None:
        super().check(setting)
        if self.idegen and setting.rules.trump is None:
            raise NotApplicable("idegen_arrivazs needs a trump contract (without trumps every arrivázs is plain)")

    def build(self, setting: Setting, goal: Goal) -> None:
        goal.require({arrivazs_coordinate(setting, goal): IDEGEN_MADE if self.idegen else ARRIVAZS_MADE})

    def achieved(self, setting: Setting, end: Position) -> bool:
        return arrivazs_outcome(setting, end) in (("idegen",) if self.idegen else ("made", "idegen"))


# --- the score ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Scoring:
    """The deal's scoring as the score question sees it: the bid, trumps, the kontra
    levels on the game and the arrivázs, whether arrivázs was announced, the tricks."""

    bid: str
    trumps: bool
    game_kontra: int
    arrivazs_kontra: int
    announced: bool
    tricks: int

    @classmethod
    def of(cls, setting: Setting, bid: str | None = None, announced: bool | None = None) -> Scoring:
        """The deal's scoring; ``bid`` and ``announced`` (arrivázs) other than the deal's
        when given (the best announcements ask each bid they judge of one strain on one deal)."""
        deal, declarer = setting.deal, setting.deal.declarer
        if announced is None:
            announced = ARRIVAZS in deal.figures.get(declarer or "", ())
        return cls(
            bid or setting.contract.bid or "3", setting.rules.trump is not None, len(deal.kontra.get("game", "")),
            len(deal.kontra.get(f"{declarer}:{ARRIVAZS}", "")), announced, deal.game.hand_size,
        )

    def score(self, tricks: tuple[int, int, int], arrivazs: ArrivazsOutcome) -> int:
        return score(
            bid=self.bid, trumps=self.trumps, tricks=tricks, game_kontra=self.game_kontra,
            arrivazs=arrivazs if self.announced else None, arrivazs_kontra=self.arrivazs_kontra,
        )

    def game_classes(self) -> list[tuple[tuple[int, int, int], list[dict[str, int]]]]:
        """The declarer's game outcomes in ascending score: a trick split standing for the
        class and the class's condition as alternatives of thresholds on the tricks of the
        declarer (D) and the opponents (B, C: either opponent, in seat order)."""
        n = self.tricks
        classes = [((t, n - t, 0), [{"D": t}]) for t in range(GAME_TRICKS)]
        classes.append(((GAME_TRICKS, n - GAME_TRICKS, 0), [{"D": GAME_TRICKS}]))  # 6:5:0
        classes.append(((GAME_TRICKS, n - GAME_TRICKS - 1, 1), [{"D": GAME_TRICKS + 1}, {"D": GAME_TRICKS, "B": 1, "C": 1}]))
        classes += [((t, n - t, 0), [{"D": t}]) for t in range(GAME_TRICKS + 1, n + 1)]
        return classes

    def arrivazs_classes(self) -> list[tuple[ArrivazsOutcome, dict[str, int]]]:
        """The arrivázs outcomes in ascending score with their thresholds on ``q``
        (announced or not, the outcome of the line)."""
        found: list[tuple[ArrivazsOutcome, dict[str, int]]] = [("failed", {}), ("made", {"q": ARRIVAZS_MADE})]
        if self.trumps:
            found.append(("idegen", {"q": IDEGEN_MADE}))
        return found if self.announced else found[:1]

    def outcomes(self) -> list[tuple[tuple[int, int, int], ArrivazsOutcome]]:
        """Every class of finished plays (a declarer who wins the last three tricks has at
        least three)."""
        return [
            (split, arrivazs) for split, _ in self.game_classes() for arrivazs, _ in self.arrivazs_classes()
            if arrivazs == "failed" or split[0] >= LATE_TRICKS
        ]


@dataclass(frozen=True)
class ScoreAtLeast(DeclarersQuestion):
    """The declarer's score (what he wins from each opponent) is at least ``value``;
    ``bid`` and ``arrivazs`` (announced) as :class:`Score`'s."""

    value: int
    bid: str | None = None
    arrivazs: bool | None = None
    key = "score"

    def spec(self) -> str:
        return f"score>={self.value}"

    def build(self, setting: Setting, goal: Goal) -> None:
        """For each arrivázs outcome, the least game class whose score with it reaches the
        value; both kinds of classes ascend, so the OR of these is exactly 'score >= value'."""
        scoring = Scoring.of(setting, self.bid, self.arrivazs)
        alternatives: list[dict[str, int]] = []
        for arrivazs, condition in scoring.arrivazs_classes():
            for split, game in scoring.game_classes():
                if scoring.score(split, arrivazs) >= self.value:
                    alternatives += [both(option, condition) for option in game]
                    break
        named = minimal(alternatives)
        seats = {"D": setting.declarer, "B": setting.defenders[0], "C": setting.defenders[1]}
        used = {name for term in named for name in term}
        dims = {name: tricks_coordinate(setting, goal, seat) for name, seat in seats.items() if name in used}
        if "q" in used:
            dims["q"] = arrivazs_coordinate(setting, goal)
        goal.require_any([{dims[name]: threshold for name, threshold in term.items()} for term in named])

    def achieved(self, setting: Setting, end: Position) -> bool:
        return Score(self.bid, self.arrivazs).final_value(setting, end) >= self.value


def minimal(terms: list[dict[str, int]]) -> list[dict[str, int]]:
    """The terms that no other term implies (a term implies another when it sets at least
    the other's threshold on each of the other's coordinates)."""

    def implies(a: dict[str, int], b: dict[str, int]) -> bool:
        return all(a.get(name, -1) >= threshold for name, threshold in b.items())

    kept: list[dict[str, int]] = []
    for i, term in enumerate(terms):
        if not any(implies(term, other) and (not implies(other, term) or j < i) for j, other in enumerate(terms) if j != i):
            kept.append(term)
    return kept


@dataclass(frozen=True)
class Score(ValueQuestion):
    """The exact score of the deal as bid, announced and kontra'd: what the declarer wins
    from each opponent (negative: pays each), the declarer maximising it, the two
    opponents together minimising it (seed 002 'Scoring', :func:`~alsos_solver.games.asszorti.rules.score`).
    ``bid`` and ``arrivazs`` (announced or not), when given, replace the deal's: the score
    the same play would make under another bid or announcement."""

    bid: str | None = None
    arrivazs: bool | None = None
    key = "score"
    unit = "score"

    def spec(self) -> str:
        return "score"

    def yes_no(self, setting: Setting, value: int) -> Question:
        return ScoreAtLeast(value, self.bid, self.arrivazs)

    def final_value(self, setting: Setting, end: Position) -> int:
        return Scoring.of(setting, self.bid, self.arrivazs).score(trick_split(setting, end), arrivazs_outcome(setting, end))

    def levels(self, setting: Setting) -> list[int]:
        scoring = Scoring.of(setting, self.bid, self.arrivazs)
        return sorted({scoring.score(split, arrivazs) for split, arrivazs in scoring.outcomes()})

    def bounds(self, setting: Setting, answer: Callable[[Question], int | bool]) -> tuple[int, int]:
        """From the tricks the declarer can force, T: he can take T tricks (so the score
        is at least the worst of any play with T or more), and the opponents can hold him
        to T (so it is at most the best of any play with T or fewer)."""
        scoring = Scoring.of(setting, self.bid, self.arrivazs)
        most = int(answer(DeclarerTricks()))
        outcomes = [(split[0], scoring.score(split, arrivazs)) for split, arrivazs in scoring.outcomes()]
        return min(s for t, s in outcomes if t >= most), max(s for t, s in outcomes if t <= most)


# --- the question set --------------------------------------------------------------------


class AsszortiResult(SolveResult):
    """An Asszorti result: the tricks the declarer can force, the game, the arrivázs (and
    its idegen form, without a trump, where it counts) and the declarer's score."""

    declarer_tricks: Answer[int] = Answer()
    game: Answer[bool] = Answer()
    arrivazs: Answer[bool] = Answer()
    idegen_arrivazs: Answer[bool] = Answer()
    score: Answer[int] = Answer()


class AsszortiQuestions(GameQuestions):
    """What Asszorti asks of a contract: the declarer's tricks, the game, arrivázs, idegen
    arrivázs (trump contracts), the score; in that order, so that the questions of one
    coordinate come back to back and share the core's table."""

    result_type = AsszortiResult
    expected = (
        "tricks, game, defeat, arrivazs, idegen_arrivazs, score, tricks>=N, score>=N or together:ITEM+ITEM..."
    )
    table_keys = ("declarer_tricks", "game", "arrivazs", "score")

    def question_set(self, setting: Setting) -> list[Ask]:
        declarer = setting.deal.declarer
        questions: list[Question] = [DeclarerTricks(), GameMade(), ArrivazsMade()]
        if setting.rules.trump is not None:
            questions.append(ArrivazsMade(idegen=True))
        questions.append(Score())
        return [Ask((q.key,), q.key, q, declarer) for q in questions]

    def items(self, deal: Deal) -> list[Item]:
        """The game, then the arrivázs if announced."""
        declarer = deal.declarer
        if deal.contract is None or declarer is None:
            raise NotApplicable("a deal without a contract has no items")
        items = [Item(f"{declarer} game", declarer, "game", GameMade())]
        if ARRIVAZS in deal.figures.get(declarer, ()):
            items.append(Item(f"{declarer} {ARRIVAZS}", declarer, ARRIVAZS, ArrivazsMade()))
        return items

    def parse(self, spec: str, deal: Deal) -> Question:
        text = spec.strip()
        lower = text.lower()
        words: dict[str, Question] = {
            "tricks": DeclarerTricks(), "declarer_tricks": DeclarerTricks(), "game": GameMade(), "score": Score(),
            "defeat": GameDefeated(), "game_defeated": GameDefeated(),
            "idegen_arrivazs": ArrivazsMade(idegen=True), "idegen": ArrivazsMade(idegen=True),
        }
        question = words.get(lower)
        if question is None:
            try:
                deal.game.canonical_figure(lower)
                question = ArrivazsMade()
            except ValueError:
                pass
        match = _AT_LEAST.fullmatch(lower)
        if match:
            value = int(match.group(2))
            question = TricksAtLeast(value) if match.group(1) == "tricks" else ScoreAtLeast(value)
        return self.checked(spec, question, deal)

    def default(self, deal: Deal, to_move: int) -> Question:
        """The score: what the declarer plays for (the tricks alone miss 6:5:0 and arrivázs)."""
        return Score()

    def points_need(self, deal: Deal) -> str | None:
        """Asszorti has no card points: its tricks and score are its values."""
        return "card points, which asszorti does not count (ask tricks or score)"


QUESTIONS = AsszortiQuestions()
