"""What a seat may not see, declared once on the field that holds it.

A field of the state or the set-up declared with ``metadata=secret(...)`` says which seats see
it; the one walk that writes them as JSON (``state.encode``) writes the field's ``blank`` in
its place for every other seat, in the snapshots of open moments too. So a secret added to the
state is declared where it is added, and cannot be left out of what a seat (or the box's
player) is shown.

The secrets of a game: each seat's role and Old Saloon 3 special card until face up (the seat's
own excepted); the set-up's roles and special cards but those face up from the start; the
reveals other seats could make into an open moment; the winners of a win waiting on open
moments but those whose role the seat sees (the others would tell their roles); the seed of
the simulated dice and piles, with the counters that key draws on it (with the seed they would
tell the next roll or card).
The piles hold no order to hide: the state keeps each as a sorted multiset, which the table can
count from the pieces face up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

SECRET = "secret"  # the field metadata key of a Secret
PARTS = "parts"  # the field metadata key of the Parts of an untyped field

# The seat of nobody at the table: what the whole table may see (the face-up cards, no seat's
# own secret). ``Game.to_json(NO_SEAT)`` is the public view: a spectator's, a web page's.
NO_SEAT = -1

# Whether ``seat`` may see a record's field (the record, the seat).
Sees = Callable[[Any, int], bool]
# Whether ``seat`` may see item ``i`` of a field holding one item per seat (record, seat, i).
SeesItem = Callable[[Any, int, int], bool]


# The part of a value ``seat`` may see in a record (record, value, seat).
ShownAs = Callable[[Any, Any, int], Any]


@dataclass(frozen=True)
class Secret:
    """``sees`` says who sees the whole value (None: no seat); ``each``, for a value with one
    item per seat, who sees each item. A seat that may not gets ``blank`` instead. ``shown_as``
    gives the part of the value a seat may see, when that is neither all nor nothing."""

    blank: Any = None
    sees: Sees | None = None
    each: SeesItem | None = None
    shown_as: ShownAs | None = None

    def shown(self, record: Any, value: Any, seat: int) -> Any:
        """The value as ``seat`` sees it in ``record``."""
        if self.shown_as is not None:
            return self.shown_as(record, value, seat)
        if self.each is not None:
            if value is None:
                return None
            return [v if self.each(record, seat, i) else self.blank for i, v in enumerate(value)]
        if self.sees is not None and self.sees(record, seat):
            return value
        return self.blank


def secret(
    blank: Any = None,
    sees: Sees | None = None,
    each: SeesItem | None = None,
    shown_as: ShownAs | None = None,
) -> Any:
    """The metadata of a field seats see only as ``sees`` (``each``, ``shown_as``) allows:
    ``field(default=..., metadata=secret(...))``."""
    return {SECRET: Secret(blank, sees, each, shown_as)}


def own_or_shown(flag: str) -> Sees:
    """Seen by the record's own seat, and by every seat once the record's ``flag`` is true
    (the card is face up)."""
    return lambda record, seat: record.seat == seat or bool(getattr(record, flag))


# The parts an untyped entry may hold that the walk must reach.
SNAPSHOT = "snapshot"  # the game's state at an earlier moment: walked like the state itself
OWN_OFFERS = "own_offers"  # actions as JSON, each seen only by the seat it names ("seat")


@dataclass(frozen=True)
class Parts:
    """An untyped field whose entries are lists: ``at`` maps an entry's index to what it holds
    (SNAPSHOT or OWN_OFFERS); the other parts are plain public data."""

    at: dict[int, str]
