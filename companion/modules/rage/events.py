"""What the Rage cards' rules tell the table beyond the real deck's moves: the cards a seat
reveals at the start of its turn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.engine import Event


@dataclass(frozen=True)
class RageRevealed(Event):
    kind: ClassVar[str] = "rage_revealed"
    seat: int
    cards: int
