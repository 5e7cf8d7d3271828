"""The JSON view: the reports' records (:func:`~alsos_solver.report.record`) as one list
on the standard output, written deal by deal."""

from __future__ import annotations

import json
import sys
import textwrap
from typing import TYPE_CHECKING

from ..report import record

if TYPE_CHECKING:
    from ..report import DealReport


class JsonSink:
    """One JSON list, written object by object and closed whatever happens, so that the
    output is always one valid list (``[]`` when no deal was finished). Where the
    output's encoding is not a Unicode one, the text is written with ASCII escapes."""

    def __init__(self) -> None:
        self.count = 0
        self.ascii = not (sys.stdout.encoding or "").lower().replace("-", "").startswith("utf")

    def deal(self, report: DealReport) -> None:
        text = textwrap.indent(json.dumps(record(report), ensure_ascii=self.ascii, indent=2), "  ")
        sys.stdout.write(("[\n" if self.count == 0 else ",\n") + text)
        sys.stdout.flush()
        self.count += 1

    def close(self) -> None:
        sys.stdout.write("[]\n" if self.count == 0 else "\n]\n")
        sys.stdout.flush()
