"""The default command's run on the terminal, without typer: errors and warnings on
stderr, verbatim; the progress bars (of a long analysis, and ``deal N of M`` for many
deals); the view the options ask for; and the run itself, what goes wrong in it turned
into one line on stderr and an exit status (0 on success, 2 for a bad file or option, 130
on Ctrl-C after the partial result; :mod:`.launch` makes it 143 for SIGTERM).

:mod:`.cli` parses the options and runs through here; so does :mod:`.launch`, without
parsing anything, for ``alsos-solve FILE...`` with no option (the main job: start-up
without typer's import). The subcommands print their errors with :func:`fail` and
:func:`warn` too.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager, nullcontext
from typing import TYPE_CHECKING

from .launch import EXIT_ERROR, EXIT_INTERRUPTED, error

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from contextlib import AbstractContextManager

    from .io.errors import DealFormatWarning
    from .report import DealReport, Overrides, Sink, Wanted

    Update = Callable[[int, int | None], None]

__all__ = ["EXIT_ERROR", "EXIT_INTERRUPTED", "OptionError", "fail", "progress", "run", "run_files", "view", "warn"]


class OptionError(Exception):
    """Options that do not go together, or a value no deal can take: exit 2."""


def fail(message: str, code: int = EXIT_ERROR) -> SystemExit:
    """Print ``error: message`` on stderr, verbatim; the exit to raise."""
    return SystemExit(error(message, code))


def warn(warning: DealFormatWarning) -> None:
    """A reader's warning on stderr: ``warning: FILE:LINE:COLUMN: message``."""
    sys.stderr.write(f"warning: {warning}\n")
    sys.stderr.flush()


def progress(description: str) -> AbstractContextManager[Update]:
    """The progress bar of a long analysis, on stderr when it is a terminal."""
    from .render.terminal_analyses import progress_bar

    return progress_bar(description)


class DealProgress:
    """``deal N of M`` and a bar on stderr (a terminal) while a run works through its
    deals: a sink that hands each report on to ``sink``, the bar put away while the deal
    is printed to the same terminal, and the :meth:`progress` of the analyses, which puts
    it away while an analysis shows its own. ``total``: the deals counted, None when they
    cannot be (the standard input)."""

    def __init__(self, sink: Sink, total: int | None) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self.sink, self.total, self.done = sink, total, 0
        self.shares_terminal = sys.stdout.isatty()
        self.bar = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
                            console=Console(stderr=True), transient=True, redirect_stdout=False)
        self.task = self.bar.add_task(self.description(), total=total)
        self.bar.start()

    def description(self) -> str:
        """``deal N of M``: the deal being worked on."""
        current = self.done + 1 if self.total is None else min(self.done + 1, self.total)
        return f"deal {current}" + ("" if self.total is None else f" of {self.total}")

    def deal(self, report: DealReport) -> None:
        with self.away() if self.shares_terminal else nullcontext():
            self.sink.deal(report)
        self.done += 1
        self.bar.update(self.task, completed=self.done, description=self.description())

    def close(self) -> None:
        try:
            self.bar.stop()
        finally:
            self.sink.close()

    @contextmanager
    def progress(self, description: str) -> Iterator[Update]:
        with self.away(), progress(description) as update:
            yield update

    @contextmanager
    def away(self) -> Iterator[None]:
        self.bar.stop()
        try:
            yield
        finally:
            self.bar.start()


def deal_progress(files: list[str], wanted: Wanted, sink: Sink) -> DealProgress | None:
    """The ``deal N of M`` of a run that shows one: the plain solve (no analysis asked)
    of more than one deal, or of the standard input's, with stderr a terminal."""
    analyses = (wanted.cards, wanted.line, wanted.table, wanted.announce, wanted.review, wanted.scores, wanted.exchange)
    if not wanted.solve or any(analyses) or not sys.stderr.isatty():
        return None
    from .report import count_deals

    total = count_deals(files)
    return None if total == 1 else DealProgress(sink, total or None)


def view(json_output: bool = False, brief: bool = False) -> Sink:
    """The view the options ask for, fitted to the output: the terminal's by default."""
    if json_output:
        from .render.json import JsonSink

        return JsonSink()
    from rich.console import Console

    from .render.terminal import TerminalSink, fit_output

    fit_output(sys.stdout)
    return TerminalSink(Console(highlight=False, markup=False, emoji=False), brief)


def run(files: list[str], wanted: Wanted, overrides: Overrides, sink: Sink, strict: bool) -> None:
    """The run, its errors as exit statuses."""
    from .io import DealFormatError
    from .report import AnalysisInterrupted, NoDealsError, OptionMismatch, run as run_report

    try:
        bar = deal_progress(files, wanted, sink)
        run_report(files, wanted, overrides, bar or sink, progress=bar.progress if bar else progress, warn=warn,
                   strict=strict)
    except (DealFormatError, NoDealsError, OptionMismatch) as error:
        raise fail(str(error)) from None
    except AnalysisInterrupted:
        raise fail("interrupted: partial result", EXIT_INTERRUPTED) from None


def run_files(files: list[str]) -> None:
    """``alsos-solve FILE...`` with every option at its default (:mod:`.launch`)."""
    try:
        from .report import Overrides, Wanted

        run(files, Wanted(), Overrides(), view(), strict=False)
    except KeyboardInterrupt:
        raise fail("interrupted", EXIT_INTERRUPTED) from None
