"""``alsos-solve check``, ``compose`` and ``play``: the puzzle commands (typer).

Each parses its options, hands the work to :mod:`alsos_solver.puzzles` and turns what goes
wrong into one line on stderr and an exit status: 2 for a bad file or option, 130 on
Ctrl-C; ``check`` exits 1 when a puzzle is unsound, ``play`` when the puzzle is not solved.
The library is imported when the command runs (:mod:`.launch` registers the apps).
"""

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from .cli import command_app, default_game, game_option, game_options, value_option, variant_option
from .console import EXIT_ERROR, EXIT_INTERRUPTED, OptionError, fail, warn

EXIT_UNSOUND = 1


check_app = command_app("Check puzzles: is the Solution exactly the set of winning cards?")
compose_app = command_app("Compose puzzles: seeded deals with a unique winning card for a goal.")
play_app = command_app("Solve a puzzle by hand against best defence.")


@check_app.command()
def check(
    files: Annotated[list[str], typer.Argument(metavar="FILE...", help="Puzzle files (docs/format.md, 'Puzzles'); a folder stands for its .txt files.", show_default=False)],
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON list, one object per puzzle.")] = False,
) -> None:
    """For each puzzle: sound (the goal is reachable and the Solution is exactly the set of
    the mover's winning cards), or what is wrong, with a refuting line. Exit status 1 if
    any puzzle is unsound, 2 for a format error."""
    from .puzzles import load_puzzles
    from .puzzles.check import check as check_puzzle
    from .report import source_files

    records, unsound = [], 0
    with reporting(records, json_output):
        for name in source_files(files):
            for index, puzzle in enumerate(load_puzzles(name, warn=warn), 1):
                verdict = check_puzzle(puzzle)
                unsound += not verdict.sound
                where = {"file": name, "deal": index, "event": puzzle.title}
                if json_output:
                    records.append(where | verdict.to_json())
                    continue
                title = f" ({puzzle.title})" if puzzle.title else ""
                lines = verdict.lines()
                typer.echo(f"{name} deal {index}{title}: {lines[0]}")
                for line in lines[1:]:
                    typer.echo(f"  {line}")
    if unsound:
        raise typer.Exit(EXIT_UNSOUND)


@contextmanager
def reporting(records: list, json_output: bool) -> Iterator[None]:
    """A format error, a folder without deal files or Ctrl-C as one line on stderr (exit
    2, 130); with ``--json``, the records printed as one JSON list whatever happens."""
    from .io import DealFormatError
    from .report import NoDealsError

    try:
        yield
    except (DealFormatError, NoDealsError) as error:
        raise fail(str(error)) from None
    except KeyboardInterrupt:
        raise fail("interrupted", EXIT_INTERRUPTED) from None
    finally:
        if json_output:
            sys.stdout.write(json.dumps(records, ensure_ascii=False, indent=1) + "\n")


@compose_app.command()
def compose(
    goal: Annotated[str, value_option("--goal", "SPEC", "The goal, a yes/no question spec as --question reads it (game, defeat, betli, B:ultimo, points:B>=61, ...).")],
    output: Annotated[str, value_option("-o", "FILE", "The file the puzzles are written to, each as soon as it is found.")],
    game: Annotated[str, game_option()] = default_game(),
    contract: Annotated[str | None, value_option("--contract", "CONTRACT", "The contract (default: drawn per deal among those the goal fits).")] = None,
    declarer: Annotated[str | None, value_option("--declarer", "SEAT", "The declarer (default: drawn per deal).")] = None,
    count: Annotated[int, typer.Option("--count", min=1, help="How many puzzles to find.")] = 1,
    seed: Annotated[str, typer.Option("--seed", help="The seed: the same options and seed give the same puzzles.")] = "0",
    start: Annotated[str, typer.Option("--start", metavar="first-lead|trick:K", help="Where the puzzle starts: the first lead, or after K tricks of best play.")] = "first-lead",
    difficulty: Annotated[int | None, typer.Option("--difficulty", min=1, max=5, help="Keep only puzzles of this difficulty (1-5; docs/cli.md, 'compose').", show_default=False)] = None,
    max_tries: Annotated[int, typer.Option("--max-tries", min=1, help="Deals tried before giving up.")] = 20_000,
    where: Annotated[str | None, value_option("--where", "EXPR", "Only deals that meet this condition (docs/predicates.md), e.g. 'has(B, P7) and trumps(B) >= 4'.")] = None,
    variant: Annotated[list[str] | None, variant_option("A rule option of every deal searched, written in the puzzles' Variant tag")] = None,
    force: Annotated[bool, typer.Option("--force", help="Let -o replace a file that is not a deal file (docs/cli.md, 'Outputs and inputs').")] = False,
) -> None:
    """Search seeded random deals for puzzles: positions where exactly one class of
    equivalent cards of the side to move reaches the goal, the obvious card not among
    them; write each with Goal, Solution and its main line, and Difficulty. Progress goes
    to stderr; Ctrl-C stops, keeping what was written. Exit status 1 when fewer puzzles
    than asked were found. FILE is made when the first puzzle is written."""
    from .io import dump
    from .io.outputs import DEAL_FILE, OutputError, Replacement, check_output
    from .puzzles.compose import Composer, ComposeError, ComposeOptions, parse_start
    from .words import counted

    try:
        options = ComposeOptions(goal=goal, game=game, contract=contract, declarer=declarer, count=count, seed=seed,
                                 start=parse_start(start), difficulty=difficulty, max_tries=max_tries, where=where,
                                 rules=game_options(game, variant or []))
        composer = Composer(options)
        check_output("-o", output, (), DEAL_FILE, force)
    except (ComposeError, OptionError, OutputError) as error:
        raise fail(str(error)) from None
    found = 0
    try:
        with Replacement(output) as replacement:
            for puzzle in composer.puzzles(_progress):
                if found:
                    replacement.stream.write("\n")
                dump([puzzle], replacement.stream)
                replacement.stream.flush()
                replacement.commit()  # the first puzzle, whole, replaces the file; the others are appended
                found += 1
    except KeyboardInterrupt:
        raise fail(f"interrupted: {counted(found, 'puzzle')} written to {output}", EXIT_INTERRUPTED) from None
    except ComposeError as error:
        raise fail(str(error)) from None
    finally:
        sys.stderr.write("\n" if sys.stderr.isatty() else "")
    sys.stderr.write(f"compose: {found} of {counted(count, 'puzzle')} written to {output}\n")
    if found < count:
        raise typer.Exit(EXIT_UNSOUND)


def _progress(tried: int, found: int) -> None:
    """``compose: N deals tried, M found`` on stderr: rewritten in place on a terminal,
    every 100 deals and at each find otherwise."""
    if sys.stderr.isatty():
        sys.stderr.write(f"\rcompose: {tried} deals tried, {found} found")
        sys.stderr.flush()
    elif tried % 100 == 0:
        sys.stderr.write(f"compose: {tried} deals tried, {found} found\n")


@play_app.command()
def play(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A puzzle file (docs/format.md, 'Puzzles').", show_default=False)],
    deal: Annotated[int, typer.Option("--deal", min=1, help="Which puzzle of the file (1: the first).")] = 1,
) -> None:
    """Play the puzzle's side against the program's best defence. Commands from stdin, one
    a line: a card, hint, why (the refutation of a wrong card), undo, quit. Exit status 0
    when solved, 1 when not."""
    from .io import DealFormatError
    from .puzzles import load_puzzles
    from .puzzles.play import play as play_puzzle

    try:
        puzzle = next((p for index, p in enumerate(load_puzzles(file, warn=warn), 1) if index == deal), None)
    except DealFormatError as error:
        raise fail(str(error)) from None
    if puzzle is None:
        raise fail(f"{file}: no puzzle {deal}")
    try:
        solved = play_puzzle(puzzle, _commands(), typer.echo)
    except KeyboardInterrupt:
        raise fail("interrupted", EXIT_INTERRUPTED) from None
    if not solved:
        raise typer.Exit(EXIT_UNSOUND)


def _commands():
    """The lines of stdin, a prompt before each on a terminal."""
    while True:
        if sys.stdin.isatty():
            sys.stdout.write("> ")
            sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            return
        yield line
