"""The board's solving process: the questions of the API answered one at a time in a child
process, which the server kills when one runs past the time limit.

The search core cannot be stopped from another thread (it looks for Ctrl-C only in the
main thread), so a question that runs too long is stopped the only sure way: its process
is killed, and the next question starts a new one (its Solvers cold again). The child
keeps its :class:`~alsos_solver.board.positions.WarmSolvers` between questions. It runs
in a session of its own, so that Ctrl-C at the terminal stops the server, which then
ends the child, and not the child mid-answer.

The protocol: one JSON object a line each way. The child says ``{"ready": true}`` once
it has imported the solver; then the server writes ``{"deal": ..., "play": [...],
"question": ...}`` and the child answers ``{"answer": {...}}`` (the API's JSON) or
``{"error": "..."}`` (a :class:`~alsos_solver.board.positions.BoardError`). A request
with ``"ask": "table"`` or ``"ask": "review"`` and its ``deal`` asks for the deal's
contract table or play review instead (:mod:`~alsos_solver.board.analyses`; a review
with a ``seat`` adds that seat's single-dummy review); one with
``"ask": "puzzle"``, its ``deal`` and ``play``, for the verdict on a puzzle's last card
(:func:`alsos_solver.board.puzzle.puzzle_verdict`).
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import threading
import time
from typing import Any, BinaryIO


CHILD = [sys.executable, "-m", __name__]
"""The command that starts the child."""
START_LIMIT = 60.0
"""Seconds the child may take to start (import the solver): not counted in a question's time."""


READY = b'{"ready": true}\n'


class TimeLimit(Exception):
    """A question that ran past the time limit (its work was stopped)."""


class WorkerFailed(Exception):
    """The solving process ended without an answer (a crash: its stderr says why)."""


class Worker:
    """The child process answering the questions, one at a time: a question asked while
    another is being answered waits for it (questions are answered in the order they
    came, each for its own position: never another's answer). ``timeout``: seconds one
    question may take, waiting excluded."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.process: subprocess.Popen[bytes] | None = None
        self.lock = threading.Lock()

    def start(self) -> None:
        """Start the child now (else the first question does)."""
        with self.lock:
            self._started()

    def _started(self) -> subprocess.Popen[bytes]:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(CHILD, stdin=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=True)
            assert self.process.stdout is not None
            if read_line(self.process.stdout, START_LIMIT) != READY:
                self._kill()
                raise WorkerFailed(f"the solving process did not start within {START_LIMIT:g} s")
        return self.process

    def ask(self, request: dict[str, Any], timeout: float | None = None) -> dict[str, Any]:
        """The child's answer to one question (blocking: the server calls it in a thread);
        TimeLimit when it takes longer than ``timeout`` seconds (None: the time limit; the
        child is killed), WorkerFailed when the child ends without an answer."""
        limit = self.timeout if timeout is None else timeout
        with self.lock:
            process = self._started()
            assert process.stdin is not None and process.stdout is not None
            try:
                process.stdin.write(json.dumps(request).encode() + b"\n")
                process.stdin.flush()
            except BrokenPipeError:
                raise WorkerFailed(self._ended()) from None
            line = read_line(process.stdout, limit)
            if line is None:
                self._kill()
                raise TimeLimit(f"the question took more than {limit:g} s{' (--timeout)' if timeout is None else ''}: its search was stopped")
            if not line:
                raise WorkerFailed(self._ended())
            return json.loads(line)

    def _ended(self) -> str:
        assert self.process is not None
        status = self.process.wait()
        self.process = None
        return f"the solving process ended with status {status}"

    def _kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def close(self) -> None:
        """End the child (it also ends by itself when the server's end of its pipe closes)."""
        with self.lock:
            self._kill()


def read_line(stream: BinaryIO, timeout: float) -> bytes | None:
    """One line of the stream (empty at its end), or None when none came in ``timeout``
    seconds. The child writes each answer whole, in one write."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        ready, _, _ = select.select([stream], [], [], left)
        if ready:
            return stream.readline()


def serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """The child's loop: a question a line from ``requests``, its answer a line to
    ``answers``, until the end of ``requests``."""
    from ..games import GAMES
    from ..solver import DEFAULT_TABLE_BYTES, shared_core
    from . import analyses, positions, puzzle  # noqa: F401 (imported before the first question)

    warm = positions.WarmSolvers()
    sessions = puzzle.WarmSessions()
    shared_core(DEFAULT_TABLE_BYTES)  # before the first question: the table allocated,
    for game in GAMES.values():  # and every game's questions imported
        game.questions
    answers.write(READY)
    answers.flush()
    for line in requests:
        request = json.loads(line)
        try:
            reply: dict[str, Any] = {"answer": answer(request, warm, sessions)}
        except positions.BoardError as error:
            reply = {"error": str(error)}
        answers.write(json.dumps(reply).encode() + b"\n")
        answers.flush()


def answer(request: dict[str, Any], warm: Any, sessions: Any) -> dict[str, Any]:
    """The API's JSON for one request of the protocol (``warm``: the solvers kept between
    positions, ``sessions``: the puzzles' sessions)."""
    from . import analyses, positions, puzzle

    if request.get("ask") == "table":
        return analyses.table_answer(request["deal"])
    if request.get("ask") == "review":
        return analyses.review_answer(request["deal"], request.get("seat"))
    if request.get("ask") == "puzzle":
        return puzzle.puzzle_verdict(request["deal"], request["play"], sessions)
    return positions.position_values(request["deal"], request["play"], request["question"], warm)


def main() -> None:
    """The child: the protocol on its stdin and stdout; anything printed goes to stderr."""
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    serve(sys.stdin.buffer, answers)


if __name__ == "__main__":
    main()
