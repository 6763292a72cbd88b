"""Every prompt of every kind of decision fits the console whole, on both consoles (128x64 and
256x64) at the panels' font: the question first, then its answers, never a line cut.

Games of random legal presses at a real table session, in a sample of module sets (every
module alone, all of each expansion, everything at once, the sets the issue's players used,
and a seeded random draw of the rest: 576 legal sets are too many to play each), with roles
dealt and with physical cards."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from companion.config import defaults
from companion.devices.emulator import parse_keys
from companion.emulate import Emulator
from companion.engine import MODULES, DecisionKind, Module
from companion.panels.console import WIDTHS, layout, title_cut
from companion.table import TableSession
from companion.table.table_config import TableConfig
from tests.table.driver import next_buttons

M = Module


def legal(modules: frozenset[Module], players: int) -> bool:
    return all(
        players >= MODULES[m].min_players
        and all(r in modules for r in MODULES[m].requires)
        and not any(x in modules for x in MODULES[m].excludes)
        for m in modules
    )


def module_sets() -> list[frozenset[Module]]:
    """The sample: see the module's docstring."""
    old = frozenset(m for m in Module if m.value.startswith("old_saloon"))
    new = frozenset(m for m in Module if m.value.startswith("undead"))
    chosen = [frozenset({m}) for m in Module if m is not M.LOOK_ME_IN_THE_EYES]
    chosen += [
        old,
        new - {M.ZOMBIES} | {M.GHOST},
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
        real_piles=frozenset({"wounds"}) if seed % 4 < 2 else frozenset(),
        real_boneyard=seed % 4 == 1,
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
    for _ in range(4):  # mixed cards: is the Sheriff's The Bear; a seat still to pick
        if session.play is not None:
            break
        buttons = ["DIE1"] if "Bear" in session.view().console.prompt else ["ROLL", "DONE"]
        for button in buttons:
            session.handle(button, "press", float(next(clock)))
    assert session.play is not None, session.view().console
    presses = 0
    while not session.play.game.over and presses < 3_000:
        play = session.play
        open_to = [n for n in play.seats if play.reveals_for(n)]
        if open_to and rng.random() < 0.5:  # a seat holds its button and reveals its card
            seat = rng.choice(open_to)
            session.handle(f"SEAT{seat}", "hold", float(next(clock)))
            yield session
            pick = rng.randrange(len(play.reveals_for(seat)))
            buttons = [f"DIE{pick + 1}"]
        else:
            buttons = next_buttons(session, rng)
        for button in buttons:
            presses += 1
            session.handle(button, "press", float(next(clock)))
            yield session


SETS = module_sets()
GAMES = 6  # per module set: roles dealt and physical, real Wound and Boneyard piles or not


def test_every_prompt_of_every_kind_fits_both_consoles_whole() -> None:
    seen: set[DecisionKind] = set()
    for modules, seed in ((m, seed) for m in SETS for seed in range(GAMES)):
        for session in states(modules, seed):
            if session.play is None:
                continue  # the set-up's own prompts are not decisions of the game
            view = session.view().console
            if session.play.game.pending is not None:
                seen.add(session.play.game.pending.kind)
            for width in WIDTHS:
                message = layout(view, width)
                cut = [t for t in message.cut if width > 128 or t != view.aside]
                assert not cut, (sorted(modules), seed, width, cut)
                assert not title_cut(view, width), (sorted(modules), seed, width, view.title)
    assert seen == set(DecisionKind), f"never asked: {sorted(set(DecisionKind) - seen)}"


def test_the_new_users_rage_game_asks_whole_and_tells_the_drawer_on_its_panel(
    tmp_path: Path,
) -> None:
    """Issue 23: ``emulate --seats 4 --seed 5 --keys "SEAT1 SEAT2 SEAT3 SEAT4 DIE6 DIE1 DIE2
    DIE3 DONE SEAT1 ROLL DONE ROLL DONE"`` ended "Seat 1: draw a Rage card, face down. Bu.." on
    a 128 px console. Now the question is whole on both consoles, the draw is on seat 1's own
    panel, and a restart shows it again."""
    config = defaults(tmp_path, 4)
    keys = parse_keys("SEAT1 SEAT2 SEAT3 SEAT4 DIE6 DIE1 DIE2 DIE3 DONE SEAT1 ROLL DONE ROLL DONE")
    emulator = Emulator(config, seed=5, scripted=True)
    for i, event in enumerate(keys):
        emulator.press(event, at=float(i))
    view = emulator.session.view()
    assert view.console.prompt == "Bull's Eye 1 (die 3): shoot whom? SEAT"
    assert all(not layout(view.console, width).cut for width in WIDTHS)
    assert [s.chore for s in view.seats] == ["draw Rage card", "", "", ""]
    emulator.close()
    again = Emulator(config, seed=5, scripted=True).session.view()  # power cut, power on
    assert [s.chore for s in again.seats] == ["draw Rage card", "", "", ""]
