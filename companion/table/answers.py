"""Presses for the decisions that say how they are answered (``Decision.spec``): a seat, a die,
one of a few choices on the DIE buttons, DONE to decline; and a duel's roll, made by the press
of the seat holding the Duel die (Undead or Alive, ruling UA1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import (
    Action,
    Answer,
    Choose,
    ChooseDie,
    ChooseSeat,
    Decision,
    DecisionKind,
    Decline,
    Roll,
    Stop,
)
from . import play as table_play  # Refused: play imports this module as it loads

if TYPE_CHECKING:
    from .play import TablePlay

DUEL_ROLLS = (DecisionKind.DUEL_ROLL, DecisionKind.DUEL_REROLL)


def answer_for(play: TablePlay, button: str, d: Decision) -> Action | None:
    """The action ``button`` means for ``d`` by its kind of answer, or None if it means none."""
    if d.kind in DUEL_ROLLS:
        return _duel_roll(play, button, d)
    spec = d.spec
    if button == "DONE" and spec.optional:
        return Decline()
    if spec.answer is Answer.SEAT and button.startswith("SEAT"):
        physical = int(button[4:])
        if physical not in play.seats:
            raise table_play.Refused(f"Seat {physical} is not playing this game.")
        return ChooseSeat(play.seats.index(physical))
    if spec.answer is Answer.DIE and button.startswith("DIE"):
        return ChooseDie(int(button[3:]) - 1)
    if spec.answer is Answer.CHOICE and button.startswith("DIE"):
        n = int(button[3:]) - 1
        if not 0 <= n < len(d.options):
            raise table_play.Refused(
                f"Press DIE1 to DIE{len(d.options)} for one of the choices shown."
            )
        return Choose(d.options[n])
    return None


def _duel_roll(play: TablePlay, button: str, d: Decision) -> Action:
    assert d.die is not None
    own = play.seats[d.seat]
    if button == f"SEAT{own}" or (button == "ROLL" and d.kind is DecisionKind.DUEL_REROLL):
        return Roll((d.die,))
    if button == "DONE" and d.kind is DecisionKind.DUEL_REROLL:
        return Stop()
    raise table_play.Refused(f"Seat {own} holds the Duel die: SEAT {own} rolls it.")
