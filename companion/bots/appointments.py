"""A series' next Sheriff appointed by the surviving one (``NextGame.appointer``): the seats the
rules allow, the fallback, and the rule the module whose games make the series gives the box's
players (``declare_appointment``, from its package's ``bots``).

Asked between games, from what the whole table saw: the finished game's result as the series
keeps it (``NextGame``) and the appointer's own seat; no role is secret then but the next deal's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from ..engine import Declared, Module, NextGame, load_layer

Appointment = Callable[[NextGame], int]


def appointments(nxt: NextGame) -> list[int]:
    """Every seat the surviving Sheriff may appoint, clockwise from the first (himself included)."""
    if nxt.appointer is None:
        raise ValueError("nobody appoints: the Sheriff did not survive the last game")
    return list(range(nxt.players))


def first_appointment(nxt: NextGame) -> int:
    """The fallback: the first seat the rules allow, whatever it gives."""
    return appointments(nxt)[0]


# Each module's rule for the appointment, by the module whose games make the series.
APPOINTMENTS: Declared[Module, Appointment] = Declared(load=lambda: load_layer("bots"))


def declare_appointment(module: Module, rule: Appointment) -> None:
    """A module's rule for the box's players appointing the next Sheriff of its series."""
    APPOINTMENTS.add(module, rule, "appointment rule of the module")


def declared_appointment(nxt: NextGame) -> int:
    """The seat a module's declared rule appoints (the first module's, in the modules' order),
    or the fallback's when none declares one."""
    for m in sorted(APPOINTMENTS):
        return APPOINTMENTS[m](nxt)
    return first_appointment(nxt)


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
