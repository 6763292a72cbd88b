"""What the Rage cards' rules tell the table beyond the real deck's moves: the cards a seat
reveals at the start of its turn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.engine import Event, quick_init


@dataclass(frozen=True)
class RageRevealed(Event):
    kind: ClassVar[str] = "rage_revealed"
    seat: int
    cards: int


@quick_init
@dataclass(frozen=True)
class RageDrawn(Event):
    """``seat`` must draw a Rage card from the real deck (``drawn`` cards, keeping one)."""

    kind: ClassVar[str] = "rage_drawn"
    seat: int
    drawn: int
    cause: str


@quick_init
@dataclass(frozen=True)
class RageShuffled(Event):
    """The Rage pile ran out: the discards become the new pile."""

    kind: ClassVar[str] = "rage_shuffled"
    cards: int


@quick_init
@dataclass(frozen=True)
class RageSymbolEntered(Event):
    kind: ClassVar[str] = "rage_symbol_entered"
    seat: int
    symbol: str


@quick_init
@dataclass(frozen=True)
class RageDiscarded(Event):
    kind: ClassVar[str] = "rage_discarded"
    seat: int
    cards: int
