"""What the duels tell the table: a duel begun, each of its rolls, its loser, and the Wound
tokens drawn and given back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.engine import Event, RolledApart, quick_init


@quick_init
@dataclass(frozen=True)
class DuelChallenged(Event):
    """``seat`` passes Duel die ``die`` to ``target``: a duel begins."""

    kind: ClassVar[str] = "duel_challenged"
    seat: int
    target: int
    die: int


@quick_init
@dataclass(frozen=True)
class DuelRolled(RolledApart):
    """One roll of a duel: ``seat`` rolled ``faces`` on ``dice`` (the Duel die) against ``against``.

    ``dice`` and ``faces`` are named as a ``DiceRolled``'s, so a record of the roll is read the
    same way and a replay needs no random source.
    """

    kind: ClassVar[str] = "duel_rolled"
    seat: int
    against: int
    dice: tuple[int, ...]
    faces: tuple[str, ...]


@quick_init
@dataclass(frozen=True)
class DuelLost(Event):
    kind: ClassVar[str] = "duel_lost"
    seat: int
    winner: int


@quick_init
@dataclass(frozen=True)
class WoundDrawn(Event):
    """``seat`` drew ``token``; ``kept`` is False for a token already held (shuffled back)."""

    kind: ClassVar[str] = "wound_drawn"
    seat: int
    token: str
    kept: bool
    cause: str


@quick_init
@dataclass(frozen=True)
class WoundsReturned(Event):
    """Duel Wound tokens of ``seat`` shuffled back into the pile."""

    kind: ClassVar[str] = "wounds_returned"
    seat: int
    tokens: tuple[str, ...]
    cause: str
