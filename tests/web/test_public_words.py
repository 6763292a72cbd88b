"""The public page speaks the table's words (issue 26): every text of its state, at every press
of whole games (set-up included, the box playing a seat, special roles revealed, the history),
is in the rulebook's words, never an identifier of the code nor a "die N" standing for a
symbol, by the same check as the console's (``tests/table/test_no_internal_names.py``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.engine import MODULES, Module
from companion.table import TableConfig, TableSession
from companion.table.public import public_state
from companion.table.story import History
from tests.table.driver import next_buttons
from tests.table.table_scan import misnamed
from tests.web.sampled_games import OUTSIDE_SETS, SETS

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules

# Every module among them: both expansions whole, the Ghost beside Undead or Alive; and each
# module from outside installed, alone and beside the box's.
CHOSEN = (9, 12, 21, *OUTSIDE_SETS)


def texts(value: Any) -> Iterator[str]:
    """Every string a state holds (its keys are the page's, never shown)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for inner in value.values():
            yield from texts(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from texts(inner)


def turn_dice(history: History) -> list[int]:
    """How many dice each turn of the history showed, beside its line: a past line's "die N" is
    judged by the dice of its own turn, never by those of the moment (a duel's two)."""
    most: dict[tuple[int, int], int] = {}
    for p in history.presses:
        most[p.turn, p.seat] = max(most.get((p.turn, p.seat), 0), len(p.dice))
    return [most.get((t.turn, t.seat), 0) or 6 for t in history.turns]


@pytest.mark.parametrize("n", CHOSEN)
def test_no_internal_name_reaches_the_page(n: int, tmp_path: Path) -> None:
    modules: frozenset[Module] = SETS[n]
    rng = random.Random(n)
    players = rng.randint(max([6, *(MODULES[m].min_players for m in modules)]), 8)
    config = TableConfig(
        seats=players, modules=modules, roles="dealt", state_dir=tmp_path, bots=(2,), bot_pause=0
    )
    session = TableSession(config, seed=n)
    session.start()
    at = 0.0
    bad: list[str] = []

    def press(button: str, kind: str = "press") -> None:
        nonlocal at
        at += 1.0
        session.handle(button, kind, at)
        while session.tick(at) is not None:
            pass  # the box's choices, each said on the console
        game = session.play.game if session.play is not None else None
        dice = len(game.faces) if game is not None else 6
        state = public_state(session)
        lines = state.pop("history")
        for line, own in zip(lines, turn_dice(session.history) if lines else [], strict=True):
            bad.extend(f"{name!r} in {line!r}" for name in misnamed(line, own))
        for text in texts(state):
            bad.extend(f"{name!r} in {text!r}" for name in misnamed(text, dice))

    for button in [*(f"SEAT{s}" for s in range(1, players + 1) if s != 2), "DONE", "ROLL"]:
        press(button)
    for _ in range(4):  # characters dealt; the mixed cards' question to the Sheriff
        if session.play is not None:
            break
        press("DIE1" if "Bear" in session.view().console.prompt else "ROLL")
        press("DONE")
    play = session.play
    assert play is not None
    while not play.game.over and at < 1500:
        if play.box_due():
            press("DONE")
            continue
        open_to = [s for s in play.seats if s not in play.bots and play.reveals_for(s)]
        if open_to and rng.random() < 0.3:
            seat = rng.choice(open_to)
            press(f"SEAT{seat}", "hold")
            press(f"DIE{rng.randrange(len(play.reveals_for(seat))) + 1}")
            continue
        for button in next_buttons(session, rng):
            press(button)
    session.close()
    assert not bad, bad[:5]
