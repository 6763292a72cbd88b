"""Undead or Alive 5 (Wild West Legacy): the surviving Sheriff appoints the next game's Sheriff.

Asked between games, from what the whole table saw: the finished game's result as the series
keeps it (``NextGame``) and the appointer's own seat; no role is secret then but the next deal's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from ..engine import NextGame

Appointment = Callable[[NextGame], int]


def appointments(nxt: NextGame) -> list[int]:
    """Every seat the surviving Sheriff may appoint, clockwise from the first (himself included)."""
    if nxt.appointer is None:
        raise ValueError("nobody appoints: the Sheriff did not survive the last game")
    return list(range(nxt.players))


def keep_the_star(nxt: NextGame) -> int:
    """Appoint myself: the Sheriff's side wins 58 % of the five-player games, while another
    seat's card would be dealt from the rest (a Deputy 1 in 4 at 58 %, an Outlaw 2 in 4 at
    34 %, the Renegade 1 in 4 at 8 %: 34 % in all), which one bullet more does not make up
    (docs/bots.md, "Legacy appointments")."""
    appointments(nxt)  # refuses a series where nobody appoints
    assert nxt.appointer is not None
    return nxt.appointer


def first_appointment(nxt: NextGame) -> int:
    """The fallback: the first seat the rules allow, whatever it gives."""
    return appointments(nxt)[0]


@runtime_checkable
class Appointer(Protocol):
    """A player with a rule for the appointment (``RuleBot``)."""

    def appoint(self, nxt: NextGame) -> int: ...


def appointed_by(player: object, nxt: NextGame) -> int:
    """The seat ``player`` appoints: by its own rule, or the fallback when it has none."""
    seat = player.appoint(nxt) if isinstance(player, Appointer) else first_appointment(nxt)
    if seat not in appointments(nxt):
        raise ValueError(f"seat {seat + 1} cannot be appointed: {nxt.players} seats play")
    return seat
