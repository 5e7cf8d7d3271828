"""Reading the deal format (docs/format.md) into :class:`~alsos_solver.deal.Deal` objects.

Three stages, each stopping at the first error it meets:

1. lines: bytes to text lines (UTF-8, a BOM tolerated, no NUL, at most ``MAX_LINE`` bytes);
2. blocks: comments and commentary dropped, tag pairs and trick lines cut into tokens that
   remember their line and column, deals split at blank lines (the syntax of a deal);
3. deals: a warning for each tag whose name is close to a known one (an error when
   strict), the tag values read (``Game`` first, then the others in file order), then
   :meth:`Deal.problems` (the meaning), each problem located at its tag's value or card.

Tag names are case-sensitive; what is in a value is read in any case, and names with or
without accents (:mod:`~alsos_solver.spelling`). A file is read line by line and deal by
deal, so memory stays bounded by one deal.
"""

from __future__ import annotations

import dataclasses
import io
import os
import re
import unicodedata
import warnings
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, BinaryIO, NamedTuple, TextIO

from ..cards import Card, CardSet, Pack
from ..deal import Deal, Problem
from ..games.base import Game, default_game, find_game
from ..melds import MELD_KINDS
from ..position import IllegalPlay
from ..rules import AlsosOptions, Contract
from ..spelling import closest, plain
from .errors import DealFormatError, DealFormatWarning, open_input
from .tags import CORE_TAGS, TAG_NAME

MAX_LINE = 100_000
"""The longest line read, in bytes; a longer one is refused after reading this much of it."""

MAX_DEAL_LINES = 1_000
"""The most tag and trick lines in one deal: more means the blank lines between deals are missing."""

INFO_TAGS = ("Event", "Site", "Date", "Annotator")
"""Other tags in common use: kept like any other tag, and known, so that a misspelling of
one is noticed (``Event`` names the deal in the diagram)."""

PUZZLE_TAGS = ("Goal", "Solution", "Difficulty", "Source", "Composer", "Comment", "Published")
"""The tags of a puzzle (docs/format.md, 'Puzzles'): kept in ``Deal.tags`` and read by
:mod:`alsos_solver.puzzles`; the reader reads only the main line after ``Solution``."""

Check = Callable[[Deal], list[Problem]]
"""More problems of a deal, found by a caller (a puzzle's tags), located like its own."""

Warn = Callable[[DealFormatWarning], None]
"""Where the reader's warnings go (by default :func:`warnings.warn`)."""

_WORD = re.compile(r"\S+")
_LIST_ITEM = re.compile(r"[^\s,]+(?:\s*,\s*[^\s,]*)*")
"""A ``SEAT:name,name`` item, spaces allowed after (and before) its commas."""
_SPACES = re.compile(r"\s*")
_TAG_WORD = re.compile(r'[^\s"\]]*')
"""What stands for a tag name: up to a space, a quote or a ']'."""
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_OTHER_COMMENTS = ";#"
"""The first characters of comment lines in other formats (ini files, shell scripts)."""
_VALUE_RUN = re.compile(r'[^"\\]*')
_QUOTED_OR_BRACE = re.compile(r'"(?:[^"\\]|\\.)*"?|\{')


class _Error(Exception):
    """A reader error before the file name is attached (see :func:`_read`)."""

    def __init__(self, line: int | None, column: int | None, message: str) -> None:
        super().__init__(message)
        self.line, self.column, self.message = line, column, message


class _Token(NamedTuple):
    text: str
    line: int
    column: int


@dataclass
class _Tag:
    """A tag pair; ``escapes`` are the value indices written as two-character escapes."""

    name: str
    value: str
    line: int
    name_column: int
    start: int
    escapes: tuple[int, ...]

    def column(self, index: int) -> int:
        """The column of the value's character ``index`` (escapes take two columns)."""
        return self.start + index + bisect_left(self.escapes, index)

    def tokens(self, pattern: re.Pattern[str] = _WORD) -> list[_Token]:
        return [_Token(m.group(), self.line, self.column(m.start())) for m in pattern.finditer(self.value)]


@dataclass
class _Block:
    """The lines of one deal: its tag pairs in file order, the trick lines after Play, and
    those after Solution (a puzzle's main line); ``lines_of`` names the tag whose trick
    lines follow."""

    line: int
    tags: dict[str, _Tag] = field(default_factory=dict)
    tricks: list[list[_Token]] | None = None
    main: list[list[_Token]] = field(default_factory=list)
    lines_of: str | None = None
    size: int = 0


def loads(text: str, filename: str = "<string>", *, warn: Warn | None = None, strict: bool = False,
          check: Check | None = None) -> list[Deal]:
    """The deals of a text in the deal format; DealFormatError at the first error (see
    :func:`iter_deals` for ``warn``, ``strict`` and ``check``)."""
    return list(_read(io.BytesIO(text.encode("utf-8", "surrogatepass")), filename, warn, strict, check))


def iter_deals(
    source: str | os.PathLike[str] | BinaryIO | TextIO, *, filename: str | None = None, warn: Warn | None = None,
    strict: bool = False, check: Check | None = None,
) -> Iterator[Deal]:
    """The deals of a file (a path, or a stream opened for reading: binary, such as
    ``sys.stdin.buffer``, or text, such as ``sys.stdin``, ``open(path)`` or a
    ``StringIO``), one by one, reading it line by line. ``filename`` names it in errors
    (default: the path, or the stream's name). TypeError for anything else.

    Every error, a missing or unreadable file included, is a DealFormatError raised while
    iterating. A file with no deal (empty, or comments only) yields nothing. A tag whose
    name is close to a known one (``Contact``, ``declarer``) is kept as an other tag and
    gives a :class:`DealFormatWarning`, passed to ``warn`` (default :func:`warnings.warn`)
    before the deal is read; ``strict`` makes it a DealFormatError. ``check`` finds more
    problems of a sound deal (a puzzle's tags); the first is the error, at its tag's value.
    """
    if not isinstance(source, (str, os.PathLike)):
        stream = _byte_stream(source)
        yield from _read(stream, filename or str(getattr(source, "name", "<stream>")), warn, strict, check)
        return
    name, stream = open_input(source)
    filename = filename or name
    with stream:
        yield from _read(stream, filename, warn, strict, check)


def load(source: str | os.PathLike[str] | BinaryIO | TextIO, *, filename: str | None = None, warn: Warn | None = None,
         strict: bool = False, check: Check | None = None) -> list[Deal]:
    """All the deals of a file, a path or a stream (see :func:`iter_deals`)."""
    return list(iter_deals(source, filename=filename, warn=warn, strict=strict, check=check))


def _byte_stream(source: Any) -> BinaryIO:
    """A stream read as bytes: itself, or a text stream's lines encoded as UTF-8.
    TypeError for what is neither a path nor a stream opened for reading."""
    try:
        empty = source.read(0)
    except (AttributeError, TypeError, ValueError, OSError):  # not a stream, not readable, closed
        empty = None
    if isinstance(empty, bytes):
        return source
    if isinstance(empty, str):
        return _EncodedText(source)
    raise TypeError(f"expected a path or a file opened for reading (text or binary), found {type(source).__name__}")


class _EncodedText:
    """A text stream as a binary one for :func:`_lines`: each line encoded as UTF-8."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def readline(self, limit: int) -> bytes:
        try:
            return self.stream.readline(limit).encode("utf-8", "surrogatepass")
        except UnicodeDecodeError as error:
            raise _Error(None, None, f"the text stream cannot be decoded ({error.reason}): open the file "
                                     f"in binary mode ('rb') or give its path") from None


def _read(stream: BinaryIO, filename: str, warn: Warn | None, strict: bool, check: Check | None) -> Iterator[Deal]:
    try:
        for block in _blocks(_lines(stream)):
            for line, column, message in _tag_warnings(block):
                if strict:
                    raise _Error(line, column, message)
                (warn or _default_warn)(DealFormatWarning(filename, line, column, message))
            deal = _deal(block)
            problems = check(deal) if check is not None else []
            if problems:
                raise _problem_error(problems[0], block)
            yield deal
    except _Error as error:
        raise DealFormatError(filename, error.line, error.column, error.message) from None


class TagValue(NamedTuple):
    """A tag's value and where the value starts (1-based line and column)."""

    value: str
    line: int
    column: int


def iter_tag_blocks(path: str | os.PathLike[str]) -> Iterator[dict[str, TagValue]]:
    """The blocks of tag pairs of a file in the deal format's syntax (tag pairs, comments,
    commentary, a blank line between blocks), not read as deals: for records kept in the
    same syntax, such as the literature's scoring cases. Errors as :func:`iter_deals`'."""
    filename, stream = open_input(path)
    with stream:
        try:
            for block in _blocks(_lines(stream)):
                yield {name: TagValue(tag.value, tag.line, tag.start) for name, tag in block.tags.items()}
        except _Error as error:
            raise DealFormatError(filename, error.line, error.column, error.message) from None


def _default_warn(warning: DealFormatWarning) -> None:
    warnings.warn(warning, stacklevel=3)


# Stage 1: lines


def _lines(stream: BinaryIO) -> Iterator[tuple[int, str]]:
    """The numbered text lines of a UTF-8 stream, without line ends or BOM.

    A NUL byte marks a binary file, and so does invalid UTF-8 unless the line reads as
    text in Windows-1250 (:func:`_not_utf8`); a line is refused once ``MAX_LINE`` bytes of
    it are read without its end.
    """
    number = 0
    while raw := stream.readline(MAX_LINE + 1):
        number += 1
        if b"\0" in raw or (number == 1 and raw.startswith(_UTF16_BOMS)):
            raise _not_text(raw, number)
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            raise _Error(number, None, f"line longer than {MAX_LINE} bytes (expected a text deal file)")
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise _not_utf8(raw, error.start, number) from None
        if number == 1:
            line = line.removeprefix("\ufeff")
        yield number, line.rstrip("\r\n")


def _not_text(raw: bytes, number: int) -> _Error:
    """The error for a line with a NUL byte, or a first line that begins with a UTF-16
    byte-order mark. UTF-16 text (Notepad's "Unicode") has the mark, or NUL bytes, all at
    even or all at odd places, making up a third of the line or more (the high bytes of
    ASCII characters); anything else looks binary."""
    places = {index % 2 for index, byte in enumerate(raw) if byte == 0}
    if (number == 1 and raw.startswith(_UTF16_BOMS)) or (len(places) == 1 and raw.count(0) * 3 >= len(raw)):
        return _Error(number, None, 'the file is UTF-16 (Notepad\'s "Unicode"), not UTF-8: save it as UTF-8')
    return _Error(number, None, "not a text deal file: a NUL byte, the file looks binary")


def _not_utf8(raw: bytes, start: int, number: int) -> _Error:
    """The error for a line that is not UTF-8 from byte ``start`` on. A line that reads as
    text in Windows-1250 (or Latin-2, the same for Hungarian letters: no control
    characters, and letters, punctuation or spaces beyond ASCII) is such a file, saved by
    an old editor; anything else looks binary."""
    try:
        text = raw.decode("cp1250")
    except UnicodeDecodeError:
        text = "\0"
    if any(unicodedata.category(char)[0] not in "LPZ" for char in text if not " " <= char <= "~" and char not in "\t\r\n"):
        return _Error(number, None, "not a text deal file: invalid UTF-8, the file looks binary")
    column = len(raw[:start].decode("utf-8")) + 1
    byte = raw[start]
    encoding = "Windows-1250" if byte < 0xA0 else "Latin-2 (ISO-8859-2) or Windows-1250"
    return _Error(number, column, f"byte 0x{byte:02X} is not UTF-8: the file looks like {encoding}, where it is "
                                  f"{bytes([byte]).decode('cp1250')!r} (save the file as UTF-8)")


# Stage 2: blocks


def _blocks(lines: Iterable[tuple[int, str]]) -> Iterator[_Block]:
    """Deals as blocks of tag pairs and trick lines, split at blank lines.

    ``%`` lines and ``{commentary}`` are dropped; a line of commentary alone neither holds
    content nor ends a deal, and a blank line inside commentary is commentary.
    """
    block: _Block | None = None
    previous: _Block | None = None  # the deal before this one
    opened: tuple[int, int] | None = None  # where an unclosed '{' is
    for number, text in lines:
        if opened is None:
            stripped = text.lstrip()
            if not stripped:
                if block is not None:
                    yield block
                    previous = block
                block = None
                continue
            if stripped[0] == "%":
                continue
            if stripped[0] in _OTHER_COMMENTS:
                raise _Error(number, len(text) - len(stripped) + 1, f"a line starting with {stripped[0]!r}: comments "
                                                                    "start with % (or stand in { })")
        text, opened = _blank_commentary(text, number, opened)
        if text.isspace() or not text:
            continue
        if block is None:
            block = _Block(number)
        _add_line(block, number, text, previous)
    if opened is not None:
        raise _Error(*opened, "unclosed commentary: '{' without a closing '}'")
    if block is not None:
        yield block


def _blank_commentary(text: str, number: int, opened: tuple[int, int] | None) -> tuple[str, tuple[int, int] | None]:
    """The line with its commentary replaced by spaces (so columns stay right), and where
    a '{' still open at its end began. A brace inside a quoted value is text."""
    if opened is None and "{" not in text:
        return text, None
    pieces, pos = [], 0
    while True:
        if opened is None:
            start = _commentary_start(text, pos)
            if start is None:
                pieces.append(text[pos:])
                return "".join(pieces), None
            pieces.append(text[pos:start])
            opened, pos = (number, start + 1), start
        end = text.find("}", pos)
        stop = len(text) if end < 0 else end + 1
        pieces.append(" " * (stop - pos))
        pos = stop
        if end < 0:
            return "".join(pieces), opened
        opened = None


def _commentary_start(text: str, pos: int) -> int | None:
    for match in _QUOTED_OR_BRACE.finditer(text, pos):
        if match.group() == "{":
            return match.start()
    return None


def _add_line(block: _Block, number: int, text: str, previous: _Block | None) -> None:
    """A tag pair, or a trick line once the Play tag is read; anything else is junk (a
    trick line that begins a deal after one that ended with an empty Play section: a blank
    line after the Play tag)."""
    block.size += 1
    if block.size > MAX_DEAL_LINES:
        raise _Error(number, None, f"more than {MAX_DEAL_LINES} lines in one deal (expected a blank line between deals)")
    if text.lstrip().startswith("["):
        _add_tag(block, _parse_tag(text, number))
    elif block.lines_of is not None:
        lines = block.main if block.lines_of == "Solution" else block.tricks
        assert lines is not None
        lines.append([_Token(m.group(), number, m.start() + 1) for m in _WORD.finditer(text)])
    else:
        column = len(text) - len(text.lstrip()) + 1
        play = None if previous is None else previous.tags.get("Play")
        if block.size == 1 and play is not None and previous is not None and not previous.tricks:
            raise _Error(number, column, f"a trick line after a blank line, found {_show(text)}: the blank line "
                                         f"after [Play] on line {play.line} ended the deal (trick lines follow "
                                         "the Play tag directly)")
        raise _Error(number, column, f"expected a tag pair [Name \"value\"], a comment or a blank line, found {_show(text)}")


def _add_tag(block: _Block, tag: _Tag) -> None:
    """A name at most once per deal; Play last (but for Solution), the trick lines after
    it; Solution's main line last of all."""
    if block.main:
        raise _Error(tag.line, tag.name_column, f"tag {tag.name} after the main line of Solution (the main line "
                                                "ends its deal; a blank line starts the next deal)")
    if block.tricks is not None and tag.name != "Solution":
        raise _Error(
            tag.line, tag.name_column,
            f"tag {tag.name} after the Play section (Play is the last tag of a deal, but for a puzzle's "
            "Solution; a blank line starts the next deal)",
        )
    first = block.tags.get(tag.name)
    if first is not None:
        raise _Error(tag.line, tag.name_column, f"tag {tag.name} given twice in one deal (first on line {first.line}): "
                                                "is the blank line between two deals missing?")
    block.tags[tag.name] = tag
    if tag.name == "Play":
        block.tricks = []
    if tag.name in ("Play", "Solution"):
        block.lines_of = tag.name


def _parse_tag(text: str, number: int) -> _Tag:
    """``[Name "value"]`` alone on its line: the name of ASCII letters, digits and ``_``."""
    pos = text.index("[") + 1
    name = _TAG_WORD.match(text, pos)
    if not name.group():
        raise _Error(number, pos + 1, f"expected a tag name (letters, digits, _) after '[', found {_show(text[pos:])}")
    valid = TAG_NAME.match(name.group())
    if valid is None or valid.end() < len(name.group()):
        bad = valid.end() if valid else 0
        raise _Error(number, pos + bad + 1, f"tag name {name.group()!r} has {name.group()[bad]!r}: "
                                            "tag names are ASCII letters, digits and _")
    pos = _skip_spaces(text, name.end())
    if not text.startswith('"', pos):
        raise _Error(number, pos + 1, f"expected a quoted value after the tag name {name.group()}, found {_show(text[pos:])}")
    quote = pos
    value, escapes, end = _quoted(text, quote, number)
    pos = _skip_spaces(text, end)
    if not text.startswith("]", pos):
        raise _Error(number, pos + 1, f"expected ']' after the value of tag {name.group()}, found {_show(text[pos:])}")
    rest = _skip_spaces(text, pos + 1)
    if rest < len(text):
        hint = " (% starts a comment only at the start of a line: put it on a line of its own, or write {commentary})"
        raise _Error(number, rest + 1, f"expected the end of the line after a tag pair, found {_show(text[rest:])}"
                                       + (hint if text.startswith("%", rest) else ""))
    return _Tag(name.group(), value, number, name.start() + 1, quote + 2, escapes)


def _quoted(text: str, pos: int, number: int) -> tuple[str, tuple[int, ...], int]:
    """The value of the quoted string opening at ``text[pos]``, the value indices that were
    escapes, and the index after the closing quote. Only ``\\"`` and ``\\\\`` are escapes."""
    pieces: list[str] = []
    escapes: list[int] = []
    length, i = 0, pos + 1
    while True:
        run = _VALUE_RUN.match(text, i)
        pieces.append(run.group())
        length, i = length + len(run.group()), run.end()
        if i == len(text) or (text[i] == "\\" and i + 1 == len(text)):
            raise _Error(number, pos + 1, "unterminated quoted value (expected a closing '\"' on the same line)")
        if text[i] == '"':
            return "".join(pieces), tuple(escapes), i + 1
        if text[i + 1] not in '"\\':
            raise _Error(number, i + 1, f"unknown escape {text[i:i + 2]!r} in a tag value (only \\\" and \\\\ are escapes)")
        pieces.append(text[i + 1])
        escapes.append(length)
        length, i = length + 1, i + 2


def _skip_spaces(text: str, pos: int) -> int:
    return _SPACES.match(text, pos).end()


def _show(text: str) -> str:
    """Found text for a message: quoted and cut short; 'the end of the line' when empty."""
    text = text.strip()
    if not text:
        return "the end of the line"
    return repr(text if len(text) <= 40 else text[:37] + "...")


# Stage 3: deals


@lru_cache(maxsize=256)
def _meant_tag(name: str) -> str | None:
    """The known tag an unknown tag name most likely misspells (:func:`closest`),
    remembered: a file repeats its tag names in every deal."""
    return closest(name, KNOWN_TAGS)


def _tag_warnings(block: _Block) -> Iterator[tuple[int, int, str]]:
    """Where and why for each tag whose name is not known but close to a known one."""
    for name, tag in block.tags.items():
        if name in KNOWN_TAGS:
            continue
        meant = _meant_tag(name)
        if meant is not None:
            yield tag.line, tag.name_column, (f"unknown tag {name!r}: did you mean {meant}? "
                                              "(an unknown tag is kept, but not read)")


def _deal(block: _Block) -> Deal:
    """The deal of a block: Game first, the other tags in file order, the play, then the
    deal's own problems (the first one is the error)."""
    if "Deal" not in block.tags:
        raise _Error(block.line, None, 'no Deal tag in this deal (expected [Deal "A:hand hand ..."])')
    game = block.tags.get("Game")
    spec = default_game() if game is None else _game(game)
    fields: dict[str, Any] = {"game": spec, "tags": {}}
    for name, tag in block.tags.items():
        if name in _FIELDS:
            key, parse = _FIELDS[name]
            fields[key] = parse(tag, spec)
        elif name != "Game":
            fields["tags"][name] = tag.value
    if block.tricks:
        fields["play"] = _play(block.tricks, spec)
    deal = Deal(**fields)
    problems = deal.problems()
    if problems:
        raise _problem_error(problems[0], block)
    if block.main:
        deal.main_line = _main_line(block.main, deal)
    return deal


def _problem_error(problem: Problem, block: _Block) -> _Error:
    """A problem of the deal, at its card (Play) or at its tag's value (else the deal's start)."""
    if problem.tag == "Play" and problem.play_index is not None and block.tricks:
        card = [token for line in block.tricks for token in line][problem.play_index]
        return _Error(card.line, card.column, problem.message)
    tag = block.tags.get(problem.tag)
    if tag is None:
        return _Error(block.line, None, problem.message)
    return _Error(tag.line, tag.start, problem.message)


@contextmanager
def _located(line: int, column: int) -> Iterator[None]:
    """A ValueError of the rules' parsers becomes a reader error at this place."""
    try:
        yield
    except ValueError as error:
        raise _Error(line, column, str(error)) from None


def _game(tag: _Tag) -> Game:
    with _located(tag.line, tag.start):
        return find_game(plain(tag.value))


def _seat(token: _Token, spec: Game, seats: str) -> str:
    """One seat letter of ``seats`` (all the game's seats, or only those that play), in any case."""
    seat = token.text.upper()
    if len(seat) == 1 and seat in seats:
        return seat
    expected = ", ".join(seats[:-1]) + " or " + seats[-1]
    if len(seat) == 1 and seat in spec.seats:
        raise _Error(token.line, token.column, f"seat {seat} sits out in {spec.name} (expected {expected})")
    raise _Error(token.line, token.column, f"unknown seat {token.text!r} (expected {expected})")


def _one_seat(tag: _Tag, spec: Game, seats: str) -> str:
    tokens = tag.tokens()
    if len(tokens) != 1:
        raise _Error(tag.line, tag.start, f"expected one seat ({' '.join(seats)}), found {_show(tag.value)}")
    return _seat(tokens[0], spec, seats)


def _dealer(tag: _Tag, spec: Game) -> str:
    return _one_seat(tag, spec, spec.seats)


def _active_seat(tag: _Tag, spec: Game) -> str:
    """Declarer, and the first leader of Play: a seat that plays."""
    return _one_seat(tag, spec, spec.active)


def _card(token: _Token, pack: Pack) -> Card:
    try:
        return pack.card_of(token.text)
    except ValueError as error:
        raise _Error(token.line, token.column, str(error)) from None


def _hands(tag: _Tag, spec: Game) -> dict[str, CardSet]:
    """``S:hand hand ...``: one hand per seat from seat S on in playing order, wrapping
    round. A later hand may repeat its seat (``A:... B:... C:...``), which must then match."""
    tokens = tag.tokens()
    seats = spec.seats
    if not tokens or ":" not in tokens[0].text:
        raise _Error(tag.line, tag.start, f"expected a seat, ':' and the hands (e.g. 'A:AKO.X9.U87.A ...'), found {_show(tag.value)}")
    hands: dict[str, CardSet] = {}
    start = 0
    for index, token in enumerate(tokens):
        if index == len(seats):
            raise _Error(token.line, token.column, f"more hands than seats: {spec.name} has {len(seats)} ({' '.join(seats)})")
        prefix, colon, text = token.text.rpartition(":")
        if colon:
            seat = _seat(_Token(prefix, token.line, token.column), spec, seats)
            if index == 0:
                start = seats.index(seat)
            elif seat != seats[(start + index) % len(seats)]:
                raise _Error(token.line, token.column, f"expected the hand of seat {seats[(start + index) % len(seats)]} here, found seat {seat}")
        with _located(token.line, token.column + len(prefix) + len(colon)):
            hands[seats[(start + index) % len(seats)]] = spec.pack.parse_hand(text.upper())
    if len(tokens) < len(seats):
        raise _Error(tag.line, tag.column(len(tag.value)), f"{len(tokens)} hands, expected {len(seats)} (one per seat {' '.join(seats)})")
    return {seat: hands[seat] for seat in seats}


def _talon(tag: _Tag, spec: Game) -> CardSet:
    talon = 0
    for token in tag.tokens():
        bit = 1 << _card(token, spec.pack)
        if talon & bit:
            raise _Error(token.line, token.column, f"card {token.text} twice in the talon")
        talon |= bit
    return talon


def _contract(tag: _Tag, spec: Game) -> Contract:
    """In any case: read in capitals (the game's parser reads its contract names in any
    case), quoted as written when it cannot be read."""
    with _located(tag.line, tag.start):
        try:
            return spec.parse_contract(tag.value.upper())
        except ValueError:
            return spec.parse_contract(tag.value)


def _options(tag: _Tag, spec: Game) -> AlsosOptions:
    """``name=value ...``; each item is checked on its own to point at the bad one."""
    for token in tag.tokens():
        with _located(token.line, token.column):
            AlsosOptions.from_variant(plain(token.text))
    return AlsosOptions.from_variant(plain(tag.value))


def _seat_lists(tag: _Tag, spec: Game) -> Iterator[tuple[str, list[_Token]]]:
    """``SEAT:name,name SEAT:name``: each playing seat at most once, with its names (a
    space after a comma is allowed)."""
    seen = set()
    for token in tag.tokens(_LIST_ITEM):
        prefix, colon, rest = token.text.partition(":")
        if not colon:
            raise _Error(token.line, token.column, f"expected SEAT:name,name, found {_show(token.text)}")
        seat = _seat(_Token(prefix, token.line, token.column), spec, spec.active)
        if seat in seen:
            raise _Error(token.line, token.column, f"seat {seat} listed twice in {tag.name}")
        seen.add(seat)
        names, column, pieces = [], token.column + len(prefix) + 1, rest.split(",")
        for index, piece in enumerate(pieces):
            name = _Token(piece.strip(), token.line, column + len(piece) - len(piece.lstrip()))
            if not name.text:
                place = (f"after '{prefix}:'" if index == 0 else
                         "after the last comma" if index == len(pieces) - 1 else "between two commas")
                raise _Error(name.line, name.column, f"empty name in {tag.name} item {token.text!r}: expected a name {place} "
                                                     "(SEAT:name,name)")
            names.append(name)
            column += len(piece) + 1
        yield seat, names


def _names(tokens: list[_Token], parse: Callable[[str], str], seat: str) -> tuple[str, ...]:
    """Names read by ``parse`` (which raises ValueError), each at most once."""
    result: list[str] = []
    for token in tokens:
        with _located(token.line, token.column):
            name = parse(token.text)
        if name in result:
            raise _Error(token.line, token.column, f"{name} given twice for seat {seat}")
        result.append(name)
    return tuple(result)


def _figures(tag: _Tag, spec: Game) -> dict[str, tuple[str, ...]]:
    """Figure names per seat, canonical (English aliases read as the same figures)."""
    return {seat: _names(names, spec.canonical_figure, seat) for seat, names in _seat_lists(tag, spec)}


def _one_card(tag: _Tag, spec: Game) -> Card:
    """Indicator, TalonTop: one card."""
    tokens = tag.tokens()
    if len(tokens) != 1:
        raise _Error(tag.line, tag.start, f"expected one card (e.g. P7), found {_show(tag.value)}")
    return _card(tokens[0], spec.pack)


KONTRA_SYNTAX = "game:LEVELS or SEAT:figure:LEVELS, LEVELS one letter per kontra level, f (from the front) or b (from the back), e.g. game:f B:abszolut:fb"


def _kontra(tag: _Tag, spec: Game) -> dict[str, str]:
    """``game:fb B:abszolut:b``: each item once, its levels f* then b* (any case, kept in lower case)."""
    result: dict[str, str] = {}
    for token in tag.tokens():
        parts = token.text.split(":")
        if len(parts) == 2 and plain(parts[0]) == "game":
            item = "game"
        elif len(parts) == 3:
            seat = _seat(_Token(parts[0], token.line, token.column), spec, spec.active)
            with _located(token.line, token.column + len(parts[0]) + 1):
                item = f"{seat}:{spec.canonical_figure(parts[1])}"
        else:
            raise _Error(token.line, token.column, f"expected {KONTRA_SYNTAX}; found {_show(token.text)}")
        column = token.column + len(token.text) - len(parts[-1])
        levels = parts[-1].lower()
        if not levels or set(levels) - {"f", "b"}:
            raise _Error(token.line, column, f"expected the kontra levels of {item} as letters f (said from the front) or b (from the back), one per level (kontra, rekontra, ...), found {_show(parts[-1])}")
        if "bf" in levels:
            raise _Error(token.line, column, f"kontra levels of {item}: a level from the front cannot follow one from the back, found {_show(parts[-1])}")
        if item in result:
            raise _Error(token.line, token.column, f"kontra on {item} given twice")
        result[item] = levels
    return result


def _meld_kind(text: str) -> str:
    name = plain(text)
    if name in MELD_KINDS or name == "none":
        return name
    raise ValueError(f"unknown meld kind {name!r} (expected {', '.join(MELD_KINDS)} or none)")


def _melds(tag: _Tag, spec: Game) -> dict[str, tuple[str, ...]]:
    """The meld kinds a seat declares; ``none`` alone for nothing."""
    declared = {}
    for seat, names in _seat_lists(tag, spec):
        kinds = _names(names, _meld_kind, seat)
        if "none" in kinds and len(kinds) > 1:
            place = names[kinds.index("none")]
            raise _Error(place.line, place.column, f"seat {seat}: none goes alone, found {_show(','.join(kinds))}")
        declared[seat] = () if kinds == ("none",) else kinds
    return declared


def _play(tricks: list[list[_Token]], spec: Game) -> list[Card]:
    """The cards of the trick lines, in order: one card per playing seat a line, the last
    line alone may be short."""
    size = len(spec.active)
    cards: list[Card] = []
    for number, line in enumerate(tricks):
        if number == spec.hand_size:
            raise _Error(line[0].line, line[0].column, f"a trick line too many: a deal of {spec.name} has "
                                                       f"{spec.hand_size} tricks, this is trick line {number + 1}")
        for index, token in enumerate(line):
            if index == size:
                raise _Error(token.line, token.column, f"a trick has {size} cards in {spec.name}, found {len(line)} on this line")
            cards.append(_card(token, spec.pack))
        if len(line) < size and number < len(tricks) - 1:
            raise _Error(
                line[0].line, line[0].column,
                f"short trick line: {len(line)} cards, expected {size} (only the last trick line may be short)",
            )
    return cards


def _main_line(lines: list[list[_Token]], deal: Deal) -> list[Card]:
    """A puzzle's main line, from the position after the Play section: its first line
    finishes the trick in progress, each other line is one trick, the last may be short;
    every card legal in turn."""
    size = len(deal.game.active)
    position = deal.played_position()
    cards: list[Card] = []
    for number, line in enumerate(lines):
        room = size - len(position.trick.cards) if number == 0 else size
        if len(line) > room or (len(line) < room and number < len(lines) - 1):
            raise _Error(line[0].line, line[0].column, f"a main line of {len(line)} cards here, expected {room} "
                                                       "(a line per trick, the first finishing the trick in "
                                                       "progress; only the last line may be short)")
        for token in line:
            card = _card(token, deal.pack)
            try:
                position.push(card)
            except IllegalPlay as error:
                raise _Error(token.line, token.column, f"main line: {error}") from None
            cards.append(card)
    return cards


_FIELDS: dict[str, tuple[str, Callable[[_Tag, Game], Any]]] = {
    "Dealer": ("dealer", _dealer),
    "Deal": ("hands", _hands),
    "Talon": ("talon", _talon),
    "Contract": ("contract", _contract),
    "Declarer": ("declarer", _active_seat),
    "Figures": ("figures", _figures),
    "Variant": ("options", _options),
    "Melds": ("declared", _melds),
    "Front": ("front", _figures),
    "Kontra": ("kontra", _kontra),
    "Dealt": ("dealt", _hands),
    "Indicator": ("indicator", _one_card),
    "TalonTop": ("talon_top", _one_card),
    "Play": ("play_leader", _active_seat),
}
"""The core tags but Game: the Deal field each sets and its parser."""

assert CORE_TAGS == ("Game", *_FIELDS)
KNOWN_TAGS = (*CORE_TAGS, *INFO_TAGS, *PUZZLE_TAGS)
"""The tag names the reader knows; an unknown name close to one of these gets a warning."""


def with_tags(deal: Deal, tags: Mapping[str, str]) -> Deal:
    """The deal with the values of some core tags replaced, each value read as in a file
    (``{"Contract": "NT", "Figures": "B:szaz"}``; an empty value removes the tag). The game
    stays the deal's. ValueError, the reader's message, for a value it cannot read; the
    new deal is not checked as a whole (:meth:`Deal.problems`)."""
    defaults = {f.name: f for f in dataclasses.fields(Deal)}
    changes: dict[str, Any] = {}
    for name, value in tags.items():
        key, parse = _FIELDS[name]
        if not value.strip():
            default = defaults[key]
            changes[key] = default.default_factory() if default.default is dataclasses.MISSING else default.default  # type: ignore[misc]
            continue
        try:
            changes[key] = parse(_Tag(name, value, 0, 0, 1, ()), deal.game)
        except _Error as error:
            raise ValueError(error.message) from None
    return dataclasses.replace(deal, **changes)
