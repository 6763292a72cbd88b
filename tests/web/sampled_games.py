"""Whole games by random presses for the page tests, in a sample of module sets (every module
alone, each expansion whole, everything at once, and a seeded draw of the rest), with special
roles revealed at random, some into moments already past (Old Saloon 3 goes back to them).

The sets of the box's own modules come first, the same whatever else is installed; then each
module from outside, alone and with the box's modules (``OUTSIDE_SETS``: their indexes)."""

from __future__ import annotations

import random
from pathlib import Path

from companion.engine import MODULES, Module
from companion.modules.duels.rules import ID as LOOK_ME_IN_THE_EYES
from companion.modules.ghost.rules import ID as GHOST
from companion.modules.posse.rules import ID as NEW_POSSE
from companion.modules.rage.rules import ID as TWO_BULLETS
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.modules.zombies.rules import ID as ZOMBIES
from companion.modules.zombies.rules import BoneyardSetup
from companion.table import TableSession
from companion.table.table_config import TableConfig
from tests.installed_modules import OUTSIDE, OWN
from tests.table.driver import next_buttons

M = Module


def _legal(modules: frozenset[Module], players: int) -> bool:
    return all(
        players >= MODULES[m].min_players
        and all(r in modules for r in MODULES[m].requires)
        and not any(x in modules for x in MODULES[m].excludes)
        for m in modules
    )


def _sample() -> list[frozenset[Module]]:
    old = frozenset(m for m in OWN if m.value.startswith("old_saloon"))
    new = frozenset(m for m in OWN if m.value.startswith("undead"))
    chosen = [frozenset({m}) for m in OWN if m is not LOOK_ME_IN_THE_EYES]
    chosen += [
        old,
        new - {ZOMBIES} | {GHOST},
        new,
        frozenset(OWN) - {GHOST},
        frozenset({M("old_saloon.1"), M("old_saloon.2"), M("old_saloon.4")}),
        frozenset({SPECIAL_ROLES_ID, GHOST}),
        frozenset({LOOK_ME_IN_THE_EYES, TWO_BULLETS, NEW_POSSE}),
    ]
    rng = random.Random(23)
    while len(chosen) < 24:
        pick = frozenset(m for m in OWN if rng.random() < 0.5)
        if _legal(pick, 8) and pick not in chosen:
            chosen.append(pick)
    for m in OUTSIDE:
        chosen += [s for s in (frozenset({m}), frozenset(OWN) - {GHOST} | {m}) if _legal(s, 8)]
    return chosen


SETS = _sample()
OUTSIDE_SETS = tuple(i for i, chosen in enumerate(SETS) if not chosen <= set(OWN))


def play(modules: frozenset[Module], seed: int, state: Path | None) -> None:
    """A whole game by presses at a real table session, its journal in ``state``."""
    rng = random.Random(seed)
    players = rng.randint(max(MODULES[m].min_players for m in modules | {M("old_saloon.2")}), 8)
    dealt = seed % 2 == 0
    bots = (rng.randint(1, players),) if dealt and seed % 4 == 0 else ()
    config = TableConfig(
        seats=players,
        modules=modules,
        roles="dealt" if dealt else "physical",
        cards_mixed=seed % 3 == 0,
        real_piles=frozenset({"wounds"}) if seed % 5 < 2 else frozenset(),
        parts=(BoneyardSetup(True),) if seed % 5 == 1 else (),
        state_dir=state,
        bots=bots,
        bot_pause=0.0,
    )
    session = TableSession(config, seed=seed)
    session.start()
    clock = iter(range(1, 10**6))

    def press(button: str, kind: str = "press") -> None:
        now = float(next(clock))
        session.tick(now)
        session.handle(button, kind, now)
        while session.tick(now) is not None and session.play is not None:
            pass  # the box's choices

    joins = [f"SEAT{s}" for s in range(1, players + 1) if s not in bots]
    roles = ["ROLL"] if dealt else [f"SEAT{rng.randint(1, players)}"]
    if players == 3 and not dealt:
        roles = ["SEAT1", "SEAT2"]
    for button in [*joins, "DONE", *roles, "ROLL", "DONE"]:
        press(button)
    for _ in range(4):  # mixed cards: is the Sheriff's The Bear; a seat still to pick
        if session.play is not None:
            break
        for button in ["DIE1"] if "Bear" in session.view().console.prompt else ["ROLL", "DONE"]:
            press(button)
    assert session.play is not None
    for _ in range(3_000):
        table = session.play
        if table is None or table.game.over:
            break
        if table.box_owes():
            press("DONE")  # nothing to press: the box's choice comes due
            continue
        open_to = [n for n in table.seats if n not in table.bots and table.reveals_for(n)]
        if open_to and rng.random() < 0.3:
            seat = rng.choice(open_to)
            press(f"SEAT{seat}", "hold")
            press(f"DIE{rng.randrange(len(table.reveals_for(seat))) + 1}")
            continue
        for button in next_buttons(session, rng):
            press(button)
    session.close()
