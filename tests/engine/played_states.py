"""Every state random play reaches loads back: a check that refuses one would stop a box from
resuming or a bot from playing. Random legal actions (and reveals into open moments) of games
of every module set (``state_samples.new_game``), each state read back whole (``Game.from_json``,
which replays its play), and in about a third of the games each seat's view too (what a bot
loads, with ``Game.from_position``), once as shown and once with the roles the seat cannot see
filled in from the game, as a bot's guess would.

A command, for the checks of issue 34 (its figures are in that report)::

    .venv/bin/python -m tests.engine.played_states 500 41
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from typing import Any

from companion.bots.observation import observe
from companion.engine import Game, SetupError, StateError

from .state_samples import new_game

MOST_ACTIONS = 400  # a game's actions at most


def loads(data: dict[str, Any]) -> None:
    """Read ``data`` back as a game (StateError or SetupError when refused): a whole game as a
    saved game, a seat's view (no play in it) as a position."""
    read = Game.from_json if "played" in data else Game.from_position
    read(json.loads(json.dumps(data)))


def views(game: Game) -> list[dict[str, Any]]:
    """Each seat's view of the game, as shown and with every role filled in."""
    found = []
    for seat in range(len(game.players)):
        shown = json.loads(observe(game, seat).position)
        guessed = json.loads(json.dumps(shown))
        for p, player in zip(game.players, guessed["players"], strict=True):
            if p.role is not None:
                player["role"] = str(p.role)
        found += [shown, guessed]
    return found


def run(games: int, seed: int) -> tuple[int, Counter[str]]:
    """The states loaded, and each refusal's message (its first 120 characters) counted."""
    rng = random.Random(seed)
    states, refused = 0, Counter[str]()
    played = 0
    while played < games:
        game = new_game(rng)
        if game is None:
            continue
        played += 1
        with_views = rng.random() < 0.3
        for _ in range(MOST_ACTIONS):
            reached = [game.to_json()]
            if with_views and not game.over:
                reached += views(game)
            for data in reached:
                states += 1
                try:
                    loads(data)
                except (StateError, SetupError) as e:
                    refused[str(e)[:120]] += 1
            if game.over:
                break
            game.apply(rng.choice(game.legal_actions() + game.window_actions()))
    return states, refused


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 41
    states, refused = run(games, seed)
    print(f"{games} games, {states} states read back: {sum(refused.values())} refused")
    for message, n in refused.most_common():
        print(f"{n:8} {message}")


if __name__ == "__main__":
    main()
