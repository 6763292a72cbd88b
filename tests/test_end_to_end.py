"""A complete 5-player game played only by pressing the box's GPIO buttons (gpiozero's mock
pins, wired as in hardware/config.example.toml), through the same queue and loop as on the Pi.

The pictures at three moments are compared with reviewed references in tests/golden_e2e/;
``UPDATE_GOLDEN=1`` rewrites them. The set-up's first page counts the pages of modules
installed: its reference is of the box's own, or of as many pages as an expansion from outside
makes (``1-set-up-3-pages``: the example module's, ``scripts/test``'s second run).
"""

from __future__ import annotations

import os
import random
import threading
import time
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory
from PIL import Image, ImageChops

from companion.config import load
from companion.devices.buttons import ButtonPins, GpioButtons
from companion.devices.inputs import InputQueue
from companion.loop import Companion
from companion.panels import compose_table
from companion.table import TableSession, read_journal
from companion.table.journal import journals
from companion.table.play import TablePlay
from companion.table.prompts import module_pages

from .installed_modules import OUTSIDE
from .table.driver import CHARACTERS_5, SETUP_5, next_buttons

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).parent / "golden_e2e"


def check_picture(name: str, picture: Image.Image) -> None:
    path = GOLDEN / f"{name}.png"
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        picture.save(path)
    reference = Image.open(path).convert("RGB")
    assert reference.size == picture.size
    assert ImageChops.difference(reference, picture.convert("RGB")).getbbox() is None, name


def test_a_whole_game_by_gpio_button_presses(mock_factory: MockFactory, tmp_path: Path) -> None:
    config = load(ROOT / "hardware" / "config.example.toml")
    config.table.state_dir = tmp_path
    config.table.double_press = 0.0  # mock presses come microseconds apart
    pins = ButtonPins.from_config(config.buttons, config.seats)
    queue = InputQueue()
    shown: dict[str, Image.Image] = {}

    def pictures(seats: list[Image.Image], console: Image.Image) -> None:
        shown["table"] = compose_table(seats, console)
        shown["seat2"] = seats[1]

    session = TableSession(config.table, seed=17)
    session.start()
    companion = Companion(session, config.console_width, pictures=[pictures])
    companion.refresh()

    def press(button: str) -> None:
        pin = mock_factory.pin(pins.pins[button])
        pin.drive_low()
        pin.drive_high()
        assert companion.pump(queue) == 1
        assert session.flash is None, f"{button}: {session.flash}"

    with GpioButtons(pins, queue):
        pages = f"-{len(module_pages())}-pages" if OUTSIDE else ""
        check_picture(f"1-set-up{pages}", shown["table"])
        for button in SETUP_5 + CHARACTERS_5:
            press(button)
        check_picture("2-first-turn", shown["table"])
        play = session.play
        assert play is not None and len(play.game.players) == 5
        rng = random.Random(4)
        presses = 0
        checked = False
        while not play.game.over:
            for button in next_buttons(session, rng):
                press(button)
                presses += 1
            if presses > 25 and not checked:
                checked = True
                check_picture("3-mid-game", shown["table"])
        check_picture("4-game-over", shown["table"])

    winners = [s for s in session.view().seats if s.winner]
    assert winners and play.game.side is not None
    path = journals(tmp_path / "games")[-1]
    replayed = TablePlay.replay(read_journal(path), path)
    assert replayed.game.to_json() == play.game.to_json()


def test_presses_and_a_hold_from_another_thread_reach_the_session_in_order(
    mock_factory: MockFactory, tmp_path: Path
) -> None:
    """gpiozero calls back on its own threads: the loop must see every press, in order."""
    config = load(ROOT / "hardware" / "config.example.toml")
    config.table.state_dir = tmp_path
    config.table.double_press = 0.0
    pins = ButtonPins.from_config(config.buttons, config.seats)
    pins = ButtonPins(pins.pins, hold_time=1.5, bounce_time=None)
    queue = InputQueue()
    session = TableSession(config.table, seed=17)
    session.start()
    companion = Companion(session, config.console_width)
    held = threading.Event()

    def player() -> None:
        for button in SETUP_5 + CHARACTERS_5:
            pin = mock_factory.pin(pins.pins[button])
            pin.drive_low()
            pin.drive_high()
        pin = mock_factory.pin(pins.pins["SEAT3"])
        pin.drive_low()  # held until the session shows seat 3's menu
        held.wait(10)
        pin.drive_high()

    with GpioButtons(pins, queue):
        thread = threading.Thread(target=player)
        thread.start()
        handled = 0
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not held.is_set():
            handled += companion.pump(queue, timeout=0.05)
            assert session.flash is None, session.flash
            if session.menu == 3:
                held.set()
        thread.join(10)
    assert handled == len(SETUP_5 + CHARACTERS_5) + 1
    assert session.play is not None and session.play.seats == [1, 2, 3, 4, 5]
    seat3 = session.view().seats[2]
    assert seat3.note and seat3.name  # the hold opened the menu: the character's ability
