"""Which special role card a player holds, and whether it is face up.

A module that deals such cards keeps them in its own part of the player and declares how to
read it (``declare_card_reader``); the core, the table and the bots read a seat's card here,
never that module's state. A reader takes anything holding a player's parts: the player, or
the parts as a seat sees them (a bot's ``PublicPlayer``, its ``Observation``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# A holder of a player's parts: (the card the engine knows it holds or None, face up).
CardReader = Callable[[Any], tuple[str | None, bool]]
CARD_READERS: list[CardReader] = []
_NO_CARD: tuple[str | None, bool] = (None, False)


def declare_card_reader(read: CardReader) -> None:
    """A module's reading of the special role card a player holds in its part."""
    CARD_READERS.append(read)


def card_of(holder: Any) -> tuple[str | None, bool]:
    """The special role card ``holder`` holds as a module keeps it (None: a normal card, or
    one the engine or this view does not know), and whether it is face up."""
    for read in CARD_READERS:
        found = read(holder)
        if found[0] is not None or found[1]:
            return found
    return _NO_CARD


def face_up_card(holder: Any) -> str | None:
    """The special role card ``holder`` shows face up, or None."""
    card, shown = card_of(holder)
    return card if shown else None
