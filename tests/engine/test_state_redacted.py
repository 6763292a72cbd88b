"""What one seat may know is a legal game too (issue 21): a state with every role and special
card that seat cannot know erased (the set-up's roles secret, its special cards only what the
table sees), or with guessed roles filled in as a Monte Carlo player does, loads with
``Game.from_json``; a guess that breaks the role mix does not."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from companion.engine import ROLE_MIX, Game, StateError

from .state_samples import sampled_states

Data = dict[str, Any]


def redact(data: Data, seat: int) -> None:
    """Erase what ``seat`` may not know, in the state and in each state kept at a moment."""
    setup = data["setup"]
    sheriff = next(i for i, p in enumerate(data["players"]) if p["role"] == "sheriff")
    setup["roles"], setup["sheriff"] = None, sheriff
    if setup.get("specials") is not None:
        setup["specials"] = [
            p["special"] if i == sheriff else None for i, p in enumerate(data["players"])
        ]
    for state in [data, *(window[2] for window in data["windows"])]:
        for i, p in enumerate(state["players"]):
            if i != seat and not p["revealed"]:
                p["role"] = None
            if i != seat and not p["special_shown"]:
                p["special"] = None


def guess(data: Data, rng: random.Random) -> None:
    """Fill the roles left unknown with a deal of the roles the mix still leaves."""
    players = data["players"]
    pool = Counter(ROLE_MIX[len(players)])
    pool.subtract(p["role"] for p in players if p["role"] is not None)
    left = sorted(pool.elements())
    rng.shuffle(left)
    for p in players:
        if p["role"] is None:
            p["role"] = left.pop()


def hidden_states() -> list[Data]:
    """The sampled games going on with 4 players or more (with 3 every role is face up)."""
    states = [json.loads(s) for s in sampled_states()]
    return [d for d in states if not d["over"] and len(d["players"]) > 3]


@pytest.mark.parametrize("index", range(len(hidden_states())))
def test_from_json_accepts_what_a_seat_may_know_and_guesses_that_fit(index: int) -> None:
    rng = random.Random(index)
    original = hidden_states()[index]
    for seat in range(len(original["players"])):
        data = json.loads(json.dumps(original))
        redact(data, seat)
        Game.from_json(json.loads(json.dumps(data)))
        guess(data, rng)
        Game.from_json(data)


def test_from_json_refuses_a_guess_that_breaks_the_role_mix() -> None:
    """Every hidden seat guessed a Deputy: more Deputies than the mix holds."""
    data = next(d for d in hidden_states() if sum(not p["revealed"] for p in d["players"]) > 2)
    redact(data, 0)
    for p in data["players"]:
        if p["role"] is None:
            p["role"] = "deputy"
    with pytest.raises(StateError, match="role: .* seats hold deputy, but"):
        Game.from_json(data)
