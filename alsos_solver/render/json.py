"""The JSON view: the reports' records (:func:`~alsos_solver.report.record`) as one list
on the standard output, written deal by deal."""

from __future__ import annotations

import json
import sys
import textwrap
from typing import TYPE_CHECKING

from .. import launch
from ..report import record

if TYPE_CHECKING:
    from ..report import DealReport


class JsonSink:
    """One JSON list, written object by object and closed whatever happens, so that the
    output is always one valid list (``[]`` when no deal was finished): each object is
    written and flushed whole, and counted, before a signal can stop the run (a flush cut
    by a signal would drop what it had not written: ``launch.signals.held``), and the run
    closes the list at its end if nothing else did (``launch.json_list``).
    Where the output's encoding is not a Unicode one, the text is written with ASCII
    escapes."""

    def __init__(self) -> None:
        self.count = 0
        self.closed = False
        self.ascii = not (sys.stdout.encoding or "").lower().replace("-", "").startswith("utf")
        launch.json_list = self

    def deal(self, report: DealReport) -> None:
        text = textwrap.indent(json.dumps(record(report), ensure_ascii=self.ascii, indent=2), "  ")
        with launch.signals.held():
            sys.stdout.write(("[\n" if self.count == 0 else ",\n") + text)
            self.count += 1
            sys.stdout.flush()

    def close(self) -> None:
        """Close the list (once: later calls do nothing)."""
        with launch.signals.held():
            if not self.closed:
                sys.stdout.write("[]\n" if self.count == 0 else "\n]\n")
                self.closed = True
            sys.stdout.flush()
