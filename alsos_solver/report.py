"""What the command line works out for each deal, and its JSON record.

For every deal read it applies the command line's overrides (checked like a deal read from
a file), solves the contract, runs the analyses the options ask for (each, or a note
saying why it does not apply) and gathers the answers in a :class:`DealReport`;
:func:`record` is the report's JSON object. This module decides what to run; the views
(:mod:`.render`) only draw reports, and :mod:`.cli` turns the options into
:class:`Wanted` and :class:`Overrides` and the errors into exit codes.

The analyses are imported when an option asks for one, so a plain run does not pay for them.
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, nullcontext
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Protocol

from .deal import Deal
from .errors import NotApplicable
from .io import DealFormatError, iter_deals
from .io.errors import STDIN, STDIN_NAME, DealFormatWarning
from .io.reader import with_tags
from .io.records import deal_record
from .launch import signals
from .melds import MeldResult
from .progress import Progress
from .solve import SolveResult, solve

DEAL_FILES = "*.txt"
"""The files read from a folder given as FILE: every one in it and its subfolders, by path."""

TAG_OPTIONS = {"Contract": "--contract", "Declarer": "--declarer", "Figures": "--figures"}
"""The tags the command line can override, and the option that does."""

ProgressBars = Callable[[str], AbstractContextManager[Progress]]
"""Opens a progress display for one named computation and gives its callback."""
"""``progress(description)``: a context that yields ``update(done, total)`` for a long analysis."""


def no_progress(description: str) -> AbstractContextManager[Progress]:
    return nullcontext(lambda done, total=None: None)


class NoDealsError(Exception):
    """A file that holds no deal (empty, blank or comments only)."""

    def __init__(self, filename: str) -> None:
        super().__init__(f"no deals in {filename}")


class AnalysisInterrupted(Exception):
    """Ctrl-C stopped an analysis that returned what it had finished (shown already)."""


class OptionMismatch(Exception):
    """An option that does not fit a deal (an override, --after, --question): an error,
    or with --keep-going a note on that deal. ``str()`` is ``FILE: deal N: OPTION: why``."""

    def __init__(self, where: str, option: str, message: str) -> None:
        super().__init__(f"{where}: {option}: {message}")
        self.note = f"{option}: {message}"


@dataclass(frozen=True, kw_only=True)
class Wanted:
    """What to work out for each deal, from the options."""

    solve: bool = True
    cards: bool = False
    line: bool = False
    after: str | None = None
    question: str | None = None
    table: bool = False
    announce: bool = False
    front: bool = False
    review: bool = False
    scores: bool = False
    exchange: bool = False
    keep_going: bool = False
    brief: bool = False  # one line per deal: no automatic contract table for a deal without a contract


@dataclass(frozen=True)
class Overrides:
    """The command line's changes to every deal, over the file's: rule options
    (``--variant name=value``), then tag values (``--contract``, ``--declarer``,
    ``--figures``: tag name and value)."""

    variants: tuple[tuple[str, str], ...] = ()
    tags: tuple[tuple[str, str], ...] = ()

    def options(self, tag: str | None = None) -> str:
        """The options as typed (those that set ``tag`` when given)."""
        given = [f"--variant {name}={value}" for name, value in self.variants if tag is None]
        given += [f"{TAG_OPTIONS[name]} {shlex.quote(value)}" for name, value in self.tags if tag in (None, name)]
        return " ".join(given)


@dataclass
class Analysis:
    """One analysis of one deal: its JSON key (``cards``, ``line``, ``table``,
    ``announcements``, ``review``, ``scores``, ``exchange``), the library's answer, or a one-line ``note`` saying why there
    is none (no Play section, no contract, ...)."""

    key: str
    value: Any = None
    note: str | None = None

    @property
    def interrupted(self) -> bool:
        """Stopped by Ctrl-C with a partial answer (the table, the exchange)."""
        return self.value is not None and getattr(self.value, "complete", True) is False


@dataclass
class ScoreSet:
    """The answer of ``--scores``: the double-dummy scores and the scores as played, each
    with a note where it is not there."""

    double_dummy: Any = None
    actual: Any = None
    double_dummy_note: str | None = None
    actual_note: str | None = None


@dataclass
class DealReport:
    """Everything worked out for one deal: where it is, the deal (under the overrides),
    the double-dummy result of its contract, the analyses, its melds (worked out when a
    view asks for them: ``--brief`` does not); or, with --keep-going, the ``note`` of an
    override that does not fit it (then nothing else)."""

    filename: str
    index: int
    deal: Deal
    result: SolveResult | None = None
    analyses: list[Analysis] = field(default_factory=list)
    note: str | None = None

    @cached_property
    def melds(self) -> MeldResult:
        return self.deal.game.melds(self.deal)

    @property
    def interrupted(self) -> bool:
        return any(analysis.interrupted for analysis in self.analyses)


class Sink(Protocol):
    """Where reports go: a view."""

    def deal(self, report: DealReport) -> None: ...

    def close(self) -> None: ...


class Sinks:
    """Several views of the same reports (the terminal and a web page), each closed
    whatever happens to the others."""

    def __init__(self, *sinks: Sink) -> None:
        self.sinks = sinks

    def deal(self, report: DealReport) -> None:
        for sink in self.sinks:
            sink.deal(report)

    def close(self) -> None:
        with ExitStack() as closing:
            for sink in reversed(self.sinks):
                closing.callback(sink.close)


# Reading


def source_files(sources: list[str]) -> Iterator[str]:
    """The files to read: each source, but a folder stands for its deal files
    (:data:`DEAL_FILES`, sorted by path); NoDealsError for a folder without one,
    DealFormatError for the standard input given twice (it can be read once)."""
    if sources.count(STDIN) > 1:
        raise DealFormatError(STDIN, None, None, "the standard input is given twice: it can be read only once")
    for source in sources:
        if source != STDIN and os.path.isdir(source):
            from pathlib import Path  # here, not at the top: only a folder needs it (start-up)

            found = sorted(str(path) for path in Path(source).rglob(DEAL_FILES) if path.is_file())
            if not found:
                raise NoDealsError(source)
            yield from found
        else:
            yield source


def deals(sources: list[str], warn: Callable[[DealFormatWarning], None] | None = None,
          strict: bool = False) -> Iterator[tuple[str, int, Deal]]:
    """Every deal of every file in order (``-``: the standard input; a folder: its deal
    files, :func:`source_files`), numbered from 1 in its file. DealFormatError for an
    unreadable file or a bad deal, NoDealsError for a file without a deal; the reader's
    warnings go to ``warn``."""
    for source in source_files(sources):
        filename = STDIN_NAME if source == STDIN else source
        stream = sys.stdin.buffer if source == STDIN else source
        found = iter_deals(stream, filename=filename, warn=warn, strict=strict)
        index = 0
        for index, deal in enumerate(found, 1):
            yield filename, index, deal
        if index == 0:
            raise NoDealsError(filename)


def count_deals(sources: list[str]) -> int | None:
    """How many deals the files hold, by their Deal tag lines (for a progress bar: cheap,
    and exact for files the reader accepts); None when one is the standard input or cannot
    be read (the reader will say why)."""
    total = 0
    try:
        for source in source_files(sources):
            if source == STDIN:
                return None
            with open(source, "rb") as stream:
                total += sum(line.lstrip().startswith(b"[Deal ") for line in stream)
    except (OSError, NoDealsError, DealFormatError):
        return None
    return total


def run(sources: list[str], wanted: Wanted, overrides: Overrides, sink: Sink, *, progress: ProgressBars = no_progress,
        warn: Callable[[DealFormatWarning], None] | None = None, strict: bool = False) -> None:
    """Read, solve, analyse and show every deal; the sink is closed whatever happens.
    AnalysisInterrupted after showing a deal whose analysis Ctrl-C cut short; no deal is
    started after a signal (:meth:`alsos_solver.launch.Signals.check`)."""
    try:
        for filename, index, deal in deals(sources, warn, strict):
            signals.check()
            report = report_deal(filename, index, deal, wanted, overrides, progress)
            sink.deal(report)
            if report.interrupted:
                raise AnalysisInterrupted
    finally:
        sink.close()


# One deal


def report_deal(filename: str, index: int, deal: Deal, wanted: Wanted, overrides: Overrides,
                progress: ProgressBars = no_progress) -> DealReport:
    """The deal under the overrides, solved and analysed as ``wanted`` says."""
    where = f"{filename}: deal {index}"
    try:
        deal = overridden(deal, overrides, where)
    except OptionMismatch as mismatch:
        if not wanted.keep_going:
            raise
        return DealReport(filename, index, deal, note=mismatch.note)
    result, analyses = None, []
    if wanted.solve and deal.contract is not None:
        result = solve(deal)
    analyses += analyse(deal, wanted, where, progress)
    return DealReport(filename, index, deal, result, analyses)


def overridden(deal: Deal, overrides: Overrides, where: str) -> Deal:
    """The deal under the command line's overrides, checked as a deal read from a file:
    OptionMismatch naming the option when the deal's game has no such variant, a value
    cannot be read for the game, or the deal it makes breaks the rules (naming every
    override when the problem is not in a tag one of them set)."""
    if overrides == Overrides():
        return deal
    options = deal.options
    for name, value in overrides.variants:
        try:
            options = deal.game.with_variant(options, name, value)
        except ValueError as error:
            raise OptionMismatch(where, f"--variant {name}={value}", str(error)) from None
    changed = replace(deal, options=options)
    for tag, value in overrides.tags:
        try:
            changed = with_tags(changed, {tag: value})
        except ValueError as error:
            raise OptionMismatch(where, overrides.options(tag), str(error)) from None
    problems = changed.problems()
    if problems:
        problem = problems[0]
        message = f"the deal's Play section does not fit: {problem.message}" if problem.tag == "Play" else problem.message
        raise OptionMismatch(where, overrides.options(problem.tag) or overrides.options(), message)
    return changed


def analyse(deal: Deal, wanted: Wanted, where: str, progress: ProgressBars = no_progress) -> list[Analysis]:
    """The analyses the options ask for, in a fixed order (a deal without a contract gets
    the contract table unless --no-solve or --brief). An analysis that does not apply to
    the deal gives a note; one cut short by Ctrl-C ends the list."""
    found: list[Analysis] = []
    if wanted.cards or wanted.line:
        found += position_analyses(deal, wanted, where)
    steps: list[tuple[bool, str, Callable[[Deal], Any]]] = [
        (wanted.table or (wanted.solve and not wanted.brief and deal.contract is None), "table",
         lambda d: contract_table(d, progress)),
        (wanted.announce, "announcements", lambda d: announcements(d, wanted.front, progress)),
        (wanted.review, "review", lambda d: review(d, progress)),
        (wanted.scores, "scores", scores),
        (wanted.exchange, "exchange", lambda d: exchange(d, progress)),
    ]
    for asked, key, work in steps:
        if not asked:
            continue
        try:
            found.append(Analysis(key, work(deal)))
        except NotApplicable as error:
            found.append(Analysis(key, note=str(error)))
        if found[-1].interrupted:
            break
    return found


def position_analyses(deal: Deal, wanted: Wanted, where: str) -> list[Analysis]:
    """--cards and --line, after --after cards, for --question: OptionMismatch when these
    do not fit the deal (with --keep-going a note on each)."""
    keys = [key for key, asked in (("cards", wanted.cards), ("line", wanted.line)) if asked]
    if deal.contract is None:
        return [Analysis(key, note="no contract: there is no play to analyse") for key in keys]
    try:
        return [Analysis(key, value) for key, value in zip(keys, position_values(deal, wanted, keys, where))]
    except OptionMismatch as mismatch:
        if not wanted.keep_going:
            raise
        return [Analysis(key, note=mismatch.note) for key in keys]


def position_values(deal: Deal, wanted: Wanted, keys: list[str], where: str) -> list[Any]:
    """The answers of --cards and --line (``keys``) for the deal."""
    from . import analysis as lib

    def checked(option: str, value: str | None, work: Callable[[], Any]) -> Any:
        try:
            return work()
        except ValueError as error:
            raise OptionMismatch(where, f"{option}{value and ' ' + value or ''}", str(error)) from None

    after = None if wanted.after is None else checked("--after", wanted.after, lambda: parse_after(wanted.after, deal))
    question = None if wanted.question is None else checked(
        "--question", wanted.question, lambda: lib.parse_question(wanted.question, deal))
    work = {"cards": lib.card_values, "line": lib.optimal_line}
    option = "--after" if wanted.after is not None else "--" + keys[0]
    return [checked(option, wanted.after, lambda k=key: work[k](deal, question, after)) for key in keys]


def parse_after(text: str, deal: Deal) -> int:
    """--after's position (:func:`~alsos_solver.analysis.parse_after`). On a deal without
    a Play section, a position that a complete play would hold says that there is none."""
    from .analysis import parse_after as parse

    try:
        return parse(text, deal)
    except ValueError:
        if deal.play:
            raise
        parse(text, replace(deal, play=[0] * (len(deal.game.active) * deal.game.hand_size)))
        raise ValueError("the deal has no Play section (--after counts the cards played in it; 0 is the first lead)") from None


def contract_table(deal: Deal, progress: ProgressBars) -> Any:
    from .analysis import contract_table as table

    with progress("contract table") as update:
        return table(deal, progress=update)


def announcements(deal: Deal, front: bool, progress: ProgressBars) -> Any:
    """The game's own best announcements (:meth:`~alsos_solver.games.base.Game.best_announcements`)."""

    with progress("best announcements") as update:
        return deal.game.best_announcements(deal, front=front, progress=update)


def review(deal: Deal, progress: ProgressBars) -> Any:
    from .analysis import review_play

    if not deal.play:
        raise NotApplicable("no Play section: nothing to review")
    with progress("play review"):
        return review_play(deal)


def scores(deal: Deal) -> ScoreSet:
    """Double-dummy, and as played when there is a Play section (each with a note where
    it does not apply); a note alone when neither can apply (no contract). The scores are
    the game's own (:meth:`~alsos_solver.games.base.Game.double_dummy_scores`)."""

    game = deal.game
    found = ScoreSet()
    try:
        found.double_dummy = game.double_dummy_scores(deal)
    except NotApplicable as error:
        if deal.contract is None:
            raise
        found.double_dummy_note = str(error)
    try:
        if not deal.play:
            raise NotApplicable("no Play section")
        found.actual = game.actual_scores(deal)
    except NotApplicable as error:
        found.actual_note = str(error)
    return found


def exchange(deal: Deal, progress: ProgressBars) -> Any:
    """The game's trump exchange options (:meth:`~alsos_solver.games.base.Game.exchange_options`)."""
    if deal.dealt is None:
        raise NotApplicable("no Dealt, Indicator and TalonTop tags: the deal as dealt is not known")
    with progress("exchange choices") as update:
        return deal.game.exchange_options(deal, progress=update)


# JSON


def record(report: DealReport) -> dict[str, Any]:
    """One deal's JSON object: where it is, the deal, the melds, the keys of
    :meth:`SolveResult.to_json` when it was solved, each analysis's keys
    (:func:`analysis_record`), and the notes of what does not apply under ``notes``
    (an override that does not fit the deal: ``notes.options``)."""
    data: dict[str, Any] = {
        "file": report.filename,
        "index": report.index,
        "deal": deal_record(report.deal),
        "melds": dict(report.melds.points),
        "meld_lines": report.melds.lines(),
    }
    if report.result is not None:
        data |= report.result.to_json()
    notes: dict[str, str] = {} if report.note is None else {"options": report.note}
    for analysis in report.analyses:
        extra = analysis_record(analysis)
        notes |= extra.pop("notes", {})
        for key in [key for key, value in extra.items() if value is None and data.get(key) is not None]:
            extra.pop(key)  # an interrupted table keeps the deal's own answer (klopitzky)
        data |= extra
    if notes:
        data["notes"] = notes
    return data


def analysis_record(analysis: Analysis) -> dict[str, Any]:
    """The keys one analysis adds to a deal's JSON object.

    ``cards``, ``line`` and ``review`` add the keys of their ``to_json()`` (``cards``,
    ``groups``, ``position_value``, ``to_move``, ``question``, ``after``; ``line``,
    ``value``; ``review``, ``items``, ``history``); ``table`` adds ``table``,
    ``klopitzky_safe``, ``complete`` and its work as ``table_nodes``, ``table_seconds``;
    ``announcements``, ``scores`` and ``exchange`` are one key each. A note instead of
    an answer: the key is null and ``notes`` has the note under it."""
    key, value = analysis.key, analysis.value
    if value is None:
        return {key: None, "notes": {key: analysis.note}}
    if key in ("cards", "line", "review"):
        return value.to_json()
    if key == "table":
        data = value.to_json()
        data["table_nodes"], data["table_seconds"] = data.pop("nodes"), data.pop("seconds")
        return data
    if key == "scores":
        scores: dict[str, Any] = {
            "double_dummy": None if value.double_dummy is None else value.double_dummy.to_json(),
            "actual": None if value.actual is None else value.actual.to_json(),
        }
        notes = {k: n for k, n in (("double_dummy", value.double_dummy_note), ("actual", value.actual_note)) if n}
        if notes:
            scores["notes"] = notes
        return {"scores": scores}
    return {key: value.to_json()}
