"""A player at the table for tests: picks a legal action and says which buttons make it."""

from __future__ import annotations

import random

from companion.devices.inputs import ButtonEvent
from companion.emulate import Emulator
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
from companion.modules.duels.rules import DUEL_REROLL, DUEL_ROLL
from companion.modules.ghost.rules import GHOST_ROLL
from companion.table import TableSession
from companion.table.answers import listed_hits
from companion.table.play import TablePlay
from companion.table.setup_flow import PAGE, SetupFlow, page_count

SETUP_5 = ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "DONE", "SEAT2"]
CHARACTERS_5 = ["DIE1", "DIE2", "DIE1", "DIE1", "DIE1"]  # the last pick starts the game


class EmulatorPresses:
    """Presses on the emulator one second apart (no bounce), each checked to flash nothing."""

    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator
        self.count = 0

    def __call__(self, button: str) -> None:
        self.count += 1
        self.emulator.press(ButtonEvent(button, "press"), at=float(self.count))
        flash = self.emulator.session.flash
        assert flash is None, (button, flash)


def buttons_for(play: TablePlay, action: Action) -> list[str]:
    """The presses that make ``action`` at the table, from the current marks."""
    d = play.game.pending
    assert d is not None
    if isinstance(action, Roll):
        if d.kind in (DUEL_ROLL, DUEL_REROLL):
            return [f"SEAT{play.seats[d.seat]}"]  # the seat holding the Duel die rolls it
        if d.kind in (DecisionKind.ROLL, GHOST_ROLL):
            return ["ROLL"]  # the Ghost's first roll: its two dice, no marks
        toggles = sorted(set(action.dice) ^ play.marked)
        return [f"DIE{i + 1}" for i in toggles] + ["ROLL"]
    if isinstance(action, Stop | Decline):
        return ["DONE"]
    if isinstance(action, ChooseSeat):
        return [f"SEAT{play.seats[action.seat]}"]
    if isinstance(action, Accept):
        return [f"SEAT{play.seats[d.seat]}"]
    if isinstance(action, ChooseDie):
        hits = listed_hits(play.game, d)
        if hits is not None:  # a Rage card's Bull's Eye among them: listed by the seat hit
            target = next(t for die, _s, t in play.game.scratch.assigned if die == action.die)
            return [f"DIE{[t for _die, t in hits].index(target) + 1}"]
        return [f"DIE{action.die + 1}"]
    if isinstance(action, Choose):
        return [f"DIE{d.options.index(action.option) + 1}"]
    if isinstance(action, Reveal):
        return [f"DIE{play.reveal_choices().index(action.role) + 1}"]
    if isinstance(action, Choose):
        return [f"DIE{d.options.index(action.option) + 1}"]
    raise AssertionError(action)


def next_buttons(session: TableSession, rng: random.Random) -> list[str]:
    """Buttons for a random legal action now (re-rolls kept short so games end)."""
    play = session.play
    assert play is not None
    if play.forced_roll() is not None:
        return ["ROLL"]  # an undone roll can only come back as it was
    legal = play.game.legal_actions()
    if play.game.pending.kind is DecisionKind.REROLL and rng.random() < 0.4:
        legal = [a for a in legal if isinstance(a, Stop)]
    return buttons_for(play, rng.choice(legal))


def presses_to_pick(flow: SetupFlow, seat: int, name: str) -> list[str]:
    """The presses that give ``seat`` the character ``name`` from where the set-up is now:
    its own button to make it the picker (unless it is), page turns, then the DIE."""
    presses = [] if flow.picker == seat else [f"SEAT{seat}"]
    page = 0 if presses else flow.page
    names = [
        n for n in flow.in_play() if n not in {c for s, c in flow.characters.items() if s != seat}
    ]
    target, pages = names.index(name) // PAGE, page_count(names)
    forward = (target - page) % pages
    turns = (
        [f"SEAT{seat}"] * forward if forward <= pages - forward else ["DONE"] * (pages - forward)
    )
    return [*presses, *turns, f"DIE{names.index(name) % PAGE + 1}"]
