"""One player's part of the game state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .components import Role


@dataclass
class PlayerState:
    """``role`` is None while the engine does not know it (physical, secret role cards)."""

    seat: int
    character: str
    max_life: int
    life: int
    arrows: int = 0
    role: Role | None = None
    revealed: bool = False
    alive: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "character": self.character,
            "max_life": self.max_life,
            "life": self.life,
            "arrows": self.arrows,
            "role": None if self.role is None else str(self.role),
            "revealed": self.revealed,
            "alive": self.alive,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PlayerState:
        return cls(
            seat=int(data["seat"]),
            character=str(data["character"]),
            max_life=int(data["max_life"]),
            life=int(data["life"]),
            arrows=int(data["arrows"]),
            role=None if data["role"] is None else Role(data["role"]),
            revealed=bool(data["revealed"]),
            alive=bool(data["alive"]),
        )
