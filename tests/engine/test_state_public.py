"""What the whole table may see (issue 26): ``Game.to_json(NO_SEAT)`` is the state with every
secret any seat holds blank (the roles and special cards not face up, the seed and the draw
counters keyed on it, every reveal offered into an open moment). Two games that differ only in
those secrets give the same public state, byte for byte, and it loads as a game of its own."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from companion.engine import NO_SEAT, Game
from companion.modules.special_roles.rules import holding

from ..test_what_a_seat_sees import twin_of
from .state_samples import sampled_states

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules


@cache
def games() -> list[Game]:
    return [Game.from_json(json.loads(s)) for s in sampled_states()]


def public(game: Game) -> bytes:
    return json.dumps(game.to_json(NO_SEAT), sort_keys=True).encode()


@pytest.mark.parametrize("index", range(0, len(games()), 3))
def test_twins_differing_only_in_secrets_show_the_table_the_same_state(index: int) -> None:
    game = games()[index]
    # the twin is a position of the test's making: its secrets are not those its play dealt
    twin = Game.from_position(twin_of(game.to_json(), NO_SEAT, random.Random(index)))
    assert public(game) == public(twin)
    Game.from_position(json.loads(public(game)))  # a legal game of its own


@pytest.mark.parametrize("index", range(0, len(games()), 3))
def test_no_seats_own_secret_reaches_the_public_state(index: int) -> None:
    """Each seat sees its own card; the public state shows only cards face up."""
    game = games()[index]
    data = game.to_json(NO_SEAT)
    for p, shown in zip(game.players, data["players"], strict=True):
        assert shown["role"] == (str(p.role) if p.revealed and p.role else None)
        held = holding(p)
        assert shown["special"] == (held.special_card if held.special_shown else None)
    assert data["setup"]["seed"] == 0 and data["roll_count"] == 0
    for window in data["windows"]:
        assert window[3] == []  # no seat's offers into an open moment
