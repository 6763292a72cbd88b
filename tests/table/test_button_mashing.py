"""Any sequence of presses, UNDO included: nothing crashes, and the journal on disk always
resumes to exactly the game on the table."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Module
from companion.table import TableConfig, TableSession, read_journal
from companion.table.journal import journals
from companion.table.play import TablePlay

from .driver import CHARACTERS_5, SETUP_5

BUTTONS = ["ROLL", "DONE", "UNDO", *(f"DIE{i}" for i in range(1, 7))] + [
    f"SEAT{i}" for i in range(1, 9)
]
# Presses that move a game on, weighted so that games get somewhere.
PRESSES = st.lists(
    st.sampled_from(BUTTONS + ["ROLL", "DONE"] * 3 + [f"SEAT{i}" for i in range(1, 6)] * 2),
    min_size=20,
    max_size=300,
)


def assert_the_journal_holds_the_game(session: TableSession, config: TableConfig) -> None:
    """The game's journal replays, and a new session resumes, to exactly the table's game."""
    if session.play is None:
        return
    assert config.state_dir is not None
    path = journals(config.state_dir / "games")[-1]
    replayed = TablePlay.replay(read_journal(path), path)
    assert replayed.game.to_json() == session.play.game.to_json()
    session.close()
    again = TableSession(config)
    again.start()
    if not read_journal(path).finished:
        assert again.play is not None
        assert again.play.game.to_json() == session.play.game.to_json()
    again.close()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(presses=PRESSES, seed=st.integers(0, 2**16))
def test_random_presses_never_break_the_game_or_its_journal(presses: list[str], seed: int) -> None:
    with tempfile.TemporaryDirectory() as state:
        config = TableConfig(seats=6, state_dir=Path(state))
        session = TableSession(config, seed=seed)
        session.start()
        for at, button in enumerate(SETUP_5 + CHARACTERS_5 + presses, start=1):
            session.handle(button, "press", float(at))
            view = session.view()  # drawing data is always there
            assert view.console.prompt
            if session.play is None:
                continue
            game = session.play.game
            assert game.pile + sum(p.arrows for p in game.players) == 9
        assert_the_journal_holds_the_game(session, config)


# Module sets the table may play at 5 players (the Ghost never with Undead or Alive).
MODULE_SETS = [
    frozenset(),
    frozenset({"old_saloon.1", "old_saloon.2", "old_saloon.4"}),
    frozenset({"old_saloon.3", "old_saloon.5"}),
    frozenset({"undead_or_alive.1", "undead_or_alive.2", "undead_or_alive.3"}),
    frozenset({"undead_or_alive.4", "undead_or_alive.5"}),
    frozenset(
        {"old_saloon.1", "old_saloon.2", "old_saloon.3", "old_saloon.4"}
        | {"undead_or_alive.1", "undead_or_alive.2", "undead_or_alive.3", "undead_or_alive.4"}
    ),
]
# A press or a hold of a button, and the seconds before it (the box chooses meanwhile).
PUSHES = st.lists(
    st.tuples(
        st.sampled_from(BUTTONS + ["ROLL", "DONE"] * 3 + [f"SEAT{i}" for i in range(1, 6)] * 2),
        st.sampled_from(["press"] * 19 + ["hold"]),
        st.sampled_from([0.2, 0.3, 1.0]),
    ),
    min_size=20,
    max_size=300,
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    pushes=PUSHES,
    seed=st.integers(0, 2**16),
    modules=st.sampled_from(MODULE_SETS),
    bots=st.sets(st.integers(1, 5), max_size=2),
    roles=st.sampled_from(["physical", "dealt"]),
)
def test_random_pushes_with_modules_and_box_seats_never_break_the_game_or_its_journal(
    pushes: list[tuple[str, str, float]],
    seed: int,
    modules: frozenset[str],
    bots: set[int],
    roles: str,
) -> None:
    """Presses and holds at any moment, the box's choices coming due between them."""
    with tempfile.TemporaryDirectory() as state:
        config = TableConfig(
            seats=6,
            state_dir=Path(state),
            modules=frozenset(Module(m) for m in modules),
            bots=tuple(sorted(bots)),
            bot_pause=0.5,
            roles=roles,
        )
        session = TableSession(config, seed=seed)
        session.start()
        # The test's own clock: the box's pause starts at each press's time, so each choice it
        # owes comes due between the pushes.
        now = 0.0
        # People join their seats (pressing the box's would take it off the table); with a
        # seat of the box's, the box deals the roles (ROLL) and the characters (ROLL).
        joins = [f"SEAT{s}" for s in range(1, 6) if s not in bots]
        setup = joins + (["DONE", "ROLL", "ROLL", "DONE"] if bots else SETUP_5[5:] + CHARACTERS_5)
        for button in setup:
            now += 1.0
            session.tick(now)
            session.handle(button, "press", now)
        for button, kind, wait in pushes:
            now += wait
            session.tick(now)
            session.handle(button, kind, now)
            if session.play is not None:
                game = session.play.game
                assert game.pile + sum(p.arrows for p in game.players) == 9
        assert_the_journal_holds_the_game(session, config)
