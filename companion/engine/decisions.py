"""Who must decide what, right now."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class DecisionKind(StrEnum):
    GIFT_LIFE = "gift_life"  # Sid Ketchum: who gains one life
    ROLL = "roll"  # the first roll of the turn
    REROLL = "reroll"  # re-roll some dice, or stop
    BULLSEYE_TARGET = "bullseye_target"  # whom a Bull's Eye result hits
    SLAB_DOUBLE = "slab_double"  # Slab the Killer: double a Bull's Eye with a Beer?
    BEER_TARGET = "beer_target"  # who gains the life of a Beer
    ARROW_INSTEAD = "arrow_instead"  # Bart Cassidy: take an arrow instead of this life?
    DISCARD_ARROW = "discard_arrow"  # Pedro Ramirez: discard an arrow for a life lost?
    KIT_DISCARD = "kit_discard"  # Kit Carlson: whose arrow this Gatling discards
    REVEAL_ROLE = "reveal_role"  # show the role card (eliminated, or the last one standing)


@dataclass(frozen=True)
class Decision:
    """The one decision the game waits for: its kind, the deciding seat and what it is about.

    ``die`` names the die a target question is about; ``remaining`` counts how many more
    times the same optional question can come (life points, Gatlings).
    """

    kind: DecisionKind
    seat: int
    die: int | None = None
    remaining: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": str(self.kind),
            "seat": self.seat,
            "die": self.die,
            "remaining": self.remaining,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        return cls(DecisionKind(data["kind"]), data["seat"], data.get("die"), data.get("remaining"))
