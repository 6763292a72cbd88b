"""Fuzz: states the rules reached (every module set, 3 to 8 players, secret and dealt roles, real
piles on and off), changed in one field, nested ones included (a player, a step of the queue, the
state kept at an open moment, the set-up): a field dropped, a list item duplicated, a value of
another type, out of range or unknown. Each either loads as a game whose invariants hold and
whose legal actions apply, or is refused with a StateError or SetupError naming the field;
never another exception (issue 21). A saved game carries its play (``played``): a state its
play does not reach is refused where it differs (issue 34).

"Naming the field": the message holds the changed field's key (or its singular). A change in
the set-up is named ``setup: ...`` when the set-up itself is refused; a set-up that is still a
valid one, but no longer the state's (a module turned off), is named by the state's field that
no longer fits it, the play (``played``) included.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import fields, replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import (
    DiceRolled,
    Game,
    GameState,
    Module,
    PlayerState,
    Roll,
    SetupError,
    StateError,
    TurnScratch,
    check_state,
    deal,
)

from .reachable import classify
from .state_samples import sampled_states, state

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules

Path = tuple[str | int, ...]
KINDS = ("drop", "duplicate", "retype", "range")
OTHER_TYPES: tuple[Any, ...] = (None, True, 0, 1.5, "x", [], {})
NUMBERS = (-1, 2, 3, 9, 10, 99, 10**9)
WORDS = ("", "zz_unknown", "three_hands", "duel", "sheriff", "the_bad", "arrow", "begun", "roll")
ITEMS: tuple[Any, ...] = (0, 1, "arrow", "beer", "one_hand", [0, "beer"])
STATE_FIELDS = {f.name for kind in (GameState, PlayerState, TurnScratch) for f in fields(kind)}

RUNS = settings(
    max_examples=2000,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def paths(value: Any, path: Path = ()) -> list[Path]:
    """Every place in the JSON, the whole first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += paths(item, (*path, i))
    return found


def mutate(data: dict[str, Any], path: Path, kind: str, pick: int) -> bool:
    """Change ``data`` at ``path`` by ``kind`` (``pick`` chooses among the ways); False when
    that kind cannot change this place."""
    if not path:
        return False
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    value = parent[key]
    if kind == "drop":
        del parent[key]
    elif kind == "duplicate":
        if isinstance(value, list) and value:
            value.insert(pick % (len(value) + 1), copy.deepcopy(value[pick % len(value)]))
        elif isinstance(parent, list):
            parent.insert(key, copy.deepcopy(value))
        else:
            return False
    elif kind == "retype":
        others = [o for o in OTHER_TYPES if type(o) is not type(value)]
        parent[key] = copy.deepcopy(others[pick % len(others)])
    elif isinstance(value, bool):
        parent[key] = not value
    elif isinstance(value, int):
        parent[key] = (*NUMBERS, value + 1, value - 1)[pick % (len(NUMBERS) + 2)]
    elif isinstance(value, str):
        parent[key] = WORDS[pick % len(WORDS)]
    elif isinstance(value, list) and value:
        del value[pick % len(value)]
    elif isinstance(value, list):
        value.append(copy.deepcopy(ITEMS[pick % len(ITEMS)]))
    elif value is None:
        parent[key] = (0, 1, 7, "x", "arrow")[pick % 5]
    else:
        return False
    return True


def names_the_field(message: str, path: Path, error: Exception) -> bool:
    keys = [k for k in path if isinstance(k, str)]
    if not keys:
        return True
    last = keys[-1]
    if any(name and name in message for name in (last, last.rstrip("s"))):
        return True
    if keys[0] == "played":  # an action of the play changed: refused at it, or where it leads
        return "played" in message
    if keys[0] == "setup":
        if isinstance(error, SetupError):
            return message.startswith("setup: ")
        # the play too: a set-up not the state's may not replay it
        return any(name in message for name in (*STATE_FIELDS, "played"))
    return False


@RUNS
@given(
    which=st.integers(0, 10**6),
    where=st.integers(0, 10**6),
    kind=st.sampled_from(KINDS),
    pick=st.integers(0, 100),
)
def test_a_state_changed_in_any_field_loads_as_a_legal_game_or_is_refused_naming_it(
    which: int, where: int, kind: str, pick: int
) -> None:
    data = state(which)
    places = paths(data)
    path = places[where % len(places)]
    if not mutate(data, path, kind, pick):
        return
    try:
        game = Game.from_json(data)
    except (StateError, SetupError) as error:
        assert names_the_field(str(error), path, error), f"{kind} at {path}: {error}"
        return
    check_state(game)
    legal = game.legal_actions()
    offered = game.window_actions()
    assert legal or game.over
    for action in [*legal, *offered]:
        game.copy().apply(action)  # raises only if a listed action does not apply
    assert Game.from_json(json.loads(json.dumps(game.to_json()))).to_json() == game.to_json()


def test_the_sampled_states_cover_every_kind_of_part() -> None:
    """The states changed above hold what the refusals are about: secret and dealt roles, real
    piles, open moments, a Ghost, zombies, Wound tokens held, Rage cards revealed, special
    cards, finished games, 3 to 8 players; and every module installed."""
    states = [json.loads(s) for s in sampled_states()]
    for m in Module:
        assert any(m in d["setup"]["modules"] for d in states), m
    assert {len(d["players"]) for d in states} == set(range(3, 9))
    assert any(d["setup"]["roles"] is None for d in states)
    assert any(d["setup"].get("real_piles") or d["setup"].get("real_boneyard") for d in states)
    assert any(d["windows"] for d in states)
    assert any(d["over"] for d in states) and any(d["ghost_token"] for d in states)
    assert any(d["outbreak"] == "begun" for d in states)
    for part in ("ghost", "wounds", "rage_revealed", "special"):
        assert any(p[part] for d in states for p in d["players"]), part


REACH_RUNS = settings(
    max_examples=600,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


@REACH_RUNS
@given(
    which=st.integers(0, 10**6),
    where=st.integers(0, 10**6),
    kind=st.sampled_from(KINDS),
    pick=st.integers(0, 100),
)
def test_a_changed_state_that_loads_is_the_state_its_play_reaches(
    which: int, where: int, kind: str, pick: int
) -> None:
    """Issue 34: a change that loads is play's own state (a default, a duplicate in a set) or
    the state the changed play (or set-up) it carries reaches, replayed here action by action;
    no state loads that its play does not reach."""
    data = state(which)
    original = copy.deepcopy(data)
    places = paths(data)
    path = places[where % len(places)]
    if not mutate(data, path, kind, pick):
        return
    changed = copy.deepcopy(data)
    try:
        game = Game.from_json(data)
    except (StateError, SetupError):
        return
    outcome = classify(original, changed, game)
    assert outcome != "unreachable", f"{kind} at {path}: {outcome}"


def test_the_same_recorded_actions_reach_a_state_under_any_seed() -> None:
    """A saved game's play holds the faces it rolled: random base and Old Saloon games (whose
    dice come from the seed alone), replayed on the same set-up with another seed, reach the
    same state but the seed, so a saved game with its seed changed loads as the play shows."""
    rng = random.Random(34)
    for modules in (frozenset(), frozenset({"old_saloon.1", "old_saloon.2"})):
        setup = deal(5, 11, modules=modules)
        game, recorded = Game(setup), []
        for _ in range(120):
            if game.over:
                break
            action = rng.choice(game.legal_actions())
            events = game.apply(action)
            rolled = [e for e in events if isinstance(e, DiceRolled)]
            if isinstance(action, Roll) and rolled:
                action = Roll(action.dice, rolled[0].faces)
            recorded.append(action)
        for seed in (0, 2**64 - 1, 123456789):
            other = Game(replace(setup, seed=seed))
            for action in recorded:
                other.apply(action)
            mine, theirs = game.to_json(), other.to_json()
            assert theirs["setup"]["seed"] == seed
            theirs["setup"]["seed"] = mine["setup"]["seed"]
            assert theirs == mine
