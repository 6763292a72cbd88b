"""Any sequence of presses, UNDO included: nothing crashes, and the journal on disk always
resumes to exactly the game on the table."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
        if session.play is not None:
            path = journals(Path(state) / "games")[-1]
            replayed = TablePlay.replay(read_journal(path), path)
            assert replayed.game.to_json() == session.play.game.to_json()
            session.close()
            again = TableSession(config)
            again.start()
            if not read_journal(path).finished:
                assert again.play.game.to_json() == session.play.game.to_json()
            again.close()
