"""Whole 5-player random games, nothing else: run under callgrind to count instructions.

Instruction counts do not depend on what else the machine is doing, so they compare two
versions of the engine where wall-clock speed on a shared machine cannot. Run it with 0 games
and with N games; the difference divided by N is the engine's cost per game::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python \
        benchmarks/engine_instructions.py 60
"""

from __future__ import annotations

import random
import sys

from companion.engine import Game, deal


def main(games: int) -> None:
    for i in range(games):
        game = Game(deal(5, 1 + i))
        rng = random.Random(1 + i)
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
