"""What one seat may know is a legal game too (issue 21): the state as ``Game.to_json(seat)``
writes it (every role and special card that seat cannot know erased, the set-up's roles secret,
its special cards only what the table sees), and the same with guessed roles filled in as a
Monte Carlo player does, loads as a position (``Game.from_position``: a view has no play behind
it); a guess that breaks the role mix does not."""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache
from typing import Any

import pytest

from companion.engine import ROLE_MIX, Game, StateError

from .state_samples import sampled_states

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules

Data = dict[str, Any]


def guess(data: Data, rng: random.Random) -> None:
    """Fill the roles left unknown with a deal of the roles the mix still leaves; but that of a
    seat asked to reveal its role, which is unknown until the seat shows its card."""
    players = data["players"]
    pool = Counter(ROLE_MIX[len(players)])
    pool.subtract(p["role"] for p in players if p["role"] is not None)
    left = sorted(pool.elements())
    rng.shuffle(left)
    pending = data["pending"]
    revealing = pending["seat"] if pending and pending["kind"] == "reveal_role" else None
    for p in players:
        if p["role"] is None and p["seat"] != revealing:
            p["role"] = left.pop()


@cache
def hidden_games() -> list[Game]:
    """The sampled games going on with 4 players or more (with 3 every role is face up)."""
    games = [Game.from_json(json.loads(s)) for s in sampled_states()]
    return [g for g in games if not g.over and len(g.players) > 3]


def seen_by(game: Game, seat: int) -> Data:
    data: Data = json.loads(json.dumps(game.to_json(seat)))
    return data


@pytest.mark.parametrize("index", range(len(hidden_games())))
def test_from_json_accepts_what_a_seat_may_know_and_guesses_that_fit(index: int) -> None:
    rng = random.Random(index)
    game = hidden_games()[index]
    for seat in range(len(game.players)):
        data = seen_by(game, seat)
        assert data["setup"]["roles"] is None
        Game.from_position(json.loads(json.dumps(data)))
        guess(data, rng)
        Game.from_position(data)


def test_from_json_refuses_a_guess_that_breaks_the_role_mix() -> None:
    """Every hidden seat guessed a Deputy: more Deputies than the mix holds."""
    game = next(g for g in hidden_games() if sum(not p.revealed for p in g.players) > 2)
    data = seen_by(game, 0)
    for p in data["players"]:
        if p["role"] is None:
            p["role"] = "deputy"
    with pytest.raises(StateError, match="role: .* seats hold deputy, but"):
        Game.from_position(data)
