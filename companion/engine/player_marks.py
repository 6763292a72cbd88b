"""What a module made of a player, asked by the core and by the other modules without naming it.

A module that brings eliminated players back into play, or makes a living seat's role known
without its card, declares how to tell such a player from its part of him; the core's checks,
the series, the table, the bots and the other modules' rules ask these questions here. Each
is read from the player's parts alone, so a bot asks it of the public players it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class HasParts(Protocol):
    """A player, or a bot's public copy of one: what the modules' parts of him are."""

    @property
    def parts(self) -> tuple[Any, ...]: ...


# Each module's test of a player it brought back, giving what he came back as, or None.
_RETURNED: list[Callable[[Any], str | None]] = []
# Each module's test of a living seat whose role it made known while the card stays face down.
_ROLES_ANNOUNCED: list[Callable[[Any], bool]] = []


def declare_returned(back_as: Callable[[Any], str | None]) -> None:
    """A module's players back in play after their elimination: what each came back as, in
    the words of a state's error, or None. Such a player is alive yet out of the game his
    role played: the series counts him eliminated, the turns no longer go round one a seat,
    his maximum life is the module's (its ``check`` bounds it), and the other modules' pieces
    are not his to take."""
    _RETURNED.append(back_as)


def returned(player: HasParts) -> str | None:
    """What ``player`` came back as after his elimination (a module's words), or None."""
    for back_as in _RETURNED:
        found = back_as(player)
        if found is not None:
            return found
    return None


def declare_role_announced(announced: Callable[[Any], bool]) -> None:
    """A module's living seats whose role it made known while their role card stays face down:
    a card of that role such a seat holds may still be hidden."""
    _ROLES_ANNOUNCED.append(announced)


def role_announced(player: HasParts) -> bool:
    """Whether a module made ``player``'s role known with his card still face down."""
    return any(announced(player) for announced in _ROLES_ANNOUNCED)
