"""A restart changes nothing the table can see: after the box starts again from its state
folder, UNDO (back into the set-up too, and with seats the box plays) and every other press
answer as they would have without the restart.

The property test feeds the same presses to two tables, each on a folder of its own; one of
them is closed at a random moment and a new session is started on its folder, as the daemon
does on start. Some things are not on disk by design and a restart forgets them: dice marked
for a re-roll, an open seat menu, the history paged back, the start-over question. The restart
comes at the first moment none of them is on show, at or after the moment drawn. And a restart
tells again what the last change to the game was, where the table without one may still show
what a later press said about itself (a refusal on the flash line, an empty story after a DIE
mark): those three things, the flash, the story and each seat's change mark, are compared once
a press after the restart has said them anew.
"""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.emulate import digest
from companion.engine import Choose, ChooseSeat, DecisionKind, Module, Roll
from companion.table import TableConfig, TableSession, TableView

from .test_button_mashing import MODULE_SETS
from .test_series import legacy_session
from .test_session import play_to_the_end, press_all

BUTTONS = ["ROLL", "DONE", "UNDO", *(f"DIE{i}" for i in range(1, 7))]
BOX_STEPS = 2000  # more choices in a row than any game gives the box between two presses


def table(state_dir: Path, seats: int, seed: int, **options: object) -> TableSession:
    session = TableSession(TableConfig(seats=seats, state_dir=state_dir, **options), seed=seed)
    session.start()
    box_plays(session, 0.0)
    return session


def box_plays(session: TableSession, at: float) -> None:
    """Every choice the box owes, made now, as the emulator does for a script."""
    for _ in range(BOX_STEPS):
        if session.box_wait(at) is None:
            return
        session.box_step(at)
    raise AssertionError(f"the box still owes a choice after {BOX_STEPS} of them")


def push(session: TableSession, button: str, kind: str, at: float) -> str | None:
    """One press or hold, and the box's choices after it: why it was refused (None: it acted)."""
    session.handle(button, kind, at)
    refused = session.refused
    box_plays(session, at)
    return refused


def forgets_nothing(session: TableSession) -> bool:
    """Nothing on show that a restart forgets by design."""
    marked = session.play is not None and bool(session.play.marked)
    shown = (marked, session.asked_to_end, session.menu, session.looking_back)
    return shown == (False, False, None, None)


def lasting(view: TableView) -> TableView:
    """The view without what the last press said about itself."""
    return dataclasses.replace(
        view,
        console=dataclasses.replace(view.console, flash=None, story=""),
        seats=tuple(
            dataclasses.replace(seat, change="", life_change=0, arrow_change=0, coming="")
            for seat in view.seats
        ),
    )


def same_table(one: TableSession, two: TableSession, told: bool, where: str) -> None:
    """The two tables show the same (``told``: what the last press said too)."""
    assert digest(one) == digest(two), where
    assert one.history.lines == two.history.lines, where
    if told:
        assert one.view() == two.view(), where
    else:
        assert lasting(one.view()) == lasting(two.view()), where


def presses_before_and_after_a_restart(
    seats: int,
    modules: frozenset[str],
    roles: str,
    configured: list[int],
    held: list[int],
    pushes: list[tuple[str, str]],
    restart: float,
    seed: int,
) -> None:
    """The same presses on a table that restarts and on one that does not: the same answers
    and the same table after every press."""
    bots = tuple(sorted({s for s in configured if s <= seats}))
    options: dict[str, object] = {
        "modules": frozenset(Module(m) for m in modules),
        "roles": roles,
        "bots": bots,
        "bot_pause": 0.0,
    }
    # A set-up that gets to a game: people join (a hold hands a seat to the box); with a seat
    # of the box's, or dealt roles, ROLL deals them, else seat 1 takes the Sheriff's card.
    setup = [
        (f"SEAT{s}", "hold" if s in held else "press") for s in range(1, seats + 1) if s not in bots
    ]
    dealt = bots or any(s <= seats for s in held) or roles == "dealt"
    setup += [("DONE", "press"), ("ROLL" if dealt else "SEAT1", "press")]
    setup += [("ROLL", "press"), ("DONE", "press")]
    everything = setup + pushes
    restart_at = round(restart * len(everything))
    with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as second:
        one = table(Path(first), seats, seed, **options)
        two = table(Path(second), seats, seed, **options)
        told, restarted = True, False
        try:
            for at in range(1, len(everything) + 2):  # the restart may come after the last
                if not restarted and at > restart_at and forgets_nothing(two):
                    two.close()
                    two = table(Path(second), seats, seed, **options)
                    restarted, told = True, False
                    same_table(one, two, told, f"at the restart before press {at}")
                if at > len(everything):
                    break
                button, kind = everything[at - 1]
                answer = push(one, button, kind, float(at))
                assert push(two, button, kind, float(at)) == answer, f"press {at}: {button}"
                told = told or (answer is None and kind == "press")
                same_table(one, two, told, f"after press {at}: {kind} {button}")
        finally:
            one.close()
            two.close()


# What a random table plays: set-up and play, with and without seats the box plays (from the
# configuration or handed over by a hold at set-up), then any presses and a few holds.
CASES = {
    "seats": st.integers(3, 6),
    "modules": st.sampled_from([frozenset(), *MODULE_SETS]),
    "roles": st.sampled_from(["physical", "dealt"]),
    "configured": st.lists(st.integers(1, 6), max_size=2),
    "held": st.lists(st.integers(1, 6), max_size=2),
    "pushes": st.lists(
        st.tuples(
            st.sampled_from(
                BUTTONS + ["ROLL", "DONE", "UNDO"] * 3 + [f"SEAT{i}" for i in range(1, 7)]
            ),
            st.sampled_from(["press"] * 30 + ["hold"]),
        ),
        min_size=20,
        max_size=150,
    ),
    "restart": st.floats(0.0, 1.0),  # how far through the presses the restart comes
    "seed": st.integers(0, 2**16),
}


@settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(**CASES)
def test_a_restart_at_any_moment_changes_no_answer_and_nothing_on_the_table(
    seats: int,
    modules: frozenset[str],
    roles: str,
    configured: list[int],
    held: list[int],
    pushes: list[tuple[str, str]],
    restart: float,
    seed: int,
) -> None:
    presses_before_and_after_a_restart(
        seats, modules, roles, configured, held, pushes, restart, seed
    )


def test_wild_west_legacy_undo_from_a_game_over_after_a_restart_goes_back_into_its_set_up(
    tmp_path: Path,
) -> None:
    """The second game of a series is over, so the series file lists it when the box starts
    again: the way back into its set-up still follows the game before it, not itself."""
    session, clock = legacy_session(tmp_path / "alone")
    play_to_the_end(session, clock, seed=0)
    press_all(session, ["ROLL", "ROLL", "DONE"], clock)  # the series' next game
    play_to_the_end(session, clock, seed=1)
    shutil.copytree(tmp_path / "alone", tmp_path / "again")
    again = TableSession(dataclasses.replace(session.config, state_dir=tmp_path / "again"), seed=7)
    again.start()
    try:
        for _ in range(1000):  # back through the whole game, into its set-up, and on
            at = clock()
            session.handle("UNDO", "press", at)
            again.handle("UNDO", "press", at)
            assert again.refused == session.refused
            same_table(session, again, told=True, where=f"UNDO at {at}")
            if session.refused is not None:
                break
        assert session.setup is not None and session.setup.follow_up is not None
    finally:
        session.close()
        again.close()


def test_roll_for_no_saloon_die_makes_sid_ketchums_gift_when_nobody_can_gain_then_rolls(
    tmp_path: Path,
) -> None:
    """Sid Ketchum's turn, everyone at full life: ROLL at the Saloon die chose none, then was
    refused at the gift, the game changed by a refused press and left without the gift the
    table makes itself (which a restart then made: another game). Now ROLL means none, the gift
    is made (to the first seat) and the dice are rolled: one press."""
    options = {
        "modules": frozenset(map(Module, ("old_saloon.1", "old_saloon.2", "old_saloon.4"))),
        "roles": "dealt",
    }
    session = table(tmp_path, 3, 10915, **options)
    for at, button in enumerate(["SEAT1", "SEAT2", "SEAT3", "DONE", "ROLL", "ROLL", "DONE"], 1):
        assert push(session, button, "press", float(at)) is None
    play = session.play
    assert play is not None and play.game.pending is not None
    assert play.game.pending.kind is DecisionKind("saloon_die")
    assert play.character_title(play.game.turn) == "Sid Ketchum"
    assert push(session, "ROLL", "press", 8.0) is None
    assert [(type(s.action), s.auto) for s in play.taken] == [
        (Choose, False),
        (ChooseSeat, True),
        (Roll, False),
    ]
    session.close()
    again = table(tmp_path, 3, 10915, **options)
    assert digest(again) == digest(session)
    again.close()


# ------------------------------------------------- the same with real processes (issue 32)

ROOT = Path(__file__).resolve().parents[2]
GAME_BEGUN = {
    # Four people; seat 1, the Sheriff, rolls the game's first dice.
    "people": "SEAT1\nSEAT2\nSEAT3\nSEAT4\nDONE\nSEAT1\nROLL\nDONE\nROLL\n",
    # The box plays seat 1, the Sheriff: its whole first turn, then seat 2 rolls.
    "box": "HOLD:SEAT1\nSEAT2 SEAT3 SEAT4\nDONE\nROLL\nROLL\nDONE\nROLL\n",
}
UNDOS = "UNDO\nUNDO\nUNDO\n"


def emulate(state_dir: Path, keys: str) -> list[str]:
    """``bang-companion emulate --keys -`` in a process of its own: its answers, line by line,
    each ``ok`` without its count (which starts again with each process)."""
    result = subprocess.run(
        [sys.executable, "-m", "companion", "emulate", "--keys", "-", "--seats", "4"]
        + ["--seed", "5", "--state-dir", str(state_dir)],
        input=keys,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    answers = [answer.split() for answer in result.stdout.splitlines()]
    return [f"ok {a[2]}" if a[0] == "ok" else " ".join(a) for a in answers]


def test_undo_back_into_the_set_up_answers_the_same_in_a_new_process(tmp_path: Path) -> None:
    """Three UNDOs after the game's first roll (the box's whole turn before it, or not): the
    roll, then back into the set-up and one pick further, in one process or in the next."""
    for table_of, keys in GAME_BEGUN.items():
        alone = emulate(tmp_path / f"{table_of}-alone", keys + UNDOS)
        began = emulate(tmp_path / table_of, keys)
        again = emulate(tmp_path / table_of, UNDOS)
        assert again[0] == "ready " + began[-1].split()[-1], table_of  # where it stopped
        assert began + again[1:] == alone, table_of
        assert [a.split()[0] for a in again[1:]] == ["ok"] * 3, (table_of, again)
