"""Every mode of the table has a way out by the buttons, said on the console: holding UNDO
asks "Start over?" everywhere, and DONE then ends the game in progress (a set-up at the same
seats follows) or, at set-up and on the game over screen, sets up afresh: seats, modules and
characters chosen anew, a Wild West Legacy series left. Issue 23: after a series game the table
was trapped in "Series: Sheriff (seat 1) appoints"."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.engine import Module
from companion.modules.legacy.rules import LegacySetup
from companion.table import TableConfig, TableSession
from companion.table.series import load

from .driver import CHARACTERS_5, SETUP_5, next_buttons
from .test_series import LEGACY, legacy_session
from .test_session import Clock, play_to_the_end, press_all


def hold(session: TableSession, button: str, clock: Clock) -> None:
    session.handle(button, "hold", clock())
    assert session.refused is None, f"hold {button} refused: {session.refused}"


def start_afresh(session: TableSession, clock: Clock) -> None:
    """Hold UNDO, then DONE; a second time after a game in progress (its seats come first)."""
    for _ in range(2):
        hold(session, "UNDO", clock)
        assert session.view().console.title == "Start over?"
        press_all(session, ["DONE"], clock)
        if session.fresh():
            return
    raise AssertionError("not a fresh set-up after starting over twice")


def assert_fresh(session: TableSession, config: TableConfig) -> None:
    flow = session.setup
    assert session.play is None and flow is not None
    assert flow.stage == "join" and flow.joined == [] and flow.legacy is None
    assert flow.modules == config.modules and flow.characters == {}
    assert "seats press to join" in session.view().console.prompt
    # A restart shows the same fresh set-up: it is on disk.
    again = TableSession(config, seed=7)
    again.start()
    assert again.fresh() and again.setup is not None and again.setup.legacy is None


def test_a_legacy_series_of_two_games_is_left_by_buttons_for_other_seats_and_modules(
    tmp_path: Path,
) -> None:
    session, clock = legacy_session(tmp_path)
    play_to_the_end(session, clock, seed=0)
    press_all(session, ["ROLL", "ROLL", "DONE"], clock)  # the series' second game
    play_to_the_end(session, clock, seed=1)
    press_all(session, ["ROLL"], clock)  # the third set-up of the series
    flow = session.setup
    assert flow is not None and flow.legacy is not None
    # The trap of issue 23, each refusal now naming the way out.
    session.handle("SEAT6", "press", clock())
    assert session.refused is not None and "hold UNDO" in session.refused
    start_afresh(session, clock)
    assert session.story == "A fresh set-up: seats press to join"
    assert_fresh(session, session.config)

    # Other seats, other modules: Old Saloon 1 on, Wild West Legacy off (DIE6: the next page).
    press_all(session, ["SEAT2", "SEAT3", "SEAT4", "SEAT6", "DIE1", "DIE6", "DIE5"], clock)
    press_all(session, ["DONE", "SEAT3", "DIE1", "DIE1", "DIE1", "DIE1"], clock)
    play = session.play
    assert play is not None and play.seats == [2, 3, 4, 6]
    assert play.game.setup.modules == {Module("old_saloon.1")}
    assert [g.series for g in load(tmp_path)] == [1, 1]


def test_a_fresh_set_up_at_the_seats_of_a_series_starts_a_new_series(tmp_path: Path) -> None:
    """Leaving a series and sitting down again at the same seats begins another series."""
    session, clock = legacy_session(tmp_path)
    play_to_the_end(session, clock, seed=0)
    start_afresh(session, clock)  # from the game over screen
    press_all(session, [*SETUP_5, *CHARACTERS_5], clock)
    assert (
        session.play is not None and LegacySetup.of(session.play.game.setup).legacy_bullet is None
    )
    play_to_the_end(session, clock, seed=1)
    assert [g.series for g in load(tmp_path)] == [1, 2]


def in_the_join(session: TableSession, clock: Clock) -> None:
    press_all(session, ["SEAT1", "SEAT2", "DIE2"], clock)


def in_the_roles(session: TableSession, clock: Clock) -> None:
    press_all(session, SETUP_5[:-1], clock)


def asked_the_sheriffs_card(session: TableSession, clock: Clock) -> None:
    press_all(session, [*SETUP_5[:5], "DIE3", "DONE", "SEAT2"], clock)  # cards mixed
    assert session.view().console.prompt.startswith("Sheriff's card")


def in_the_characters(session: TableSession, clock: Clock) -> None:
    press_all(session, [*SETUP_5, "DIE1"], clock)


def asked_to_start_over_at_set_up(session: TableSession, clock: Clock) -> None:
    in_the_characters(session, clock)
    assert session.setup is not None
    picker = session.setup.picker
    hold(session, "UNDO", clock)
    session.handle("SEAT4", "press", clock())  # any other button: back, the set-up unchanged
    assert session.flash == "Nothing changed." and session.setup is not None
    assert session.setup.picker == picker and session.view().console.title != "Start over?"
    hold(session, "UNDO", clock)


def in_play(session: TableSession, clock: Clock) -> None:
    press_all(session, [*SETUP_5, *CHARACTERS_5, "ROLL"], clock)


def in_a_menu(session: TableSession, clock: Clock) -> None:
    in_play(session, clock)
    hold(session, "SEAT3", clock)
    assert session.menu == 3


def in_the_history(session: TableSession, clock: Clock) -> None:
    in_play(session, clock)
    rng = random.Random(1)
    while not session.history.lines:
        press_all(session, next_buttons(session, rng), clock)
    hold(session, "DONE", clock)
    assert session.looking_back == 0


def asked_to_end_the_game(session: TableSession, clock: Clock) -> None:
    in_play(session, clock)
    hold(session, "UNDO", clock)


def at_game_over(session: TableSession, clock: Clock) -> None:
    press_all(session, [*SETUP_5, *CHARACTERS_5], clock)
    play_to_the_end(session, clock, seed=0)


SIX = ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "SEAT6", "DONE", "SEAT2", *["DIE1"] * 6]


def asked_a_role_at_the_end(session: TableSession, clock: Clock) -> None:
    press_all(session, SIX, clock)
    play_to_the_end(session, clock, seed=0)  # the Outlaws win; four living cards unseen
    assert "your role card?" in session.view().console.prompt


def at_the_next_set_up(session: TableSession, clock: Clock) -> None:
    at_game_over(session, clock)
    press_all(session, ["ROLL"], clock)
    assert session.setup is not None and session.setup.joined == [1, 2, 3, 4, 5]


def in_a_series(session: TableSession, clock: Clock) -> None:
    at_the_next_set_up(session, clock)
    assert session.setup is not None and session.setup.legacy is not None


def while_the_box_chooses(session: TableSession, clock: Clock) -> None:
    press_all(session, ["SEAT1", "SEAT2", "SEAT3", "SEAT4"], clock)
    for seat in ("SEAT1", "SEAT2", "SEAT3"):
        hold(session, seat, clock)  # the box's
    press_all(session, ["DONE", "ROLL", "DIE1"], clock)  # seat 4 picks; the box its own
    rng = random.Random(2)
    while session.box_wait(clock.now) is None:
        press_all(session, next_buttons(session, rng), clock)


MODES: dict[str, tuple[Callable[[TableSession, Clock], None], frozenset[Module]]] = {
    "joining": (in_the_join, frozenset()),
    "roles": (in_the_roles, frozenset()),
    "The Bear's question": (asked_the_sheriffs_card, frozenset()),
    "characters": (in_the_characters, frozenset()),
    "start over? at set-up": (asked_to_start_over_at_set_up, frozenset()),
    "a turn": (in_play, frozenset()),
    "a seat's menu": (in_a_menu, frozenset()),
    "the history": (in_the_history, frozenset()),
    "start over? in a game": (asked_to_end_the_game, frozenset()),
    "game over": (at_game_over, frozenset()),
    "a role asked at the end": (asked_a_role_at_the_end, frozenset()),
    "the next game's set-up": (at_the_next_set_up, frozenset()),
    "a Wild West Legacy series": (in_a_series, LEGACY),
    "the box choosing": (while_the_box_chooses, frozenset()),
}


@pytest.mark.parametrize("mode", list(MODES))
def test_every_mode_of_the_table_is_left_for_a_fresh_set_up_by_presses_alone(
    tmp_path: Path, mode: str
) -> None:
    reach, modules = MODES[mode]
    config = TableConfig(seats=6, state_dir=tmp_path, modules=modules)
    session = TableSession(config, seed=7)
    session.start()
    clock = Clock()
    reach(session, clock)
    if session.asked_to_end:
        press_all(session, ["DONE"], clock)
    if not session.fresh():
        start_afresh(session, clock)
    assert_fresh(session, config)


def test_a_fresh_set_up_refuses_to_start_over_and_says_how_to_begin(tmp_path: Path) -> None:
    session = TableSession(TableConfig(seats=6, state_dir=tmp_path), seed=7)
    session.start()
    session.handle("UNDO", "hold", 1.0)
    assert session.refused == "This set-up is fresh: seats press to join, then DONE."
    session.handle("UNDO", "press", 2.0)
    assert session.refused == "Nothing to undo: hold UNDO to set up afresh."


def test_the_box_choosing_waits_while_the_table_is_asked_to_start_over(tmp_path: Path) -> None:
    session = TableSession(TableConfig(seats=6, state_dir=tmp_path), seed=7)
    session.start()
    clock = Clock()
    while_the_box_chooses(session, clock)
    hold(session, "UNDO", clock)
    assert session.box_wait(clock.now) is None  # the box makes no choice while the table decides
    session.handle("SEAT2", "press", clock())
    assert session.flash == "The game goes on." and session.box_wait(clock.now) is not None


def test_a_game_over_screen_left_afresh_keeps_the_game_listed_and_its_journal_ended(
    tmp_path: Path,
) -> None:
    from companion.table import read_journal
    from companion.table.journal import journals

    session = TableSession(TableConfig(seats=6, state_dir=tmp_path), seed=7)
    session.start()
    clock = Clock()
    at_game_over(session, clock)
    name = journals(tmp_path / "games")[-1]
    start_afresh(session, clock)
    assert read_journal(name).finished and [g.journal for g in load(tmp_path)] == [name.name]
    rng = random.Random(0)
    assert next_buttons  # the same driver plays the next game
    press_all(session, [*SETUP_5, *CHARACTERS_5], clock)
    while not session.play.game.over:  # type: ignore[union-attr]
        press_all(session, next_buttons(session, rng), clock)
    assert len(load(tmp_path)) == 2


def test_the_series_trap_of_issue_23_now_names_its_way_out_on_the_console(tmp_path: Path) -> None:
    """The new user's keys: after a series game, UNDO, another seat, hold UNDO, a restart with
    other seats; each now says what it does, and hold UNDO then DONE leaves the series."""
    session, clock = legacy_session(tmp_path)
    play_to_the_end(session, clock, seed=2)  # the Sheriff (seat 2) survives: he appoints
    press_all(session, ["ROLL"], clock)
    console = session.view().console
    assert console.prompt == "Series: Sheriff (seat 2) appoints: press a seat. Hold UNDO: leave"
    session.handle("UNDO", "press", clock())
    assert session.view().console.flash == "Nothing to undo: hold UNDO to set up afresh."
    session.handle("SEAT6", "press", clock())
    assert session.view().console.flash == "Seat 6 is not in this series: hold UNDO to leave it."
    # A restart, with other seats: the series' set-up is still there, and still left by UNDO.
    again = TableSession(TableConfig(seats=8, state_dir=tmp_path, modules=LEGACY), seed=7)
    again.start()
    assert again.view().console.prompt == console.prompt
    hold(again, "UNDO", clock)
    console = again.view().console
    assert (console.title, console.prompt) == (
        "Start over?",
        "DONE: leave the series, set up afresh; any other button: back",
    )
    press_all(again, ["DONE"], clock)
    assert again.view().console.story == "A fresh set-up: seats press to join"
    assert again.fresh() and again.setup is not None and again.setup.legacy is None
    press_all(again, ["SEAT7", "SEAT8", "SEAT1", "SEAT2", "DONE", "SEAT8"], clock)
    assert again.setup.stage == "characters" and again.setup.joined == [1, 2, 7, 8]
