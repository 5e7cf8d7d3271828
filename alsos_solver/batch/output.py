"""The results file of a batch: JSON lines that a kill at any moment leaves whole.

Each line is written with one ``write`` of the whole line and flushed at once, so a kill
(SIGKILL included) can leave at most one partial line, at the end; a failed write (a full
disk) is cut back to the last whole line. Resuming drops a partial last line and reads
which deals (``file``, ``index``) the file holds; those are not written again.
"""

from __future__ import annotations

import json
import os

from ..io.records import RecordError

Key = tuple[str, int]
"""A deal of a batch: its file (as given) and its index (from 1) in that file."""


class Output:
    """A results file open for appending lines: new (emptied), or, with ``resume``, kept
    with the deals it holds in :attr:`done`. RecordError for a kept line that is not a
    record of a batch; OSError when the file cannot be opened."""

    def __init__(self, path: str | os.PathLike[str], resume: bool = False) -> None:
        self.path = os.fsdecode(path)
        self.done: set[Key] = set()
        flags = os.O_WRONLY | os.O_CREAT | (0 if resume else os.O_TRUNC)
        self.fd = os.open(self.path, flags, 0o666)
        try:
            if resume:
                self._read_done()
            self.size = os.lseek(self.fd, 0, os.SEEK_END)
        except BaseException:
            os.close(self.fd)
            raise

    def _read_done(self) -> None:
        """Read the deals the file holds; cut a partial last line."""
        whole = 0
        with open(self.path, "rb") as stream:
            for number, raw in enumerate(stream, 1):
                if not raw.endswith(b"\n"):
                    break
                whole += len(raw)
                if raw.strip():
                    self.done.add(self._key(raw, number))
        os.ftruncate(self.fd, whole)

    def _key(self, raw: bytes, number: int) -> Key:
        try:
            data = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise RecordError(self.path, number, getattr(error, "colno", None), "expected one JSON object a line (a batch's results)") from None
        if not (isinstance(data, dict) and isinstance(data.get("file"), str) and isinstance(data.get("index"), int)):
            raise RecordError(self.path, number, 1, "expected a batch record, with its file and index")
        return data["file"], data["index"]

    def write(self, key: Key, line: str) -> bool:
        """Append the deal's line (one write) unless the file holds the deal already;
        whether it was written. On a failed write the file is cut back to whole lines
        and the OSError raised."""
        if key in self.done:
            return False
        data = line.encode("utf-8")
        try:
            written = 0
            while written < len(data):
                written += os.write(self.fd, data[written:])
        except OSError:
            os.ftruncate(self.fd, self.size)
            raise
        self.size += len(data)
        self.done.add(key)
        return True

    def close(self) -> None:
        os.close(self.fd)

    def __enter__(self) -> Output:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
