"""A game of the family: its pack, seats, contracts, trick rules, first lead, melds,
announcements, kontras and the tags it takes; the checks of a deal that only a game can
judge; and, found through it, its questions, analyses and views. One subclass per family
(:mod:`.alsos`, :mod:`.asszorti`, :mod:`.altiansz`), registered by name (:func:`register`,
:func:`find_game`); nothing outside a game's own package asks which game a deal is."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from functools import partial
from typing import TYPE_CHECKING, Any

from ..cards import Card, CardSet, Pack
from ..deal import KONTRA_NAMES, Problem
from ..errors import NotApplicable
from ..melds import MELD_KINDS, Meld, MeldChoice, MeldResult, empty_result
from ..progress import Progress
from ..rules.contract import Contract, Kind
from ..rules.options import AlsosOptions
from ..rules.trick import TrickRules

if TYPE_CHECKING:
    from ..answers import GameQuestions
    from ..deal import Deal
    from ..render.views import GameViews


GAMES: dict[str, Game] = {}
"""Every registered game, by name, in the order registered."""


def register(game: Game) -> Game:
    """Make a game known by its name (:func:`~alsos_solver.games.find_game`); the game
    packages register theirs in :mod:`alsos_solver.games`."""
    GAMES[game.name] = game
    return game


def find_game(name: str) -> Game:
    """The game of that name (python-chess's ``find_variant``); ValueError lists the known ones."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r} (expected one of {', '.join(GAMES)})") from None


def default_game() -> Game:
    """The game of a deal file without a ``Game`` tag."""
    return next(game for game in GAMES.values() if game.default)


def games_where(has: Callable[[Game], bool]) -> str:
    """The names of the games that have something, in words: ``alsos, alsos-2 and altiansz``."""
    names = [name for name, game in GAMES.items() if has(game)]
    return " and ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} and {names[-1]}"


@dataclass(frozen=True, kw_only=True)
class GameAnalyses:
    """A game's own analyses (:meth:`Game.analyses`), each None where the game has none."""

    best_announcements: Callable[..., Any] | None = None
    double_dummy_scores: Callable[[Deal], Any] | None = None
    actual_scores: Callable[[Deal], Any] | None = None
    exchange_options: Callable[..., Any] | None = None
    announcement_odds: Callable[..., Any] | None = None
    solve_samples: Callable[..., Any] | None = None
    """The unit of work of :meth:`Game.odds_worker`: sampled layouts, a seat and its view."""
    cases: Callable[[Game], dict[str, Callable[[list[str]], int]]] | None = None
    """The game's kinds of literature scoring case, each reading its words in the game."""


@dataclass(frozen=True, repr=False)
class Game(ABC):
    """A game: its name, pack, seats (in playing order) and those that play, hand and talon
    sizes, the dealer by convention, and the optional tags of the deal format it reads
    (``tags``: ``Figures``, ``Front``, ``Kontra``, ``Melds``, ``Dealt``; a tag a game does
    not take is an error where it is found)."""

    name: str
    pack: Pack
    seats: str
    active: str
    hand_size: int
    talon_size: int
    default_dealer: str
    tags: frozenset[str] = frozenset()
    default: bool = False
    """The game of a deal file without a ``Game`` tag (docs/format.md): one game is."""

    meld_kinds: tuple[str, ...] = ()
    """The meld kinds a seat may declare (the ``Melds`` tag): none for a game without melds."""
    meld_contests: tuple[str, ...] = ()
    """The meld kinds whose contest a defender may concede after the first trick."""
    front_hand: int = 0
    """The cards a seat holds when it announces from the front (0: no front round)."""
    contract_names: tuple[str, ...] = ()
    """The contracts the ``Contract`` tag names by a word, alone or before a suit letter or
    ``NT``, as the writer spells them (none: every contract is a suit or no-trump)."""

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"find_game({self.name!r})"

    def takes(self, tag: str) -> bool:
        """Whether the game reads the tag (``Figures``, ``Front``, ``Kontra``, ``Melds``,
        ``Dealt``; ``Indicator`` and ``TalonTop`` go with ``Dealt``)."""
        return tag in self.tags

    # ---- The game's own parts: questions, views, analyses ----
    # Each is loaded on first use: they import the solver, the views (rich) and the
    # analyses, which reading a deal, or solving it, does not need.

    @property
    @abstractmethod
    def questions(self) -> GameQuestions:
        """What :func:`~alsos_solver.solve.solve` asks of a deal of this game."""

    @property
    @abstractmethod
    def views(self) -> GameViews:
        """How the terminal shows this game's results and analyses."""

    def analyses(self) -> GameAnalyses:
        """The game's own analyses (none by default)."""
        return GameAnalyses()

    def best_announcements(self, deal: Deal, *, front: bool = False, progress: Progress | None = None) -> Any:
        """What each seat should announce (the ``--announce`` analysis)."""
        return self._analysis("best_announcements", "has no announcements to choose")(deal, front=front, progress=progress)

    def double_dummy_scores(self, deal: Deal) -> Any:
        """The scores of the deal's contract and announcements with best play."""
        return self._analysis("double_dummy_scores", "has no scores of its announcements")(deal)

    def actual_scores(self, deal: Deal) -> Any:
        """The scores of the deal's recorded play."""
        return self._analysis("actual_scores", "has no scores of its announcements")(deal)

    def exchange_options(self, deal: Deal, *, progress: Progress | None = None) -> Any:
        """The trump exchange's options (the ``--exchange`` analysis)."""
        return self._analysis("exchange_options", "has no trump exchange")(deal, progress=progress)

    def announcement_odds(self, deal: Deal, seat: str, **options: Any) -> Any:
        """The odds of a seat's announcements over the layouts it cannot see (the ``odds``
        command): the options of :func:`alsos_solver.games.alsos.odds.odds`."""
        return self._analysis("announcement_odds", "has no announcements to weigh the odds of")(deal, seat, **options)

    def odds_worker(self, seat: str, front: bool) -> Callable[[list[Deal]], Any]:
        """What solves a list of sampled layouts for :meth:`announcement_odds`, in a worker
        process (a partial of a module's function, so that it can be sent there)."""
        solve = self._analysis("solve_samples", "has no announcements to weigh the odds of")
        return partial(solve, seat=seat, front=front)

    def literature_cases(self) -> dict[str, Callable[[list[str]], int]]:
        """The game's own kinds of literature check (``puzzles/cases.py``): name -> the
        value a case line's words compute."""
        cases = self.analyses().cases
        return {} if cases is None else cases(self)

    def _analysis(self, name: str, lacking: str) -> Callable[..., Any]:
        """The game's analysis ``name``; NotApplicable saying the game ``lacking`` it."""
        work = getattr(self.analyses(), name)
        if work is None:
            raise NotApplicable(f"{self.name} {lacking}")
        return work

    def deal_text(self, deal: Deal) -> str:
        """The deal as the writer writes it (docs/format.md, 'What the writer writes')."""
        from ..io.writer import dumps

        return dumps([deal]).rstrip("\n")

    def seat_index(self, seat: str) -> int:
        return self.seats.index(seat)

    @property
    def two_players(self) -> bool:
        return len(self.active) == 2

    @property
    def variants(self) -> tuple[str, ...]:
        """The rule options (fields of :class:`AlsosOptions`) that change this game: none
        by default (Asszorti and Altiansz read none of them)."""
        return ()

    def no_variant(self, name: str) -> str:
        """Why a rule option ``name`` not among :attr:`variants` cannot be set for this game."""
        known = ", ".join(self.variants)
        return f"{self.name} has no variant {name} ({f'its variants: {known}' if known else 'it has none'})"

    def with_variant(self, options: AlsosOptions, name: str, value: str) -> AlsosOptions:
        """``options`` with the rule option ``name`` set from its text value; ValueError if
        the game does not have that option (:meth:`no_variant`) or the value is bad."""
        if name not in self.variants:
            raise ValueError(self.no_variant(name))
        return options.with_option(name, value)

    @abstractmethod
    def parse_contract(self, text: str) -> Contract:
        """A ``Contract`` tag value; ValueError says what this game expects."""

    @abstractmethod
    def contract_token(self, contract: Contract) -> str:
        """The inverse of :meth:`parse_contract`."""

    @abstractmethod
    def table_contracts(self, options: AlsosOptions) -> tuple[str, ...]:
        """The contracts of the contract table (every seat as declarer in each), as tokens:
        those the rules under ``options`` allow."""

    def table_contracts_once(self, options: AlsosOptions) -> tuple[str, ...]:
        """The contracts without a declarer, asked once in the contract table, that the
        rules under ``options`` allow (none by default)."""
        return ()

    @abstractmethod
    def trick_rules(self, contract: Contract, options: AlsosOptions) -> TrickRules:
        """The rules of trick play of a contract."""

    @abstractmethod
    def first_lead(self, contract: Contract, declarer: int | None, options: AlsosOptions) -> int:
        """The index (among the seats that play) of the seat that leads to the first trick."""

    def first_leader(self, contract: Contract, declarer: str | None, options: AlsosOptions) -> str:
        """The seat that leads to the first trick (rules-notes, per game)."""
        index = None if declarer is None else self.active.index(declarer)
        return self.active[self.first_lead(contract, index, options)]

    def melds(self, deal: Deal) -> MeldResult:
        """The melds of the deal's hands and what each seat scores (none by default)."""
        return empty_result(self.active)

    def hand_melds(self, hand: CardSet, contract: Contract, options: AlsosOptions) -> tuple[Meld, ...]:
        """Every meld that ``hand`` holds under the contract, as this game counts melds,
        before any contest and whether or not the contract scores it (``seat`` empty);
        none by default. The predicate language's meld features read it."""
        return ()

    def meld_choices(self, deal: Deal) -> tuple[MeldChoice, ...]:
        """The meld outcomes the defenders may choose between (one by default: the melds)."""
        points = self.melds(deal).points
        return (MeldChoice((), tuple(points[seat] for seat in self.active)),)

    def figure_names(self) -> tuple[str, ...]:
        """The figures a seat may announce in the game (the ``Figures`` tag); none by default."""
        return ()

    def canonical_figure(self, name: str) -> str:
        """A figure's file name from any of its spellings; ValueError if the game has none such."""
        raise ValueError(f"{self.name} has no figures (found {name})")

    def allows_figure(self, name: str, contract: Contract, options: AlsosOptions) -> str | None:
        """None when the figure may be announced in the contract, else why not."""
        return f"{self.name} has no figures (found {name})"

    def figure_problems(self, deal: Deal, seat: str, names: tuple[str, ...]) -> list[str]:
        """Why a seat's announced figures break the game's rules (empty if they do not)."""
        return []

    def front_problem(self, name: str) -> str | None:
        """Why a figure may not be announced from the front (the ``Front`` tag); None if it may."""
        return f"{self.name} has no announcements from the front"

    def holds(self, deal: Deal) -> dict[Card, int]:
        """Cards kept back by what was announced, each mapped to the trick it is kept for
        (none by default; see :meth:`alsos_solver.deal.Deal.holds`)."""
        return {}

    def is_front(self, deal: Deal, seat: str, name: str) -> bool:
        """Whether a seat's announced figure was said from the front."""
        return name in deal.front.get(seat, ())

    def max_kontra(self, options: AlsosOptions) -> int:
        """The most kontra levels said to one item (0: the game has no kontras)."""
        return 0

    # ---- Judging a deal: what only the game can say about it ----

    def problems(self, deal: Deal) -> list[Problem]:
        """Everything in the deal that breaks this game's rules beyond its hands, talon,
        contract and declarer (which :meth:`~alsos_solver.deal.Deal.problems` checks for
        every game): tags it does not take, figures, melds, kontras and its own rules."""
        found = self.tag_problems(deal) + self.figure_tag_problems(deal) + self.meld_tag_problems(deal)
        found += self.rule_problems(deal) + self.announcement_problems(deal)
        if not any(problem.tag in ("Front", "Kontra") for problem in found):
            found += self.kontra_problems(deal)
        return found

    def tag_problems(self, deal: Deal) -> list[Problem]:
        """The tags of the deal that this game does not read: each would do nothing."""
        found = []
        if deal.front and not self.takes("Front"):
            games = games_where(lambda game: game.takes("Front"))
            found.append(Problem("Front", f"{self.name} has no announcements from the front (the Front tag is for {games})"))
        if deal.kontra and not self.takes("Kontra"):
            games = games_where(lambda game: game.takes("Kontra"))
            found.append(Problem("Kontra", f"{self.name} has no kontras (the Kontra tag is for {games})"))
        if deal.declared and not self.takes("Melds"):
            games = games_where(lambda game: game.takes("Melds"))
            found.append(Problem("Melds", f"{self.name} has no melds (the Melds tag is for {games})"))
        dealt = [tag for tag, value in (("Dealt", deal.dealt), ("Indicator", deal.indicator), ("TalonTop", deal.talon_top))
                 if value is not None]
        if dealt and not self.takes("Dealt"):
            games = games_where(lambda game: game.takes("Dealt"))
            found.append(Problem(dealt[0], f"the deal as dealt (Dealt, Indicator, TalonTop) is modelled for {games}, not {self.name}"))
        return found

    def figure_tag_problems(self, deal: Deal) -> list[Problem]:
        """Each seat of the Figures tag plays, and each figure is one of the game's and may be
        announced in the contract."""
        found, known = [], self.figure_names()
        for seat, names in deal.figures.items():
            if seat not in self.active:
                found.append(Problem("Figures", f"unknown seat {seat!r} (expected one of {' '.join(self.active)})"))
            for name in names:
                reason = None if deal.contract is None or name not in known else self.allows_figure(name, deal.contract, deal.options)
                if not known:
                    found.append(Problem("Figures", f"{self.name} has no figures (found {name})"))
                elif name not in known:
                    found.append(Problem("Figures", f"unknown figure {name!r} (expected one of {' '.join(known)})"))
                elif deal.contract is None:
                    found.append(Problem("Figures", f"figure {name} needs a Contract"))
                elif reason is not None:
                    found.append(Problem("Figures", reason))
        return found

    def meld_tag_problems(self, deal: Deal) -> list[Problem]:
        """Each seat of the Melds tag plays, and declares kinds of the format's names."""
        if not self.meld_kinds:
            return []
        found = []
        for seat, kinds in deal.declared.items():
            if seat not in self.active:
                found.append(Problem("Melds", f"unknown seat {seat!r} (expected one of {' '.join(self.active)})"))
            found += [Problem("Melds", f"unknown meld kind {kind!r} (expected {', '.join(MELD_KINDS)} or none)")
                      for kind in kinds if kind not in MELD_KINDS]
        return found

    def announcement_problems(self, deal: Deal) -> list[Problem]:
        """The game's rules of announcing, per seat (:meth:`figure_problems`), for the
        seats whose figures are otherwise sound."""
        found, known = [], self.figure_names()
        for seat, names in deal.figures.items():
            if deal.contract is None or not set(names) <= set(known) or seat not in self.active:
                continue  # reported by figure_tag_problems
            if any(self.allows_figure(name, deal.contract, deal.options) for name in names):
                continue
            found += [Problem("Figures", message) for message in self.figure_problems(deal, seat, names)]
        return found

    def kontra_problems(self, deal: Deal) -> list[Problem]:
        """Front and Kontra: figures of the Figures tag, volát from the back only, kontra
        levels ``f``* then ``b``*, front kontras only on what was said from the front."""
        found: list[Problem] = []
        for seat, names in deal.front.items():
            if seat not in self.active:
                found.append(Problem("Front", f"unknown seat {seat!r} (expected one of {' '.join(self.active)})"))
                continue
            for index, name in enumerate(names):
                if name in names[:index]:
                    found.append(Problem("Front", f"{name} given twice for seat {seat}"))
                elif name not in deal.figures.get(seat, ()):
                    found.append(Problem("Front", f"{seat}:{name} is in Front but not in Figures (a figure from the front must be announced)"))
                elif self.front_problem(name):
                    found.append(Problem("Front", f"{seat}:{name} from the front: {self.front_problem(name)}"))
        for item, levels in deal.kontra.items():
            found += self.item_kontra_problems(deal, item, levels)
        return found

    def item_kontra_problems(self, deal: Deal, item: str, levels: str) -> list[Problem]:
        """The kontra levels said on one item (``game`` or ``SEAT:figure``)."""
        if not levels or set(levels) - {"f", "b"}:
            return [Problem("Kontra", f"kontra on {item}: expected levels as letters f (front) or b (back), found {levels!r}")]
        found, most = [], self.max_kontra(deal.options)
        if "bf" in levels:
            found.append(Problem("Kontra", f"kontra on {item}: {levels!r} has a level from the front after one from the back"))
        if len(levels) > most:
            hint = ' (mordkontra needs [Variant "mordkontra=on"])' if self.mordkontra_raises(deal.options, most) else ""
            found.append(Problem("Kontra", f"kontra on {item}: {len(levels)} levels, at most {most} ({', '.join(KONTRA_NAMES[:most])}){hint}"))
        if "f" in levels and not self.takes("Front"):
            found.append(Problem("Kontra", f"kontra on {item} from the front ({levels!r}): {self.name} has no announcements "
                                           "from the front, its kontras are from the back (b) only"))
            return found
        contract = deal.contract
        if item == "game":
            if contract is None:
                found.append(Problem("Kontra", "kontra on the game needs a Contract"))
            elif contract.kind is Kind.KLOPITZKY:
                found.append(Problem("Kontra", "klopitzky takes no kontra"))
            elif contract.kind is Kind.BETLI and "f" in levels:
                found.append(Problem("Kontra", f"kontra on a betli from the front ({levels!r}): betli is bid with nine cards, its kontras are from the back (b) only"))
            return found
        seat, _, name = item.partition(":")
        if name not in deal.figures.get(seat, ()):
            found.append(Problem("Kontra", f"kontra on {item}: not an announced figure (expected game or SEAT:figure of the Figures tag)"))
        elif "f" in levels and not self.is_front(deal, seat, name):
            found.append(Problem("Kontra", f"kontra on {item} from the front ({levels!r}), but {item} is announced from the back (not in Front)"))
        return found

    def mordkontra_raises(self, options: AlsosOptions, most: int) -> bool:
        """Whether the game's mordkontra variant, off in ``options``, would allow more than
        ``most`` kontra levels (not in a game without that variant, such as Asszorti, nor
        under the Tompa rules)."""
        return "mordkontra" in self.variants and self.max_kontra(replace(options, mordkontra=True)) > most

    def rule_problems(self, deal: Deal) -> list[Problem]:
        """What in the deal breaks the game's own rules beyond hands, contract and figures:
        by default a rule option set (the ``Variant`` tag) that the game does not have, which
        would do nothing."""
        default = AlsosOptions()
        return [Problem("Variant", self.no_variant(option.name)) for option in fields(AlsosOptions)
                if option.name not in self.variants and getattr(deal.options, option.name) != getattr(default, option.name)]
