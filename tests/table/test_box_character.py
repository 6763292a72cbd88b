"""No press that decides nothing (issue 23): a seat the box plays takes its own character when
its turn to pick comes, said on the console; a person changes it like any pick: its seat
button, then DIE, or UNDO, which takes back the box's pick alone and leaves its seat to pick."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from companion.engine import CHARACTERS
from companion.table import TableConfig, TableSession

from .test_session import Clock, press_all

ROOT = Path(__file__).resolve().parents[2]


def box_at_seat_3(tmp_path: Path) -> tuple[TableSession, Clock]:
    session = TableSession(TableConfig(seats=5, state_dir=tmp_path), seed=7)
    session.start()
    clock = Clock()
    press_all(session, ["SEAT1", "SEAT2", "SEAT4", "SEAT5"], clock)
    session.handle("SEAT3", "hold", clock())  # the box plays seat 3
    press_all(session, ["DONE", "ROLL"], clock)  # the box deals the roles
    return session, clock


def test_the_box_takes_its_own_character_and_says_so(tmp_path: Path) -> None:
    session, clock = box_at_seat_3(tmp_path)
    flow = session.setup
    assert flow is not None and flow.picker == 1
    press_all(session, ["DIE1"], clock)
    assert flow.picker != 3 and 3 not in session.setup.characters  # type: ignore[union-attr]
    press_all(session, ["DIE1"], clock)  # seat 2's pick: seat 3, the box's, follows at once
    flow = session.setup
    assert flow is not None and flow.picker == 4
    taken = CHARACTERS[flow.characters[3]].title
    assert session.story == f"Box seat 3 takes {taken} (its seat button changes it)"
    assert session.view().console.story == session.story
    press_all(session, ["DIE1", "DIE1"], clock)  # seats 4 and 5: the game starts
    play = session.play
    assert play is not None and play.game.players[2].character == flow.characters[3]


def test_a_person_changes_the_boxs_character_with_its_seat_button(tmp_path: Path) -> None:
    session, clock = box_at_seat_3(tmp_path)
    press_all(session, ["DIE1", "DIE1"], clock)
    flow = session.setup
    assert flow is not None
    boxs = flow.characters[3]
    press_all(session, ["SEAT3"], clock)  # seat 3 picks now, by a person's press
    assert session.setup.picker == 3  # type: ignore[union-attr]
    shown = session.setup.shown()  # type: ignore[union-attr]
    other = next(n for n, name in enumerate(shown, start=1) if name != boxs)
    press_all(session, [f"DIE{other}"], clock)
    assert session.setup.characters[3] == shown[other - 1] != boxs  # type: ignore[union-attr]
    assert session.setup.picker == 4  # type: ignore[union-attr]


def test_undo_takes_back_the_boxs_pick_alone_and_a_person_picks_for_it(tmp_path: Path) -> None:
    session, clock = box_at_seat_3(tmp_path)
    press_all(session, ["DIE1", "DIE1"], clock)
    flow = session.setup
    assert flow is not None
    seat_2 = flow.characters[2]
    press_all(session, ["UNDO"], clock)  # the box's pick, alone
    flow = session.setup
    assert flow is not None and flow.picker == 3 and 3 not in flow.characters
    assert flow.characters[2] == seat_2
    assert session.view().console.prompt.startswith("Seat 3: DIE picks")
    press_all(session, ["DIE2"], clock)  # a person picks the box's character
    assert session.story == ""  # not said to be the box's own
    assert session.setup.characters[3] == flow.shown()[1]  # type: ignore[union-attr]
    assert session.setup.picker == 4  # type: ignore[union-attr]
    press_all(session, ["UNDO", "UNDO"], clock)  # that pick, then seat 2's
    assert session.setup.picker == 2 and 3 not in session.setup.characters  # type: ignore[union-attr]
    # A restart makes the same presses again: the same set-up.
    again = TableSession(TableConfig(seats=5, state_dir=tmp_path), seed=7)
    again.start()
    assert again.setup is not None
    assert again.setup.characters == session.setup.characters  # type: ignore[union-attr]
    assert again.setup.picker == 2


def test_the_new_users_keys_the_box_picks_its_own_in_the_terminal_emulator() -> None:
    """Issue 23's keys: seat 2 is the box's (S, hold SEAT2); after seat 1's pick the console
    says the box's own, and seat 3 picks next; nothing waits on the box's seat."""
    result = subprocess.run(
        [sys.executable, "-m", "companion", "emulate", "--seats", "4", "--seed", "5",
         "--terminal", "--keys", "a S d f Enter Space 1"],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Box seat 2 takes Suzy Lafayette (its seat button changes it)" in result.stdout
    assert "Seat 3: DIE picks, SEAT3 next, DONE back (1/3)" in result.stdout.splitlines()[-1]
