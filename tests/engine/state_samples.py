"""States the rules reach, for the tests of what ``Game.from_json`` accepts and refuses: random
legal actions (and reveals into open moments) played from ``deal(...)`` with every module set
the set-up allows, 3 to 8 players, secret and dealt roles, the real piles on and off.

The box's own module sets give the samples the tests were written for (the same draws whatever
else is installed); each module from outside adds samples of the sets that hold it."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import cache
from itertools import combinations
from typing import Any

from companion.engine import Game, SetupError, deal
from companion.modules.zombies.rules import BoneyardSetup
from tests.installed_modules import OUTSIDE, OWN

OWN_IDS = tuple(m.value for m in OWN)
MODULES = (*OWN_IDS, *(m.value for m in OUTSIDE))
# Every module set of the box's own, each with the player counts its set-up allows (some allow
# none); and every set holding a module from outside.
SETS = tuple(frozenset(c) for k in range(len(OWN_IDS) + 1) for c in combinations(OWN_IDS, k))
OUTSIDE_SETS = tuple(
    frozenset(c)
    for k in range(1, len(MODULES) + 1)
    for c in combinations(MODULES, k)
    if not set(c) <= set(OWN_IDS)
)
OUTSIDE_SAMPLES = 50  # states sampled for each module from outside


def new_game(rng: random.Random, sets: tuple[frozenset[str], ...] = SETS) -> Game | None:
    """A game of a random module set of ``sets``, player count, way of dealing and piles (None
    when the set-up refuses the combination drawn)."""
    modules = rng.choice(sets)
    players = rng.randint(3, 8)
    real = rng.random() < 0.5
    try:
        setup = deal(
            players,
            rng.randrange(10**6),
            modules=modules,
            roles_known=rng.random() < 0.5,
            mixed="old_saloon.3" in modules and rng.random() < 0.5,
            real_piles=frozenset({"wounds"} if real and "undead_or_alive.1" in modules else ()),
        )
        if real and "undead_or_alive.4" in modules:
            setup = replace(setup, parts=(*setup.parts, BoneyardSetup(True)))
    except SetupError:
        return None
    return Game(setup)


@cache
def sampled_states(count: int = 100, seed: int = 21) -> tuple[str, ...]:
    """``count`` states of the box's own modules as JSON text, each taken after a random number
    of random actions, then ``OUTSIDE_SAMPLES`` for each module from outside installed."""
    outside = _sampled(OUTSIDE_SETS, OUTSIDE_SAMPLES * len(OUTSIDE), seed)
    return _sampled(SETS, count, seed) + outside


def _sampled(sets: tuple[frozenset[str], ...], count: int, seed: int) -> tuple[str, ...]:
    rng = random.Random(seed)
    found: list[str] = []
    while len(found) < count:
        game = new_game(rng, sets)
        if game is None:
            continue
        for _ in range(rng.randrange(0, 160)):
            if game.over:
                break
            game.apply(rng.choice(game.legal_actions() + game.window_actions()))
        found.append(json.dumps(game.to_json()))
    return tuple(found)


def state(i: int) -> dict[str, Any]:
    """A fresh copy of sampled state ``i``."""
    states = sampled_states()
    data: dict[str, Any] = json.loads(states[i % len(states)])
    return data
