"""``alsos-solve``: the command line over the library.

It parses the arguments, reads the deal files with :func:`~alsos_solver.io.iter_deals`
(deal by deal, so a huge file costs bounded memory), asks
:func:`~alsos_solver.melds.deal_melds` and :func:`~alsos_solver.solve.solve`, and hands
the answers to :mod:`.render`. Exit status: 0 on success, 2 for a bad file or argument,
130 on Ctrl-C.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import textwrap
from collections.abc import Iterator
from typing import Annotated, Any, Protocol

import typer
from rich.console import Console
from rich.markup import escape

from . import __version__
from .deal import Deal
from .io import DealFormatError, iter_deals
from .melds import MeldResult, deal_melds
from .render import deal_panel, no_contract_view, record, result_view
from .rules import AlsosOptions
from .solve import SolveResult, solve

EXIT_ERROR = 2
EXIT_INTERRUPTED = 130

app = typer.Typer(
    add_completion=False,
    pretty_exceptions_show_locals=False,
    help="Double-dummy solver for Alsós: read deal files, show each deal and what best play makes of it.",
)


class NoDealsError(Exception):
    """A file that holds no deal (empty, blank or comments only)."""

    def __init__(self, filename: str) -> None:
        super().__init__(f"no deals in {filename}")


class Sink(Protocol):
    """Where solved deals go: the rich view or the JSON list."""

    def deal(self, filename: str, index: int, deal: Deal, melds: MeldResult, result: SolveResult | None) -> None: ...

    def close(self) -> None: ...


class RichSink:
    """Each deal as a diagram, then its result (or the no-contract note)."""

    def __init__(self, console: Console, solving: bool) -> None:
        self.console, self.solving = console, solving

    def deal(self, filename: str, index: int, deal: Deal, melds: MeldResult, result: SolveResult | None) -> None:
        self.console.print(deal_panel(filename, index, deal, melds))
        if result is not None:
            self.console.print(result_view(deal, result))
        elif deal.contract is None and self.solving:
            self.console.print(no_contract_view())
        self.console.print()

    def close(self) -> None:
        pass


class JsonSink:
    """One JSON list, written object by object (the list is closed even after an error,
    so what was written stays valid JSON)."""

    def __init__(self) -> None:
        self.count = 0

    def deal(self, filename: str, index: int, deal: Deal, melds: MeldResult, result: SolveResult | None) -> None:
        text = textwrap.indent(json.dumps(record(filename, index, deal, melds, result), ensure_ascii=False, indent=2), "  ")
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


def run(filenames: list[str], overrides: list[tuple[str, str]], sink: Sink, solving: bool) -> None:
    """Read, solve and show every deal; the sink is closed whatever happens."""
    try:
        for filename, index, deal in deals(filenames, overrides):
            result = solve(deal) if solving and deal.contract is not None else None
            sink.deal(filename, index, deal, deal_melds(deal), result)
    finally:
        sink.close()


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
    version: Annotated[
        bool, typer.Option("--version", callback=show_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Show each deal of each FILE and its double-dummy result: the declarer's points, the
    game, every figure for every seat, betli, klopitzky."""
    overrides = parse_variants(variant or [])
    sink: Sink = JsonSink() if json_output else RichSink(Console(highlight=False), not no_solve)
    try:
        run(files, overrides, sink, not no_solve)
    except (DealFormatError, NoDealsError) as error:
        raise fail(str(error)) from None
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
