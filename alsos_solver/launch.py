"""The entry point of ``alsos-solve`` (and ``python -m alsos_solver``).

``alsos-solve NAME ...`` runs the subcommand registered under NAME in :data:`SUBCOMMANDS`;
anything else runs the default command, ``alsos-solve FILE...`` (:mod:`.cli`; files
without options through :mod:`.console`, without typer). Each is imported only when it
runs, so this module imports nothing but the standard library's
basics and start-up stays fast.

It also makes every run end in one of a few ways, never with a traceback: Ctrl-C
(SIGINT) or SIGTERM at any moment after :func:`main` starts stops the run with
``error: interrupted`` and status 130 or 143 (:class:`Signals`), ``--json`` output stays
one valid list (:func:`close_json`), and an output that cannot be written (a full disk)
gives one line on stderr and status 2.
"""

from __future__ import annotations

import _signal  # the core of ``signal``, loaded with the interpreter: ``signal`` would import enum first
import errno
import importlib
import io
import os
import sys

from . import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import FrameType
    from typing import Any

SUBCOMMANDS: dict[str, str] = {
    "deal": "alsos_solver.deal_command:app",
    "batch": "alsos_solver.batch_command:app",
    "stats": "alsos_solver.stats_command:app",
    "odds": "alsos_solver.odds_command:app",
    "review": "alsos_solver.review_command:app",
    "check": "alsos_solver.puzzle_commands:check_app",
    "compose": "alsos_solver.puzzle_commands:compose_app",
    "play": "alsos_solver.puzzle_commands:play_app",
    "literature": "alsos_solver.literature_command:app",
    "board": "alsos_solver.board_command:app",
}
"""``alsos-solve NAME ...`` -> the typer app that runs it, as ``module:attribute``
(imported then; its one-line summary is in the ``--help`` of ``alsos-solve``). A file
named like a subcommand is reached as ``./NAME``. To add one: write a module whose typer
app (:func:`alsos_solver.cli.command_app`) holds the command (its options, help and exit
codes), and add its name here (docs/cli.md, 'Subcommands')."""

DEFAULT = "alsos_solver.cli:app"
FILES_ONLY = "alsos_solver.console:run_files"
"""``alsos-solve FILE...`` with no option (nothing that starts with ``-``): the default
command run without parsing options, so without importing typer (start-up)."""
PROG = "alsos-solve"
VERSION_OPTIONS = ("--version", "-V")
EXIT_ERROR = 2
EXIT_INTERRUPTED = 130
"""The status of a run stopped by Ctrl-C; SIGTERM's is 143 (128 + the signal's number)."""
RAISE_AGAIN = 0.01
"""Seconds after a KeyboardInterrupt that Python could not raise until it is raised again."""


class Signals:
    """What a run does with SIGINT and SIGTERM once :func:`main` took them (:meth:`take`):
    each raises KeyboardInterrupt where the command is (the commands turn it into ``error:
    interrupted``), or as a :meth:`held` section ends, or, when it came before the command
    started, as it starts; one that comes once the command has ended is only noted, so that
    the outputs are closed whole. The run's status is then 128 + the first signal's number
    (:meth:`status`).

    A KeyboardInterrupt that Python could not raise (it came while a ``__del__`` or a
    weakref callback ran, and would be printed as 'Exception ignored') is raised again at
    the next line the run executes, and one that the command caught and went on from stops
    it before its next deal (:meth:`check`). A process forked from the run (a batch worker)
    dies of the signal as if it had no handler."""

    def __init__(self) -> None:
        self.owner: int | None = None  # the process that took the signals
        self.received: int | None = None  # the first signal
        self.pending = False  # a signal not raised yet
        self.running = 0  # 1 while the command runs: a signal stops it
        self.holding = 0  # held sections open
        self.reported = False  # ``error: interrupted`` said on stderr

    def take(self) -> None:
        """Handle SIGINT and SIGTERM from now on (but one that the parent process ignores,
        as a shell does for a background job), with stdout made to finish a write that
        they cut short (:func:`whole_writes`)."""
        self.owner = os.getpid()
        whole_writes()
        for number in (_signal.SIGINT, _signal.SIGTERM):
            if _signal.getsignal(number) != _signal.SIG_IGN:
                _signal.signal(number, self.handle)
        unraisable = sys.unraisablehook

        def hook(failure: Any) -> None:
            if isinstance(failure.exc_value, KeyboardInterrupt) and self.received is not None:
                import _thread
                import threading

                # signalled again from another thread once this hook has returned: raised in the hook, it would be lost too
                threading.Timer(RAISE_AGAIN, _thread.interrupt_main, (self.received,)).start()
            else:
                unraisable(failure)

        sys.unraisablehook = hook

    def handle(self, number: int, frame: FrameType | None) -> None:
        if os.getpid() != self.owner:
            _signal.signal(number, _signal.SIG_DFL)
            os.kill(os.getpid(), number)
            return
        self.received = self.received or number
        self.pending = True
        self.stop()

    def stop(self) -> None:
        """KeyboardInterrupt for a signal not raised yet, while the command runs and holds none."""
        if self.pending and self.running and not self.holding:
            self.pending = False
            raise KeyboardInterrupt

    def check(self) -> None:
        """KeyboardInterrupt when a signal came while the command runs, though the one it
        raised was caught (an analysis that stops cleanly at Ctrl-C): a command's loop over
        deals calls this before each, so that none is started after a signal."""
        if self.received is not None and self.running and not self.holding:
            raise KeyboardInterrupt

    def interruptible(self) -> Section:
        """``with signals.interruptible():`` the command's run, which a signal stops (a
        signal noted before it starts stops it at once)."""
        return Section(self, "running")

    def held(self) -> Section:
        """``with signals.held():`` a section that a signal does not cut (a JSON object
        written and counted); a signal that comes in it stops the run as it ends."""
        return Section(self, "holding")

    def status(self, status: int) -> int:
        """The run's status: after a signal, or a command that was interrupted, 128 + the
        signal's number (SIGINT's when there was none), with ``error: interrupted`` unless
        the command said it; else the command's own."""
        if self.received is None and status != EXIT_INTERRUPTED:
            return status
        if not self.reported:
            error("interrupted", EXIT_INTERRUPTED)
        return 128 + (self.received or _signal.SIGINT)


def whole_writes() -> None:
    """Where stdout is unbuffered (``python -u``, PYTHONUNBUFFERED), Python's text layer
    drops the rest of a write that a signal cuts short (it ignores a partial write of the
    raw file): stdout gets a buffer, flushed at each line, which finishes such a write."""
    stream = sys.stdout
    raw = getattr(stream, "buffer", None)
    if isinstance(raw, io.FileIO):
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding=stream.encoding, errors=stream.errors,
                                      line_buffering=True, write_through=True)


class Section:
    """A section of the run that counts itself in one of :class:`Signals`' counters while
    it lasts (``running``, ``holding``); a signal that came and may now stop the run does
    as it starts or ends."""

    def __init__(self, signals: Signals, counter: str) -> None:
        self.signals = signals
        self.counter = counter

    def __enter__(self) -> None:
        setattr(self.signals, self.counter, getattr(self.signals, self.counter) + 1)
        self.signals.stop()

    def __exit__(self, failure: type[BaseException] | None, *rest: object) -> None:
        setattr(self.signals, self.counter, getattr(self.signals, self.counter) - 1)
        if failure is None:
            self.signals.stop()


signals = Signals()
json_list: Any = None
"""The JSON view writing its list on stdout in this run: :class:`alsos_solver.render.json.JsonSink`
registers itself, :func:`close_json` closes it."""


def main(argv: list[str] | None = None) -> int:
    """Run ``alsos-solve`` with these arguments and return its exit status; run as the
    program (no ``argv``: the process's arguments), take SIGINT and SIGTERM (:class:`Signals`)
    and end the process (:func:`end`)."""
    if argv is not None:
        return run(list(argv))
    signals.take()
    end(run(sys.argv[1:]))
    return EXIT_ERROR  # not reached


def end(status: int) -> None:
    """End the process with this status as soon as its output is flushed (a signal is
    only noted now). Python's own ending would take longer than a short run (the
    teardown of every module and of the solver's table), and would report a Ctrl-C that
    arrived while Python ran the source of an ``exec()`` (dataclasses do, on import) as a
    death by SIGINT, though it was handled."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(status)


def run(args: list[str]) -> int:
    """The command the arguments name, run; its exit status. ``--version`` alone is
    answered here, and files without options are run, before typer is imported (the
    default command answers both too). Whatever happens, ``--json`` leaves one JSON list
    on stdout (:func:`close_json`)."""
    global json_list
    signals.reported, json_list = False, None
    try:
        try:
            with signals.interruptible():
                status = command(args)
        except KeyboardInterrupt:
            status = EXIT_INTERRUPTED
        status = signals.status(status)
        if not args or args[0] not in SUBCOMMANDS:
            close_json(args, status)
        sys.stdout.flush()
        return status
    except OSError as failure:
        quiet_stdout()
        if failure.errno == errno.EPIPE:  # the reader of the output went away (| head)
            return 1
        where = f"{failure.filename}" if failure.filename else "cannot write the output"
        return error(f"{where}: {failure.strerror or failure}", EXIT_ERROR)


def command(args: list[str]) -> int:
    """Run the command the arguments name; its exit status."""
    if len(args) == 1 and args[0] in VERSION_OPTIONS:
        sys.stdout.write(version() + "\n")
        return 0
    name = args[0] if args and args[0] in SUBCOMMANDS else None
    try:
        if name is None and args:
            check_subcommand(args[0])
        if name is None and args and not any(arg.startswith("-") for arg in args):
            load(FILES_ONLY)(args)
        else:
            app = load(SUBCOMMANDS[name] if name else DEFAULT)
            app(args=args[1:] if name else args, prog_name=f"{PROG} {name}" if name else PROG)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else EXIT_ERROR)
    return 0


def check_subcommand(first: str) -> None:
    """SystemExit (status 2) for a first argument that is no file but a subcommand's name
    misspelt by one letter (``stat``): it would be read as a missing deal file."""
    if first.startswith("-") or os.path.exists(first):
        return
    from .spelling import edit_distance

    meant = [name for name in SUBCOMMANDS if edit_distance(first.lower(), name) <= 1]
    if meant:
        raise SystemExit(error(f"{first}: no such file or subcommand: did you mean {meant[0]}?", EXIT_ERROR))


def version() -> str:
    """``alsos-solve VERSION``."""
    return f"{PROG} {__version__}"


def load(target: str) -> Any:
    """The object ``module:attribute`` names."""
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def close_json(args: list[str], status: int) -> None:
    """With ``--json``, stdout holds one JSON list whatever happens: the default command's
    list closed (:data:`json_list`), or ``[]`` when a run that failed did not start one
    (a usage error typer caught, Ctrl-C before the first deal)."""
    options = args[:args.index("--")] if "--" in args else args
    if json_list is not None:
        json_list.close()
    elif "--json" in options and status != 0:
        sys.stdout.write("[]\n")


def error(message: str, code: int) -> int:
    """``error: message`` on stderr, verbatim; the exit status."""
    sys.stderr.write(f"error: {message}\n")
    sys.stderr.flush()
    signals.reported = signals.reported or code == EXIT_INTERRUPTED
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
