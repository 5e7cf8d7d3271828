"""Statistics over result records (JSON lines): rates of a yes/no result and
distributions of a number, grouped by a feature of the deal.

A *key* names a result in a record: ``game``, ``declarer_points``, a dotted path such as
``figures.B.ultimo``, or ``declarer:ultimo`` for the declarer's figure. A *grouping* is
an expression of the predicate language (docs/predicates.md), a number or a condition
evaluated on each record's deal (``trumps(declarer)``), or ``contract``. Deals the
expression cannot answer (no declarer, no trump suit) form a group of their own, shown
as ``n/a``; records without the key are counted as ``missing``.

Every rate comes with its Wilson 95% interval. The tables give plain columns and rows
for a terminal table or :func:`write_csv`, and :func:`plot` draws them (matplotlib, the
optional extra ``plot``).
"""

from __future__ import annotations

import csv
import difflib
import math
import os
import statistics
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any, TextIO

from .deal import Deal
from .io.errors import STDIN, STDIN_NAME
from .io.records import deal_from_record, iter_records
from .predicates import Bound, Context, Expression, NotApplicable
from .proportions import Z95, wilson

CONTRACT = "contract"
DECLARER_FIGURE = "declarer:"
NOT_APPLICABLE = "n/a"
ALL = "all"
"""The one group when there is no grouping."""
DEFAULT_BINS = 20
YES_NO = "yes/no"
NUMBER = "number"
EXPECTED = {YES_NO: "true or false for a rate", NUMBER: "a number for a distribution"}
"""The kinds of key, what ``--rate`` and ``--dist`` take, and what each expects."""
NOT_RESULTS = ("file", "index", "deal")
"""A record's keys that say which deal it is, not what was found."""
LISTED = 12
"""The most keys an error message names."""
_ABSENT = object()

Group = int | bool | str | None
"""A group's value: the grouping's value, None for deals it cannot answer, ``ALL``
without a grouping."""


class StatsError(ValueError):
    """A key, grouping or record that the statistics cannot use, said for a person."""


class PlotUnavailable(ImportError):
    """Plotting needs matplotlib, the optional extra ``plot``."""


@dataclass(frozen=True)
class KeyPath:
    """A result key: dotted keys into the record (``figures.B.ultimo``), or
    ``declarer:FIGURE`` for ``figures.<the deal's declarer>.FIGURE``."""

    text: str
    parts: tuple[str, ...]
    declarer_figure: bool = False

    @classmethod
    def parse(cls, text: str) -> KeyPath:
        if text.startswith(DECLARER_FIGURE):
            figure = text[len(DECLARER_FIGURE):]
            if not figure or "." in figure:
                raise StatsError(f"key {text!r}: expected declarer:FIGURE, e.g. declarer:ultimo")
            return cls(text, (figure,), True)
        parts = tuple(text.split("."))
        if not all(parts):
            raise StatsError(f"key {text!r}: expected names joined by dots, e.g. game or figures.B.ultimo")
        return cls(text, parts)

    def value(self, record: dict[str, Any]) -> Any:
        """The key's value in the record; None when the record does not have it."""
        node = self._node(record)
        return None if node is _ABSENT else node

    def present(self, record: dict[str, Any]) -> bool:
        """Whether the record has the key (null counts: a question that did not fit)."""
        return self._node(record) is not _ABSENT

    def _node(self, record: dict[str, Any]) -> Any:
        node: Any = record
        parts = self.parts
        if self.declarer_figure:
            declarer = record.get("declarer") or (record.get("deal") or {}).get("declarer")
            if declarer is None:
                return _ABSENT
            parts = ("figures", declarer, *parts)
        for part in parts:
            if not isinstance(node, dict) or part not in node:
                return _ABSENT
            node = node[part]
        return node


class Grouping:
    """How records are grouped: ``contract``, an expression of the predicate language,
    or None (one group of all). Bindings are kept per context (game, contract, declarer,
    options)."""

    def __init__(self, text: str | None) -> None:
        self.text = text
        self.expression = None if text in (None, CONTRACT) else Expression.parse(text)
        self._bound: dict[Context, Bound | None] = {}

    def group(self, record: dict[str, Any], deal: Callable[[], Deal]) -> Group:
        if self.text is None:
            return ALL
        if self.expression is None:
            return (record.get("deal") or {}).get(CONTRACT) or record.get(CONTRACT)
        return evaluate(self.expression, deal(), self._bound)


def evaluate(expression: Expression, deal: Deal, cache: dict[Context, Bound | None]) -> int | bool | None:
    """The expression's value for the deal; None when it does not apply (NotApplicable)."""
    context = Context.of_deal(deal)
    if context not in cache:
        try:
            cache[context] = expression.bind(context)
        except NotApplicable:
            cache[context] = None
    bound = cache[context]
    return None if bound is None else bound.of_deal(deal, context)


@dataclass(frozen=True)
class RateRow:
    group: Group
    count: int
    hits: int

    @property
    def rate(self) -> float:
        return self.hits / self.count

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.hits, self.count)


@dataclass(frozen=True)
class RateTable:
    """The rate of a yes/no key per group; ``missing`` records lack the key."""

    key: str
    by: str | None
    rows: tuple[RateRow, ...]
    missing: int = 0
    duplicates: int = 0  # records of a deal counted before, left out

    @property
    def title(self) -> str:
        return f"{self.key} rate" + (f" by {self.by}" if self.by else "")

    def columns(self) -> list[str]:
        return [self.by or "group", "count", "yes", "rate", "low", "high"]

    def cells(self) -> list[list[Any]]:
        """One row a group, as :meth:`columns`: rates and bounds rounded to 4 places."""
        return [
            [group_label(row.group), row.count, row.hits, round(row.rate, 4), *(round(x, 4) for x in row.interval)]
            for row in self.rows
        ]


@dataclass(frozen=True)
class DistributionRow:
    group: Group
    values: tuple[float, ...]
    histogram: tuple[int, ...]

    @property
    def count(self) -> int:
        return len(self.values)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.values)

    def quartiles(self) -> tuple[float, float, float]:
        """The 25%, 50% and 75% quantiles (interpolated between the values)."""
        if len(self.values) == 1:
            return (self.values[0],) * 3
        q1, q2, q3 = statistics.quantiles(self.values, n=4, method="inclusive")
        return q1, q2, q3


@dataclass(frozen=True)
class DistributionTable:
    """The distribution of a numeric key per group: count, mean, quartiles, extremes, and
    a histogram over ``edges`` shared by every group (bin ``i`` is ``edges[i] <= x <
    edges[i + 1]``, the last bin closed)."""

    key: str
    by: str | None
    edges: tuple[float, ...]
    rows: tuple[DistributionRow, ...]
    missing: int = 0
    whole: bool = True  # every value a whole number: whole-number bins
    duplicates: int = 0  # records of a deal counted before, left out

    @property
    def title(self) -> str:
        return f"{self.key} distribution" + (f" by {self.by}" if self.by else "")

    def columns(self) -> list[str]:
        return [self.by or "group", "count", "mean", "min", "q1", "median", "q3", "max"]

    def cells(self) -> list[list[Any]]:
        return [
            [group_label(row.group), row.count, round(row.mean, 2), _number(min(row.values)),
             *(_number(q) for q in row.quartiles()), _number(max(row.values))]
            for row in self.rows
        ]

    def bin_labels(self) -> list[str]:
        """``40-45`` (both included) for bins of whole numbers, ``40.5-42`` (the upper
        bound excluded but for the last bin) otherwise."""
        return [
            (f"{int(low)}-{int(high) - 1}" if high - low > 1 else f"{int(low)}") if self.whole else f"{_number(low)}-{_number(high)}"
            for low, high in zip(self.edges, self.edges[1:])
        ]


def group_label(group: Group) -> str:
    if group is None:
        return NOT_APPLICABLE
    if isinstance(group, bool):
        return "true" if group else "false"
    return str(group)


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else round(value, 2)


def _order(group: Group) -> tuple[int, Any]:
    """Groups in their natural order (false before true), ``n/a`` last."""
    return (1, 0) if group is None else (0, group)


def _select(
    records: Iterable[dict[str, Any]], key: str, by: str | None, where: str | None, accept: Callable[[Any], bool], kind: str,
) -> Iterator[tuple[Group, Any]]:
    """(group, value of the key) for each record whose deal meets ``where`` and that has
    the key; (None, None) for a record without it. StatsError for a value that
    ``accept`` refuses (it expects a ``kind`` key), for no records, or for a key that no
    record has (naming the ``kind`` keys that are there)."""
    path = KeyPath.parse(key)
    grouping = Grouping(by)
    condition = None if where is None else Expression.parse(where, want="bool")
    condition_cache: dict[Context, Bound | None] = {}
    found = False
    count = 0
    keys: dict[str, str] = {}  # the keys of the records read while none has the key
    for record in records:
        count += 1
        if not found:
            found = path.present(record)
            for name, its_kind in record_keys(record):
                keys.setdefault(name, its_kind)
        rebuilt: list[Deal] = []

        def deal() -> Deal:
            if not rebuilt:
                rebuilt.append(_record_deal(record))
            return rebuilt[0]

        if condition is not None and not evaluate(condition, deal(), condition_cache):
            continue
        value = path.value(record)
        if value is not None and not accept(value):
            raise StatsError(f"{_where(record)}: {path.text} is {value!r}, expected {EXPECTED[kind]}")
        yield (None, None) if value is None else (grouping.group(record, deal), value)
    source = getattr(records, "name", "the records")
    if not count:
        raise StatsError(f"no records in {source}")
    if not found:
        raise StatsError(_absent_key(path.text, keys, kind, source))


def record_keys(record: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    """The dotted keys of the record's yes/no and number values (as ``--rate`` and
    ``--dist`` take them), each with its kind; the keys saying which deal it is left out."""
    for name, value in record.items():
        if not prefix and name in NOT_RESULTS:
            continue
        if isinstance(value, dict):
            yield from record_keys(value, f"{prefix}{name}.")
        elif isinstance(value, bool):
            yield f"{prefix}{name}", YES_NO
        elif _is_number(value):
            yield f"{prefix}{name}", NUMBER


def _absent_key(key: str, keys: dict[str, str], kind: str, source: str) -> str:
    """No record has the key: a close one, and the keys of its kind that are there."""
    names = list(keys)
    if key.startswith(DECLARER_FIGURE):  # compared with the declarer's figures that are there
        names = list(dict.fromkeys(DECLARER_FIGURE + name.rpartition(".")[2] for name in names if name.startswith("figures.")))
    close = _close_key(key, names)
    hint = f" (did you mean {close}?)" if close else ""
    fitting = [name for name, found in keys.items() if found == kind]
    listed = ", ".join(fitting[:LISTED]) + (", ..." if len(fitting) > LISTED else "") if fitting else "none"
    return f"no record of {source} has the key {key}{hint}; its {kind} keys: {listed} (stats --keys lists them all)"


def _close_key(key: str, names: list[str]) -> str | None:
    """The name the key most likely meant: one it ends (``game``: ``answers.game``), one
    close to it, or one whose last part is close to it."""
    ends = [name for name in names if name.endswith(f".{key}")]
    if ends:
        return ends[0]
    by_last = {name.rpartition(".")[2]: name for name in reversed(names)}
    close = difflib.get_close_matches(key, names, n=1) or [by_last[part] for part in difflib.get_close_matches(key, list(by_last), n=1)]
    return close[0] if close else None


def key_counts(records: Iterable[dict[str, Any]]) -> dict[str, tuple[str, int]]:
    """Every yes/no and number key of the records (:func:`record_keys`), in the order
    first found: its kind and how many records have it."""
    counts: dict[str, list[Any]] = {}
    for record in records:
        for name, kind in record_keys(record):
            counts.setdefault(name, [kind, 0])[1] += 1
    return {name: (kind, count) for name, (kind, count) in counts.items()}


class Results:
    """The records of a results file (``-``: the standard input), read once, line by line,
    each deal once: a batch's first line, saying how it was made (:attr:`made`), is not
    a record, and a record of a deal (``file``, ``index``) read before is skipped
    (counted in :attr:`duplicates`; the others in :attr:`count`). RecordError for a file
    that cannot be read."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = path
        self.name = STDIN_NAME if path == STDIN else os.fsdecode(path)
        self.made: dict[str, Any] | None = None
        self.count = 0
        self.duplicates = 0

    def __iter__(self) -> Iterator[dict[str, Any]]:
        from .batch.output import header_of

        seen: dict[str, set[int]] = {}
        for number, record in enumerate(iter_records(self.path), 1):
            if number == 1 and (made := header_of(record)) is not None:
                self.made = made
                continue
            deal_file, index = record.get("file"), record.get("index")
            if isinstance(deal_file, str) and isinstance(index, int):
                indexes = seen.setdefault(deal_file, set())
                if index in indexes:
                    self.duplicates += 1
                    continue
                indexes.add(index)
            self.count += 1
            yield record


def _record_deal(record: dict[str, Any]) -> Deal:
    try:
        return deal_from_record(record.get("deal"))
    except ValueError as error:
        raise StatsError(f"{_where(record)}: {error}") from None


def _where(record: dict[str, Any]) -> str:
    return f"the record of deal {record.get('index', '?')} of {record.get('file', '?')}"


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def rates(records: Iterable[dict[str, Any]], key: str, by: str | None = None, where: str | None = None) -> RateTable:
    """The rate at which the yes/no ``key`` is true, per group of ``by``, over the
    records whose deal meets ``where``. StatsError for a key that is not true/false."""
    counts: dict[Group, list[int]] = {}
    missing = 0
    for group, value in _select(records, key, by, where, lambda v: isinstance(v, bool), YES_NO):
        if value is None:
            missing += 1
            continue
        count = counts.setdefault(group, [0, 0])
        count[0] += 1
        count[1] += value
    rows = tuple(RateRow(group, *counts[group]) for group in sorted(counts, key=_order))
    return RateTable(key, by, rows, missing)


def distribution(
    records: Iterable[dict[str, Any]], key: str, by: str | None = None, where: str | None = None, bins: int = DEFAULT_BINS,
) -> DistributionTable:
    """The distribution of the numeric ``key`` per group of ``by``, over the records whose
    deal meets ``where``, with a histogram of at most ``bins`` bins (whole-number bins for
    whole numbers). StatsError for a key that is not a number."""
    numbers: dict[Group, list[float]] = {}
    missing = 0
    for group, value in _select(records, key, by, where, _is_number, NUMBER):
        if value is None:
            missing += 1
        else:
            numbers.setdefault(group, []).append(value)
    every = [x for values in numbers.values() for x in values]
    whole = all(float(x).is_integer() for x in every)
    edges = histogram_edges(every, bins, whole)
    rows = tuple(
        DistributionRow(group, tuple(sorted(numbers[group])), _histogram(numbers[group], edges))
        for group in sorted(numbers, key=_order)
    )
    return DistributionTable(key, by, edges, rows, missing, whole)


def histogram_edges(values: list[float], bins: int, whole: bool) -> tuple[float, ...]:
    """At most ``bins`` equal bins from the least value to the greatest; ``whole``-number
    values get whole-number widths, each bin holding the same number of integers."""
    if not values:
        return ()
    low, high = min(values), max(values)
    if whole:
        width = max(1, math.ceil((high - low + 1) / bins))
        count = math.ceil((high - low + 1) / width)
        return tuple(low + width * i for i in range(count + 1))
    if low == high:
        return (low, high)
    width = (high - low) / bins
    return tuple(low + width * i for i in range(bins)) + (high,)


def _histogram(values: list[float], edges: tuple[float, ...]) -> tuple[int, ...]:
    counts = [0] * max(len(edges) - 1, 1)
    for value in values:
        counts[min(max(bisect_right(edges, value) - 1, 0), len(counts) - 1)] += 1
    return tuple(counts)


def write_csv(table: RateTable | DistributionTable, stream: TextIO) -> None:
    """The table as CSV: :meth:`columns` and :meth:`cells`; a distribution adds one column
    per histogram bin (its count), headed ``bin LOW-HIGH``."""
    writer = csv.writer(stream, lineterminator="\n")
    if isinstance(table, RateTable):
        writer.writerow(table.columns())
        writer.writerows(table.cells())
        return
    writer.writerow(table.columns() + [f"bin {label}" for label in table.bin_labels()])
    for cells, row in zip(table.cells(), table.rows):
        writer.writerow(cells + list(row.histogram))


def plot_format(path: str | os.PathLike[str]) -> str:
    """The image format of a plot file, by its name (``.png`` or none: PNG).
    PlotUnavailable without matplotlib, StatsError for a format it cannot write."""
    try:
        import matplotlib.figure  # noqa: F401 (what plot draws with)
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise PlotUnavailable("plotting needs matplotlib, the optional extra: pip install 'alsos-solver[plot]'") from None
    suffix = os.path.splitext(os.fsdecode(path))[1].lstrip(".").lower() or "png"
    formats = FigureCanvasBase.get_supported_filetypes()
    if suffix not in formats:
        expected = ", ".join(sorted(formats))
        raise StatsError(f"--plot {os.fsdecode(path)}: cannot draw a .{suffix} file (expected one of {expected})")
    return suffix


def plot(table: RateTable | DistributionTable, path: str | os.PathLike[str]) -> None:
    """Draw the table to an image file (its format by its name, :func:`plot_format`),
    which is replaced as a whole: a rate table as rates with their 95% intervals per
    group, a distribution as one histogram line per group. PlotUnavailable without
    matplotlib."""
    image_format = plot_format(path)
    from matplotlib.figure import Figure

    from .io.outputs import Replacement

    figure = Figure(figsize=(8, 5), layout="constrained")
    axes = figure.subplots()
    axes.set_title(table.title)
    if isinstance(table, RateTable):
        _plot_rates(axes, table)
    else:
        _plot_distribution(axes, table)
    with Replacement(path, binary=True) as replacement:
        figure.savefig(replacement.stream, format=image_format, dpi=100)
        replacement.commit()


def _plot_rates(axes: Any, table: RateTable) -> None:
    rows = [row for row in table.rows if row.group is not None or len(table.rows) == 1]
    numeric = all(isinstance(row.group, int) and not isinstance(row.group, bool) for row in rows)
    xs = [row.group if numeric else index for index, row in enumerate(rows)]
    rates_ = [row.rate for row in rows]
    below = [row.rate - row.interval[0] for row in rows]
    above = [row.interval[1] - row.rate for row in rows]
    axes.errorbar(xs, rates_, yerr=[below, above], fmt="o-" if numeric else "o", capsize=4)
    if not numeric:
        axes.set_xticks(xs, [group_label(row.group) for row in rows])
        axes.set_xlim(-0.5, len(rows) - 0.5)
    axes.set_ylim(0, 1)
    axes.set_xlabel(table.by or "")
    axes.set_ylabel(f"{table.key} rate (95% interval)")


def _plot_distribution(axes: Any, table: DistributionTable) -> None:
    for row in table.rows:
        label = f"{group_label(row.group)} (n={row.count})" if table.by else f"n={row.count}"
        axes.stairs(row.histogram, table.edges, label=label)
    axes.set_xlabel(table.key)
    axes.set_ylabel("deals")
    axes.legend(title=table.by)


def stats_file(
    path: str | os.PathLike[str], *, rate: str | None = None, dist: str | None = None,
    by: str | None = None, where: str | None = None, bins: int = DEFAULT_BINS,
) -> RateTable | DistributionTable:
    """The ``stats`` command: the rate of ``rate`` or the distribution of ``dist`` (one of
    them) over the records of a JSON-lines file (``-``: the standard input; each deal
    once, :class:`Results`), grouped by ``by``. RecordError for an unreadable file,
    StatsError or PredicateError for what cannot be computed."""
    if (rate is None) == (dist is None):
        raise StatsError("expected a key for a rate or for a distribution (one of them)")
    records = Results(path)
    if rate is not None:
        table: RateTable | DistributionTable = rates(records, rate, by, where)
    else:
        assert dist is not None
        table = distribution(records, dist, by, where, bins)
    return replace(table, duplicates=records.duplicates)
