"""Issue 23: the terminal emulator shows everything the panels show (the Chief's Arrow, Wound
tokens, Rage cards and their symbols), lists a key for every answer the console shows over the
DIE buttons, and reads an arrow or function key whole, never as Esc."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from companion.config import defaults
from companion.devices.emulator import event_for_key, read_key
from companion.devices.inputs import ButtonEvent
from companion.emulate import Emulator, text_view
from companion.engine import Module
from companion.modules.duels.rules import ID as LOOK_ME_IN_THE_EYES
from companion.modules.duels.rules import DuelsPlayer
from companion.modules.posse.rules import ID as NEW_POSSE
from companion.modules.rage.rules import ID as TWO_BULLETS
from companion.modules.rage.rules import RagePlayer
from companion.table.play import TablePlay
from companion.table.story import FACE_LABELS
from companion.table.view import SeatView, TableView

from .table.driver import SETUP_5, next_buttons

UNDEAD = frozenset({LOOK_ME_IN_THE_EYES, TWO_BULLETS, NEW_POSSE})
KEYS = {"ROLL": " ", "DONE": "\r", "UNDO": "z"} | {f"DIE{n}": str(n) for n in range(1, 7)}
KEYS |= {f"SEAT{n}": key for n, key in enumerate("asdfghjk", start=1)}


def type_key(emulator: Emulator, button: str, at: float) -> str:
    """The key a player types for ``button``, read as the terminal reads it; the screen after."""
    event = event_for_key(KEYS[button])
    assert event == ButtonEvent(button, "press", "keyboard")
    emulator.press(event, at=at)
    assert emulator.session.flash is None, (button, emulator.session.flash)
    return text_view(emulator.session.view())


def seat_line(screen: str, seat: SeatView) -> str:
    (line,) = [x for x in screen.splitlines() if x.startswith(f"Seat {seat.number} ")]
    return line


def shows_what_the_panels_show(screen: str, view: TableView, play: TablePlay) -> None:
    for seat in view.seats:
        if not seat.playing:
            continue
        line = seat_line(screen, seat)
        p = play.game.players[play.seats.index(seat.number)]
        cards = RagePlayer.of(p)
        assert ("Chief's Arrow" in line) == bool(seat.tokens), line
        for token in DuelsPlayer.of(p).wounds:
            assert FACE_LABELS[token] in line.split("Wound tokens: ")[1], line
        assert ("Rage cards face down: " in line) == bool(cards.rage_held), line
        if cards.rage_held:
            assert f"Rage cards face down: {cards.rage_held}" in line
        if cards.rage_symbols:
            revealed = line.split("Rage revealed: ")[1]
            assert revealed.startswith(", ".join(FACE_LABELS[s] for s in cards.rage_symbols))
        # Issue 35: the real cards' chores, in the panel's words (the badge: DRAW RAGE CARD)
        for chore in filter(None, seat.chore.split("; ")):
            assert chore.upper() in line, (chore, line)
    for i, option in enumerate(view.console.picker, start=1):
        assert f"{i}: {FACE_LABELS.get(option, option)}" in screen


def play_by_keys(tmp_path: Path, modules: frozenset[Module], seed: int, until=None) -> dict:
    """A game of five people set up and played by keys on the terminal emulator, the screen
    checked after every key; what it showed, counted."""
    config = defaults(tmp_path / "state", 5)
    config.table.modules = modules
    emulator = Emulator(config, seed=seed, scripted=True)
    session = emulator.session
    rng = random.Random(seed)
    seen = {"chief": 0, "wounds": 0, "rage held": 0, "rage revealed": 0, "picker": 0, "chore": 0}
    count = 0
    for button in [*SETUP_5, "ROLL", "DONE"]:
        count += 1
        type_key(emulator, button, float(count))
    play = session.play
    assert play is not None
    while not play.game.over and count < 5_000:
        for button in next_buttons(session, rng):
            count += 1
            screen = type_key(emulator, button, float(count))
            view = session.view()
            shows_what_the_panels_show(screen, view, play)
            players = play.game.players
            seen["chief"] += any(s.tokens for s in view.seats)
            seen["wounds"] += any(DuelsPlayer.of(p).wounds for p in players)
            seen["rage held"] += any(RagePlayer.of(p).rage_held for p in players)
            seen["rage revealed"] += any(RagePlayer.of(p).rage_symbols for p in players)
            seen["picker"] += bool(view.console.picker)
            seen["chore"] += any(s.chore for s in view.seats)
        if until is not None and seen[until]:
            break
        play = session.play
        assert play is not None
    emulator.close()
    seen["over"] = play.game.over
    return seen


def test_the_terminal_plays_a_whole_undead_or_alive_game_showing_wounds_and_rage(
    tmp_path: Path,
) -> None:
    seen = play_by_keys(tmp_path, UNDEAD, seed=3)
    assert seen["over"], "the game did not end"
    assert seen["wounds"] and seen["rage held"] and seen["rage revealed"] and seen["picker"]


def test_the_terminal_says_every_chore_with_the_real_rage_cards_and_wounds(
    tmp_path: Path,
) -> None:
    """Issue 35: the story said "1 draws a Rage card" and the seat line only "Rage cards face
    down: N"; the panels' chores (DRAW RAGE CARD, +WOUND: BEER, DISCARD 2 RAGE...) are on the
    seat's line too, from the same view the panels draw."""
    seen = play_by_keys(tmp_path, UNDEAD, seed=3)
    assert seen["chore"] and seen["over"]


def test_the_terminal_shows_the_chiefs_arrow(tmp_path: Path) -> None:
    seen = play_by_keys(tmp_path, frozenset({Module("old_saloon.2")}), seed=5, until="chief")
    assert seen["chief"]


@pytest.fixture
def pipe():
    read_end, write_end = os.pipe()
    yield read_end, write_end
    os.close(read_end)
    os.close(write_end)


def test_arrow_and_function_keys_are_read_whole_not_as_esc(pipe) -> None:
    read_end, write_end = pipe
    # up arrow, F5, F1 (the "O" form), then Space, then a lone Esc
    os.write(write_end, b"\x1b[A\x1b[15~\x1bOP ")
    assert [read_key(read_end, 0) for _ in range(3)] == [[], [], []]
    assert read_key(read_end, 0) == [ButtonEvent("ROLL", "press", "keyboard")]
    os.write(write_end, b"\x1b")
    with pytest.raises(SystemExit):
        read_key(read_end, 0)
