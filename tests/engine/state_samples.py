"""States the rules reach, for the tests of what ``Game.from_json`` accepts and refuses: random
legal actions (and reveals into open moments) played from ``deal(...)`` with every module set
the set-up allows, 3 to 8 players, secret and dealt roles, the real piles on and off."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import cache
from itertools import combinations
from typing import Any

from companion.engine import Game, Module, SetupError, deal

MODULES = tuple(m.value for m in Module)
# Every module set, each with the player counts its set-up allows (some allow none).
SETS = tuple(frozenset(c) for k in range(len(MODULES) + 1) for c in combinations(MODULES, k))


def new_game(rng: random.Random) -> Game | None:
    """A game of a random module set, player count, way of dealing and piles (None when the
    set-up refuses the combination drawn)."""
    modules = rng.choice(SETS)
    players = rng.randint(3, 8)
    real = rng.random() < 0.5
    try:
        setup = deal(
            players,
            rng.randrange(10**6),
            modules=modules,
            roles_known=rng.random() < 0.5,
            specials_mixed="old_saloon.3" in modules and rng.random() < 0.5,
            real_piles=frozenset({"wounds"} if real and "undead_or_alive.1" in modules else ()),
        )
        if real and "undead_or_alive.4" in modules:
            setup = replace(setup, real_boneyard=True)
    except SetupError:
        return None
    return Game(setup)


@cache
def sampled_states(count: int = 100, seed: int = 21) -> tuple[str, ...]:
    """``count`` states as JSON text, each taken after a random number of random actions."""
    rng = random.Random(seed)
    found: list[str] = []
    while len(found) < count:
        game = new_game(rng)
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
