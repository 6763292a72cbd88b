"""A seat's ability follows its part in the game (a Ghost, a zombie, a seat saved by a reveal):
the game in play and the same game read back from its JSON agree on every seat's ability, after
every action, reveals into open moments included."""

from __future__ import annotations

import random

import pytest

from companion.engine import Game, Module, deal
from companion.modules.ghost.rules import ID as GHOST
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.modules.zombies.rules import ID as ZOMBIES

SETS = [
    frozenset({SPECIAL_ROLES_ID, GHOST}),
    frozenset({SPECIAL_ROLES_ID, ZOMBIES}),
]


@pytest.mark.parametrize("modules", SETS, ids=lambda m: "+".join(sorted(m)))
@pytest.mark.parametrize("seed", range(12))
def test_a_seats_ability_is_the_same_in_play_and_read_back(
    modules: frozenset[Module], seed: int
) -> None:
    rng = random.Random(seed)
    game = Game(deal(6, seed, modules=modules))
    while not game.over:
        offers = game.window_actions()
        if offers and rng.random() < 0.5:
            game.apply(rng.choice(offers))
        else:
            game.apply(rng.choice(game.legal_actions()))
        back = Game.from_position(game.to_json())
        seats = range(len(game.players))
        assert [game.ability(s) for s in seats] == [back.ability(s) for s in seats], (
            f"seed {seed}, turn {game.turn_number}: in play and read back differ"
        )
