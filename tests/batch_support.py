"""What the batch tests share (``alsos-solve batch``, locally and on a Dask cluster): twelve
benchmark deals written as two files, the lines of an uninterrupted run, and the records of
a results file. The fixtures are imported by name by the tests that use them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from alsos_solver.batch import Job, Output, run_batch
from alsos_solver.io import dumps, load
from alsos_solver.report import deals

from cli_support import write
from conftest import BENCHMARK_DEALS


@pytest.fixture(scope="module")
def sample() -> list:
    """Twelve deals of the benchmark set: trump, no-trump, betli and klopitzky contracts."""
    return load(BENCHMARK_DEALS)[:12]


@pytest.fixture
def files(tmp_path, sample) -> list[str]:
    return [write(tmp_path, "one.txt", dumps(sample[:7])), write(tmp_path, "two.txt", dumps(sample[7:]))]


@pytest.fixture(scope="module")
def expected(tmp_path_factory, sample) -> dict:
    """The lines of an uninterrupted run in this process, by (file name, index)."""
    folder = tmp_path_factory.mktemp("expected")
    paths = [write(folder, "one.txt", dumps(sample[:7])), write(folder, "two.txt", dumps(sample[7:]))]
    with Output(folder / "out.jsonl", Job().made()) as out:
        run_batch(deals(paths), out, Job(), jobs=1)
    return by_deal(folder / "out.jsonl")


def records(path) -> list[dict]:
    """The deals' records of a results file, after its first line (how it was made)."""
    text = Path(path).read_text(encoding="utf-8")
    assert text == "" or text.endswith("\n")
    lines = [json.loads(line) for line in text.splitlines()]
    assert lines == [] or set(lines[0]) == {"batch"}
    return lines[1:]


def by_deal(path) -> dict:
    """The records by (file name, index), their ``file`` as its name (the folders differ)."""
    found = {}
    for record in records(path):
        record["file"] = Path(record["file"]).name
        key = (record["file"], record["index"])
        assert key not in found, f"deal {key} written twice"
        found[key] = record
    return found
