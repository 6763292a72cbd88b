"""What the Ghost's rules tell the table: a seat plays on as the Ghost, its token given,
the dice the token sets, the token back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.engine import Event


@dataclass(frozen=True)
class BecameGhost(Event):
    """``team``: the side the Ghost wins with (a Ghost Renegade's by the rulebook's table)."""

    kind: ClassVar[str] = "became_ghost"
    seat: int
    team: str | None


@dataclass(frozen=True)
class GhostTokenGiven(Event):
    kind: ClassVar[str] = "ghost_token_given"
    seat: int
    target: int
    face: str
    dice: int


@dataclass(frozen=True)
class DicePreset(Event):
    """The Ghost's token sets these dice of ``seat``'s turn to ``face``, not rolled at first."""

    kind: ClassVar[str] = "dice_preset"
    seat: int
    dice: tuple[int, ...]
    face: str


@dataclass(frozen=True)
class GhostTokenReturned(Event):
    kind: ClassVar[str] = "ghost_token_returned"
    seat: int
