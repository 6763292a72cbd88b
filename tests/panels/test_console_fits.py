"""Every prompt of every kind of decision fits the console whole, on both consoles (128x64 and
256x64) at the panels' font: the question first, then its answers, never a line cut.

Games of random legal presses at a real table session, in a sample of module sets (every
module alone, all of each expansion, everything at once, the sets the issue's players used,
and a seeded random draw of the rest: 576 legal sets are too many to play each), with roles
dealt and with physical cards."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from companion.engine import MODULES, DecisionKind, Module
from companion.panels.console import WIDTHS, layout, title_cut
from companion.table import TableSession
from companion.table.table_config import TableConfig
from tests.table.driver import next_buttons

M = Module


def legal(modules: frozenset[Module], players: int) -> bool:
    return all(
        players >= MODULES[m].min_players and all(r in modules for r in MODULES[m].requires)
        for m in modules
    ) and not {M.GHOST, M.UNDEAD_OR_ALIVE} <= modules


def module_sets() -> list[frozenset[Module]]:
    """The sample: see the module's docstring."""
    old = frozenset(m for m in Module if m.value.startswith("old_saloon"))
    new = frozenset(m for m in Module if m.value.startswith("undead"))
    chosen = [frozenset({m}) for m in Module if m is not M.LOOK_ME_IN_THE_EYES]
    chosen += [
        old,
        new - {M.UNDEAD_OR_ALIVE} | {M.GHOST},
        new,
        frozenset(Module) - {M.GHOST},
        frozenset({M.LOUDMOUTH_AND_COWARD, M.CHIEF_ARROW, M.SALOON_CHARACTERS}),
        frozenset({M.SPECIAL_ROLES, M.GHOST}),
        frozenset({M.LOOK_ME_IN_THE_EYES, M.TWO_BULLETS, M.NEW_POSSE}),
    ]
    rng = random.Random(23)
    while len(chosen) < 24:
        pick = frozenset(m for m in Module if rng.random() < 0.5)
        if legal(pick, 8) and pick not in chosen:
            chosen.append(pick)
    return chosen


def states(modules: frozenset[Module], seed: int) -> Iterator[TableSession]:
    """A whole game at a session, one state per press; the seats and roles vary by seed."""
    rng = random.Random(seed)
    players = rng.randint(max(MODULES[m].min_players for m in modules | {M.CHIEF_ARROW}), 8)
    dealt = seed % 2 == 0
    config = TableConfig(
        seats=players,
        modules=modules,
        roles="dealt" if dealt else "physical",
        specials_mixed=seed % 3 == 0,
    )
    session = TableSession(config, seed=seed)
    session.start()
    clock = iter(range(1, 10**6))  # a second apart: no press is a bounce
    joins = [f"SEAT{s}" for s in range(1, players + 1)]
    roles = ["ROLL"] if dealt else [f"SEAT{rng.randint(1, players)}"]
    if players == 3 and not dealt:
        roles = ["SEAT1", "SEAT2"]
    for button in [*joins, "DONE", *roles, "ROLL", "DONE"]:
        session.handle(button, "press", float(next(clock)))
        yield session
    assert session.play is not None, session.view().console
    presses = 0
    while not session.play.game.over and presses < 3_000:
        for button in next_buttons(session, rng):
            presses += 1
            session.handle(button, "press", float(next(clock)))
            yield session


SETS = module_sets()


@pytest.mark.parametrize("modules", SETS, ids=lambda s: "+".join(sorted(m.value for m in s)))
def test_every_prompt_fits_both_consoles_whole(modules: frozenset[Module]) -> None:
    seen: set[DecisionKind] = set()
    for seed in range(2):
        for session in states(modules, 100 * len(seen) + seed):
            view = session.view().console
            if session.play is not None and session.play.game.pending is not None:
                seen.add(session.play.game.pending.kind)
            for width in WIDTHS:
                message = layout(view, width)
                assert not message.cut, (width, message.cut, view.prompt)
                assert not title_cut(view, width), (width, view.title)
    assert seen
