"""The search core's Python face (``_search.pyx``): what a type checker and a reader may
know of it. Card ids here are the core's *internal* ones (suit * 16 + strength, 0 the
weakest of the suit in the contract's trick order), card sets 64-bit masks of them, seats
indices 0 .. seats - 1 of the seats that play. tests/core/test_search_stub.py checks that
this stub names every name of the compiled module, with its parameters."""

from collections.abc import Sequence
from typing import Self

from typing_extensions import disjoint_base

from .errors import GoalTooLarge as GoalTooLarge

LIMITS: dict[str, int]
"""What a goal may use at most: ``coordinates`` and ``terms``."""

@disjoint_base
class Core:
    """One deal's search: set the deal up once, then ask goals of it."""

    @property
    def additive(self) -> bool:
        """The loaded goal was set as additive: the value search answers it."""
    owner: object
    """Whoever set the deal up last (Solvers sharing a core check it); None at first."""
    def __new__(cls, table_bytes: int = ...) -> Self:
        """A transposition table of at most ``table_bytes`` (32 MiB unless given);
        ValueError below one bucket, MemoryError when it cannot be allocated."""
    def forget(self) -> None: ...
    def class_cards(self, cards: int) -> int: ...
    @property
    def generation(self) -> int: ...
    @property
    def table_bytes(self) -> int: ...
    @property
    def nodes(self) -> int:
        """Nodes searched since the core was made."""
    @property
    def hits(self) -> int:
        """Table entries that settled a position since the core was made."""
    def setup(
        self,
        *,
        seats: int,
        tricks: int,
        trump: int,
        must_beat: bool,
        last_bonus: int,
        points: Sequence[int],
        hands: Sequence[int],
        leader: int,
        held: Sequence[int] = (),
        forced: Sequence[int] = (),
    ) -> None: ...
    def set_goal(
        self,
        *,
        coef_points: Sequence[Sequence[int]],
        coef_tricks: Sequence[Sequence[int]],
        thresholds: Sequence[Sequence[int]],
        team: Sequence[int],
        capture: Sequence[int] | None = None,
        win_all: Sequence[int] | None = None,
        win_none: Sequence[int] | None = None,
        specials: Sequence[tuple[int, int, int]] = (),
        distinct: int = 0,
        uses_points: bool = True,
        late: Sequence[tuple[int, Sequence[int]]] | None = None,
        shifts: Sequence[Sequence[int]] | None = None,
        team_chooses: bool = False,
        choice_trick: int = 1,
        keep_table: bool = False,
        additive: bool = False,
        scorer: int | None = None,
        own_points: int | None = None,
        wanted_winners: Sequence[int] | None = None,
        counts: Sequence[tuple[int, int, Sequence[int]] | None] | None = None,
    ) -> None: ...
    def query(self, prefix: Sequence[int]) -> bool: ...
    def value(self, prefix: Sequence[int]) -> int: ...
