"""The default command's run on the terminal, without typer: errors and warnings on
stderr, verbatim; the progress bar; the view the options ask for; and the run itself,
what goes wrong in it turned into one line on stderr and an exit status (0 on success, 2
for a bad file or option, 130 on Ctrl-C after the partial result).

:mod:`.cli` parses the options and runs through here; so does :mod:`.launch`, without
parsing anything, for ``alsos-solve FILE...`` with no option (the main job: start-up
without typer's import). The subcommands print their errors with :func:`fail` and
:func:`warn` too.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from .launch import EXIT_ERROR, EXIT_INTERRUPTED, error

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    from .io.errors import DealFormatWarning
    from .report import Overrides, Sink, Wanted

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


def progress(description: str) -> AbstractContextManager[Callable[[int, int | None], None]]:
    """The progress bar of a long analysis, on stderr when it is a terminal."""
    from .render.terminal_analyses import progress_bar

    return progress_bar(description)


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
        run_report(files, wanted, overrides, sink, progress=progress, warn=warn, strict=strict)
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
