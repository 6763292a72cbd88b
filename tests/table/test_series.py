"""Wild West Legacy at the table: games in a row by button presses, kept on disk and listed.

The second set-up skips what the first game decided (the seats, the Sheriff or the surviving
Sheriff's appointment, the survivors' characters), so it takes a few presses.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.cli import main
from companion.config import defaults
from companion.emulate import Emulator
from companion.engine import CHARACTERS, NextGame, Role, result_of
from companion.modules.legacy.rules import ID as WILD_WEST_LEGACY
from companion.modules.legacy.rules import LegacySetup
from companion.table import TableConfig, TableSession
from companion.table.series import SERIES_FILE, SeriesError, listing, load
from companion.table.setup_flow import SetupFlow, character_order

from .driver import CHARACTERS_5, SETUP_5, EmulatorPresses, next_buttons
from .test_session import Clock, play_to_the_end, press_all

CHARACTER_ORDER = character_order(frozenset())  # the base game's sixteen

LEGACY = frozenset({WILD_WEST_LEGACY})


def legacy_session(tmp_path: Path, roles: str = "physical") -> tuple[TableSession, Clock]:
    session = TableSession(
        TableConfig(seats=6, roles=roles, state_dir=tmp_path, modules=LEGACY), seed=7
    )
    session.start()
    clock = Clock()
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    return session, clock


def test_a_series_of_two_games_by_presses_the_second_sheriff_is_the_first_ones_killer(
    tmp_path: Path,
) -> None:
    session, clock = legacy_session(tmp_path)
    play_to_the_end(session, clock, seed=0)  # seat 5 shoots the Sheriff
    first = session.play
    assert first is not None
    result = result_of(first.game)
    assert result.sheriff_killer == 4 and not result.sheriff_alive

    press_all(session, ["ROLL"], clock)  # the next game of the series
    flow = session.setup
    assert flow is not None and flow.stage == "characters"  # seats and Sheriff: decided
    assert list(flow.roles) == [5]  # seat 5 holds the Sheriff card
    survivors = [s for s in range(5) if s not in result.eliminated]
    for s in survivors:
        assert flow.characters[s + 1] == result.characters[s]  # kept without a press
    press_all(session, ["ROLL", "DONE"], clock)  # the eliminated draw unused characters
    second = session.play
    assert second is not None and second.seats == [1, 2, 3, 4, 5]
    setup = second.game.setup
    assert setup.sheriff_seat() == 4 and second.game.players[4].revealed
    for s in result.eliminated:
        assert setup.characters[s] not in result.characters
    assert session.view().seats[4].sheriff

    play_to_the_end(session, clock, seed=1)
    press_all(session, ["ROLL"], clock)
    games = load(tmp_path)
    assert [g.series for g in games] == [1, 1]
    assert [g.result.characters for g in games] == [result.characters, setup.characters]
    lines = listing(games)
    assert len(lines) == 2 and "series 1" in lines[1]
    assert CHARACTERS[setup.characters[0]].title in lines[1]


def test_a_surviving_sheriff_appoints_another_who_then_has_a_bullet_more(tmp_path: Path) -> None:
    session, clock = legacy_session(tmp_path)
    play_to_the_end(session, clock, seed=2)  # the Sheriff (seat 2) survives
    press_all(session, ["ROLL"], clock)
    assert session.setup is not None and session.setup.stage == "roles"
    assert "Sheriff (seat 2) appoints" in session.view().console.prompt
    press_all(session, ["SEAT4", "ROLL", "DONE"], clock)
    game = session.play.game  # type: ignore[union-attr]
    assert game.setup.sheriff_seat() == 3 and LegacySetup.of(game.setup).legacy_bullet == 1
    assert game.players[1].max_life == CHARACTERS[game.players[1].character].life + 1


def test_without_wild_west_legacy_each_game_starts_its_own_series(tmp_path: Path) -> None:
    session = TableSession(TableConfig(seats=6, state_dir=tmp_path), seed=7)
    session.start()
    clock = Clock()
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    play_to_the_end(session, clock, seed=0)
    press_all(session, ["ROLL"], clock)
    assert session.setup is not None and session.setup.legacy is None
    assert [g.series for g in load(tmp_path)] == [1]


def test_bang_companion_games_lists_date_players_characters_and_winners(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session, clock = legacy_session(tmp_path)
    play_to_the_end(session, clock, seed=0)
    press_all(session, ["ROLL"], clock)
    assert main(["games", "--state-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "series 1" in out and "5 players" in out and "Outlaws win" in out
    assert main(["games", "--state-dir", str(tmp_path / "empty")]) == 0
    assert "No finished game" in capsys.readouterr().out


def test_an_unreadable_series_file_is_named_and_kept(tmp_path: Path) -> None:
    (tmp_path / SERIES_FILE).write_text("{not json")
    with pytest.raises(SeriesError, match=f"{SERIES_FILE}: not readable"):
        load(tmp_path)
    assert main(["games", "--state-dir", str(tmp_path)]) == 2
    assert (tmp_path / SERIES_FILE).read_text() == "{not json"


def test_a_series_of_two_games_is_played_by_presses_in_the_emulator(tmp_path: Path) -> None:
    """The emulator, pressed like the box: the second set-up takes its Sheriff from the seat
    that eliminated the first game's Sheriff, and starts past the seats and the Sheriff."""
    config = defaults(tmp_path, 6)
    config.table.modules = LEGACY
    emulator = Emulator(config, seed=7)
    session = emulator.session
    press = EmulatorPresses(emulator)

    for button in SETUP_5 + CHARACTERS_5:
        press(button)
    rng = random.Random(0)
    while session.play is not None and not session.play.game.over:
        for button in next_buttons(session, rng):
            press(button)
    assert session.play is not None
    result = result_of(session.play.game)
    assert result.sheriff_killer is not None and not result.sheriff_alive
    press("ROLL")  # the next game of the series
    assert session.setup is not None and session.setup.stage == "characters"
    press("ROLL")
    press("DONE")
    second = session.play
    assert second is not None
    assert second.game.setup.sheriff_seat() == result.sheriff_killer
    assert emulator.session.view().seats[second.seats[result.sheriff_killer] - 1].sheriff
    emulator.close()


def test_a_surviving_sheriff_the_box_plays_appoints_at_once_and_undo_takes_it_back(
    tmp_path: Path,
) -> None:
    """Ruling UA5 with the box's seat as the surviving Sheriff: its player's rule appoints
    (keep the star), said on the console; UNDO leaves the choice to the people's press, and a
    restart replays the set-up journal to the same Sheriff."""
    session, clock = legacy_session(tmp_path)
    play_to_the_end(session, clock, seed=2)  # the Sheriff (seat 2) survives
    press_all(session, ["ROLL"], clock)
    session.handle("SEAT2", "hold", clock())  # seat 2 is the box's now: it appoints at once
    flow = session.setup
    assert flow is not None and flow.stage == "characters"
    assert flow.roles[2] is Role.SHERIFF
    assert "Series: the box's Sheriff (seat 2) appoints seat 2" in session.view().console.story

    press_all(session, ["UNDO"], clock)  # taken back: the people press the seat
    assert session.setup is not None and session.setup.stage == "roles"
    assert "Sheriff (seat 2) appoints" in session.view().console.prompt
    press_all(session, ["SEAT4"], clock)
    assert session.setup is not None and session.setup.roles[4] is Role.SHERIFF

    again = TableSession(
        TableConfig(seats=6, roles="physical", state_dir=tmp_path, modules=LEGACY), seed=7
    )
    again.start()  # the set-up journal replayed: hold, the box's choice, UNDO, SEAT4
    assert again.setup is not None and again.setup.roles[4] is Role.SHERIFF
    assert again.setup.bots == [2]
    press_all(again, ["ROLL", "DONE"], clock)
    game = again.play.game  # type: ignore[union-attr]
    assert game.setup.sheriff_seat() == 3 and LegacySetup.of(game.setup).legacy_bullet == 1


def test_the_box_as_surviving_sheriff_appoints_as_the_series_set_up_is_made() -> None:
    """The box's seats come from the set-up's header (the last game's): its surviving Sheriff
    appoints as the set-up is made, and the first UNDO takes that back alone."""
    nxt = NextGame(
        players=5,
        sheriff=None,
        appointer=1,
        new_character=(0,),
        may_keep=(1, 2, 3, 4),
        previous=tuple(CHARACTER_ORDER[:5]),
    )
    flow = SetupFlow(seats=6, joined=[1, 2, 3, 4, 5], bots=[2], modules=LEGACY, legacy=nxt)
    assert flow.stage == "characters" and flow.roles[2] is Role.SHERIFF
    assert flow.said == "Series: the box's Sheriff (seat 2) appoints seat 2"
    flow.press("UNDO")
    assert flow.stage == "roles" and not flow.roles and flow.said == ""
    flow.press("SEAT5")
    assert flow.roles[5] is Role.SHERIFF
