"""A module from outside, installed beside the package (the suite's second run installs
examples/horseshoe, docs/testing.md), turned on at set-up with its page's DIE button and played to
its end by presses in a real `bang-companion emulate` process: the same table at every press as
the game played here, and its journal replays to that game's end.

With no module from outside installed (the suite's first run) there is nothing to turn on: the
test has no case."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.emulate import digest
from companion.engine import Module
from companion.table import TableConfig, TableSession, read_journal
from companion.table.journal import journals
from companion.table.play import TablePlay
from companion.table.prompts import module_pages
from companion.table.setup_flow import PAGE

from .installed_modules import OUTSIDE
from .table.driver import next_buttons
from .test_kill_restart import SEED, Companion

JOIN = ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5"]
ROLES = ["SEAT2", "ROLL", "DONE"]  # seat 2 is the Sheriff, ROLL deals the characters


def turning_on(module: Module) -> list[str]:
    """From the set-up's first page of modules: DIE6 to the module's page, then its button."""
    for n, (_label, modules) in enumerate(module_pages()):
        if module in modules:
            return [f"DIE{PAGE}"] * n + [f"DIE{modules.index(module) + 1}"]
    raise AssertionError(f"{module} is on no page of the set-up")


def reference_game(module: Module, state_dir: Path) -> tuple[list[str], list[str], dict]:
    """The game played in this process: its presses, the table's digest after each, its end."""
    session = TableSession(TableConfig(seats=6, state_dir=state_dir), seed=SEED)
    session.start()
    presses: list[str] = []
    digests: list[str] = []

    def press(button: str) -> None:
        session.handle(button, "press", float(len(presses) + 1))
        assert session.flash is None, (button, session.flash)
        presses.append(button)
        digests.append(digest(session))

    for button in [*JOIN, *turning_on(module), "DONE", *ROLES]:
        press(button)
    play = session.play
    assert play is not None and module in play.game.setup.modules, session.view().console
    rng = random.Random(5)
    while not play.game.over:
        for button in next_buttons(session, rng):
            press(button)
    final = play.game.to_json()
    session.close()
    return presses, digests, final


@pytest.mark.parametrize("module", OUTSIDE)
def test_a_module_from_outside_turned_on_at_set_up_plays_a_whole_game_in_the_emulator(
    module: Module, tmp_path: Path
) -> None:
    presses, digests, final = reference_game(module, tmp_path / "reference")
    companion = Companion(tmp_path / "table")
    for i, button in enumerate(presses):
        assert companion.press(button) == digests[i], f"press {i} {button}"
    companion.kill()
    path = journals(tmp_path / "table" / "games")[-1]
    replayed = TablePlay.replay(read_journal(path), path)
    assert replayed.game.over and module in replayed.game.setup.modules
    assert replayed.game.to_json() == final
