"""Best announcements: which figures a side should announce, double-dummy.

For the deal's declarer and contract (a trump or no-trump game), analysed from the first
lead (the Play section and the deal's own Figures tag are ignored):

Declarer. A candidate is a set S of the declarer's own figures allowed in the contract
(:func:`~alsos_solver.games.alsos.figures.allowed_figures`) that the rules let him announce together
(:func:`~alsos_solver.games.alsos.figures.announcement_problems`: not abszolút with 100 in one round,
abszolút, 100, 111, 120 in ascending order only, not ultimó with the Eight). Its score,
for the declarer, counts the game (+G if won, -G if lost; G = 1 trump, 2 no-trump) and
each figure of S (+its value if made, -its value if not), ALL IN ONE LINE OF PLAY that
the declarer can guarantee against best defence:

* if ``Together(GameWon + S)`` can be made: ``G + value(S)``;
* elif ``Together(S)`` can be made: ``-G + value(S)`` (S made, the game lost);
* else S is not a candidate: announcing it cannot guarantee any score of its own (some
  figure of it may fail). The empty set is always a candidate: ``+G`` or ``-G``.

Values (:func:`~alsos_solver.games.alsos.figures.best_rounds`). Without ``front`` the analysis is made
from the back: every figure is announced from the back, at its back value (so abszolút
and 100 are never a candidate together, and in alsos-2, where abszolút is announced from
the front only, abszolút is none). With ``front`` it is made from the front, and a plan
may span both rounds: each figure is announced from the front (twice its value) or from
the back, as the rules allow, the best allowed plan counting; abszolút from the front
with 100 from the back is such a plan. Volát is announced from the back only; in alsos-2
abszolút is worth 1, as the scores count it.

The best set has the highest score; ties go to the set with the game won, then to fewer
figures, then to the earlier figures in ``FIGURES`` order.

Defenders. Against the declarer's best set (its ultimó / nyolcas, if chosen, is part of
the rules of play for them), the same over the defenders' figures, per seat (each
defender's allowed figures, made in his own tricks with his partner helping), scored for
the defenders as one side: ``+G`` with ``Together(GameDefeated + T)``, else ``-G`` with
``Together(T)``, plus the sum of the values of T. A defender's kassza is side-based; it is
offered only to the defender who holds béla (counted once).

Search. Makeability together is monotone: if S cannot be made, no superset can (and the
same with the game); so is being allowed: a set the rules forbid has no allowed superset.
Sets are enumerated by increasing size, and a set is tried only when every subset one
smaller is makeable (apriori) and it is allowed; it is asked with the game only when
every such subset was makeable with the game. Figures that cannot be made at all
(:meth:`FigureMade.possible`: kassza without béla, ultimó without the trump 7, ...) are
left out before any search.

The search core tracks at most 4 score coordinates (the game takes 2). A question beyond
that (:class:`~alsos_solver.errors.GoalTooLarge`) is not evaluated and is listed in
``not_evaluated``: a set too large with the game is scored as if the game were lost
(``Together(S)`` alone is then asked); a set too large alone is no candidate and is not
extended. (In three-player Alsós the declarer's figures use at most two coordinates
besides the game's two: the points, and the points with his melds where the defenders'
meld concessions change those; the defenders' two, one per defender, each with his melds
where concessions change them, so only a defender's 200 beside a figure counted in
points alone, in a deal where concessions change his melds, can be too large.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from ...deal import Deal
from ...errors import GoalTooLarge, NotApplicable
from ...games.alsos.questions import FigureMade, GameDefeated, GameWon
from ...progress import Progress
from ...questions import Question, Setting, Together
from ...rules import Kind
from ...solver import DEFAULT_TABLE_BYTES, Solver
from .figures import allowed_figures, best_rounds
from .values import GAME_VALUES


@dataclass(frozen=True)
class Plan:
    """How a set of one side's figures is best announced: its value and, per seat, the
    figures said from the front."""

    value: int
    front: dict[int, tuple[str, ...]]


def plan(deal: Deal, items: Sequence[tuple[int, str]], front: bool) -> Plan | None:
    """The best allowed way to announce ``items`` ((seat, figure) pairs), the front round
    open or not (see the module); None when the rules allow none."""
    value, fronts = 0, {}
    for seat in sorted({seat for seat, _ in items}):
        names = [name for s, name in items if s == seat]
        best = best_rounds(names, front, len(deal.game.active) == 2, deal.options)
        if best is None:
            return None
        value += best[0]
        fronts[seat] = best[1]
    return Plan(value, fronts)


@dataclass
class SideSearch:
    """The outcome of one side's search.

    ``figures``: the best set, as (seat, figure) pairs in the order offered; ``game``: the
    side's game outcome in the best set's line (declarer: won; defenders: defeated);
    ``score``; ``makeable``: every candidate set found (sorted tuples of item indices ->
    made with the game); ``plans``: how each candidate is announced; ``not_evaluated``:
    (set, with the game) asked of the core but too large for it; ``asked``: Solver
    questions asked; ``evaluated``: non-empty sets tried."""

    items: tuple[tuple[int, str], ...]
    best: tuple[int, ...] = ()
    plans: dict[tuple[int, ...], Plan] = field(default_factory=dict)
    game: bool = False
    score: int = 0
    makeable: dict[tuple[int, ...], bool] = field(default_factory=dict)
    not_evaluated: list[tuple[tuple[int, ...], bool]] = field(default_factory=list)
    asked: int = 0
    evaluated: int = 0

    @property
    def figures(self) -> list[tuple[int, str]]:
        return [self.items[i] for i in self.best]

    @property
    def front(self) -> dict[int, tuple[str, ...]]:
        """The best set's figures said from the front, per seat."""
        return self.plans[self.best].front


@dataclass
class Announcements:
    """The best announcements of the declarer, and of the defenders against them."""

    contract: str
    declarer: str
    front: bool
    game_value: int
    declarer_figures: list[str]
    declarer_score: int
    declarer_game: bool
    defender_figures: dict[str, list[str]]
    defender_score: int
    game_defeated: bool
    not_evaluated: dict[str, list[list[str]]] = field(default_factory=dict)
    questions: int = 0
    nodes: int = 0
    seconds: float = 0.0
    declarer_front: list[str] = field(default_factory=list)
    defender_front: dict[str, list[str]] = field(default_factory=dict)

    def to_json(self) -> dict:
        """``{"declarer": {"seat", "figures", "from_front", "score", "game"}, "defenders":
        {"figures": {seat: [...]}, "from_front": {seat: [...]}, "score", "game_defeated"},
        "front", "contract", "not_evaluated", "questions", "nodes", "seconds"}``;
        ``from_front``: the figures the best plan announces from the front."""
        return {
            "declarer": {
                "seat": self.declarer,
                "figures": list(self.declarer_figures),
                "from_front": list(self.declarer_front),
                "score": self.declarer_score,
                "game": self.declarer_game,
            },
            "defenders": {
                "figures": {seat: list(names) for seat, names in self.defender_figures.items()},
                "from_front": {seat: list(names) for seat, names in self.defender_front.items()},
                "score": self.defender_score,
                "game_defeated": self.game_defeated,
            },
            "front": self.front,
            "contract": self.contract,
            "not_evaluated": {side: [list(s) for s in sets] for side, sets in self.not_evaluated.items()},
            "questions": self.questions,
            "nodes": self.nodes,
            "seconds": self.seconds,
        }

    def lines(self) -> list[str]:
        """The answer in sentences."""
        how = "front" if self.front else "back"
        said = ", ".join(self.declarer_figures) or "nothing"
        game = "won" if self.declarer_game else "lost"
        out = [
            f"Declarer {self.declarer} ({self.contract}, {how} values): best to announce {said}; "
            f"in that line the game is {game}; score {self.declarer_score:+d}."
        ]
        parts = [f"{seat} {', '.join(names) or 'nothing'}" for seat, names in self.defender_figures.items()]
        defeat = "defeated" if self.game_defeated else "made by the declarer"
        out.append(f"Defenders against it: {'; '.join(parts)}; the game is {defeat}; score {self.defender_score:+d}.")
        for side, sets in self.not_evaluated.items():
            if sets:
                shown = "; ".join(" + ".join(s) for s in sets)
                out.append(f"Not evaluated ({side}, too large for the search core): {shown}.")
        return out


def check_announceable(deal: Deal, analysis: str = "best announcements") -> None:
    """That the deal has figures to announce: a trump or no-trump game with a declarer in
    a game with a front round. ValueError (NotApplicable for a game without figures)
    naming the ``analysis`` asked for: ``odds need a trump or no-trump game, not betli``."""
    if deal.contract is None:
        raise NotApplicable(f"{analysis} need a deal with a contract")
    if not deal.game.takes("Front"):
        raise NotApplicable(f"{deal.game} has no figures to announce")
    if not deal.contract.is_point_game:
        raise NotApplicable(f"{analysis} need a trump or no-trump game, not {deal.contract.kind.value}")
    if deal.declarer is None:
        raise NotApplicable(f"{analysis} need a declarer")


def search_side(
    solver: Solver,
    items: Sequence[tuple[int, str]],
    game: Question,
    game_value: int,
    front: bool,
    progress: Progress | None = None,
) -> SideSearch:
    """The best set of ``items`` ((seat, figure) pairs of one side) with ``game`` (GameWon
    or GameDefeated) scored as the module says; apriori search over makeable sets."""
    found = SideSearch(tuple(items))
    deal = solver.deal

    def ask(question: Question) -> bool | None:
        found.asked += 1
        try:
            return solver.ask(question)
        except GoalTooLarge:
            return None

    found.makeable[()] = bool(ask(game))
    found.plans[()] = Plan(0, {})
    frontier: list[tuple[int, ...]] = [()]
    done = 0
    while frontier:
        candidates = _extensions(frontier, found.makeable, len(items))
        frontier = []
        for index, chosen in enumerate(candidates):
            done += 1
            found.evaluated = done
            announced = plan(deal, [items[i] for i in chosen], front)
            if announced is not None:
                _evaluate(found, chosen, announced, game, ask, frontier)
            if progress is not None:
                progress(done, done + len(candidates) - index - 1)

    def key(chosen: tuple[int, ...]) -> tuple:
        return (_score(found, chosen, game_value), found.makeable[chosen], -len(chosen), [-i for i in chosen])

    found.best = max(found.makeable, key=key)
    found.game = found.makeable[found.best]
    found.score = _score(found, found.best, game_value)
    return found


def _evaluate(
    found: SideSearch, chosen: tuple[int, ...], announced: Plan, game: Question,
    ask: Callable[[Question], bool | None], frontier: list[tuple[int, ...]],
) -> None:
    """Ask whether an allowed set is made, with the game or alone; record a candidate."""
    items = found.items
    figures = tuple(FigureMade(*items[i]) for i in chosen)
    subsets = [chosen[:k] + chosen[k + 1 :] for k in range(len(chosen))]
    with_game: bool | None = False
    if all(found.makeable[s] for s in subsets):
        with_game = ask(Together((game, *figures)))
        if with_game is None:  # too large with the game: scored as if lost
            found.not_evaluated.append((chosen, True))
    alone = True if with_game else ask(Together(figures))
    if alone is None:
        found.not_evaluated.append((chosen, False))
    elif alone:
        found.makeable[chosen] = bool(with_game)
        found.plans[chosen] = announced
        frontier.append(chosen)


def _extensions(frontier: list[tuple[int, ...]], makeable: dict, n: int) -> list[tuple[int, ...]]:
    """The sets one larger than the frontier's whose every one-smaller subset is makeable."""
    result = []
    for base in frontier:
        for j in range((base[-1] + 1) if base else 0, n):
            chosen = base + (j,)
            if all(chosen[:k] + chosen[k + 1 :] in makeable for k in range(len(chosen))):
                result.append(chosen)
    return result


def _score(found: SideSearch, chosen: tuple[int, ...], game_value: int) -> int:
    sign = 1 if found.makeable[chosen] else -1
    return sign * game_value + found.plans[chosen].value


def score_of(solver: Solver, items: Sequence[tuple[int, str]], game: Question, game_value: int, front: bool) -> int | None:
    """The score of one set by the module's definition (None: not a candidate), asked
    directly: the reference the search is tested against. A question too large for the
    core counts as not made, as in the search."""

    def made(question: Question) -> bool:
        try:
            return solver.ask(question)
        except GoalTooLarge:
            return False

    announced = plan(solver.deal, items, front)
    if announced is None:
        return None
    figures = tuple(FigureMade(*item) for item in items)
    value = announced.value
    if made(Together((game, *figures))):
        return game_value + value
    if not figures or made(Together(figures)):
        return -game_value + value
    return None


def declarer_items(deal: Deal) -> list[tuple[int, str]]:
    """The declarer's figures that can be announced and are possible at all."""
    setting = Setting.of(deal)
    names = allowed_figures(deal.contract, deal.options)
    return [(setting.declarer, n) for n in names if FigureMade(setting.declarer, n).possible(setting)]


def defender_items(deal: Deal) -> list[tuple[int, str]]:
    """The defenders' figures, per seat in playing order; kassza only for béla's holder."""
    setting = Setting.of(deal)
    names = allowed_figures(deal.contract, deal.options)
    return [
        (seat, n)
        for seat in setting.defenders
        for n in names
        if FigureMade(seat, n).possible(setting) and (n != "kassza" or setting.holds_bela(seat))
    ]


def best_announcements(
    deal: Deal,
    *,
    front: bool = False,
    progress: Progress | None = None,
    table_bytes: int = DEFAULT_TABLE_BYTES,
) -> Announcements:
    """The declarer's best set of figures to announce, and the defenders' best against it
    (see the module). ValueError for betli, klopitzky, no contract or no declarer.

    ``progress(done, total)``: sets evaluated so far, and sets known so far (evaluated or
    waiting); ``total`` grows as makeable sets open larger ones (the defenders' search
    continues the count of the declarer's).
    """
    check_announceable(deal)
    spec, seats = deal.game, deal.game.active
    base = replace(deal, figures={}, play=[], play_leader=None)
    game_value = GAME_VALUES[deal.contract.kind]

    solver = Solver(base, table_bytes=table_bytes)
    mine = search_side(solver, declarer_items(base), GameWon(), game_value, front, progress)
    chosen = tuple(name for _, name in mine.figures)
    chosen_front = mine.front.get(Setting.of(base).declarer, ())

    against = replace(
        base, figures={deal.declarer: chosen} if chosen else {}, front={deal.declarer: chosen_front} if chosen_front else {},
    )
    theirs_solver = Solver(against, table_bytes=table_bytes)
    offset = mine.evaluated
    later = None if progress is None else (lambda done, total: progress(offset + done, offset + total))
    theirs = search_side(theirs_solver, defender_items(against), GameDefeated(), game_value, front, later)
    defender_figures: dict[str, list[str]] = {seats[s]: [] for s in Setting.of(against).defenders}
    for s, name in theirs.figures:
        defender_figures[seats[s]].append(name)
    defender_front = {seats[s]: list(names) for s, names in theirs.front.items() if names}

    def named(found: SideSearch) -> list[list[str]]:
        return [
            [f"{seats[found.items[i][0]]}:{found.items[i][1]}" for i in s] + (["game"] if with_game else [])
            for s, with_game in found.not_evaluated
        ]

    return Announcements(
        contract=spec.contract_token(deal.contract),
        declarer=deal.declarer,
        front=front,
        game_value=game_value,
        declarer_figures=list(chosen),
        declarer_score=mine.score,
        declarer_game=mine.game,
        defender_figures=defender_figures,
        defender_score=theirs.score,
        game_defeated=theirs.game,
        not_evaluated={"declarer": named(mine), "defenders": named(theirs)},
        questions=mine.asked + theirs.asked,
        nodes=solver.stats.nodes + theirs_solver.stats.nodes,
        seconds=solver.stats.seconds + theirs_solver.stats.seconds,
        declarer_front=list(chosen_front),
        defender_front=defender_front,
    )
