"""Computer players: each sees only what its seat may know and answers with a legal action.

>>> from companion.engine import Game, deal
>>> from companion.bots import RuleBot, play_match
>>> game = Game(deal(players=4, seed=2))
>>> _ = play_match(game, [RuleBot() for _ in range(4)])
>>> game.over
True
"""

from __future__ import annotations

from .base import Bot, RandomBot, fallback
from .match import Record, play_match
from .montecarlo import MonteCarloBot
from .observation import Observation, PublicPlayer, observe
from .rules import RuleBot

# The kinds of player ``simulate --policy`` and the table know, by name.
BOTS = ("random", "rules", "mc")


def make_bot(name: str, seed: int = 0) -> Bot:
    """A fresh player of the kind ``name``, with a clear error for an unknown one."""
    if name == "random":
        return RandomBot(seed)
    if name == "rules":
        return RuleBot()
    if name == "mc":
        return MonteCarloBot(seed)
    raise ValueError(f"unknown player {name!r}: expected one of {', '.join(BOTS)}")


__all__ = [
    "BOTS",
    "Bot",
    "MonteCarloBot",
    "Observation",
    "PublicPlayer",
    "RandomBot",
    "Record",
    "RuleBot",
    "fallback",
    "make_bot",
    "observe",
    "play_match",
]
