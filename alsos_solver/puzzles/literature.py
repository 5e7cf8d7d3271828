"""The literature: deals and scoring cases from published sources, each with its
published answer, set beside what the solver (or the scoring rules) finds
(literature/README.md).

A deal (a ``.txt`` file in the deal format) has ``Source`` and ``Published``. With a
puzzle's ``Goal`` and ``Solution`` it is checked as a puzzle: confirmed when sound. Else
``Published`` is a question spec that the source says holds with best play from the start
(``betli``, ``defeat``, ``B:ultimo``), or a value question with its value
(``declarer_points = 61``): confirmed when the double-dummy answer is the same; the line
of best play shows the truth. A scoring case (a ``.cases`` file, :mod:`.cases`) is
confirmed when the scoring rules give the published number.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..analysis.line import optimal_line
from ..deal import Deal, Problem
from ..questions import is_value_question, parse_question
from .cases import Case, load_cases
from .check import check
from .puzzle import Puzzle, puzzle_problems

DEAL_SUFFIX, CASES_SUFFIX = ".txt", ".cases"
VALUE_SEPARATOR = " = "


@dataclass
class Finding:
    """One entry of the collection, its published answer beside what is found: ``line``
    the lines that show the truth (a line of best play, a refutation), ``reason`` the
    entry's own ``Comment``."""

    file: str
    entry: int
    title: str
    source: str
    published: str
    found: str
    confirmed: bool
    reason: str = ""
    line: list[str] = field(default_factory=list)

    @property
    def verdict(self) -> str:
        return "published answer confirmed" if self.confirmed else "published answer differs"

    def lines(self) -> list[str]:
        """For a person: the verdict, then the source, the two answers, and when they
        differ the reason and the line that shows it."""
        title = f" ({self.title})" if self.title else ""
        shown = [f"{self.file} {self.entry}{title}: {self.verdict}", f"  source: {self.source}",
                 f"  published: {self.published}; found: {self.found}"]
        if not self.confirmed:
            shown += [f"  {line}" for line in ([self.reason] if self.reason else []) + self.line]
        return shown

    def to_json(self) -> dict:
        return {"file": self.file, "entry": self.entry, "event": self.title, "source": self.source,
                "published": self.published, "found": self.found, "confirmed": self.confirmed,
                "reason": self.reason, "line": list(self.line)}


def literature_files(paths: list[str]) -> list[str]:
    """The files the paths name: a directory's deal and case files (sorted), a file as
    given."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += sorted(os.path.join(path, name) for name in os.listdir(path)
                            if name.endswith((DEAL_SUFFIX, CASES_SUFFIX)))
        else:
            files.append(path)
    return files


def findings(path: str, **options) -> Iterator[Finding]:
    """The findings of one file, a scoring-case file by its suffix, else a deal file
    (``options`` go to :func:`~alsos_solver.io.iter_deals`: ``warn``); DealFormatError at
    the first entry that cannot be read."""
    if path.endswith(CASES_SUFFIX):
        for index, case in enumerate(load_cases(path), 1):
            yield case_finding(path, index, case)
        return
    from ..io import iter_deals

    for index, deal in enumerate(iter_deals(path, check=literature_problems, **options), 1):
        yield deal_finding(path, index, deal)


def literature_problems(deal: Deal) -> list[Problem]:
    """What keeps a sound deal from being a literature deal: a missing Source or
    Published; a Published that is no question spec (without a Goal); a puzzle's
    problems (with one)."""
    missing = [Problem(tag, f"no {tag} tag (expected {what})") for tag, what in
               (("Source", "the book or page and year"), ("Published", "the published answer")) if tag not in deal.tags]
    if missing:
        return missing
    if "Goal" in deal.tags:
        return puzzle_problems(deal)
    try:
        _published(deal)
    except ValueError as error:
        return [Problem("Published", str(error))]
    return []


def _published(deal: Deal):
    """The question of the Published tag and the stated value (None: a yes/no question
    said to hold)."""
    spec, _, stated = deal.tags["Published"].partition(VALUE_SEPARATOR)
    question = parse_question(spec.strip(), deal)
    if is_value_question(question) != bool(stated):
        raise ValueError(f"expected a yes/no question spec said to hold, or a value question with its value "
                         f"(SPEC{VALUE_SEPARATOR}VALUE), found {deal.tags['Published']!r}")
    if stated and not stated.strip().lstrip("-").isdigit():
        raise ValueError(f"expected a number after '{VALUE_SEPARATOR.strip()}', found {stated.strip()!r}")
    return question, None if not stated else int(stated)


def deal_finding(path: str, index: int, deal: Deal) -> Finding:
    """A deal's finding: a puzzle's check, or the Published question's double-dummy answer."""
    tags = deal.tags
    finding = Finding(path, index, tags.get("Event", ""), tags["Source"], tags["Published"], "", False,
                      tags.get("Comment", ""))
    if "Goal" in tags:
        verdict = check(Puzzle.of(deal))
        finding.found, *finding.line = verdict.lines()
        finding.confirmed = verdict.sound
        return finding
    question, stated = _published(deal)
    line = optimal_line(deal, question, len(deal.play))
    finding.found, *finding.line = line.lines()
    finding.confirmed = bool(line.value) if stated is None else line.value == stated
    return finding


def case_finding(path: str, index: int, case: Case) -> Finding:
    """A scoring case's finding: the rules' number beside the published one."""
    value = case.value()
    return Finding(path, index, case.tags.get("Event", ""), case.tags["Source"], case.published,
                   f"{value} ({case.rule})", value == int(case.published), case.tags.get("Comment", ""))
