"""Start over on purpose: holding UNDO, then DONE, ends the game in progress; its journal is kept,
marked abandoned, and still replays; the table sets up anew with the same seats. Nothing else
ends a game."""

from __future__ import annotations

from pathlib import Path

from gpiozero.pins.mock import MockFactory

from companion.cli import main
from companion.devices.buttons import ButtonPins, GpioButtons
from companion.devices.inputs import InputQueue
from companion.table import TableConfig, TableSession, read_journal
from companion.table.journal import journals
from companion.table.play import TablePlay

from .driver import CHARACTERS_5, SETUP_5


def playing(tmp_path: Path) -> TableSession:
    session = TableSession(TableConfig(seats=6, state_dir=tmp_path), seed=7)
    session.start()
    for at, button in enumerate([*SETUP_5, *CHARACTERS_5, "ROLL"], start=1):
        session.handle(button, "press", float(at))
    assert session.play is not None and session.flash is None
    return session


def test_holding_undo_then_done_ends_the_game_and_keeps_its_journal(tmp_path: Path, capsys) -> None:
    session = playing(tmp_path)
    path = journals(tmp_path / "games")[-1]
    game = session.play.game.to_json()
    session.handle("UNDO", "hold", 100.0)
    console = session.view().console
    assert console.title == "Start over?" and console.prompt.startswith("DONE: end this game")
    session.handle("DONE", "press", 101.0)
    assert session.play is None and session.setup is not None
    assert session.setup.joined == [1, 2, 3, 4, 5]  # the same seats, a new set-up
    contents = read_journal(path)
    assert contents.finished and contents.abandoned
    assert TablePlay.replay(contents, path).game.to_json() == game
    assert main(["replay", str(path)]) == 0
    assert "abandoned" in capsys.readouterr().out
    # Power on again: the abandoned game is not resumed.
    again = TableSession(TableConfig(seats=6, state_dir=tmp_path))
    again.start()
    assert again.play is None and again.setup.stage == "join"


def test_any_other_press_after_the_hold_keeps_the_game(tmp_path: Path) -> None:
    session = playing(tmp_path)
    game = session.play.game.to_json()
    session.handle("UNDO", "hold", 100.0)
    session.handle("ROLL", "press", 101.0)
    assert session.flash == "The game goes on."
    assert session.play is not None and session.play.game.to_json() == game
    assert not read_journal(journals(tmp_path / "games")[-1]).finished


def test_a_press_of_undo_only_steps_back(tmp_path: Path) -> None:
    session = playing(tmp_path)
    session.handle("UNDO", "press", 100.0)
    session.handle("DONE", "press", 101.0)
    assert session.play is not None and session.play.game.roll_count == 0


def test_a_short_hold_of_undo_is_a_press_not_the_gesture(mock_factory: MockFactory) -> None:
    """On the box UNDO's hold takes three seconds: held as long as a seat's menu hold, it is an
    ordinary press when released."""
    queue = InputQueue()
    pins = ButtonPins({"UNDO": 13, "SEAT1": 17}, hold_time=0.01, undo_hold_time=60)
    with GpioButtons(pins, queue):
        undo, seat = mock_factory.pin(13), mock_factory.pin(17)
        undo.drive_low()
        seat.drive_low()  # held together: the seat's hold comes, UNDO's does not
        event = queue.get(timeout=30)
        assert (event.button, event.kind) == ("SEAT1", "hold")
        undo.drive_high()
        seat.drive_high()
        event = queue.get(timeout=30)
        assert (event.button, event.kind) == ("UNDO", "press")
        assert queue.get(timeout=0.05) is None


def test_undo_before_the_first_roll_goes_back_into_the_set_up(tmp_path: Path) -> None:
    """A wrong character (or Sheriff) is mended like any other step: UNDO takes back the last
    pick, and further UNDOs walk back through the set-up; the game's journal is kept."""
    session = TableSession(TableConfig(seats=6, state_dir=tmp_path), seed=7)
    session.start()
    for at, button in enumerate([*SETUP_5, *CHARACTERS_5], start=1):
        session.handle(button, "press", float(at))
    assert session.play is not None
    session.handle("UNDO", "press", 50.0)
    assert session.play is None and session.setup.picker == 5
    assert 5 not in session.setup.characters
    for at in range(51, 56):
        session.handle("UNDO", "press", float(at))
    assert session.setup.stage == "roles"  # the Sheriff can be chosen again
    assert read_journal(journals(tmp_path / "games")[-1]).abandoned
