"""``alsos-solve``: the command line over the library.

It parses the arguments, reads the deal files with :func:`~alsos_solver.io.iter_deals`
(deal by deal, so a huge file costs bounded memory), asks
:func:`~alsos_solver.melds.deal_melds`, :func:`~alsos_solver.solve.solve` and the analyses
the options name (:mod:`alsos_solver.analysis`), and hands the answers to :mod:`.render`
and :mod:`.render_analysis`. Exit status: 0 on success, 2 for a bad file or argument, 130
on Ctrl-C (after showing the partial result of an interrupted table or exchange).
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import textwrap
from collections.abc import Callable, Iterator
from typing import Annotated, Any, Protocol

import typer
from rich.console import Console
from rich.markup import escape

from . import __version__
from . import analysis as lib
from .deal import Deal
from .io import DealFormatError, iter_deals
from .melds import MeldResult, deal_melds
from .render import deal_panel, deal_title, record, result_view
from .render_analysis import Analysis, ScoreSet, analysis_view, merge_records, progress_bar
from .rules import AlsosOptions
from .solve import SolveResult, solve

EXIT_ERROR = 2
EXIT_INTERRUPTED = 130
ANALYSIS = "Analysis"
"""The help panel of the analysis options."""

app = typer.Typer(
    add_completion=False,
    pretty_exceptions_show_locals=False,
    help="Double-dummy solver for Alsós: read deal files, show each deal and what best play makes of it.",
)


class NoDealsError(Exception):
    """A file that holds no deal (empty, blank or comments only)."""

    def __init__(self, filename: str) -> None:
        super().__init__(f"no deals in {filename}")


class AnalysisInterrupted(Exception):
    """Ctrl-C stopped an analysis that returned what it had finished (shown already)."""


class ArgumentError(Exception):
    """An option's value that does not fit a deal (--after, --question): exit 2."""


@dataclasses.dataclass(frozen=True)
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


class Sink(Protocol):
    """Where solved deals go: the rich view or the JSON list."""

    def deal(self, filename: str, index: int, deal: Deal, melds: MeldResult, result: SolveResult | None,
             analyses: list[Analysis]) -> None: ...

    def close(self) -> None: ...


class RichSink:
    """Each deal as a diagram, then its result, then each analysis (or its note)."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def deal(self, filename: str, index: int, deal: Deal, melds: MeldResult, result: SolveResult | None,
             analyses: list[Analysis]) -> None:
        self.console.print(deal_title(filename, index, deal), soft_wrap=True)
        self.console.print(deal_panel(deal, melds))
        if result is not None:
            self.console.print(result_view(deal, result))
        for analysis in analyses:
            self.console.print()
            self.console.print(analysis_view(deal, analysis))
        self.console.print()

    def close(self) -> None:
        pass


class JsonSink:
    """One JSON list, written object by object (the list is closed even after an error,
    so what was written stays valid JSON)."""

    def __init__(self) -> None:
        self.count = 0

    def deal(self, filename: str, index: int, deal: Deal, melds: MeldResult, result: SolveResult | None,
             analyses: list[Analysis]) -> None:
        data = merge_records(record(filename, index, deal, melds, result), analyses)
        text = textwrap.indent(json.dumps(data, ensure_ascii=False, indent=2), "  ")
        sys.stdout.write(("[\n" if self.count == 0 else ",\n") + text)
        sys.stdout.flush()
        self.count += 1

    def close(self) -> None:
        sys.stdout.write("[]\n" if self.count == 0 else "\n]\n")
        sys.stdout.flush()


def parse_variants(items: list[str]) -> list[tuple[str, str]]:
    """``name=value`` items, each checked against :class:`AlsosOptions` now, so that a
    bad one is an error (exit 2) before any file is read."""
    overrides = []
    for item in items:
        name, sep, value = item.partition("=")
        try:
            if not sep:
                raise ValueError(f"expected name=value, found {item!r}")
            AlsosOptions().with_option(name, value)
        except ValueError as error:
            raise fail(f"--variant {item}: {error}") from None
        overrides.append((name, value))
    return overrides


def with_variants(deal: Deal, overrides: list[tuple[str, str]], filename: str, index: int) -> Deal:
    """The deal under the command line's rule options; an error if they make it unsound
    (a variant figure announced but switched off, say)."""
    if not overrides:
        return deal
    options = deal.options
    for name, value in overrides:
        options = options.with_option(name, value)
    changed = dataclasses.replace(deal, options=options)
    problems = changed.problems()
    if problems:
        raise DealFormatError(filename, None, None, f"deal {index}: {problems[0].message} (with --variant)")
    return changed


def deals(filenames: list[str], overrides: list[tuple[str, str]]) -> Iterator[tuple[str, int, Deal]]:
    """Every deal of every file in order, numbered from 1 in its file. DealFormatError for
    an unreadable file or a bad deal, NoDealsError for a file without a deal."""
    for filename in filenames:
        index = 0
        for index, deal in enumerate(iter_deals(filename), 1):
            yield filename, index, with_variants(deal, overrides, filename, index)
        if index == 0:
            raise NoDealsError(filename)


def run(filenames: list[str], overrides: list[tuple[str, str]], sink: Sink, wanted: Wanted) -> None:
    """Read, solve, analyse and show every deal; the sink is closed whatever happens.
    AnalysisInterrupted after showing a deal whose analysis Ctrl-C cut short."""
    try:
        for filename, index, deal in deals(filenames, overrides):
            result, analyses = None, []
            if wanted.solve and deal.contract is not None:
                try:
                    result = solve(deal)
                except ValueError as error:  # a game the solver does not answer yet
                    analyses.append(Analysis("solve", note=str(error)))
            analyses += analyse(deal, wanted, f"{filename}: deal {index}")
            sink.deal(filename, index, deal, deal_melds(deal), result, analyses)
            if any(analysis.interrupted for analysis in analyses):
                raise AnalysisInterrupted
    finally:
        sink.close()


def analyse(deal: Deal, wanted: Wanted, where: str) -> list[Analysis]:
    """The analyses the options ask for, in a fixed order (a deal without a contract gets
    the contract table unless --no-solve). An analysis that does not apply to the deal
    gives a note; one cut short by Ctrl-C ends the list."""
    found: list[Analysis] = []
    if wanted.cards or wanted.line:
        found += position_analyses(deal, wanted, where)
    steps: list[tuple[bool, str, Any]] = [
        (wanted.table or (wanted.solve and deal.contract is None), "table", contract_table),
        (wanted.announce, "announcements", lambda d: announcements(d, wanted.front)),
        (wanted.review, "review", review),
        (wanted.scores, "scores", scores),
        (wanted.exchange, "exchange", exchange),
    ]
    for asked, key, work in steps:
        if not asked:
            continue
        try:
            found.append(Analysis(key, work(deal)))
        except ValueError as error:
            found.append(Analysis(key, note=str(error)))
        if found[-1].interrupted:
            break
    return found


def position_analyses(deal: Deal, wanted: Wanted, where: str) -> list[Analysis]:
    """--cards and --line, after --after cards, for --question: ArgumentError when these
    do not fit the deal."""
    keys = [key for key, asked in (("cards", wanted.cards), ("line", wanted.line)) if asked]
    if deal.contract is None:
        return [Analysis(key, note="no contract: there is no play to analyse") for key in keys]
    if not deal.spec.solvable:
        return [Analysis(key, note=f"the solver does not answer {deal.game} deals yet") for key in keys]

    def checked(option: str, value: str | None, work: Callable[[], Any]) -> Any:
        try:
            return work()
        except ValueError as error:
            raise ArgumentError(f"{where}: {option}{value and ' ' + value or ''}: {error}") from None

    after = None if wanted.after is None else checked("--after", wanted.after, lambda: lib.parse_after(wanted.after, deal))
    question = None if wanted.question is None else checked(
        "--question", wanted.question, lambda: lib.parse_question(wanted.question, deal))
    work = {"cards": lib.card_values, "line": lib.optimal_line}
    option = "--after" if wanted.after is not None else "--" + keys[0]
    return [Analysis(key, checked(option, wanted.after, lambda k=key: work[k](deal, question, after))) for key in keys]


def contract_table(deal: Deal) -> Any:
    with progress_bar("contract table") as update:
        return lib.contract_table(deal, progress=update)


def announcements(deal: Deal, front: bool) -> Any:
    with progress_bar("best announcements") as update:
        return lib.best_announcements(deal, front=front, progress=update)


def review(deal: Deal) -> Any:
    if not deal.play:
        raise ValueError("no Play section: nothing to review")
    with progress_bar("play review"):
        return lib.review_play(deal)


def scores(deal: Deal) -> ScoreSet:
    """Double-dummy, and as played when there is a Play section (each with a note where
    it does not apply); a note alone when neither can apply (no contract, another game)."""
    found = ScoreSet()
    try:
        found.double_dummy = lib.double_dummy_scores(deal)
    except ValueError as error:
        if deal.contract is None or not deal.spec.solvable:
            raise
        found.double_dummy_note = str(error)
    try:
        if not deal.play:
            raise ValueError("no Play section")
        found.actual = lib.actual_scores(deal)
    except ValueError as error:
        found.actual_note = str(error)
    return found


def exchange(deal: Deal) -> Any:
    if deal.dealt is None:
        raise ValueError("no Dealt, Indicator and TalonTop tags: the deal as dealt is not known")
    with progress_bar("exchange choices") as update:
        return lib.exchange_options(deal, progress=update)


def fail(message: str, code: int = EXIT_ERROR) -> typer.Exit:
    """Print ``error: message`` on stderr; the exit to raise."""
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"[bold red]error:[/] {escape(message)}")
    return typer.Exit(code)


def show_version(value: bool) -> None:
    if value:
        typer.echo(f"alsos-solve {__version__}")
        raise typer.Exit()


@app.command()
def main(
    files: Annotated[list[str], typer.Argument(metavar="FILE", help="Deal files (docs/format.md).", show_default=False)],
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON list, one object per deal.")] = False,
    no_solve: Annotated[bool, typer.Option("--no-solve", help="Show the deals only, without solving them.")] = False,
    variant: Annotated[
        list[str] | None,
        typer.Option("--variant", metavar="NAME=VALUE", help="Override a rule option for every deal (repeatable).", show_default=False),
    ] = None,
    cards: Annotated[bool, typer.Option("--cards", help="The value of every legal card of the player to move.", rich_help_panel=ANALYSIS)] = False,
    line: Annotated[bool, typer.Option("--line", help="A line of best play by both sides, trick by trick.", rich_help_panel=ANALYSIS)] = False,
    after: Annotated[
        str | None,
        typer.Option("--after", metavar="TRICK.CARD", help="For --cards and --line: after that card of the Play section (4.2: trick 4, card 2; 0: the first lead).", show_default=False, rich_help_panel=ANALYSIS),
    ] = None,
    question: Annotated[
        str | None,
        typer.Option("--question", metavar="SPEC", help="For --cards and --line: the question (declarer_points, game, betli, B:abszolut, points:B>=82, klopitzky:A, together:game+B:ultimo, ...); default: declarer_points, betli or klopitzky by the contract.", show_default=False, rich_help_panel=ANALYSIS),
    ] = None,
    table: Annotated[bool, typer.Option("--table", help="Every seat as declarer in every contract (automatic for a deal without a contract).", rich_help_panel=ANALYSIS)] = False,
    announce: Annotated[bool, typer.Option("--announce", help="The best figures to announce, for the declarer and the defenders.", rich_help_panel=ANALYSIS)] = False,
    front: Annotated[bool, typer.Option("--front", help="For --announce: figures announced from the front (double value).", rich_help_panel=ANALYSIS)] = False,
    review: Annotated[bool, typer.Option("--review", help="The cards of the Play section that changed the fate of an announced item.", rich_help_panel=ANALYSIS)] = False,
    scores: Annotated[bool, typer.Option("--scores", help="The scores: double-dummy, and as played when the Play section is complete.", rich_help_panel=ANALYSIS)] = False,
    exchange: Annotated[bool, typer.Option("--exchange", help="The trump exchange choices, for a deal with Dealt, Indicator and TalonTop.", rich_help_panel=ANALYSIS)] = False,
    version: Annotated[
        bool, typer.Option("--version", callback=show_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Show each deal of each FILE and its double-dummy result: the declarer's points, the
    game, every figure for every seat, betli, klopitzky; and the analyses asked for."""
    overrides = parse_variants(variant or [])
    for option, value, needs, given in (("--after", after, "--cards or --line", cards or line),
                                        ("--question", question, "--cards or --line", cards or line),
                                        ("--front", front, "--announce", announce)):
        if value not in (None, False) and not given:
            raise fail(f"{option} needs {needs}")
    wanted = Wanted(not no_solve, cards, line, after, question, table, announce, front, review, scores, exchange)
    sink: Sink = JsonSink() if json_output else RichSink(Console(highlight=False))
    try:
        run(files, overrides, sink, wanted)
    except (DealFormatError, NoDealsError, ArgumentError) as error:
        raise fail(str(error)) from None
    except AnalysisInterrupted:
        raise fail("interrupted: partial result", EXIT_INTERRUPTED) from None
    except KeyboardInterrupt:
        raise fail("interrupted", EXIT_INTERRUPTED) from None
    except BrokenPipeError:
        quiet_stdout()
        raise typer.Exit(1) from None


def quiet_stdout() -> None:
    """After the reader of our output went away (``| head``): send the rest of stdout to
    /dev/null so that Python's final flush does not complain."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (tests)
        pass
    finally:
        os.close(devnull)


def entry(argv: list[str] | None = None) -> Any:
    """``python -m alsos_solver``."""
    return app(args=argv, prog_name="alsos-solve")
