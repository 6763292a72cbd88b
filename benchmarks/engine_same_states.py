"""The same games, action by action, in two checkouts: a check that a change to the engine made
for speed changed no game.

Each checkout given plays the same seeded games in a Python process of its own (its checkout
first on ``PYTHONPATH``): the base game and every module alone, every pair of modules the set-up
accepts, and every module but the Ghost or but the zombies, each for several player counts and
seeds, roles known and hidden, the players picking uniformly among the legal actions and the
actions open beside them (reveals into open moments). After every action the state's JSON and
the events it caused are hashed; each module set's digest is printed, and with two checkouts
the sets whose games differ are named::

    .venv/bin/python benchmarks/engine_same_states.py /path/to/other/checkout .
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

WORKER = """
import hashlib, itertools, json, random, sys
from companion.engine import Game, Module, SetupError, deal

GHOST, ZOMBIES = "old_saloon.5", "undead_or_alive.4"
games, seeds = int(sys.argv[1]), int(sys.argv[2])
ids = sorted(str(m) for m in Module)
sets = [(), *((m,) for m in ids), *itertools.combinations(ids, 2)]
sets += [tuple(m for m in ids if m != GHOST), tuple(m for m in ids if m != ZOMBIES)]
for chosen in sets:
    digest = hashlib.sha256()
    played = 0
    for players, seed, known in itertools.product(range(3, 9), range(1, seeds + 1), (True, False)):
        try:
            setup = deal(players, seed, roles_known=known, modules=frozenset(chosen))
        except SetupError:
            continue
        game = Game(setup)
        rng = random.Random(seed * 10 + players)
        digest.update(json.dumps(game.to_json(), sort_keys=True).encode())
        for _ in range(5000):
            if game.over:
                break
            actions = [*game.legal_actions(), *game.window_actions()]
            events = game.apply(rng.choice(actions))
            digest.update(repr(events).encode())
            digest.update(json.dumps(game.to_json(), sort_keys=True).encode())
        played += 1
        if played >= games:
            break
    print(json.dumps([" ".join(chosen) or "base game", played, digest.hexdigest()]), flush=True)
"""


def digests(tree: Path, games: int, seeds: int) -> dict[str, tuple[int, str]]:
    """Each module set's games played and digest, by ``tree``'s engine."""
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(games), str(seeds)],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(f"{tree}: the games stopped:\n{done.stderr}")
    return {name: (n, h) for name, n, h in map(json.loads, done.stdout.splitlines())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", type=Path, nargs="+", help="checkouts (one prints its digests)")
    parser.add_argument("--games", type=int, default=40, help="games per module set at most")
    parser.add_argument("--seeds", type=int, default=4, help="seeds per player count")
    options = parser.parse_args()
    found = [digests(tree.resolve(), options.games, options.seeds) for tree in options.trees]
    differ = []
    for name, (played, digest) in found[0].items():
        others = [f.get(name) for f in found[1:]]
        same = all(o == (played, digest) for o in others)
        print(f"{digest[:16]}  {played:3d} games  {'same' if same else 'DIFFERENT'}  {name}")
        if not same:
            differ.append(name)
    if differ:
        raise SystemExit(f"{len(differ)} module sets play differently: {', '.join(differ)}")
    print(f"{len(found[0])} module sets, the same games in {len(found)} checkouts")


if __name__ == "__main__":
    main()
