"""How a long computation tells its caller how far it has come."""

from collections.abc import Callable

Progress = Callable[[int, "int | None"], object]
"""A progress callback: the work done so far and the whole (None while it is not known)."""
