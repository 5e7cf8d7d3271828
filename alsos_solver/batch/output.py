"""The results file of a batch: JSON lines that a kill at any moment leaves whole.

The first line says how the batch was made (:func:`header_line`: the package's version,
the questions, ``--table``), the others are one record a deal. Each line is written with
one ``write`` of the whole line, so a kill (SIGKILL included) can leave at most one
partial line, at the end; a failed write (a full disk) is cut back to the last whole line.

A new results file is written beside the old one and takes its place when its first
deal's line is whole: until then the old file stays (docs/cli.md, 'Outputs and inputs').
Resuming checks that the file was made the same way, drops a partial last line and the
lines of a deal written before, and reads which deals (``file``, ``index``) the file
holds; those are not written again.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

from ..io.outputs import Replacement
from ..io.records import RecordError
from ..words import counted

Key = tuple[str, int]
"""A deal of a batch: its file (as given) and its index (from 1) in that file."""
HEADER = "batch"
"""The one key of a results file's first line; its value says how the batch was made."""


class ResumeError(ValueError):
    """``--resume`` on a results file that was made with other questions or options."""


def header_line(made: dict[str, Any]) -> bytes:
    """The first line of a results file: ``{"batch": made}``."""
    return (json.dumps({HEADER: made}, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def header_of(record: dict[str, Any]) -> dict[str, Any] | None:
    """How the batch was made, when the record is a results file's first line (else None)."""
    made = record.get(HEADER)
    return made if len(record) == 1 and isinstance(made, dict) else None


def made_by(made: dict[str, Any]) -> str:
    """What a batch asked, for a person: ``the answers of --question game, with --table``."""
    questions = made.get("questions") or []
    what = f"the answers of {' '.join(f'--question {spec}' for spec in questions)}" if questions else "the whole analysis"
    return what + (", with --table" if made.get("table") else "")


def inferred(record: dict[str, Any]) -> dict[str, Any]:
    """How the batch of an old results file (one without a first line saying it) was
    made, as far as one of its records tells: its questions and ``--table``."""
    answers = record.get("answers")
    return {"questions": list(answers) if isinstance(answers, dict) else [], "table": "table" in record}


class Output:
    """A results file open for appending lines, with the deals it holds in :attr:`done`:
    new (written beside the old file, which stays until the first line is whole), or,
    with ``resume``, an existing file kept (ResumeError when it was ``made`` otherwise;
    what was dropped from it, in :attr:`dropped`). RecordError for a kept line that is
    not a record of a batch; OSError when the file cannot be opened."""

    def __init__(self, path: str | os.PathLike[str], made: dict[str, Any], resume: bool = False) -> None:
        self.path = os.fsdecode(path)
        self.done: set[Key] = set()
        self.dropped: list[str] = []
        self.replacement: Replacement | None = None
        whole, duplicates = self._read_done(made) if resume and os.path.exists(self.path) else (0, 0)
        if whole and not duplicates:
            self.fd = os.open(self.path, os.O_WRONLY)
            try:
                os.ftruncate(self.fd, whole)
                self.size = os.lseek(self.fd, 0, os.SEEK_END)
            except BaseException:
                os.close(self.fd)
                raise
            return
        self.replacement = Replacement(self.path, binary=True)
        self.fd = self.replacement.fd
        self.size = 0
        try:
            if duplicates:
                self._copy_without_duplicates()
                self.replacement.commit()
            else:
                self._write(header_line(made))
        except BaseException:
            self.replacement.close()
            raise

    def _lines(self) -> Iterator[tuple[int, bytes]]:
        """The file's whole lines, numbered from 1 (a partial last line left out)."""
        with open(self.path, "rb") as stream:
            for number, raw in enumerate(stream, 1):
                if not raw.endswith(b"\n"):
                    return
                yield number, raw

    def _read_done(self, made: dict[str, Any]) -> tuple[int, int]:
        """Read the deals the file holds, check how it was made; the length of its whole
        lines and how many lines repeat a deal."""
        whole = duplicates = 0
        for number, raw in self._lines():
            whole += len(raw)
            if not raw.strip():
                continue
            data = self._record(raw, number)
            if number == 1:
                header = header_of(data)
                self._check_made(header if header is not None else inferred(data), made)
                if header is not None:
                    continue
            key = self._key(data, number)
            duplicates += key in self.done
            self.done.add(key)
        partial = os.path.getsize(self.path) - whole
        if partial:
            self.dropped.append(f"dropped a partial last line of {partial:,} bytes")
        if duplicates:
            self.dropped.append(f"dropped {counted(duplicates, 'line')} of a deal written before (the same file and index)")
        return whole, duplicates

    def _check_made(self, found: dict[str, Any], made: dict[str, Any]) -> None:
        """ResumeError when the file's batch (``found``) asked other questions or options
        than this one (``made``), or was made by another version (compared where
        ``found`` says: an old file tells only its questions and table)."""
        differ = [key for key, value in made.items() if key in found and found[key] != value]
        if differ == ["version"]:
            raise ResumeError(f"--resume: {self.path} was made by alsos-solver {found['version']}, this is {made['version']}: "
                              "the answers may differ; write another file without --resume")
        if differ:
            raise ResumeError(f"--resume: {self.path} holds {made_by(found)}, this run asks for {made_by(made)}: "
                              "give the same options, or write another file without --resume")

    def _copy_without_duplicates(self) -> None:
        """The file's whole lines into the replacement, each deal's first line only."""
        seen: set[Key] = set()
        for number, raw in self._lines():
            if raw.strip():
                data = self._record(raw, number)
                if number > 1 or header_of(data) is None:
                    key = self._key(data, number)
                    if key in seen:
                        continue
                    seen.add(key)
            self._write(raw)

    def _record(self, raw: bytes, number: int) -> dict[str, Any]:
        try:
            data = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise RecordError(self.path, number, getattr(error, "colno", None), "expected one JSON object a line (a batch's results)") from None
        if not isinstance(data, dict):
            raise RecordError(self.path, number, 1, "expected a batch record, with its file and index")
        return data

    def _key(self, data: dict[str, Any], number: int) -> Key:
        if not (isinstance(data.get("file"), str) and isinstance(data.get("index"), int)):
            raise RecordError(self.path, number, 1, "expected a batch record, with its file and index")
        return data["file"], data["index"]

    def _write(self, data: bytes) -> None:
        """Append whole bytes; on a failed write, cut the file back and raise the OSError."""
        try:
            written = 0
            while written < len(data):
                written += os.write(self.fd, data[written:])
        except OSError:
            os.ftruncate(self.fd, self.size)
            raise
        self.size += len(data)

    def write(self, key: Key, line: str) -> bool:
        """Append the deal's line (one write) unless the file holds the deal already;
        whether it was written. The first line written puts a new file in place of the
        old one."""
        if key in self.done:
            return False
        self._write(line.encode("utf-8"))
        if self.replacement is not None:
            self.replacement.commit()
        self.done.add(key)
        return True

    def close(self) -> None:
        if self.replacement is not None:
            self.replacement.close()
        else:
            os.close(self.fd)

    def __enter__(self) -> Output:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
