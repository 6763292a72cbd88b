"""Whole games played by a policy or by seated bots: the engine's fuzzer, its benchmark, and
how often each kind of player wins."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .bots import BOTS, make_bot, play_match
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
    policies: tuple[str, ...] = ("random",)
    seats_played: Counter[str] = field(default_factory=Counter)  # seats per kind of player
    seats_won: Counter[str] = field(default_factory=Counter)  # of those, seats on the winning side

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
            "policies": list(self.policies),
            "win_rate_by_player": self.win_rates(),
        }

    def win_rates(self) -> dict[str, float]:
        """Per kind of player: the share of the seats it played that ended on the winning side."""
        return {
            name: round(self.seats_won[name] / self.seats_played[name], 4)
            for name in sorted(self.seats_played)
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
        if len(self.seats_played) > 1:
            lines.append("share of seats that won, per kind of player:")
            lines += [f"  {name:<9} {rate:6.1%}" for name, rate in self.win_rates().items()]
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


def seating(policies: tuple[str, ...], players: int, game: int) -> list[str]:
    """Who plays each seat in game ``game``: the list turns one seat a game, so each kind of
    player sits in every seat (and so holds every role) as often as the others."""
    return [policies[(seat + game) % len(policies)] for seat in range(players)]


def simulate(
    players: int,
    games: int,
    seed: int,
    policy: Policy = random_policy,
    modules: frozenset[Module] = frozenset(),
    policies: tuple[str, ...] = ("random",),
) -> SimulationReport:
    """Deal and play ``games`` games; game i uses seed ``seed + i`` for deal, dice and choices.

    With only ``random`` players every decision is ``policy``'s (the engine's fuzzer); with any
    bot in ``policies`` the seats are played by bots that see only what their seat may know.
    """
    unknown = [name for name in policies if name not in BOTS]
    if unknown or not policies:
        raise ValueError(
            f"unknown player {(unknown or [''])[0]!r}: expected a list of " + ", ".join(BOTS)
        )
    report = SimulationReport(
        players=players, games=games, seconds=0.0, modules=modules, policies=policies
    )
    start = time.perf_counter()
    for i in range(games):
        game = Game(deal(players, seed + i, modules=modules))
        seats = seating(policies, players, i)
        if set(policies) == {"random"}:
            report.actions += play(game, policy, random.Random(seed + i))
        else:
            bots = [make_bot(name, (seed + i) * 16 + s) for s, name in enumerate(seats)]
            report.actions += len(play_match(game, bots).actions)
        report.turns += game.turn_number
        assert game.side is not None
        report.wins[game.side] += 1
        report.seats_played.update(seats)
        report.seats_won.update(seats[s] for s in game.winners)
    report.seconds = time.perf_counter() - start
    return report
