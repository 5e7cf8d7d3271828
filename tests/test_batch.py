"""``alsos-solve batch``: one JSON line per deal, the same lines however the run is split
(jobs, order, kills and resumes), and errors as exit 2."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_support import assert_error, write

from alsos_solver.batch import Job, Output, run_batch
from alsos_solver.batch_command import app
from alsos_solver.io import dumps, load
from alsos_solver.launch import SUBCOMMANDS
from alsos_solver.report import deals

ROOT = Path(__file__).resolve().parent.parent
BENCHMARK_DEALS = ROOT / "benchmarks" / "deals.txt"


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
    with Output(folder / "out.jsonl") as out:
        run_batch(deals(paths), out, Job(), jobs=1)
    return by_deal(folder / "out.jsonl")


def records(path) -> list[dict]:
    text = Path(path).read_text(encoding="utf-8")
    assert text == "" or text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def by_deal(path) -> dict:
    """The records by (file name, index), their ``file`` as its name (the folders differ)."""
    found = {}
    for record in records(path):
        record["file"] = Path(record["file"]).name
        key = (record["file"], record["index"])
        assert key not in found, f"deal {key} written twice"
        found[key] = record
    return found


def test_batch_is_registered():
    assert SUBCOMMANDS["batch"] == "alsos_solver.batch_command:app"


def test_one_line_per_deal_with_file_index_and_the_json_keys(runner, files, tmp_path, expected):
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, [*files, "-o", str(out), "--jobs", "2"])
    assert result.exit_code == 0, result.output
    found = by_deal(out)
    assert found == expected
    assert sorted(found) == [("one.txt", i) for i in range(1, 8)] + [("two.txt", i) for i in range(1, 6)]
    solved = found[("one.txt", 2)]
    assert {"file", "index", "deal", "melds", "contract", "declarer_points", "game", "figures", "nodes"} <= set(solved)
    assert "seconds" not in solved  # the times would make two runs differ
    assert records(out)[0]["file"] in files


def test_the_lines_are_those_of_json_less_the_times(runner, files, tmp_path):
    from alsos_solver.cli import app as default

    shown = json.loads(runner.invoke(default, ["--json", files[1]]).stdout)
    out = tmp_path / "out.jsonl"
    assert runner.invoke(app, [files[1], "-o", str(out), "-j", "1"]).exit_code == 0
    for record, line in zip(shown, records(out)):
        record.pop("seconds", None)
        assert record == line


def test_ordered_writes_in_input_order(runner, files, tmp_path):
    out = tmp_path / "out.jsonl"
    assert runner.invoke(app, [*files, "-o", str(out), "-j", "2", "--ordered"]).exit_code == 0
    keys = [(Path(r["file"]).name, r["index"]) for r in records(out)]
    assert keys == [("one.txt", i) for i in range(1, 8)] + [("two.txt", i) for i in range(1, 6)]


def test_questions_only(runner, files, tmp_path):
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, [files[0], "-o", str(out), "-j", "1", "--question", "declarer_points", "--question", "B:ultimo"])
    assert result.exit_code == 0, result.output
    found = records(out)
    assert "declarer_points" not in found[1] and "game" not in found[1]
    klopitzky, trump = found[0], found[1]
    assert klopitzky["answers"] == {"declarer_points": None, "B:ultimo": None}
    assert set(klopitzky["notes"]) == {"declarer_points", "B:ultimo"}
    assert isinstance(trump["answers"]["declarer_points"], int) and isinstance(trump["answers"]["B:ultimo"], bool)


def test_a_question_no_deal_can_answer_is_an_error(runner, files, tmp_path):
    assert_error(runner.invoke(app, [files[0], "-o", str(tmp_path / "o.jsonl"), "--question", "B:nonsense"]), "--question B:nonsense")


def test_resume_drops_a_partial_last_line_and_skips_what_is_done(runner, files, tmp_path, expected):
    out = tmp_path / "out.jsonl"
    assert runner.invoke(app, [*files, "-o", str(out), "-j", "1", "--ordered"]).exit_code == 0
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    out.write_text("".join(lines[:5]) + lines[5][:40], encoding="utf-8")  # killed while writing line 6
    assert runner.invoke(app, [*files, "-o", str(out), "-j", "2", "--resume"]).exit_code == 0
    assert by_deal(out) == expected
    assert out.read_text(encoding="utf-8").splitlines(keepends=True)[:5] == lines[:5]
    again = runner.invoke(app, [*files, "-o", str(out), "--resume"])
    assert again.exit_code == 0 and by_deal(out) == expected
    assert again.stderr == f"0 deals written to {out} (12 there already)\n"


def test_without_resume_the_output_starts_anew(runner, files, tmp_path):
    out = tmp_path / "out.jsonl"
    out.write_text('{"file": "x", "index": 1}\n')
    assert runner.invoke(app, [files[1], "-o", str(out), "-j", "1"]).exit_code == 0
    assert len(records(out)) == 5


def test_resume_refuses_an_output_that_is_not_a_batch(runner, files, tmp_path):
    out = write(tmp_path, "out.jsonl", '{"file": "x", "index": 1}\nnot json\n')
    assert_error(runner.invoke(app, [*files, "-o", out, "--resume"]), "out.jsonl:2:", "expected one JSON object a line")


def test_a_bad_deal_stops_the_run_keeping_the_lines_before(runner, tmp_path, sample):
    bad = write(tmp_path, "bad.txt", dumps(sample[:4]) + '\n[Deal "A:AKO B:X C:9"]\n')
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, [bad, "-o", str(out), "-j", "2"])
    assert_error(result, "bad.txt:")
    assert sorted(r["index"] for r in records(out)) == [1, 2, 3, 4]


def test_a_missing_file_is_an_error(runner, tmp_path):
    assert_error(runner.invoke(app, [str(tmp_path / "none.txt"), "-o", str(tmp_path / "o.jsonl")]), "none.txt")


# Killed at random points, SIGKILL to the batch and its workers, then resumed until done:
# the same lines as one run, none twice.


def start(files: list[str], out: Path) -> subprocess.Popen:
    command = [sys.executable, "-m", "alsos_solver", "batch", *files, "-o", str(out), "--jobs", "2", "--resume"]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)


def test_killed_at_random_points_and_resumed(files, tmp_path, expected):
    rng = random.Random(20261123)
    out = tmp_path / "out.jsonl"
    began = time.monotonic()
    whole = start(files, tmp_path / "whole.jsonl")
    assert whole.wait(120) == 0, whole.stderr.read()
    span = time.monotonic() - began
    assert by_deal(tmp_path / "whole.jsonl") == expected
    kills = 0
    for _ in range(12):
        if out.exists() and len(by_deal(out)) == len(expected):
            break
        process = start(files, out)
        time.sleep(rng.uniform(0.0, 0.9 * span))  # start-up, reading, solving or writing
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            kills += 1
        process.wait(60)
        if out.exists():
            by_deal(out)  # only whole lines, each deal once
    final = start(files, out)
    assert final.wait(120) == 0, final.stderr.read()
    assert kills >= 1
    assert by_deal(out) == expected
