"""The table session: a whole game by button presses, undo, refused presses, the journal."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from companion.engine import DecisionKind, HouseRule
from companion.table import TableConfig, TableSession, read_journal
from companion.table.journal import journals
from companion.table.play import TablePlay

from .driver import CHARACTERS_5, SETUP_5, next_buttons

BUTTONS = ["ROLL", "DONE", "UNDO", *(f"DIE{i}" for i in range(1, 7))] + [
    f"SEAT{i}" for i in range(1, 9)
]


class Clock:
    """Press times one second apart, so no press looks like contact bounce."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def new_session(tmp_path: Path | None, seats: int = 6, roles: str = "physical") -> TableSession:
    config = TableConfig(seats=seats, roles=roles, state_dir=tmp_path)
    session = TableSession(config, seed=7)
    session.start()
    return session


def press_all(session: TableSession, buttons: list[str], clock: Clock) -> None:
    for button in buttons:
        session.handle(button, "press", clock())
        assert session.flash is None, f"{button} refused: {session.flash}"


def play_to_the_end(session: TableSession, clock: Clock, seed: int) -> None:
    """Random legal presses (``seed``) until the game in progress is over."""
    rng = random.Random(seed)
    assert session.play is not None
    while not session.play.game.over:
        press_all(session, next_buttons(session, rng), clock)


def test_set_up_with_the_buttons_then_a_whole_game_to_the_winners(tmp_path: Path) -> None:
    clock = Clock()
    session = new_session(tmp_path)
    assert "join" in session.view().console.prompt
    press_all(session, SETUP_5, clock)
    assert session.view().seats[1].sheriff  # seat 2 pressed as Sheriff
    press_all(session, CHARACTERS_5, clock)
    play = session.play
    assert play is not None and play.seats == [1, 2, 3, 4, 5]
    view = session.view()
    assert view.console.prompt == "Seat 2: press ROLL"
    assert view.seats[1].active and view.seats[1].life == view.seats[1].max_life
    assert not view.seats[5].playing

    rng = random.Random(3)
    seen_kinds = set()
    while not play.game.over:
        seen_kinds.add(play.game.pending.kind)
        press_all(session, next_buttons(session, rng), clock)
        view = session.view()
        for seat, p in zip(play.seats, play.game.players, strict=True):
            shown = view.seats[seat - 1]
            assert (shown.life, shown.arrows, shown.alive) == (p.life, p.arrows, p.alive)
        assert view.console.pile == play.game.pile
    assert {DecisionKind.ROLL, DecisionKind.REROLL, DecisionKind.REVEAL_ROLE} <= seen_kinds
    view = session.view()
    assert "win" in view.console.prompt.lower()
    assert any(s.winner for s in view.seats)

    path = journals(tmp_path / "games")[-1]
    replayed = TablePlay.replay(read_journal(path), path)
    assert replayed.game.to_json() == play.game.to_json()

    # ROLL after the end starts a new set-up with the same seats joined.
    session.handle("ROLL", "press", clock())
    assert session.setup is not None and session.setup.joined == [1, 2, 3, 4, 5]
    assert read_journal(path).finished


def start_game(tmp_path: Path | None) -> tuple[TableSession, Clock]:
    clock = Clock()
    session = new_session(tmp_path)
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    return session, clock


def test_undo_of_a_roll_then_roll_brings_back_the_same_faces(tmp_path: Path) -> None:
    session, clock = start_game(tmp_path)
    game = lambda: session.play.game  # noqa: E731
    press_all(session, ["ROLL"], clock)
    first = list(game().faces)
    free = [i for i in range(5) if not game().locked(i)]
    press_all(session, [f"DIE{i + 1}" for i in free] + ["ROLL"], clock)
    rerolled = list(game().faces)
    press_all(session, ["UNDO"], clock)
    assert game().faces == first
    # Neither DONE nor other marks can take the undone roll's place.
    for button in ("DONE", f"DIE{free[0] + 1}"):
        session.handle(button, "press", clock())
        assert "undone" in session.flash
        assert game().faces == first
    press_all(session, ["ROLL"], clock)
    assert game().faces == rerolled
    # Undoing the first roll too: ROLL brings back the first faces.
    press_all(session, ["UNDO", "UNDO", "ROLL"], clock)
    assert game().faces == first


def test_undo_steps_back_one_choice_at_a_time(tmp_path: Path) -> None:
    session, clock = start_game(tmp_path)
    press_all(session, ["ROLL"], clock)
    snapshot = session.play.game.to_json()
    press_all(session, ["DONE"], clock)  # stop rolling
    assert session.play.game.to_json() != snapshot
    press_all(session, ["UNDO"], clock)
    assert session.play.game.to_json() == snapshot
    press_all(session, ["UNDO"], clock)  # the roll
    press_all(session, ["UNDO"], clock)  # before the first roll: back into the set-up
    assert session.play is None and session.setup.stage == "characters"


def trial_of(session: TableSession) -> TableSession:
    """A real copy of the session to press a button on, the session left as it was. What
    grows with every press is shared rather than copied: the history's presses (frozen), and
    the actions taken, each with the game before it, but those UNDO takes back (from the last
    person's decision on: it plays on from the game before it); a press only adds to them."""
    play = session.play
    taken = play.taken if play is not None else []
    people = [n for n, step in enumerate(taken) if step.people]
    kept = [*(taken[: people[-1]] if people else []), *session.history.presses]
    return copy.deepcopy(session, {id(part): part for part in kept})


def test_every_button_in_every_phase_changes_nothing_when_it_means_nothing() -> None:
    """Refused presses flash a reason and leave the game, marks and history as they were."""
    clock = Clock()
    session = new_session(None)
    rng = random.Random(11)
    checked: set[tuple[str, str]] = set()
    # Set-up phase.
    for button in BUTTONS:
        trial = trial_of(session)
        trial.handle(button, "press", clock())
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    play = session.play
    while not play.game.over:
        kind = play.game.pending.kind
        for button in BUTTONS:
            trial = trial_of(session)
            before = trial.play.game.to_json()
            marks, steps = set(trial.play.marked), len(trial.play.taken)
            trial.handle(button, "press", clock())
            if trial.flash is not None:
                checked.add((str(kind), button))
                assert trial.play.game.to_json() == before
                assert trial.play.marked == marks and len(trial.play.taken) == steps
                assert trial.view().console.flash == trial.flash
        press_all(session, next_buttons(session, rng), clock)
    assert len({k for k, _ in checked}) >= 4
    for button in BUTTONS:
        trial = trial_of(session)
        before = trial.play.game.to_json()
        trial.handle(button, "press", clock())
        if button not in ("ROLL", "UNDO"):
            assert trial.flash and trial.play.game.to_json() == before


def test_unknown_buttons_and_kinds_are_refused_visibly() -> None:
    session = new_session(None)
    session.handle("SEAT9", "press", 1.0)
    assert "Unknown button" in session.flash
    session.handle("ROLL", "squeeze", 2.0)
    assert "Unknown button" in session.flash


def test_a_double_press_within_the_bounce_window_counts_once() -> None:
    """The session's guard: per button, measured from the last press it accepted."""
    session = new_session(None)
    session.handle("SEAT1", "press", 10.0)
    session.handle("SEAT2", "press", 10.01)  # another button is never a repeat
    session.handle("SEAT1", "press", 10.05)
    assert session.setup.joined == [1, 2]
    session.handle("SEAT1", "press", 10.16)  # 0.11 s after the dropped one, 0.16 s after
    assert session.setup.joined == [2]


def test_holding_a_seat_opens_its_menu_with_the_ability_and_a_dealt_role(tmp_path: Path) -> None:
    clock = Clock()
    session = new_session(tmp_path, roles="dealt")
    press_all(session, ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "DONE", "ROLL", "ROLL", "DONE"], clock)
    play = session.play
    assert play is not None and play.game.setup.roles is not None
    hidden = next(s for s in range(4) if not play.game.players[s].revealed)
    assert session.view().seats[hidden].role is None
    session.handle(f"SEAT{hidden + 1}", "hold", clock())
    seat = session.view().seats[hidden]
    assert seat.role is not None and seat.note
    session.handle("ROLL", "press", clock())
    assert session.view().seats[hidden].role is None


@pytest.mark.parametrize("seats", [3, 8])
def test_three_and_eight_player_set_ups(seats: int) -> None:
    clock = Clock()
    session = new_session(None, seats=8)
    joined = [f"SEAT{i}" for i in range(1, seats + 1)]
    press_all(session, [*joined, "DONE"], clock)
    if seats == 3:
        press_all(session, ["SEAT3", "SEAT1"], clock)  # the Deputy, then the Outlaw
    else:
        press_all(session, ["SEAT4"], clock)
    press_all(session, ["DIE1"] * seats, clock)  # the last pick starts the game
    game = session.play.game
    assert len(game.players) == seats
    if seats == 3:
        roles = [str(p.role) for p in game.players]
        assert roles == ["outlaw", "renegade", "deputy"] and game.turn == 2
    else:
        assert game.turn == 3 and game.players[3].max_life == game.players[3].life


def test_house_rules_are_shown_at_set_up_and_before_the_first_roll() -> None:
    config = TableConfig(seats=5, house_rules=frozenset({HouseRule.BULLSEYE2_UP_TO_TWO}))
    session = TableSession(config, seed=7)
    session.start()
    assert session.view().console.story == "House rules: Bull's Eye 2 hits 1-2 away"
    clock = Clock()
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    assert session.play.game.setup.house_rules == {HouseRule.BULLSEYE2_UP_TO_TWO}
    assert session.view().console.story.endswith("House rules: Bull's Eye 2 hits 1-2 away")
    press_all(session, ["ROLL"], clock)
    assert "House rules" not in session.view().console.story
