"""``alsos-solve FILE...``, the default command (typer).

It parses the options into :class:`~alsos_solver.report.Wanted` and
:class:`~alsos_solver.report.Overrides` and runs the files with a view through
:mod:`.console`, which turns what goes wrong into one line on stderr and an exit status:
0 on success, 2 for a bad file or option, 130 on Ctrl-C, 143 on SIGTERM (after showing
the partial result of an interrupted table or exchange; :class:`.launch.Signals`). :mod:`.launch` starts it (or, without options,
:func:`.console.run_files` without it). Only typer is imported with this module, the
library when the command runs.

It also makes what every command's typer app shares: :func:`command_app` and
:func:`value_option`, and the help they draw (:class:`HelpCommand`).
"""

from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperArgument, TyperCommand

from .console import EXIT_INTERRUPTED, OptionError, fail, run, view
from .launch import SUBCOMMANDS, load, version

if TYPE_CHECKING:
    import click

    from .report import Sink, Wanted
    from .rules import AlsosOptions

ANALYSIS = "Analysis"
WHAT_IF = "What if"
"""The help panels of the analysis options and of the overrides."""
COMMANDS = "Commands"
"""The help panel of the subcommands (``alsos-solve --help``)."""


# What every command's app shares


class HelpCommand(TyperCommand):
    """A command whose ``--help`` reads plainly: the help's text as written (rich markup
    would take the brackets of ``alsos-solver[plot]`` for a style), the arguments as their
    metavar alone (``FILE...``, not ``{FILE...}`` and ``<str>``), an option's value as
    ``N`` for a number and the option's name in capitals otherwise (``--seed SEED``), and
    no ranges (``[x>=1]``: the help's words say what a value may be)."""

    plain = False  # the texts escaped for the help, the arguments' types hidden

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if not isinstance(param, TyperArgument) and param.metavar is None and not getattr(param, "is_flag", False):
                param.metavar = "N" if param.type.name.startswith("int") else param.opts[0].lstrip("-").upper()

    def collect_usage_pieces(self, ctx: "click.Context") -> list[str]:
        return [piece[1:-1] if piece.startswith("{") else piece for piece in super().collect_usage_pieces(ctx)]

    def format_help(self, ctx: "click.Context", formatter: "click.HelpFormatter") -> None:
        """Typer's help, of the texts as written (the command is not run after its help)."""
        from rich.markup import escape
        from typer import rich_utils

        rich_utils.RANGE_STRING = ""
        if not self.plain:
            self.plain = True
            self.help = escape(self.help or "")
            for param in self.params:
                param.help = param.help and escape(param.help)
                if isinstance(param, TyperArgument):
                    param.type = NO_TYPE
        super().format_help(ctx, formatter)


class NoType:
    """An argument's type as its help shows it: nothing (its metavar says what it is)."""

    name = ""

    def get_metavar(self, param: Any, ctx: Any) -> str:
        return ""


NO_TYPE = NoType()


class CommandApp(typer.Typer):
    """A typer app whose commands are :class:`HelpCommand` unless they say otherwise."""

    def command(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("cls", HelpCommand)
        return super().command(*args, **kwargs)


def command_app(summary: str) -> typer.Typer:
    """The typer app of one of ``alsos-solve``'s commands, as every one is made: ``-h``
    and ``--help`` (:class:`HelpCommand`), no shell completion, no locals in a traceback.
    ``summary``: one line, the command's entry in the Commands panel of ``alsos-solve
    --help``."""
    return CommandApp(add_completion=False, pretty_exceptions_show_locals=False,
                      context_settings={"help_option_names": ["-h", "--help"]}, help=summary)


def value_option(name: str, metavar: str, help: str, panel: str | None = None) -> Any:
    """An option that takes a value, without a default to show."""
    return typer.Option(name, metavar=metavar, help=help, show_default=False, rich_help_panel=panel)


def game_option() -> Any:
    """``--game NAME``: one of the registered games (:mod:`alsos_solver.games`), the default
    the one a deal file without a ``Game`` tag is in."""
    from .games import DEFAULT_GAME, GAMES

    return typer.Option("--game", metavar="GAME", help=f"The game: {', '.join(GAMES)} (default {DEFAULT_GAME}).",
                        show_default=False)


def default_game() -> str:
    """The name of the game of a deal without a ``Game`` tag (the ``--game`` default)."""
    from .games import DEFAULT_GAME

    return DEFAULT_GAME
def variant_option(purpose: str) -> Any:
    """``--variant NAME=VALUE``, repeatable: rule options, as every command that takes
    them reads them (:func:`parse_variants`, :func:`game_options`); ``purpose`` begins
    its help."""
    return value_option("--variant", "NAME=VALUE", f"{purpose} (repeatable; the options: docs/rules.md, Variants).")


# The default command


class MainCommand(HelpCommand):
    """The default command, whose help ends with the Commands panel: every subcommand
    (:data:`alsos_solver.launch.SUBCOMMANDS`) and its app's summary."""

    def format_help(self, ctx: "click.Context", formatter: "click.HelpFormatter") -> None:
        from rich.markup import escape
        from typer import rich_utils

        super().format_help(ctx, formatter)
        commands = [TyperCommand(name, short_help=escape(load(target).info.help)) for name, target in SUBCOMMANDS.items()]
        rich_utils._print_commands_panel(name=COMMANDS, commands=commands, markup_mode=self.rich_markup_mode,
                                         console=rich_utils._get_rich_console(), cmd_len=max(map(len, SUBCOMMANDS)))


app = command_app("Double-dummy solver for Alsós: read deal files, show each deal and what best play makes of it.")


def show_version(value: bool) -> None:
    if value:
        typer.echo(version())
        raise typer.Exit()


def parse_variants(items: list[str]) -> tuple[tuple[str, str], ...]:
    """``name=value`` items (any case), each checked against the rule options now, so that
    a bad one is an error before any file is read."""
    from .rules import AlsosOptions
    from .spelling import plain

    overrides = []
    for item in items:
        name, sep, value = plain(item).partition("=")
        try:
            if not sep:
                raise ValueError(f"expected name=value, found {item!r}")
            AlsosOptions().with_option(name, value)
        except ValueError as error:
            raise OptionError(f"--variant {item}: {error}") from None
        overrides.append((name, value))
    return tuple(overrides)


def game_options(game: str, items: list[str]) -> "AlsosOptions":
    """The rule options that ``--variant`` items set for the game named ``game``, the
    others at their defaults; OptionError for a bad item, an unknown game, or an option the
    game does not have (:meth:`~alsos_solver.games.base.Game.with_variant`)."""
    from .games import find_game
    from .rules import AlsosOptions

    options = AlsosOptions()
    variants = parse_variants(items)
    if not variants:
        return options
    try:
        spec = find_game(game)
    except ValueError as error:
        raise OptionError(str(error)) from None
    for name, value in variants:
        try:
            options = spec.with_variant(options, name, value)
        except ValueError as error:
            raise OptionError(f"--variant {name}={value}: {error}") from None
    return options


def check_combinations(wanted: "Wanted", json_output: bool, html: str | None = None, no_terminal: bool = False) -> None:
    """OptionError for options given without the one they go with."""
    if no_terminal and html is None:
        raise OptionError("--no-terminal needs --html (without a view there is nothing to show)")
    if no_terminal and json_output:
        raise OptionError("--json and --no-terminal: give one of them")
    for option, given, needs, present in (("--after", wanted.after is not None, "--cards or --line", wanted.cards or wanted.line),
                                          ("--question", wanted.question is not None, "--cards or --line", wanted.cards or wanted.line),
                                          ("--front", wanted.front, "--announce", wanted.announce)):
        if given and not present:
            raise OptionError(f"{option} needs {needs}")
    if wanted.brief and json_output:
        raise OptionError("--brief and --json are two views of the result: give one of them")


def html_view(target: str, files: list[str], force: bool = False) -> "Sink":
    """The web page or site of ``--html``; OptionError when it cannot be written, or
    would replace one of the input ``files`` or (without ``force``) a file that is not a
    page (docs/cli.md, 'Outputs and inputs')."""
    from .io.outputs import OutputError
    from .render.html import html_sink
    from .report import NoDealsError

    try:
        return html_sink(target, files, force)
    except (OutputError, NoDealsError) as error:
        raise OptionError(str(error)) from None
    except OSError as error:
        raise OptionError(f"--html {target}: {error.strerror or error}: {error.filename or target}") from None


@app.command(cls=MainCommand)
def main(
    files: Annotated[list[str], typer.Argument(metavar="FILE...", help="Deal files (docs/format.md); - reads the standard input; a folder, every *.txt file in it and its subfolders, sorted.", show_default=False)],
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON list, one object per deal.")] = False,
    brief: Annotated[bool, typer.Option("--brief", help="One line per deal: the contract and the double-dummy result, no diagram.")] = False,
    html: Annotated[str | None, value_option("--html", "PATH", "Also write the deals as a web page: PATH a file (one page), or a folder (one that exists, or ending in /: an index and a page per deal).")] = None,
    no_terminal: Annotated[bool, typer.Option("--no-terminal", help="With --html: nothing on the standard output.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Let --html replace a file that is not a web page (never an input; docs/cli.md, 'Outputs and inputs').")] = False,
    no_solve: Annotated[bool, typer.Option("--no-solve", help="Show the deals only, without solving them.")] = False,
    variant: Annotated[list[str] | None, variant_option("Override a rule option for every deal")] = None,
    keep_going: Annotated[bool, typer.Option("--keep-going", help="A deal that an option does not fit gets a note, and the run goes on.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="A tag name close to a known one (Contact, declarer) is an error, not a warning.")] = False,
    contract: Annotated[str | None, value_option("--contract", "CONTRACT", "What if: this contract for every deal instead of its own (P, NT, BETLI, ...; docs/rules.md).", WHAT_IF)] = None,
    declarer: Annotated[str | None, value_option("--declarer", "SEAT", "What if: this declarer for every deal ('' for none).", WHAT_IF)] = None,
    figures: Annotated[str | None, value_option("--figures", "SEAT:FIGURE,...", "What if: these announced figures for every deal, as the Figures tag ('' for none; the figures: docs/rules.md).", WHAT_IF)] = None,
    cards: Annotated[bool, typer.Option("--cards", help="The value of every legal card of the player to move.", rich_help_panel=ANALYSIS)] = False,
    line: Annotated[bool, typer.Option("--line", help="A line of best play by both sides, trick by trick.", rich_help_panel=ANALYSIS)] = False,
    after: Annotated[str | None, value_option("--after", "TRICK.CARD", "For --cards and --line: after that card of the Play section (4.2: trick 4, card 2; 0: the first lead).", ANALYSIS)] = None,
    question: Annotated[str | None, value_option("--question", "SPEC", "For --cards and --line: the question (declarer_points, game, betli, B:abszolut, points:B>=82, klopitzky:A, together:game+B:ultimo, ...; what each means: docs/rules.md); default: declarer_points, betli or klopitzky by the contract.", ANALYSIS)] = None,
    table: Annotated[bool, typer.Option("--table", help="Every seat as declarer in every contract (automatic for a deal without a contract).", rich_help_panel=ANALYSIS)] = False,
    announce: Annotated[bool, typer.Option("--announce", help="The best figures to announce, for the declarer and the defenders (values: docs/rules.md).", rich_help_panel=ANALYSIS)] = False,
    front: Annotated[bool, typer.Option("--front", help="For --announce: the analysis from the front, each figure in the best round the rules allow (docs/rules.md).", rich_help_panel=ANALYSIS)] = False,
    review: Annotated[bool, typer.Option("--review", help="The cards of the Play section that changed the fate of an announced item.", rich_help_panel=ANALYSIS)] = False,
    scores: Annotated[bool, typer.Option("--scores", help="The scores: double-dummy, and as played when the Play section is complete (values and kontras: docs/rules.md).", rich_help_panel=ANALYSIS)] = False,
    exchange: Annotated[bool, typer.Option("--exchange", help="The trump exchange choices, for a deal with Dealt, Indicator and TalonTop (docs/rules.md).", rich_help_panel=ANALYSIS)] = False,
    version: Annotated[
        bool, typer.Option("--version", "-V", callback=show_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Show each deal of each FILE and its double-dummy result: the declarer's points, the
    game, every figure for every seat, betli, klopitzky; and the analyses asked for. The
    rules applied: docs/rules.md."""
    try:
        from . import report

        wanted = report.Wanted(solve=not no_solve, cards=cards, line=line, after=after, question=question, table=table,
                               announce=announce, front=front, review=review, scores=scores, exchange=exchange,
                               keep_going=keep_going, brief=brief)
        tags = (("Contract", contract), ("Declarer", declarer), ("Figures", figures))
        sinks = [] if no_terminal else [view(json_output, brief)]
        try:
            overrides = report.Overrides(parse_variants(variant or []),
                                         tuple((tag, value) for tag, value in tags if value is not None))
            check_combinations(wanted, json_output, html, no_terminal)
            if html is not None:
                sinks.insert(0, html_view(html, files, force))  # first: a deal shown is in the page even if the terminal fails
        except OptionError as error:
            report.Sinks(*sinks).close()
            raise fail(str(error)) from None
        run(files, wanted, overrides, sinks[0] if len(sinks) == 1 else report.Sinks(*sinks), strict)
    except KeyboardInterrupt:
        raise fail("interrupted", EXIT_INTERRUPTED) from None

