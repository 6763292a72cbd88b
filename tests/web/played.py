"""Finished games played by presses at a table session into a state folder, for the pages'
tests and the picture in docs/games-pages.md (``python -m tests.web.played DIR``)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from companion.modules.chief_arrow.rules import ID as CHIEF_ARROW
from companion.modules.rage.rules import ID as TWO_BULLETS
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.modules.zombies.rules import ID as ZOMBIES
from companion.table import TableConfig, TableSession
from companion.table.play import TablePlay

from ..table.driver import next_buttons

MODULES = frozenset({CHIEF_ARROW, SPECIAL_ROLES_ID, TWO_BULLETS, ZOMBIES})


class Table:
    """A table session in a state folder, pressed like the buttons; the box's choices made
    as they come due."""

    def __init__(self, config: TableConfig, seed: int) -> None:
        self.session = TableSession(config, seed=seed)
        self.session.start()
        self.now = 0.0
        self.rng = random.Random(seed)

    def press(self, *buttons: str) -> None:
        for button in buttons:
            self.now += 1.0
            self.session.handle(button, "press", self.now)
            assert self.session.flash is None, (button, self.session.flash)

    def play_to_the_end(self) -> TablePlay:
        play = self.session.play
        assert play is not None
        while not play.game.over:
            if play.box_due():
                self.now += 1.0
                self.session.box_step(self.now)
            else:
                self.press(*next_buttons(self.session, self.rng))
        return play


def games_with_modules(state: Path) -> None:
    """Two games in a row with Old Saloon and Undead or Alive modules, roles dealt, seat 6
    played by the box; then a third one begun and left in play."""
    config = TableConfig(
        seats=6, roles="dealt", modules=MODULES, state_dir=state, bots=(6,), bot_pause=0.0
    )
    table = Table(config, seed=8)
    table.press("SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "DONE", "ROLL", "ROLL", "DONE")
    for _ in range(2):
        table.play_to_the_end()
        table.press("ROLL", "DONE", "ROLL", "ROLL", "DONE")  # the next game, same seats
    table.press("ROLL")
    table.session.close()


if __name__ == "__main__":
    games_with_modules(Path(sys.argv[1]))
