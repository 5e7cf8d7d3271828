"""``alsos-solve play`` in a real terminal: the session runs in a detached tmux pane, the
test types into it as a person would (a wrong card, ``why``, ``undo``, ``hint``, the
winning cards) and reads the screen back. Without tmux the test is skipped, saying so.

The piped-input tests are in tests/puzzles/test_puzzles.py; this one adds what only a terminal shows:
the ``>`` prompt before each command (stdin is a tty) and the session as drawn."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli_support import PUZZLES

PUZZLE_FILE = PUZZLES / "collection" / "themes.txt"
"""Its first puzzle, the throw-in: B to lead, only Z7 wins; then P8 is B's one choice left."""
DEADLINE = 60.0
"""Seconds to wait for the screen to show what is expected before the test fails."""

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None,
                                reason="no tmux binary found (Debian: apt-get install tmux)")


class Pane:
    """A detached tmux session of its own server (its own socket), one pane running a
    command and kept open after it ends, so that its last screen can be read."""

    def __init__(self, socket: Path, command: list[str]) -> None:
        self.socket = socket
        shown = shlex.join(command)
        self.tmux("new-session", "-d", "-x", "100", "-y", "50", f"{shown}; echo \"[exit status $?]\"; sleep 600")
        self.tmux("set-option", "-g", "history-limit", "10000")

    def tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-S", str(self.socket), *args], capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def screen(self) -> str:
        """Everything the pane has shown, its scrollback included, wrapped lines joined."""
        return self.tmux("capture-pane", "-p", "-J", "-S", "-")

    def wait_for(self, text: str, count: int = 1) -> str:
        """The screen once ``text`` shows on it ``count`` times; fails after DEADLINE."""
        end = time.monotonic() + DEADLINE
        while (screen := self.screen()).count(text) < count:
            assert time.monotonic() < end, f"{text!r} not shown {count} time(s); the screen:\n{screen}"
            time.sleep(0.1)
        return screen

    def type(self, line: str) -> None:
        self.tmux("send-keys", "-l", line)
        self.tmux("send-keys", "Enter")

    def close(self) -> None:
        subprocess.run(["tmux", "-S", str(self.socket), "kill-server"], capture_output=True, timeout=30)


@pytest.fixture
def pane(tmp_path: Path) -> Iterator[Pane]:
    started = Pane(tmp_path / "tmux.sock", [sys.executable, "-m", "alsos_solver", "play", str(PUZZLE_FILE)])
    yield started
    started.close()


def test_a_puzzle_is_played_in_a_real_terminal(pane: Pane):
    prompts = 1
    pane.wait_for("> ", prompts)
    for command, answer in [("za", "ZA is wrong: the goal is out of reach now"),
                            ("why", "after ZA, the defence's line:"),
                            ("undo", "took back ZA"),
                            ("hint", "hint: Z7 reaches the goal"),
                            ("Z7", "B plays ZA (the only card)")]:
        pane.type(command)
        prompts += 1
        screen = pane.wait_for("> ", prompts)
        assert answer in screen
    pane.type("P8")
    screen = pane.wait_for("[exit status 0]")
    assert "Throw-in: game for B's side, contract" in screen
    assert "trick 6: B leads ZA" in screen  # the refutation that why showed
    verdict = screen[screen.index("solved: game made"):].splitlines()
    assert verdict[:5] == ["solved: game made", "trick 6: Z7 Z8 ZX", "trick 7: ZK ZA TX", "trick 8: P8 TU ZO",
                           "trick 9: M7 T8 ZU"]
