"""Whole base games recorded on the engine as it was before the rule modules: the same seed
must keep playing the same game.

Each recorded game names its set-up (players, seed, house rules, secret roles), the actions a
seeded random player took (re-rolls without their faces, so the dice come from the seed) and,
after each action, the events it caused; then the table at the end. ``test_golden_games.py``
replays the actions on today's engine and compares everything.

Written once with ``python -m tests.engine.golden_games``; never rewrite it to make a test pass.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from companion.engine import Action, Game, HouseRule, deal

PATH = Path(__file__).with_name("golden_games.json")
MAX_ACTIONS = 2_000


def cases() -> list[dict[str, Any]]:
    """The set-ups recorded: every player count, both house rules, secret roles."""
    found: list[dict[str, Any]] = []
    for players in range(3, 9):
        for seed in (1, 2):
            found.append({"players": players, "seed": seed, "house_rules": [], "roles_known": True})
    for rules in (["dynamite_cancels_actions"], ["bullseye2_up_to_two"], sorted(HouseRule)):
        found.append({"players": 5, "seed": 7, "house_rules": list(rules), "roles_known": True})
    for players in (4, 5, 8):
        found.append({"players": players, "seed": 11, "house_rules": [], "roles_known": False})
    return found


def new_game(case: dict[str, Any]) -> Game:
    return Game(
        deal(
            case["players"],
            case["seed"],
            roles_known=case["roles_known"],
            house_rules=frozenset(HouseRule(h) for h in case["house_rules"]),
        )
    )


def final_table(game: Game) -> dict[str, Any]:
    """What the engine's public contract shows at the end of a game."""
    return {
        "players": [
            {
                "character": p.character,
                "life": p.life,
                "max_life": p.max_life,
                "arrows": p.arrows,
                "role": None if p.role is None else str(p.role),
                "revealed": p.revealed,
                "alive": p.alive,
            }
            for p in game.players
        ],
        "pile": game.pile,
        "turn": game.turn,
        "turn_number": game.turn_number,
        "faces": list(game.faces),
        "over": game.over,
        "side": game.side,
        "winners": list(game.winners),
    }


def record(case: dict[str, Any]) -> dict[str, Any]:
    """Play one game with a seeded random player, writing down what happened."""
    game = new_game(case)
    rng = random.Random(case["seed"] * 7919 + case["players"])
    steps = [{"action": None, "events": [e.to_json() for e in game.opening_events]}]
    while not game.over:
        if len(steps) > MAX_ACTIONS:
            raise RuntimeError(f"{case} did not end")
        action: Action = rng.choice(game.legal_actions())
        events = game.apply(action)
        steps.append({"action": action.to_json(), "events": [e.to_json() for e in events]})
    return {**case, "steps": steps, "final": final_table(game)}


def main() -> None:
    games = [record(case) for case in cases()]
    PATH.write_text(json.dumps(games, separators=(",", ":")) + "\n")
    print(f"wrote {len(games)} games to {PATH}")


if __name__ == "__main__":
    main()
