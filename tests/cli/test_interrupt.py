"""Ctrl-C (SIGINT) and SIGTERM sent to real ``alsos-solve`` processes at several moments:
while the package imports, while a deal is solved or analysed, while the output is
written, in a batch and in a subcommand. Each run ends with one line on stderr, ``error:
interrupted...``, status 130 or 143, no traceback; with ``--json`` stdout is one valid
list; a batch's workers end with it. No assertion depends on when the signal arrives."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from cli_support import EXAMPLE
from conftest import ROOT

DEALS = str(ROOT / "benchmarks" / "deals.txt")
"""200 deals: a run over them takes longer than any test waits before its signal."""
INTERRUPTED = ("error: interrupted\n", "error: interrupted: partial result\n")
TIMEOUT = 120
"""Seconds a run may take at most, on a loaded machine: a bound against hanging, not a timing."""


def start(*args: str, env: dict[str, str] | None = None, **options) -> subprocess.Popen:
    """``python -m alsos_solver ARGS``, its output piped, SIGINT and SIGTERM as at a
    terminal (these tests may run where a background job ignores SIGINT)."""
    return subprocess.Popen([sys.executable, "-m", "alsos_solver", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT, env={**os.environ, **(env or {})},
                            preexec_fn=default_signals, **options)


def default_signals() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def ended(process: subprocess.Popen) -> tuple[int, str, str]:
    """The status, stdout and stderr of a process, once it has ended."""
    out, err = process.communicate(timeout=TIMEOUT)
    return process.returncode, out.decode("utf-8"), err.decode("utf-8")


def unread(pipe) -> int:
    """How many bytes wait in a pipe."""
    import fcntl
    import termios

    waiting = bytearray(4)
    fcntl.ioctl(pipe, termios.FIONREAD, waiting)
    return int.from_bytes(waiting, sys.byteorder)


def assert_valid_list(out: str) -> list[dict]:
    """stdout is one JSON list of whole deal records, numbered from 1 in their files."""
    records = json.loads(out)
    assert isinstance(records, list)
    for record in records:
        assert {"file", "index", "deal"} <= set(record)
    return records


SIGNAL_ON_IMPORT = """
import os, signal, sys
from importlib.abc import MetaPathFinder

class Signal(MetaPathFinder):
    '''The signal, as a user sends it, while the program imports {module}.'''
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), {number})
        return None

sys.meta_path.insert(0, Signal())
"""


@pytest.mark.parametrize("number, module", [
    (signal.SIGINT, "typer"),
    (signal.SIGTERM, "typer"),
    (signal.SIGINT, "alsos_solver.render.json"),
    (signal.SIGTERM, "alsos_solver._search"),
])
def test_a_signal_while_importing_leaves_one_line_and_an_empty_list(tmp_path, number, module):
    (tmp_path / "sitecustomize.py").write_text(SIGNAL_ON_IMPORT.format(module=module, number=int(number)),
                                               encoding="utf-8")
    status, out, err = ended(start("--json", EXAMPLE, env={"PYTHONPATH": str(tmp_path)}))
    assert (status, err) == (128 + number, "error: interrupted\n")
    assert json.loads(out) == []


LOST_IN_A_DESTRUCTOR = """
import os, signal, sys
from importlib.abc import MetaPathFinder

class Lost:
    '''Ctrl-C while a destructor runs: Python cannot raise it there, and prints it as
    'Exception ignored'.'''
    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(1000):  # the handler runs here, inside the destructor
            pass

class Importing(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "alsos_solver.report":
            sys.meta_path.remove(self)
            Lost()
        return None

sys.meta_path.insert(0, Importing())
"""


def test_ctrl_c_that_python_cannot_raise_still_stops_the_run(tmp_path):
    (tmp_path / "sitecustomize.py").write_text(LOST_IN_A_DESTRUCTOR, encoding="utf-8")
    status, out, err = ended(start("--json", EXAMPLE, env={"PYTHONPATH": str(tmp_path)}))
    assert (status, err) == (130, "error: interrupted\n")
    assert json.loads(out) == []


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_while_the_output_is_written_leaves_a_valid_list(number):
    """Nobody reads stdout until the run has written (or is blocked writing) a good part
    of its JSON: the signal comes in the middle of an object or between two. Unbuffered
    (PYTHONUNBUFFERED), a write that the signal cuts short must still be finished."""
    process = start("--json", "--no-solve", DEALS, DEALS, DEALS, env={"PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + TIMEOUT
    while unread(process.stdout) < 32768:  # the pipe holds 64 KB: the run is about to block, or is blocked
        assert process.poll() is None and time.monotonic() < deadline, "the run ended before writing 32 KB"
        time.sleep(0.01)
    process.send_signal(number)
    status, out, err = ended(process)
    assert (status, err) == (128 + number, "error: interrupted\n")
    assert 0 < len(assert_valid_list(out)) < 600


@pytest.mark.parametrize("number, seed", [(signal.SIGTERM, 1), (signal.SIGINT, 2), (signal.SIGTERM, 3)])
def test_a_signal_while_analysing_leaves_the_deals_finished(number, seed):
    """The signal at a random moment after the first deal was shown: while a deal is read,
    solved or its contract table worked out (then the table so far is shown), or shown."""
    process = start("--json", "--table", EXAMPLE, DEALS)
    first = os.read(process.stdout.fileno(), 1)  # not through the pipe's buffer: communicate() reads past it
    time.sleep(random.Random(seed).uniform(0, 1.5))
    process.send_signal(number)
    status, out, err = ended(process)
    assert status == 128 + number and err in INTERRUPTED
    records = assert_valid_list(first.decode() + out)
    assert records[0]["file"] == EXAMPLE
    assert all(record["complete"] for record in records[:-1])
    assert (records[-1]["complete"] is False) == (err == INTERRUPTED[1])


def test_sigterm_stops_a_subcommand():
    process = start("deal", "--count", "1000000")
    os.read(process.stdout.fileno(), 1)
    process.terminate()
    status, out, err = ended(process)
    assert (status, err) == (143, "error: interrupted\n")


def test_sigterm_stops_a_batch_and_its_workers(tmp_path):
    out = tmp_path / "out.jsonl"
    process = start("batch", DEALS, "-o", str(out), "--jobs", "2", start_new_session=True)
    deadline = time.monotonic() + TIMEOUT
    while not out.exists() or out.read_text(encoding="utf-8").count("\n") < 2:
        assert process.poll() is None and time.monotonic() < deadline, "the batch ended before its first deal"
        time.sleep(0.05)
    process.terminate()
    status, _, err = ended(process)
    assert status == 143 and err.startswith("error: interrupted") and "Traceback" not in err
    for line in out.read_text(encoding="utf-8").splitlines():
        json.loads(line)
    while True:  # the workers end too (each checks its parent twice a second)
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break
        assert time.monotonic() < deadline, "a worker of the batch is still running"
        time.sleep(0.1)
