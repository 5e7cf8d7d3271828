"""The transposition table: its memory bound, and generations that never let an entry of
one question answer another (``Core`` in ``_search.pyx``)."""

from __future__ import annotations

import pytest

from alsos_solver._search import Core
from alsos_solver.solver import Solver

from conftest import make_deal


@pytest.mark.parametrize("asked", [192, 1000, 1 << 14, 3 << 20, 4 << 20, 4 << 20 | 191])
def test_the_table_never_exceeds_the_bytes_asked_for(asked):
    table = Core(asked).table_bytes
    assert asked - 192 < table <= asked


def test_a_table_too_small_for_one_bucket_is_refused():
    with pytest.raises(ValueError, match="at least 192 bytes"):
        Core(191)


def test_entries_of_an_old_generation_never_answer_after_the_count_wraps():
    """Slots keep 16 bits of the generation. B's value is searched first; after 65,535
    more generations A's value is searched in a generation with the same 16 bits, on the
    same positions: without the wipe, B's bounds would answer for A."""
    deal = make_deal()
    expected = Solver(deal, table_bytes=1 << 16).value(0)
    solver = Solver(deal, table_bytes=1 << 15)
    assert solver.value(1) != expected
    start = solver.core.generation
    while True:
        solver.core.forget()
        if solver.core.generation % 0xFFFF == (start - 1) % 0xFFFF:
            break
    assert solver.value(0) == expected
