"""What the special roles' powers tell the table: an eliminated seat's card face up, a reveal
cancelled, the star taken, arrows exchanged, a die turned, a heal stopped, a seat saved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.engine import Event, quick_init


@dataclass(frozen=True)
class RoleCardShown(Event):
    """An eliminated seat's physical role card, face up: a special one (now used) or
    ``normal`` (Old Saloon 3, cards mixed by type)."""

    kind: ClassVar[str] = "role_card_shown"
    seat: int
    card: str


@dataclass(frozen=True)
class RevealCancelled(Event):
    """The Judge (``by``) cancelled the power of the card ``seat`` revealed."""

    kind: ClassVar[str] = "reveal_cancelled"
    seat: int
    card: str
    by: int


@dataclass(frozen=True)
class SheriffChanged(Event):
    """The Good: ``seat`` is the Sheriff now, ``old`` a Deputy; both at their character's life."""

    kind: ClassVar[str] = "sheriff_changed"
    seat: int
    old: int


@dataclass(frozen=True)
class ArrowsExchanged(Event):
    kind: ClassVar[str] = "arrows_exchanged"
    seat: int
    first: int
    second: int


@dataclass(frozen=True)
class DieTurned(Event):
    kind: ClassVar[str] = "die_turned"
    seat: int
    die: int
    face: str


@dataclass(frozen=True)
class HealPrevented(Event):
    kind: ClassVar[str] = "heal_prevented"
    seat: int
    target: int
    amount: int


@dataclass(frozen=True)
class EliminationAverted(Event):
    kind: ClassVar[str] = "elimination_averted"
    seat: int
    target: int
    life: int


@quick_init
@dataclass(frozen=True)
class SpecialRoleRevealed(Event):
    kind: ClassVar[str] = "special_role_revealed"
    seat: int
    card: str
    moment: str
