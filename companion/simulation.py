"""Whole games played by a policy: the engine's fuzzer and its benchmark."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .engine import Action, Game, Module, deal

Policy = Callable[[Game, list[Action], random.Random], Action]


def random_policy(game: Game, actions: list[Action], rng: random.Random) -> Action:
    """Any legal action, uniformly."""
    return rng.choice(actions)


@dataclass
class SimulationReport:
    players: int
    games: int
    seconds: float
    modules: frozenset[Module] = frozenset()
    turns: int = 0
    actions: int = 0
    wins: Counter[str] = field(default_factory=Counter)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else float("inf")

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "modules": sorted(str(m) for m in self.modules),
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "average_turns": round(self.turns / self.games, 2),
            "average_actions": round(self.actions / self.games, 2),
            "win_share": {side: round(n / self.games, 4) for side, n in sorted(self.wins.items())},
        }

    def to_text(self) -> str:
        data = self.to_json()
        modules = f" with {', '.join(data['modules'])}" if data["modules"] else ""
        lines = [
            f"{self.games} games of {self.players} players{modules} in {data['seconds']} s: "
            f"{data['games_per_second']} games per second",
            f"average turns per game: {data['average_turns']}  "
            f"(actions per game: {data['average_actions']})",
            "share of wins per side:",
        ]
        lines += [f"  {side:<9} {share:6.1%}" for side, share in data["win_share"].items()]
        return "\n".join(lines)


def play(game: Game, policy: Policy, rng: random.Random, max_actions: int = 100_000) -> int:
    """Play ``game`` to its end; returns the number of actions taken."""
    taken = 0
    while not game.over:
        if taken >= max_actions:
            raise RuntimeError(f"game did not end within {max_actions} actions")
        game.apply(policy(game, game.legal_actions(), rng))
        taken += 1
    return taken


def simulate(
    players: int,
    games: int,
    seed: int,
    policy: Policy = random_policy,
    modules: frozenset[Module] = frozenset(),
) -> SimulationReport:
    """Deal and play ``games`` games; game i uses seed ``seed + i`` for deal, dice and choices."""
    report = SimulationReport(players=players, games=games, seconds=0.0, modules=modules)
    start = time.perf_counter()
    for i in range(games):
        game = Game(deal(players, seed + i, modules=modules))
        report.actions += play(game, policy, random.Random(seed + i))
        report.turns += game.turn_number
        assert game.side is not None
        report.wins[game.side] += 1
    report.seconds = time.perf_counter() - start
    return report
