"""Each part of the table session alone, on a real state: a real configuration, a real state
folder on disk, a real engine and journal. The box's seats on a clock the test owns; the
lifecycle resuming what a real game wrote; the presses turning a button into a step; the
view, a function of the state."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from companion.engine import Game, Roll, deal
from companion.table import TableConfig, read_journal, series
from companion.table.box_seats import BoxSeats
from companion.table.buttons import BUTTONS
from companion.table.journal import journals
from companion.table.lifecycle import Lifecycle
from companion.table.play import TablePlay
from companion.table.presses import Presses
from companion.table.session import table_view
from companion.table.session_state import SessionState
from companion.table.setup_journal import NAME as SETUP_FILE
from companion.table.setup_journal import read_setup

from .driver import buttons_for

SEATS = [1, 2, 3, 4, 5]
PAUSE = 2.0  # seconds the box waits before its choice, in these tests' configuration
BOX_STEPS = 3000  # more choices than any game of the box's alone takes


def state_in(folder: Path) -> SessionState:
    """A session's state on a real configuration and state folder."""
    return SessionState(TableConfig(seats=5, state_dir=folder, bot_pause=PAUSE))


def box_game(folder: Path, seed: int, box: list[int]) -> TablePlay:
    """A real game of five, its roles dealt, the box playing the seats ``box``, its journal in
    ``folder``."""
    return TablePlay.new(deal(5, seed), SEATS, folder, "dealt", {s: "rules" for s in box})


def box_plays_on(play: TablePlay, steps: int) -> None:
    """The box's players make ``steps`` choices (fewer if the game ends first)."""
    for _ in range(steps):
        if not play.box_owes():
            return
        play.box_move()


# ------------------------------------------------------------------------- the box's seats


def test_the_box_waits_its_pause_on_the_clock_it_is_given(tmp_path: Path) -> None:
    state = state_in(tmp_path)
    state.play = box_game(tmp_path, 3, SEATS)  # the box plays every seat: it owes a choice
    box = BoxSeats(state)
    assert box.wait(100.0) is None  # nothing scheduled yet
    box.schedule(100.0)
    assert box.wait(100.0) == PAUSE
    assert box.wait(100.5) == PAUSE - 0.5
    box.schedule(101.0)  # the pause already runs: scheduling again does not restart it
    assert box.wait(101.0) == PAUSE - 1.0
    assert box.wait(100.0 + PAUSE) == 0.0
    assert box.wait(500.0) == 0.0


def test_a_choice_owed_since_a_resume_waits_its_pause_from_the_next_time_given(
    tmp_path: Path,
) -> None:
    state = state_in(tmp_path)
    state.play = box_game(tmp_path, 3, SEATS)
    box = BoxSeats(state)
    box.schedule(None)  # a resumed game: no time given yet
    assert box.wait(40.0) == PAUSE  # its pause starts at the first time given
    assert box.wait(41.0) == PAUSE - 1.0


def test_the_box_waits_while_the_table_is_asked_whether_the_game_goes_on(
    tmp_path: Path,
) -> None:
    state = state_in(tmp_path)
    state.play = box_game(tmp_path, 3, SEATS)
    box = BoxSeats(state)
    box.schedule(0.0)
    state.asked_to_end = True
    assert box.wait(10.0) is None
    state.asked_to_end = False
    assert box.wait(10.0) == 0.0


def test_the_box_owes_nothing_at_a_seat_a_person_plays(tmp_path: Path) -> None:
    state = state_in(tmp_path)
    play = box_game(tmp_path, 3, [])
    state.play = play
    box = BoxSeats(state)
    box.schedule(0.0)
    assert not play.box_owes() and box.wait(0.0) is None


def test_the_boxs_choice_is_journaled_told_and_the_next_one_scheduled(tmp_path: Path) -> None:
    state = state_in(tmp_path)
    play = box_game(tmp_path, 3, SEATS)
    state.play = play
    box = BoxSeats(state)
    box.schedule(0.0)
    steps = len(play.taken)
    events = box.step(PAUSE)
    assert events and len(play.taken) > steps
    assert play.taken[-1].box
    assert state.story and state.history.lines[-1].endswith(state.story)  # said, and kept
    assert state.flash is None  # no player failed
    recorded = read_journal(play.path)  # type: ignore[arg-type]
    assert [e.action for e in recorded.entries] == [s.action for s in play.taken]
    assert recorded.entries[-1].box
    # It owes the next choice at once (it plays every seat): its pause starts at this step.
    assert box.wait(PAUSE) == PAUSE


def test_the_box_plays_a_whole_game_alone_each_choice_after_its_pause(tmp_path: Path) -> None:
    state = state_in(tmp_path)
    play = box_game(tmp_path, 8, SEATS)
    state.play = play
    box = BoxSeats(state)
    now = 0.0
    box.schedule(now)
    for _ in range(BOX_STEPS):
        wait = box.wait(now)
        if wait is None:
            break
        assert wait == PAUSE  # each choice waited its whole pause on the test's clock
        now += wait
        box.step(now)
    assert play.game.over
    replayed = TablePlay.replay(read_journal(play.path), play.path)  # type: ignore[arg-type]
    assert replayed.game.to_json() == play.game.to_json()


# ----------------------------------------------------------------------------- the lifecycle


def test_the_lifecycle_resumes_the_game_a_real_journal_holds(tmp_path: Path) -> None:
    written = box_game(tmp_path, 5, SEATS)
    box_plays_on(written, 20)
    written.close()  # the process is gone: its journal is all that is left
    state = state_in(tmp_path)
    lifecycle = Lifecycle(state)
    lifecycle.start()
    play = state.play
    assert play is not None and state.setup is None
    assert play.game.to_json() == written.game.to_json()
    assert play.path == written.path and play.bots == written.bots
    # The story is told again from the steps: the last press's line, holding DONE pages back.
    assert len(state.history.lines) > 1 and state.story
    assert state.history.lines[-1].endswith(state.story)
    assert state.flash is None
    # The journal is open for more: a step taken now is in it.
    play.box_move()
    lifecycle.close()
    again = read_journal(play.path)  # type: ignore[arg-type]
    assert [e.action for e in again.entries] == [s.action for s in play.taken]


def test_the_lifecycle_resumes_the_set_up_its_journal_holds(tmp_path: Path) -> None:
    state = state_in(tmp_path)
    lifecycle = Lifecycle(state)
    lifecycle.start()  # an empty folder: a fresh set-up, its journal written
    assert state.setup is not None and state.play is None and lifecycle.fresh()
    assert (tmp_path / SETUP_FILE).exists()
    for button in ["SEAT1", "SEAT3", "SEAT4"]:
        trial = state.setup.trial()
        assert trial.press(button) is None
        lifecycle.save_setup_press(button)
        state.setup = trial
    lifecycle.close()
    assert read_setup(tmp_path / SETUP_FILE, BUTTONS).presses[-1] == ("SEAT4", "press")
    resumed = state_in(tmp_path)
    Lifecycle(resumed).start()
    assert resumed.setup is not None and resumed.setup.joined == [1, 3, 4]


def test_a_game_ended_before_its_next_set_up_was_written_gets_it_at_start(
    tmp_path: Path,
) -> None:
    """A power cut between a game's end (its journal closed) and the next set-up's file: the
    lifecycle makes that step at start, the game listed in the series, the same seats."""
    written = box_game(tmp_path, 8, SEATS)
    box_plays_on(written, BOX_STEPS)
    assert written.game.over
    written.finish()
    assert not (tmp_path / SETUP_FILE).exists()
    state = state_in(tmp_path)
    Lifecycle(state).start()
    assert state.play is None and state.setup is not None
    assert state.setup.joined == SEATS
    assert [g.journal for g in series.load(tmp_path)] == [written.path.name]  # type: ignore[union-attr]


def test_the_lifecycle_takes_a_finished_game_to_the_next_set_up(tmp_path: Path) -> None:
    state = state_in(tmp_path)
    lifecycle = Lifecycle(state)
    lifecycle.start()
    play = box_game(tmp_path, 8, SEATS)
    lifecycle.begin_play(play)
    box_plays_on(play, BOX_STEPS)
    assert play.game.over
    lifecycle.note_the_end()  # the series file follows the game the moment it is over
    assert [g.journal for g in series.load(tmp_path)] == [play.path.name]  # type: ignore[union-attr]
    lifecycle.next_game(play)
    assert state.play is None and state.setup is not None and state.setup.joined == SEATS
    lifecycle.close()
    # On disk: the game ended, the next set-up begun after it; a restart shows that set-up.
    assert read_journal(play.path).finished  # type: ignore[arg-type]
    resumed = state_in(tmp_path)
    Lifecycle(resumed).start()
    assert resumed.play is None and resumed.setup is not None
    assert resumed.setup.joined == SEATS


# -------------------------------------------------------------------------------- the presses


def pressing(tmp_path: Path, seed: int) -> tuple[SessionState, Presses, TablePlay]:
    """Presses on a state whose game (people at every seat, roles dealt) is in play."""
    state = state_in(tmp_path)
    lifecycle = Lifecycle(state)
    lifecycle.start()
    play = box_game(tmp_path, seed, [])
    lifecycle.begin_play(play)
    return state, Presses(state, lifecycle), play


def test_a_press_makes_the_step_it_names_journaled_and_told(tmp_path: Path) -> None:
    state, presses, play = pressing(tmp_path, 4)
    roll = next(a for a in play.game.legal_actions() if isinstance(a, Roll))
    (button,) = buttons_for(play, roll)
    events = presses.handle(button, "press", 1.0)
    assert events and state.refused is None and state.flash is None
    assert len(play.taken) >= 1 and isinstance(play.taken[0].action, Roll)
    assert state.story and state.history.lines[-1].endswith(state.story)
    recorded = read_journal(play.path)  # type: ignore[arg-type]
    assert [e.action for e in recorded.entries] == [s.action for s in play.taken]


def test_presses_play_a_whole_game_to_its_end(tmp_path: Path) -> None:
    state, presses, play = pressing(tmp_path, 6)
    rng = random.Random(6)
    now = 0.0
    for _ in range(BOX_STEPS):
        if play.game.over:
            break
        for button in buttons_for(play, rng.choice(play.game.legal_actions())):
            now += 1.0
            presses.handle(button, "press", now)
            assert state.refused is None, (button, state.refused)
    assert play.game.over
    assert [g.journal for g in series.load(tmp_path)] == [play.path.name]  # type: ignore[union-attr]


def test_the_same_button_again_within_the_bounce_time_is_counted_once(tmp_path: Path) -> None:
    state, presses, play = pressing(tmp_path, 4)
    bounce = state.config.double_press
    presses.handle("DIE1", "press", 1.0)  # marks a die, or is refused: either way, counted
    before = (set(play.marked), len(play.taken))
    presses.handle("DIE1", "press", 1.0 + bounce / 2)
    assert state.refused == f"DIE1 twice within {bounce:g} s: once counted"
    assert (set(play.marked), len(play.taken)) == before


def test_a_button_the_table_has_not_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    state, presses, play = pressing(tmp_path, 4)
    game = play.game.to_json()
    assert presses.handle("FIRE", "press", 1.0) == []
    assert state.refused == "Unknown button 'FIRE' (press)." == state.flash
    assert play.game.to_json() == game and not play.taken


def test_holding_a_seat_button_opens_its_menu_and_again_closes_it(tmp_path: Path) -> None:
    state, presses, _play = pressing(tmp_path, 4)
    presses.handle("SEAT2", "hold", 1.0)
    assert state.menu == 2
    presses.handle("SEAT2", "hold", 2.0)
    assert state.menu is None


def test_a_set_up_press_is_saved_before_it_shows(tmp_path: Path) -> None:
    state = state_in(tmp_path)
    lifecycle = Lifecycle(state)
    lifecycle.start()
    presses = Presses(state, lifecycle)
    presses.handle("SEAT2", "press", 1.0)
    assert state.setup is not None and state.setup.joined == [2]
    assert read_setup(tmp_path / SETUP_FILE, BUTTONS).presses == [("SEAT2", "press")]


# ---------------------------------------------------------------------------------- the view


def test_the_view_is_a_function_of_the_state_alone(tmp_path: Path) -> None:
    """Two states holding the same show the same; an open menu shows that seat's role, and
    the state without it does not."""
    state = state_in(tmp_path)
    setup = deal(5, 2)
    state.play = TablePlay(Game(setup), list(SEATS))
    twin = dataclasses.replace(state, play=TablePlay(Game(setup), list(SEATS)))
    assert table_view(state) == table_view(twin)
    state.menu = SEATS[1 if setup.sheriff == 0 else 0]  # a seat whose role is hidden
    assert table_view(state) != table_view(twin)
    assert table_view(dataclasses.replace(state, menu=None)) == table_view(twin)
    assert journals(tmp_path / "games") == []  # a view writes nothing
