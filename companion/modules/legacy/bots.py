"""The box's players and Wild West Legacy: a surviving Sheriff appoints the next game's."""

from __future__ import annotations

from companion.bots.appointments import appointments, declare_appointment
from companion.engine import NextGame

from .rules import ID


def keep_the_star(nxt: NextGame) -> int:
    """Appoint myself: the Sheriff's side wins 58 % of the five-player games, while another
    seat's card would be dealt from the rest (a Deputy 1 in 4 at 58 %, an Outlaw 2 in 4 at
    34 %, the Renegade 1 in 4 at 8 %: 34 % in all), which one bullet more does not make up
    (docs/bots.md, "Legacy appointments")."""
    appointments(nxt)  # refuses a series where nobody appoints
    assert nxt.appointer is not None
    return nxt.appointer


declare_appointment(ID, keep_the_star)
