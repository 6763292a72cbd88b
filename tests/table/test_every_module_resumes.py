"""Journal and resume for every module installed, the box's own and any from outside (the
example module on the suite's second run): a game with the module on, played by presses at a
real table session whose journal is on disk, is read back by a new session from the same state
folder every few presses, as after a power cut (nothing closed), and the new session holds the
same game and shows the same table; it plays on from there to the end."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.engine import MODULES, Module
from companion.table import TableConfig, TableSession

from .driver import next_buttons

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules

RESUME_EVERY = 15  # presses between two restarts
MAX_PRESSES = 3_000  # a game of random presses ends far sooner


def with_needs(m: Module) -> frozenset[Module]:
    """Module ``m`` and the modules it needs."""
    return frozenset({m, *(Module(n) for n in MODULES[m].requires)})


@pytest.mark.parametrize("m", sorted(Module))
def test_a_game_with_each_module_installed_resumes_from_its_journal_exactly(
    m: Module, tmp_path: Path
) -> None:
    modules = with_needs(m)
    players = max(5, *(MODULES[n].min_players for n in modules))
    config = TableConfig(seats=players, modules=modules, roles="dealt", state_dir=tmp_path)
    rng = random.Random(m.value)
    clock = iter(range(1, 10**6))
    session = TableSession(config, seed=7)
    session.start()

    def press(button: str) -> None:
        now = float(next(clock))
        session.tick(now)
        session.handle(button, "press", now)
        assert session.refused is None, (button, session.refused)

    for button in [*(f"SEAT{s}" for s in range(1, players + 1)), "DONE", "ROLL", "ROLL", "DONE"]:
        press(button)
    for _ in range(4):  # mixed cards: is the Sheriff's The Bear; a seat still to pick
        if session.play is not None:
            break
        for button in ["DIE1"] if "Bear" in session.view().console.prompt else ["ROLL", "DONE"]:
            press(button)
    assert session.play is not None, session.view().console.prompt
    restarts = 0
    for presses in range(MAX_PRESSES):
        play = session.play
        assert play is not None
        if play.game.over:
            break
        if presses % RESUME_EVERY == RESUME_EVERY - 1:
            again = TableSession(config, seed=99)  # the journal's seed, not this one, is the game's
            again.start()
            assert again.play is not None
            assert again.play.game.to_json() == play.game.to_json()
            assert again.view() == session.view()
            session, restarts = again, restarts + 1
            continue
        for button in next_buttons(session, rng):
            press(button)
    else:
        pytest.fail(f"no end after {MAX_PRESSES} presses")
    assert restarts >= 2 and m in session.play.game.setup.modules
