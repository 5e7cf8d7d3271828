"""Ctrl-C during a search: the core stops within a bounded number of nodes, raises
KeyboardInterrupt once it has unwound, and answers the next question correctly."""

from __future__ import annotations

import _thread
import threading

import pytest

from alsos_solver.io import loads
from alsos_solver.solver import Solver

HARD = loads("""
[Deal "A:KO97.UX7..O7 A8..KUX8.AK8 X.AK98.A97.9"]
[Talon "MU PO TO ZU ZX"]
[Contract "NT"]
[Declarer "C"]
""")[0]
"""Benchmark deal 75: the most A (a defender) can force for himself, 49, takes some 30
million nodes, seconds of search."""

TABLE_BYTES = 1 << 20


def test_ctrl_c_stops_a_long_search_and_the_core_stays_sound():
    expected = Solver(HARD, table_bytes=TABLE_BYTES).value(2)
    solver = Solver(HARD, table_bytes=TABLE_BYTES)
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            solver.value(0)
    finally:
        timer.cancel()
    assert solver.core.nodes < 20_000_000, "the search ran on long after the signal"
    assert solver.value(2) == expected
