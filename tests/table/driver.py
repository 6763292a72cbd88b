"""A player at the table for tests: picks a legal action and says which buttons make it."""

from __future__ import annotations

import random

from companion.engine import (
    Accept,
    Action,
    Choose,
    ChooseDie,
    ChooseSeat,
    DecisionKind,
    Decline,
    Reveal,
    Roll,
    Stop,
)
from companion.table import TableSession
from companion.table.play import TablePlay

SETUP_5 = ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "DONE", "SEAT2"]
CHARACTERS_5 = ["SEAT1", "SEAT2", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "DONE"]


def buttons_for(play: TablePlay, action: Action) -> list[str]:
    """The presses that make ``action`` at the table, from the current marks."""
    d = play.game.pending
    assert d is not None
    if isinstance(action, Roll):
        if d.kind is DecisionKind.ROLL:
            return ["ROLL"]
        toggles = sorted(set(action.dice) ^ play.marked)
        return [f"DIE{i + 1}" for i in toggles] + ["ROLL"]
    if isinstance(action, Stop | Decline):
        return ["DONE"]
    if isinstance(action, ChooseSeat):
        return [f"SEAT{play.seats[action.seat]}"]
    if isinstance(action, Accept):
        return [f"SEAT{play.seats[d.seat]}"]
    if isinstance(action, ChooseDie):
        return [f"DIE{action.die + 1}"]
    if isinstance(action, Choose):
        return [f"DIE{d.options.index(action.option) + 1}"]
    if isinstance(action, Reveal):
        return [f"DIE{play.reveal_choices().index(action.role) + 1}"]
    raise AssertionError(action)


def next_buttons(session: TableSession, rng: random.Random) -> list[str]:
    """Buttons for a random legal action now (re-rolls kept short so games end)."""
    play = session.play
    assert play is not None
    if play.game.roll_count in play.forced_rolls:
        return ["ROLL"]  # an undone roll can only come back as it was
    legal = play.game.legal_actions()
    if play.game.pending.kind is DecisionKind.REROLL and rng.random() < 0.4:
        legal = [a for a in legal if isinstance(a, Stop)]
    return buttons_for(play, rng.choice(legal))
