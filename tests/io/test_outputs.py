"""No output ever destroys an input (docs/cli.md, 'Outputs and inputs'): the same file
under any spelling (relative, ``./``, a symbolic or a hard link) is refused before any
work, a file of another kind is replaced only with ``--force``, and a file is replaced as
a whole. The rule itself here, and ``compose -o``; each other command's outputs in its
own tests (tests/cli/: test_html, test_batch, test_deal_command, test_stats_command)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from alsos_solver.io.outputs import (
    BATCH_RESULTS, DEAL_FILE, IMAGE, WEB_PAGE, OutputError, Replacement, check_output, kind_of, write_atomically,
)
from alsos_solver.puzzle_commands import check_app, compose_app

from cli_support import EXAMPLE, assert_error, write

DEALS = Path(EXAMPLE).read_text(encoding="utf-8")
PAGE = "<!DOCTYPE html>\n<html><body>old</body></html>\n"
RESULTS = '{"batch":{"version":"0.1.0","questions":[],"table":false}}\n{"file":"a.txt","index":1}\n'


def spellings(tmp_path: Path, monkeypatch) -> list[str]:
    """Every way the tests name the deal file ``a.txt`` (made in ``tmp_path``, the
    current folder): relative, ``./``, absolute, a symbolic link, a hard link."""
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "a.txt", DEALS)
    os.symlink("a.txt", tmp_path / "soft.txt")
    os.link(tmp_path / "a.txt", tmp_path / "hard.txt")
    return ["a.txt", "./a.txt", str(tmp_path / "a.txt"), "soft.txt", "hard.txt"]


@pytest.mark.parametrize("which", range(5), ids=["relative", "dot", "absolute", "symlink", "hardlink"])
def test_an_output_that_is_an_input_is_refused_whatever_its_spelling(tmp_path, monkeypatch, which):
    names = spellings(tmp_path, monkeypatch)
    with pytest.raises(OutputError, match=rf"^--html {names[which]} is the input a\.txt \(the same file\)"):
        check_output("--html", names[which], ["b.txt", "a.txt"], DEAL_FILE, force=True)
    assert Path("a.txt").read_text(encoding="utf-8") == DEALS
    check_output("--html", names[which], ["-"], DEAL_FILE)  # the standard input is no file


@pytest.mark.parametrize("text, kind, name", [
    (DEALS, DEAL_FILE, "a deal file"),
    (PAGE, WEB_PAGE, "a web page"),
    ("\ufeff  <html lang='en'>", WEB_PAGE, "a web page"),
    (RESULTS, BATCH_RESULTS, "a batch's results"),
    ("% a comment\n\n[Event \"x\"]\n", DEAL_FILE, "a deal file"),
    ("\x89PNG\r\n\x1a\n....", IMAGE, "an image"),
    ("<svg xmlns='http://www.w3.org/2000/svg'/>", IMAGE, "an image"),
    ("my notes\n", None, None),
])
def test_the_kind_of_a_file_by_its_first_bytes(tmp_path, text, kind, name):
    path = tmp_path / "file"
    path.write_bytes(text.encode("utf-8") if not text.startswith("\x89") else text.encode("latin-1"))
    assert kind_of(path) is kind
    assert kind is None or kind.name == name


def test_a_file_of_another_kind_needs_force(tmp_path):
    target = write(tmp_path, "a.txt", DEALS)
    with pytest.raises(OutputError) as refused:
        check_output("--html", target, [], WEB_PAGE)
    assert str(refused.value) == (f"--html {target}: the file exists and is not a web page (it looks like a deal file); "
                                  "--force replaces it")
    notes = write(tmp_path, "notes.html", "my notes\n")
    with pytest.raises(OutputError, match=r"is not a web page; --force replaces it$"):
        check_output("--html", notes, [], WEB_PAGE)
    check_output("--html", target, [], WEB_PAGE, force=True)
    check_output("--html", write(tmp_path, "page.html", PAGE), [], WEB_PAGE)
    check_output("--html", write(tmp_path, "empty.html", ""), [], WEB_PAGE)
    check_output("--html", str(tmp_path / "new.html"), [], WEB_PAGE)


def test_a_target_in_a_missing_folder_or_a_folder_is_refused(tmp_path):
    with pytest.raises(OutputError, match=r"^-o .*/none/out\.jsonl: no such folder: .*/none$"):
        check_output("-o", str(tmp_path / "none" / "out.jsonl"), [], BATCH_RESULTS)
    with pytest.raises(OutputError, match=r"is a folder, expected a file"):
        check_output("-o", str(tmp_path), [], BATCH_RESULTS)


def test_a_replacement_takes_the_place_of_the_file_only_when_committed(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o640)
    with Replacement(target) as replacement:
        replacement.stream.write("new\n")
        replacement.stream.flush()
        assert target.read_text(encoding="utf-8") == "old\n"
    assert target.read_text(encoding="utf-8") == "old\n"  # closed without a commit: the old file stays
    with Replacement(target) as replacement:
        replacement.stream.write("first\n")
        replacement.commit()
        replacement.stream.write("second\n")
    assert target.read_text(encoding="utf-8") == "first\nsecond\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_a_replacement_through_a_symbolic_link_replaces_its_file(tmp_path):
    (tmp_path / "real.html").write_text("old", encoding="utf-8")
    os.symlink("real.html", tmp_path / "link.html")
    write_atomically(tmp_path / "link.html", "new")
    assert (tmp_path / "link.html").is_symlink()
    assert (tmp_path / "real.html").read_text(encoding="utf-8") == "new"


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path):
    page = tmp_path / "page.html"
    write_atomically(page, "old")
    with pytest.raises(UnicodeEncodeError):
        write_atomically(page, "half \udc80 written")
    assert page.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]


# compose -o: made when the first puzzle is written

FINDS_ONE = ["--goal", "defeat", "--contract", "T", "--start", "trick:6", "--seed", "2", "--count", "1"]
FINDS_NONE = ["--goal", "defeat", "--contract", "T", "--start", "trick:6", "--seed", "2", "--count", "3", "--max-tries", "5"]


def test_compose_creates_nothing_when_it_finds_nothing(runner, tmp_path):
    out = tmp_path / "puzzles.txt"
    result = runner.invoke(compose_app, [*FINDS_NONE, "-o", str(out)])
    assert result.exit_code == 1 and "0 of 3 puzzles written" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_an_existing_compose_target_stays_when_nothing_is_found(runner, tmp_path):
    out = write(tmp_path, "puzzles.txt", DEALS)
    assert runner.invoke(compose_app, [*FINDS_NONE, "-o", out]).exit_code == 1
    assert Path(out).read_text(encoding="utf-8") == DEALS
    assert [p.name for p in tmp_path.iterdir()] == ["puzzles.txt"]


def test_compose_replaces_a_deal_file_with_its_puzzles(runner, tmp_path):
    out = write(tmp_path, "puzzles.txt", DEALS)
    result = runner.invoke(compose_app, [*FINDS_ONE, "-o", out])
    assert result.exit_code == 0, result.output
    assert "[Goal " in Path(out).read_text(encoding="utf-8")
    assert runner.invoke(check_app, [out]).exit_code == 0
    assert [p.name for p in tmp_path.iterdir()] == ["puzzles.txt"]


def test_compose_does_not_replace_a_file_of_another_kind_without_force(runner, tmp_path):
    out = write(tmp_path, "results.jsonl", RESULTS)
    assert_error(runner.invoke(compose_app, [*FINDS_ONE, "-o", out]),
                 f"-o {out}: the file exists and is not a deal file (it looks like a batch's results); --force replaces it",
                 max_lines=1)
    assert Path(out).read_text(encoding="utf-8") == RESULTS
    assert runner.invoke(compose_app, [*FINDS_ONE, "-o", out, "--force"]).exit_code == 0
    assert "[Goal " in Path(out).read_text(encoding="utf-8")
