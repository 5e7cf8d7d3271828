"""Output files that never destroy an input (docs/cli.md, 'Outputs and inputs').

Every command that writes a file (``--html``, ``batch -o``, ``compose -o``, ``deal -o``,
``stats --plot``) goes through here:

- :func:`check_output`, before any work: the target is not one of the inputs (the same
  file whatever the spelling: compared by device and inode, so a relative path, ``./``,
  a symbolic or a hard link are all caught), and an existing file is of the output's
  kind (sniffed from its first bytes), is empty, or ``force`` is given;
- :class:`Replacement`: the new file is written beside the target (a temporary file in
  its folder) and renamed over it by :meth:`~Replacement.commit`, so the target holds
  the old file or the new one, never a mix; writes after the commit append to it;
- :func:`write_atomically`: a whole text at once, the same way.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import IO

HEAD = 4096
"""How many bytes of an existing file are read to tell its kind."""
_BOM = b"\xef\xbb\xbf"
_TAG_LINE = re.compile(rb'^\s*\[[A-Za-z0-9_]+\s+"', re.MULTILINE)
_IMAGE_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF8", b"RIFF", b"II*\0", b"MM\0*", b"%PDF-", b"%!PS", b"<svg", b"<?xml")


class OutputError(ValueError):
    """An output that would destroy an input or a file of another kind; one line for a
    person, naming the option and the file."""


@dataclass(frozen=True)
class Kind:
    """A kind of file an output writes: its name for messages and how its first bytes
    look (``sniff``, given the bytes without a byte-order mark and leading blanks)."""

    name: str
    sniff: Callable[[bytes], bool]

    def holds(self, head: bytes) -> bool:
        return self.sniff(head.removeprefix(_BOM).lstrip())


WEB_PAGE = Kind("a web page", lambda head: head[:15].lower().startswith((b"<!doctype html", b"<html")))
IMAGE = Kind("an image", lambda head: head.startswith(_IMAGE_MAGIC))
BATCH_RESULTS = Kind("a batch's results", lambda head: re.match(rb'\{\s*["}]', head) is not None)
DEAL_FILE = Kind("a deal file", lambda head: _TAG_LINE.search(head) is not None)
KINDS = (WEB_PAGE, IMAGE, BATCH_RESULTS, DEAL_FILE)
"""The kinds the outputs write, in the order they are tried on a file."""


def identity(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    """The file's device and inode (the same for every name of one file); None when
    there is no such file."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino


def kind_of(path: str | os.PathLike[str]) -> Kind | None:
    """The kind an existing file looks like, by its first bytes; None for none of them."""
    head = _head(path)
    return next((kind for kind in KINDS if kind.holds(head)), None)


def check_output(option: str, target: str, inputs: Iterable[str], kind: Kind, force: bool = False,
                 file: str | None = None) -> None:
    """OutputError unless the output may be written: ``file`` (default: ``target``, the
    path as the option gave it; a page of a site is a file in the target) is none of the
    ``inputs`` (``-``, the standard input, is no file), its folder exists and can be
    written, and an existing ``file`` is of ``kind``, empty, or ``force`` is given
    (``force`` never allows writing over an input)."""
    path = target if file is None else file
    where = f"{option} {target}" if file is None else f"{option} {target}: {file}"
    own = identity(path)
    if own is not None:
        for source in inputs:
            if source != "-" and identity(source) == own:
                raise OutputError(f"{where} is the input {source} (the same file): an output never replaces an input")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise OutputError(f"{where}: no such folder: {os.path.dirname(path) or folder}")
    if not os.access(folder, os.W_OK):
        raise OutputError(f"{where}: cannot write in the folder: {os.path.dirname(path) or folder}")
    if own is None:
        return
    if os.path.isdir(path):
        raise OutputError(f"{where}: is a folder, expected a file")
    if force or os.path.getsize(path) == 0 or kind.holds(_head(path)):
        return
    found = kind_of(path)
    looks = f" (it looks like {found.name})" if found is not None else ""
    raise OutputError(f"{where}: the file exists and is not {kind.name}{looks}; --force replaces it")


def _head(path: str | os.PathLike[str]) -> bytes:
    with open(path, "rb") as stream:
        return stream.read(HEAD)


class Replacement:
    """A new version of the file at ``path``, written beside it: until :meth:`commit` the
    target is as it was (or absent), after it the target is this file, whole as written
    so far, and later writes append to it. :meth:`close` without a commit removes the
    temporary file. ``stream`` is a text stream (UTF-8, ``\\n`` line ends), or binary and
    unbuffered with ``binary``; a symbolic link as target is followed (its file is
    replaced, the link stays). The new file gets the old one's mode, or the umask's."""

    def __init__(self, path: str | os.PathLike[str], binary: bool = False) -> None:
        self.path = os.path.realpath(path)
        handle, self.temporary = tempfile.mkstemp(dir=os.path.dirname(self.path),
                                                  prefix=f".{os.path.basename(self.path)}.", suffix=".tmp")
        self.stream: IO = (os.fdopen(handle, "wb", buffering=0) if binary
                           else os.fdopen(handle, "w", encoding="utf-8", newline="\n"))
        self.committed = False

    @property
    def fd(self) -> int:
        return self.stream.fileno()

    def commit(self) -> None:
        """Put what was written in place of the target (once; later calls do nothing)."""
        if self.committed:
            return
        self.stream.flush()
        os.chmod(self.temporary, _mode(self.path))
        os.replace(self.temporary, self.path)
        self.committed = True

    def close(self) -> None:
        try:
            self.stream.close()
        finally:
            if not self.committed:
                os.unlink(self.temporary)

    def __enter__(self) -> Replacement:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _mode(path: str) -> int:
    """The permissions of the file at ``path``, or of a new file (the umask's)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mask = os.umask(0o22)
        os.umask(mask)
        return 0o666 & ~mask


def write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """The file's new text in full, or (on any failure) its old state."""
    with Replacement(path) as replacement:
        replacement.stream.write(text)
        replacement.commit()
