"""``alsos-solve board``: ``--link`` in-process, and a real board started as a process,
asked over HTTP and stopped with Ctrl-C (SIGINT) or SIGTERM."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from alsos_solver.board.links import parse_link
from alsos_solver.board.positions import position_values
from alsos_solver.board_command import app
from alsos_solver.io import loads

from cli_support import EXAMPLE, assert_error, ok, write
from conftest import ROOT

PLAYED = str(ROOT / "puzzles" / "played.txt")
TIMEOUT = 120
"""Seconds a step may take at most on a loaded machine: a bound against hanging, not a timing."""


# --link


def test_link_prints_the_link_of_each_deal(runner):
    lines = ok(runner.invoke(app, ["--link", EXAMPLE, PLAYED])).splitlines()
    assert len(lines) == 2 and all(line.startswith("http://127.0.0.1:8765/#d=") for line in lines)
    for line, path in zip(lines, (EXAMPLE, PLAYED)):
        deal_text, play, question = parse_link(line)
        assert (play, question) == ([], None)
        assert deal_text == str(loads(open(path, encoding="utf-8").read())[0])


def test_link_names_the_host_and_port_given(runner):
    assert ok(runner.invoke(app, ["--link", "--port", "9000", "--host", "localhost", EXAMPLE])).startswith("http://localhost:9000/#d=")
    assert ok(runner.invoke(app, ["--link", "--host", "::1", EXAMPLE])).startswith("http://[::1]:8765/#d=")
    assert ok(runner.invoke(app, ["--link", "--host", "0.0.0.0", EXAMPLE])).startswith("http://127.0.0.1:8765/#d=")


def test_link_needs_files_that_hold_deals(runner, tmp_path):
    assert_error(runner.invoke(app, ["--link"]), "--link needs deal files")
    assert_error(runner.invoke(app, ["--link", write(tmp_path, "bad.txt", '[Deal "A:x"]\n')]), "bad.txt:1:10: a hand needs")
    assert_error(runner.invoke(app, ["--link", str(tmp_path / "missing.txt")]), "missing.txt: cannot read the file")


def test_a_timeout_must_be_positive(runner):
    assert_error(runner.invoke(app, ["--timeout", "0"]), "--timeout 0: expected a number of seconds above 0")


def test_open_opens_the_page_it_prints(runner, monkeypatch):
    import uvicorn
    import webbrowser

    opened, served = [], []

    def serve(server, sockets):
        served.append(sockets[0].getsockname())
        sockets[0].close()

    monkeypatch.setattr(webbrowser, "open", opened.append)
    monkeypatch.setattr(uvicorn.Server, "run", serve)
    out = ok(runner.invoke(app, ["--open", "--port", "0", EXAMPLE]))
    (host, port), = served
    assert out == f"board: http://127.0.0.1:{port}/\n" and opened == [f"http://127.0.0.1:{port}/"] and host == "127.0.0.1"


# A real board


def start(*args: str) -> subprocess.Popen:
    """``python -m alsos_solver board ARGS``, its output piped, SIGINT and SIGTERM as at a
    terminal (these tests may run where a background job ignores SIGINT)."""
    def default_signals() -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)

    return subprocess.Popen([sys.executable, "-m", "alsos_solver", "board", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT, preexec_fn=default_signals)


def address(board: subprocess.Popen) -> str:
    """The board's address, from the first line it prints."""
    assert board.stdout is not None
    line = board.stdout.readline().decode()
    match = re.fullmatch(r"board: (http://127\.0\.0\.1:(\d+)/)\n", line)
    assert match, (line, board.stderr.read().decode() if board.poll() is not None else "")
    return match.group(1)


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8") as stat:
                    if int(stat.read().rpartition(")")[2].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    return found


def request(url: str, body: dict | None = None) -> tuple[int, dict | str]:
    """GET ``url`` (POST the JSON ``body``): the status and the answer (JSON, else text)."""
    data = None if body is None else json.dumps(body).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data), timeout=TIMEOUT) as answer:
            status, text = answer.status, answer.read().decode()
            kind = answer.headers["content-type"]
    except urllib.error.HTTPError as error:
        status, text, kind = error.code, error.read().decode(), error.headers["content-type"]
    return status, json.loads(text) if kind == "application/json" else text


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_a_real_board_serves_until_stopped(stop):
    board = start("--port", "0", EXAMPLE, PLAYED)
    try:
        url = address(board)
        status, page = request(url)
        assert status == 200 and "<html" in page
        deal_text = open(EXAMPLE, encoding="utf-8").read()
        status, answer = request(url + "api/position", {"deal": deal_text, "play": ["M8"], "question": None})
        assert status == 200 and answer == position_values(deal_text, ["M8"], None)
        status, answer = request(url + "api/position", {"deal": deal_text, "play": ["M8", "MK"]})
        assert status == 400 and answer == {"error": "play: card 2 (MK): MK is not in seat B's hand"}
        status, deals = request(url + "api/deals")
        assert [deal["index"] for deal in deals["deals"]] == [1, 1]
        solving = children(board.pid)
        assert solving, "the solving process runs"
        board.send_signal(stop)
        out, err = (stream.decode() for stream in board.communicate(timeout=TIMEOUT))
    finally:
        if board.poll() is None:
            board.kill()
            board.communicate()
    assert board.returncode in (0, 128 + stop), err
    assert out == "" and err in ("", "error: interrupted\n")
    deadline = time.monotonic() + 10
    while any(os.path.exists(f"/proc/{pid}") and not zombie(pid) for pid in solving) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(os.path.exists(f"/proc/{pid}") and not zombie(pid) for pid in solving), "the solving process ended with the board"


def zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
            return stat.read().rpartition(")")[2].split()[0] == "Z"
    except OSError:
        return True


def test_a_port_in_use_is_an_error():
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        board = start("--port", str(port))
        out, err = board.communicate(timeout=TIMEOUT)
    assert board.returncode == 2 and out == b""
    assert err.decode().startswith(f"error: cannot listen on 127.0.0.1:{port}: ") and "Traceback" not in err.decode()


def test_a_bad_file_is_an_error_before_the_board_serves(tmp_path):
    board = start("--port", "0", write(tmp_path, "bad.txt", '[Deal "A:x"]\n'))
    out, err = board.communicate(timeout=TIMEOUT)
    assert board.returncode == 2 and out == b""
    assert err.decode().startswith("error: ") and "bad.txt:1:10: a hand needs" in err.decode()
