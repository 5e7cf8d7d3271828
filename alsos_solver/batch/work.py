"""What one deal of a batch gets: the record of ``alsos-solve --json`` (with ``--table``
when asked), or the answers of the ``--question`` specs, as one JSON line.

A line depends on the deal and the job alone: the wall-clock times of ``--json``
(``seconds``, ``table_seconds``) are left out, so a batch run twice, interrupted and
resumed, or run on a cluster gives the same lines. Each process keeps its solver's table
(:func:`alsos_solver.solver.shared_core`) from deal to deal.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..deal import Deal

TIMES = ("seconds", "table_seconds")
"""The keys of ``--json`` that a batch leaves out: they change from run to run."""

SCAN_LIMIT = 10_000
"""The most deals of the standard input kept while looking for one that each question fits."""

Task = tuple[str, int, Deal]
"""A deal to analyse: its file, its index (from 1) in the file, the deal."""
Done = tuple[str, int, str]
"""An analysed deal: its file, its index, its JSON line (with the newline)."""


class QuestionError(ValueError):
    """A ``--question`` spec that no deal can answer (malformed, unknown words, or none
    of the batch's deals fits it)."""


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

    def made(self) -> dict[str, Any]:
        """How the results are made, for the first line of a results file: the package's
        version, the questions and ``table`` (what changes the answers)."""
        from .. import __version__

        return {"version": __version__, "questions": list(self.questions), "table": self.table}

    def scan(self, found: Iterable[Task], keep: bool = False) -> list[Task]:
        """Read deals until every question has met one that can answer it (usually the
        first); the deals read when ``keep`` (for the standard input, read once: at most
        :data:`SCAN_LIMIT`). QuestionError for a malformed spec, or one that no deal read
        can answer, with why the first deal cannot."""
        unanswered = set(self.questions)
        reasons: dict[str, str] = {}
        kept: list[Task] = []
        for task in found if unanswered else ():
            if keep:
                if len(kept) == SCAN_LIMIT:
                    break
                kept.append(task)
            for spec in list(unanswered):
                why = self.unfit(spec, task[2])
                if why is None:
                    unanswered.discard(spec)
                else:
                    reasons.setdefault(spec, why)
            if not unanswered:
                break
        if unanswered:
            spec = next(spec for spec in self.questions if spec in unanswered)
            among = f"none of the first {SCAN_LIMIT:,} deals" if len(kept) == SCAN_LIMIT else "no deal of the input"
            raise QuestionError(f"--question {spec}: {among} can answer it ({reasons.get(spec, 'no deals')})")
        return kept

    @staticmethod
    def unfit(spec: str, deal: Deal) -> str | None:
        """Why the deal cannot answer the question (None: it can); QuestionError for a
        spec that no deal could answer (malformed, unknown words)."""
        from ..errors import NotApplicable
        from ..questions import parse_question

        try:
            parse_question(spec, deal)
        except NotApplicable as error:
            return str(error)
        except ValueError as error:
            raise QuestionError(f"--question {spec}: {error}") from None
        return None


def line(data: dict[str, Any]) -> str:
    """A record as one line of JSON (UTF-8 text, no line break inside), with its newline."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def analyse(tasks: Sequence[Task], job: Job) -> list[Done]:
    """The lines of some deals (the unit of work sent to a process or a Dask worker)."""
    return [(filename, index, line(job.record(filename, index, deal))) for filename, index, deal in tasks]
