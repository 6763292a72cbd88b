"""Computer players: each sees only what its seat may know and answers with a legal action.

>>> from companion.engine import Game, deal
>>> from companion.bots import RuleBot, play_match
>>> game = Game(deal(players=4, seed=2))
>>> _ = play_match(game, [RuleBot() for _ in range(4)])
>>> game.over
True
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, RandomBot, Revealer, fallback
from .match import Record, play_match
from .observation import Observation, PublicPlayer, observe
from .rules import RuleBot

# The kinds of player ``simulate --policy``, the configuration, the journal and the table know,
# by name, each made fresh from a seed. Extendable: a name added here (a test's own player, or
# a new kind) is known to all of them at once; ``BOTS`` lists the names as they are now.
PLAYERS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "rules": lambda seed: RuleBot(),
}
BOTS = PLAYERS.keys()
# Players an older box could name, and the kind that takes their seats now: a journal naming
# one still resumes (the Monte Carlo player left the product: docs/bots.md).
RETIRED: dict[str, str] = {"mc": "rules"}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A fresh player of the kind ``name``, with a clear error for an unknown one."""
    factory = PLAYERS.get(name)
    if factory is None:
        raise ValueError(f"unknown player {name!r}: expected one of {', '.join(PLAYERS)}")
    return factory(seed)


__all__ = [
    "BOTS",
    "Bot",
    "Observation",
    "PLAYERS",
    "PublicPlayer",
    "RETIRED",
    "RandomBot",
    "Revealer",
    "Record",
    "RuleBot",
    "fallback",
    "make_bot",
    "observe",
    "play_match",
]
