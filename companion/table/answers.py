"""A duel's roll at the table (Undead or Alive, ruling UA1): the press of the seat holding the
Duel die rolls it; it is never made for the player, even with one legal answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Action, Decision, DecisionKind, Roll, Stop
from .refused import Refused

if TYPE_CHECKING:
    from .play import TablePlay


def duel_roll(play: TablePlay, button: str, d: Decision) -> Action:
    """The holder's SEAT rolls; Sean Mallory's re-roll also takes ROLL, and DONE keeps the miss."""
    assert d.die is not None
    own = play.seats[d.seat]
    if button == f"SEAT{own}" or (button == "ROLL" and d.kind is DecisionKind.DUEL_REROLL):
        return Roll((d.die,))
    if button == "DONE" and d.kind is DecisionKind.DUEL_REROLL:
        return Stop()
    raise Refused(f"Seat {own} holds the Duel die: SEAT {own} rolls it.")
