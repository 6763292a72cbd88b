"""What the fuzz of changed states makes of a changed state: a saved game carries its play, so
one that loads is the state its play reaches. ``same``: the change gave play's own state back
(a default written out, a duplicate in a set); ``replayed``: a changed play (or set-up) that
reaches exactly the changed state, shown here by replaying it apart from ``Game.from_json``;
anything else is ``unreachable`` and fails the test (``test_state_fuzz.py``).

The larger run, once, by a command (its figures are in the report of issue 34)::

    .venv/bin/python -m tests.engine.reachable 100000
"""

from __future__ import annotations

import copy
import random
import sys
from collections import Counter
from typing import Any

from companion.engine import Game, GameSetup, SetupError, StateError, action_from_json


def replayed(data: dict[str, Any]) -> dict[str, Any]:
    """The state the set-up and play written in ``data`` reach, played here action by action."""
    game = Game(GameSetup.from_json(data["setup"]))
    for entry in data["played"]:
        game.apply(action_from_json(entry))
    return game.to_json()


def classify(original: dict[str, Any], changed: dict[str, Any], loaded: Game) -> str:
    """``same``, ``replayed`` or ``unreachable`` for a changed state that loaded."""
    state = loaded.to_json()
    if state == Game.from_json(copy.deepcopy(original)).to_json():
        return "same"
    return "replayed" if replayed(changed) == state else "unreachable"


def run(count: int, seed: int = 34) -> Counter[str]:
    """``count`` random leaf changes of the sampled states: how each came out."""
    from .state_samples import sampled_states, state
    from .test_state_fuzz import KINDS, mutate, paths

    rng = random.Random(seed)
    found: Counter[str] = Counter()
    states = len(sampled_states())
    while sum(found.values()) < count:
        data = state(rng.randrange(states))
        original = copy.deepcopy(data)
        places = paths(data)
        if not mutate(
            data, places[rng.randrange(len(places))], rng.choice(KINDS), rng.randrange(101)
        ):
            continue
        changed = copy.deepcopy(data)
        try:
            loaded = Game.from_json(data)
        except (StateError, SetupError):
            found["refused"] += 1
            continue
        found[classify(original, changed, loaded)] += 1
    return found


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    found = run(count)
    refused = found["refused"]
    print(f"{count} random leaf changes: {refused} refused, {count - refused} loaded")
    for outcome, n in sorted(found.items(), key=lambda item: -item[1]):
        if outcome != "refused":
            print(f"{n:8} {outcome}")


if __name__ == "__main__":
    main()
