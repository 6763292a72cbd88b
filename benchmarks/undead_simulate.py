"""Undead or Alive speed: whole random 5-player games per CPU second, base game against
modules 1-3 (Duel dice, Wound tokens, Rage symbols entered by a random legal policy).

CPU time of this process (``time.process_time``), so a machine shared with other work still
gives a fair comparison; with ``--markdown-into`` it replaces the "## Undead or Alive" section.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from pathlib import Path

from engine_simulate import machine, pin_to_one_core
from perfdoc import publish

from companion.engine import Game, deal
from companion.simulation import play, random_policy

SECTION = "## Undead or Alive"
COMMAND = ".venv/bin/python benchmarks/undead_simulate.py --markdown-into docs/performance.md"
SETS = {
    "base game": frozenset(),
    "modules 1-3": frozenset({"undead_or_alive.1", "undead_or_alive.2", "undead_or_alive.3"}),
}


def measure(modules: frozenset[str], games: int, seed: int) -> tuple[float, float, float]:
    """CPU seconds, actions per game and turns per game over ``games`` random games."""
    actions = turns = 0
    start = time.process_time()
    for s in range(seed, seed + games):
        game = Game(deal(5, s, modules=modules))
        actions += play(game, random_policy, random.Random(s))
        turns += game.turn_number
    return time.process_time() - start, actions / games, turns / games


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per set (1000)")
    parser.add_argument("--seed", type=int, default=1, help="first game's seed (1)")
    parser.add_argument("--markdown-into", type=Path, help="update this file's section too")
    args = parser.parse_args(argv)
    measured_on = machine()
    pinned = pin_to_one_core()
    rows = []
    for name, modules in SETS.items():
        seconds, actions, turns = measure(modules, args.games, args.seed)
        rows.append(
            f"| {name} | {args.games} | {seconds:.2f} | {args.games / seconds:.0f} "
            f"| {turns:.2f} | {actions:.1f} |"
        )
    section = "\n".join(
        [
            SECTION,
            "",
            "Random 5-player games with Undead or Alive's modules 1-3 against the base game, "
            f"in CPU seconds of one process ({pinned}). Produced by:",
            "",
            "```",
            COMMAND,
            "```",
            "",
            *measured_on,
            "| modules | games | CPU seconds | games/s | turns/game | actions/game |",
            "| --- | ---: | ---: | ---: | ---: | ---: |",
            *rows,
        ]
    )
    publish(SECTION, section, args.markdown_into)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
