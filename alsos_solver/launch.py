"""The entry point of ``alsos-solve`` (and ``python -m alsos_solver``).

``alsos-solve NAME ...`` runs the subcommand registered under NAME in :data:`SUBCOMMANDS`;
anything else runs the default command, ``alsos-solve FILE...`` (:mod:`.cli`; files
without options through :mod:`.console`, without typer). Each is imported only when it
runs, so this module imports nothing but the standard library's
basics and start-up stays fast.

It also keeps start-up and the end of a run from ever showing a traceback: Ctrl-C while
the program is still importing exits with status 130, and an output that cannot be
written (a full disk) gives one line on stderr and status 2.
"""

from __future__ import annotations

import errno
import importlib
import os
import sys

from . import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SUBCOMMANDS: dict[str, str] = {
    "deal": "alsos_solver.deal_command:app",
    "batch": "alsos_solver.batch_command:app",
    "stats": "alsos_solver.stats_command:app",
    "odds": "alsos_solver.odds_command:app",
    "check": "alsos_solver.puzzle_commands:check_app",
    "compose": "alsos_solver.puzzle_commands:compose_app",
    "play": "alsos_solver.puzzle_commands:play_app",
    "literature": "alsos_solver.literature_command:app",
}
"""``alsos-solve NAME ...`` -> the typer app that runs it, as ``module:attribute``
(imported then). A file named like a subcommand is reached as ``./NAME``. To add one:
write a module whose typer app holds the command (its options, help and exit codes),
and add its name here (docs/cli.md, 'Subcommands')."""

DEFAULT = "alsos_solver.cli:app"
FILES_ONLY = "alsos_solver.console:run_files"
"""``alsos-solve FILE...`` with no option (nothing that starts with ``-``): the default
command run without parsing options, so without importing typer (start-up)."""
PROG = "alsos-solve"
VERSION_OPTIONS = ("--version", "-V")
EXIT_ERROR = 2
EXIT_INTERRUPTED = 130


def main(argv: list[str] | None = None) -> int:
    """Run ``alsos-solve`` with these arguments and return its exit status; run as the
    program (no ``argv``: the process's arguments), end the process (:func:`end`)."""
    if argv is not None:
        return run(list(argv))
    end(run(sys.argv[1:]))
    return EXIT_ERROR  # not reached


def end(status: int) -> None:
    """End the process with this status as soon as its output is flushed. Python's own
    ending would take longer than a short run (the teardown of every module and of the
    solver's table), and would report a Ctrl-C that arrived while Python ran the source
    of an ``exec()`` (dataclasses do, on import) as a death by SIGINT, though it was
    handled: 130 stays 130."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(status)


def run(args: list[str]) -> int:
    """The command the arguments name, run; its exit status. ``--version`` alone is
    answered here, and files without options are run, before typer is imported (the
    default command answers both too)."""
    try:
        if len(args) == 1 and args[0] in VERSION_OPTIONS:
            sys.stdout.write(version() + "\n")
            sys.stdout.flush()
            return 0
        name = args[0] if args and args[0] in SUBCOMMANDS else None
        try:
            if name is None and args and not any(arg.startswith("-") for arg in args):
                load(FILES_ONLY)(args)
            else:
                app = load(SUBCOMMANDS[name] if name else DEFAULT)
                app(args=args[1:] if name else args, prog_name=f"{PROG} {name}" if name else PROG)
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else EXIT_ERROR)
            if name is None and code == EXIT_ERROR:
                close_json(args)
            sys.stdout.flush()
            return code
        sys.stdout.flush()
        return 0
    except KeyboardInterrupt:
        return error("interrupted", EXIT_INTERRUPTED)
    except OSError as failure:
        quiet_stdout()
        if failure.errno == errno.EPIPE:  # the reader of the output went away (| head)
            return 1
        where = f"{failure.filename}" if failure.filename else "cannot write the output"
        return error(f"{where}: {failure.strerror or failure}", EXIT_ERROR)


def version() -> str:
    """``alsos-solve VERSION``."""
    return f"{PROG} {__version__}"


def load(target: str) -> Any:
    """The object ``module:attribute`` names."""
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def close_json(args: list[str]) -> None:
    """With ``--json``, stdout holds one JSON list whatever happens: ``[]`` after a usage
    error that typer caught before the command ran (the command keeps its own list whole)."""
    cli = sys.modules.get("alsos_solver.cli")
    options = args[:args.index("--")] if "--" in args else args
    if "--json" in options and cli is not None and not cli.started:
        sys.stdout.write("[]\n")


def error(message: str, code: int) -> int:
    """``error: message`` on stderr, verbatim; the exit status."""
    sys.stderr.write(f"error: {message}\n")
    sys.stderr.flush()
    return code


def quiet_stdout() -> None:
    """After the output failed (a full disk, a reader that went away): send the rest of
    stdout to /dev/null so that Python's final flush does not complain."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (tests)
        pass
    finally:
        os.close(devnull)
