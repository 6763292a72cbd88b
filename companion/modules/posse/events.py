"""What the posse's powers tell the table: a Rage card moved from seat to seat, a die turned."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.engine import Event, quick_init


@quick_init
@dataclass(frozen=True)
class RageMoved(Event):
    """A character's ability moved a face-down Rage card from ``source`` to ``target``."""

    kind: ClassVar[str] = "rage_moved"
    seat: int
    source: int
    target: int


@quick_init
@dataclass(frozen=True)
class FaceChanged(Event):
    """An ability turned die ``die`` to ``face`` (``cause``: the character whose it is)."""

    kind: ClassVar[str] = "face_changed"
    seat: int
    die: int
    face: str
    cause: str
