"""The batch runner's chunks: every deal sent once, in order, at most BATCH_CHUNK at a
time, shrinking to single deals as the deals left run out; and the same lines however
the deals are cut."""

from __future__ import annotations

from pathlib import Path

import pytest

from alsos_solver.batch import Job, Output, run_batch, runner
from alsos_solver.report import deals

from batch_support import files, sample  # noqa: F401  (fixtures)


def sizes(count: int, total: int | None, workers: int) -> list[int]:
    tasks = [("f", index, None) for index in range(1, count + 1)]
    found = list(runner.chunks(iter(tasks), total, workers))
    assert [task for chunk in found for task in chunk] == tasks
    return [len(chunk) for chunk in found]


@pytest.mark.parametrize("count, workers", [(1000, 16), (1000, 2), (37, 4), (1, 8)])
def test_chunks_shrink_to_single_deals_as_the_deals_run_out(count, workers):
    found = sizes(count, count, workers)
    assert max(found) <= runner.BATCH_CHUNK
    assert found == sorted(found, reverse=True)
    assert found[-min(len(found), workers * runner.WINDOW):] == [1] * min(len(found), workers * runner.WINDOW)


def test_a_large_batch_is_sent_in_the_largest_chunks_first():
    assert sizes(10_000, 10_000, 16)[0] == runner.BATCH_CHUNK


@pytest.mark.parametrize("total", [None, 10])
def test_an_unknown_or_too_low_total_sends_every_deal_in_the_largest_chunks(total):
    found = sizes(100, total, 2)
    assert max(found) == runner.BATCH_CHUNK and sum(found) == 100


def batch_bytes(paths: list[str], out: Path, jobs: int, total: int | None) -> bytes:
    with Output(out, Job().made()) as output:
        run_batch(deals(paths), output, Job(), jobs=jobs, ordered=True, total=total)
    return out.read_bytes()


def test_the_lines_are_the_same_however_the_deals_are_cut(files, tmp_path, monkeypatch):
    alone = batch_bytes(files, tmp_path / "alone.jsonl", 1, None)
    for most in (1, 5):
        monkeypatch.setattr(runner, "BATCH_CHUNK", most)
        for total in (None, 12):
            assert batch_bytes(files, tmp_path / f"out-{most}-{total}.jsonl", 2, total) == alone
