"""What a player must do with the real pieces after the rules' events (a module's deck, its
pile of tokens), in words short enough for the seat's own panel: the engine only counts them.

The core of the table names no module: each installed module's ``table`` part says the chores
of its own events (``declare_chore``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Declared, Event, load_layer

# A module's event's chores: given the event, the event just before it (None for the first),
# the physical seats in the engine's order and the piles the table draws for real, each
# (engine seat, what it must do).
Chore = Callable[[Any, Event | None, Sequence[int], frozenset[str]], list[tuple[int, str]]]
CHORES: Declared[type[Event], Chore] = Declared(load=lambda: load_layer("table"))


def declare_chore(kind: type[Event], chore: Chore) -> None:
    """What a seat must do with real pieces after a module's event ``kind``; ValueError when
    the event has its chores already."""
    CHORES.add(kind, chore, "chores of the event")


def chores(
    events: Sequence[Event], seats: Sequence[int], real_piles: frozenset[str]
) -> list[tuple[int, str]]:
    """What the players must do with the real pieces after these events, by engine seat, in
    the events' order."""
    found: list[tuple[int, str]] = []
    before: Event | None = None
    for event in events:
        chore = CHORES.get(type(event))
        if chore is not None:
            found += chore(event, before, seats, real_piles)
        before = event
    return found
