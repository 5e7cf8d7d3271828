"""What one deal of a batch gets: the record of ``alsos-solve --json`` (with ``--table``
when asked), or the answers of the ``--question`` specs, as one JSON line.

A line depends on the deal and the job alone: the wall-clock times of ``--json``
(``seconds``, ``table_seconds``) are left out, so a batch run twice, interrupted and
resumed, or run on a cluster gives the same lines. Each process keeps its solver's table
(:func:`alsos_solver.solver.shared_core`) from deal to deal.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..deal import Deal

TIMES = ("seconds", "table_seconds")
"""The keys of ``--json`` that a batch leaves out: they change from run to run."""

Task = tuple[str, int, Deal]
"""A deal to analyse: its file, its index (from 1) in the file, the deal."""
Done = tuple[str, int, str]
"""An analysed deal: its file, its index, its JSON line (with the newline)."""


class QuestionError(ValueError):
    """A ``--question`` spec that no deal can answer (malformed, unknown words)."""


@dataclass(frozen=True)
class Job:
    """What every deal gets: the whole analysis of ``alsos-solve --json`` (``table``:
    with the contract table), or, when ``questions`` are given, their answers only, under
    ``answers`` (spec -> value; null with the reason under ``notes`` where a question
    does not fit the deal)."""

    table: bool = False
    questions: tuple[str, ...] = ()

    def record(self, filename: str, index: int, deal: Deal) -> dict[str, Any]:
        """The deal's JSON object."""
        from ..report import Overrides, Wanted, record, report_deal

        wanted = Wanted(solve=not self.questions, brief=bool(self.questions), table=self.table)
        data = record(report_deal(filename, index, deal, wanted, Overrides()))
        if self.questions:
            data["answers"], notes = self.answers(deal)
            if notes:
                data["notes"] = data.get("notes", {}) | notes
        for key in TIMES:
            data.pop(key, None)
        return data

    def answers(self, deal: Deal) -> tuple[dict[str, Any], dict[str, str]]:
        """Each question's answer (null where it does not fit), and the reasons why not."""
        from ..questions import parse_question
        from ..solver import Solver

        answers: dict[str, Any] = {}
        notes: dict[str, str] = {}
        reason = "no contract: no question to answer" if deal.contract is None else None
        solver = None
        for spec in self.questions:
            answers[spec] = None
            if reason is not None:
                notes[spec] = reason
                continue
            try:
                question = parse_question(spec, deal)
                solver = solver or Solver(deal)
                answers[spec] = solver.answer(question)
            except ValueError as error:
                notes[spec] = str(error)
        return answers, notes

    def check(self, deal: Deal) -> None:
        """QuestionError for a question spec that no deal could answer (malformed, unknown
        words), found on a deal of the batch; one that merely does not fit this deal
        (NotApplicable) passes."""
        from ..errors import NotApplicable
        from ..questions import parse_question

        if deal.contract is None:
            return
        for spec in self.questions:
            try:
                parse_question(spec, deal)
            except NotApplicable:
                pass
            except ValueError as error:
                raise QuestionError(f"--question {spec}: {error}") from None


def line(data: dict[str, Any]) -> str:
    """A record as one line of JSON (UTF-8 text, no line break inside), with its newline."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def analyse(tasks: Sequence[Task], job: Job) -> list[Done]:
    """The lines of some deals (the unit of work sent to a process or a Dask worker)."""
    return [(filename, index, line(job.record(filename, index, deal))) for filename, index, deal in tasks]
