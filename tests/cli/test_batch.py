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

from alsos_solver.batch_command import app
from alsos_solver.io import dumps
from alsos_solver.launch import SUBCOMMANDS

from batch_support import by_deal, expected, files, records, sample  # noqa: F401  (fixtures)
from cli_support import assert_error, write


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


def test_the_count_written_is_said_in_words(runner, tmp_path, sample):
    """``1 deal written``, not ``1 deals``."""
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, [write(tmp_path, "one.txt", dumps(sample[:1])), "-o", str(out), "-j", "1"])
    assert result.exit_code == 0, result.output
    assert result.stderr == f"1 deal written to {out}\n"


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
            if kills:
                break
            out.unlink()  # a run faster than the first ended before its kill (a busy machine): again, sooner
            span /= 2
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


# Outputs and inputs (docs/cli.md): -o never replaces an input, nor a file of another kind without --force


@pytest.mark.parametrize("spelling", ["same", "dot", "symlink", "hardlink"])
def test_an_output_that_is_an_input_is_refused_before_any_work(runner, files, tmp_path, monkeypatch, spelling):
    monkeypatch.chdir(tmp_path)
    os.symlink("one.txt", "soft.txt")
    os.link("one.txt", "hard.txt")
    target = {"same": "one.txt", "dot": "./one.txt", "symlink": "soft.txt", "hardlink": "hard.txt"}[spelling]
    before = Path("one.txt").read_text(encoding="utf-8")
    result = runner.invoke(app, ["one.txt", "-o", target, "--force"])
    assert_error(result, f"-o {target} is the input one.txt (the same file)", max_lines=1)
    assert Path("one.txt").read_text(encoding="utf-8") == before
    assert_error(runner.invoke(app, [str(tmp_path), "-o", "hard.txt"]), "is the input", max_lines=1)  # a folder: its .txt files


def test_a_file_of_another_kind_is_replaced_only_with_force(runner, files, tmp_path):
    page = write(tmp_path, "page.html", "<!DOCTYPE html>\n<html></html>\n")
    assert_error(runner.invoke(app, [files[1], "-o", page, "-j", "1"]),
                 f"-o {page}: the file exists and is not a batch's results (it looks like a web page); --force replaces it",
                 max_lines=1)
    assert Path(page).read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert runner.invoke(app, [files[1], "-o", page, "-j", "1", "--force"]).exit_code == 0
    assert len(records(page)) == 5


def test_the_old_results_stay_until_the_first_new_line_is_whole(runner, files, tmp_path, sample):
    out = tmp_path / "out.jsonl"
    assert runner.invoke(app, [files[1], "-o", str(out), "-j", "1"]).exit_code == 0
    old = out.read_bytes()
    bad = write(tmp_path, "bad.txt", '[Deal "A:AKO B:X C:9"]\n' + dumps(sample[:2]))
    assert_error(runner.invoke(app, [bad, "-o", str(out), "-j", "1"]), "bad.txt:")
    assert out.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.txt", "one.txt", "out.jsonl", "two.txt"]


# What a results file holds: its first line says how it was made; --resume checks it


def test_the_first_line_says_how_the_results_were_made(runner, files, tmp_path):
    from alsos_solver import __version__

    out = tmp_path / "out.jsonl"
    assert runner.invoke(app, [files[0], "-o", str(out), "-j", "1", "--question", "game", "--question", "B:ultimo"]).exit_code == 0
    first = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert first == {"batch": {"version": __version__, "questions": ["game", "B:ultimo"], "table": False}}


@pytest.mark.parametrize("made, resumed, message", [
    (["--question", "game"], ["--question", "B:ultimo"],
     "holds the answers of --question game, this run asks for the answers of --question B:ultimo"),
    (["--question", "game"], [], "holds the answers of --question game, this run asks for the whole analysis"),
    (["--question", "game"], ["--question", "game", "--table"],
     "holds the answers of --question game, this run asks for the answers of --question game, with --table"),
])
def test_resume_with_other_questions_or_options_is_refused(runner, files, tmp_path, made, resumed, message):
    out = tmp_path / "out.jsonl"
    assert runner.invoke(app, [files[1], "-o", str(out), "-j", "1", *made]).exit_code == 0
    before = out.read_bytes()
    result = runner.invoke(app, [*files, "-o", str(out), "-j", "1", "--resume", *resumed])
    assert_error(result, f"--resume: {out} {message}: give the same options, or write another file without --resume",
                 max_lines=1)
    assert out.read_bytes() == before


def test_resume_of_another_version_is_refused(runner, files, tmp_path):
    out = tmp_path / "out.jsonl"
    assert runner.invoke(app, [files[1], "-o", str(out), "-j", "1", "--question", "game"]).exit_code == 0
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    out.write_text('{"batch":{"version":"0.0.1","questions":["game"],"table":false}}\n' + "".join(lines[1:]), encoding="utf-8")
    assert_error(runner.invoke(app, [files[1], "-o", str(out), "--resume", "--question", "game"]),
                 f"--resume: {out} was made by alsos-solver 0.0.1, this is", max_lines=1)


def test_resume_of_an_old_file_without_a_first_line_checks_its_records(runner, files, tmp_path):
    out = tmp_path / "out.jsonl"
    assert runner.invoke(app, [files[1], "-o", str(out), "-j", "1", "--question", "game"]).exit_code == 0
    out.write_text("".join(out.read_text(encoding="utf-8").splitlines(keepends=True)[1:3]), encoding="utf-8")
    assert_error(runner.invoke(app, [files[1], "-o", str(out), "--resume"]), "holds the answers of --question game")
    result = runner.invoke(app, [files[1], "-o", str(out), "-j", "1", "--resume", "--question", "game"])
    assert result.stderr == f"3 deals written to {out} (2 there already)\n"
    assert sorted(json.loads(line)["index"] for line in out.read_text(encoding="utf-8").splitlines()) == [1, 2, 3, 4, 5]


def test_resume_drops_and_reports_duplicate_lines_and_a_partial_last_line(runner, files, tmp_path, expected):
    out = tmp_path / "out.jsonl"
    assert runner.invoke(app, [files[1], "-o", str(out), "-j", "1", "--ordered"]).exit_code == 0
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    partial = lines[3][:3000] if len(lines[3]) > 3000 else lines[3][:-1]
    out.write_text("".join(lines[:3] + lines[1:3] + [lines[1], partial]), encoding="utf-8")  # deals 1, 2 twice, 1 a third time
    result = runner.invoke(app, [*files, "-o", str(out), "-j", "1", "--resume"])
    assert result.exit_code == 0, result.output
    assert result.stderr == (f"{out}: dropped a partial last line of {len(partial.encode()):,} bytes\n"
                             f"{out}: dropped 3 lines of a deal written before (the same file and index)\n"
                             f"10 deals written to {out} (2 there already)\n")
    assert by_deal(out) == expected
    assert out.read_text(encoding="utf-8").splitlines(keepends=True)[:3] == lines[:3]


def test_a_question_no_deal_of_the_input_can_answer_is_an_error_before_any_work(runner, files, tmp_path):
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, [files[1], "-o", str(out), "--question", "game", "--question", "klopitzky:A"])
    assert_error(result, "--question klopitzky:A: no deal of the input can answer it (question 'klopitzky:A' needs a "
                         "KLOPITZKY contract, the contract is M)", max_lines=1)
    assert not out.exists()
    piped = runner.invoke(app, ["-", "-o", str(out), "--question", "betli"], input=Path(files[0]).read_text(encoding="utf-8"))
    assert_error(piped, "--question betli: no deal of the input can answer it", max_lines=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.txt", "two.txt"]


def test_a_question_that_only_a_later_deal_answers_runs(runner, files, tmp_path):
    out = tmp_path / "out.jsonl"
    assert runner.invoke(app, [*files, "-o", str(out), "-j", "1", "--question", "klopitzky:A"]).exit_code == 0
    assert runner.invoke(app, [files[0], "-o", str(out), "-j", "1", "--question", "B:ultimo"]).exit_code == 0  # deal 1: klopitzky
    text = Path(files[0]).read_text(encoding="utf-8")
    piped = runner.invoke(app, ["-", "-o", str(out), "-j", "1", "--question", "B:ultimo"], input=text)
    assert piped.exit_code == 0, piped.output
    assert [r["index"] for r in records(out)] == [1, 2, 3, 4, 5, 6, 7]  # the deals read to check it are analysed too
