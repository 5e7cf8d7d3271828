"""The library's own exceptions, each one a kind of failure a caller may want to tell
apart (all are ValueErrors: something asked does not fit)."""

from __future__ import annotations


class GoalTooLarge(ValueError):
    """A question whose engine form (its goal) needs more coordinates, terms, constraints or
    meld choices than the search core tracks."""


class UnsoundDeal(ValueError):
    """A deal that breaks the rules, given where a sound one is needed: the message names
    its first problem (:meth:`alsos_solver.deal.Deal.problems` lists them all)."""


class NotApplicable(ValueError):
    """A question or an analysis that does not apply to the deal (no contract, no Play
    section, a contract without that item, ...); the message says why."""
