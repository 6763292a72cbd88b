"""A bot is a function from what its seat may know to one legal action."""

from __future__ import annotations

import random
from typing import Protocol

from ..engine import Action, Decline, Stop
from .observation import Observation


class Bot(Protocol):
    """Plays one seat. ``name`` says which kind of player it is (``rules``, ``mc``, ...)."""

    name: str
    looks_ahead: bool  # needs the position snapshot (plays the game forward)

    def __call__(self, obs: Observation) -> Action: ...


def fallback(obs: Observation) -> Action:
    """A legal answer to any decision, known or not: say no, stop, or take the first offer."""
    for quiet in (Decline(), Stop()):
        if quiet in obs.legal:
            return quiet
    return obs.legal[0]


def checked(obs: Observation, action: Action | None) -> Action:
    """``action`` if the rules allow it now, else the fallback: a bot never plays illegally."""
    return action if action is not None and action in obs.legal else fallback(obs)


class RandomBot:
    """Any legal action, uniformly: the yardstick a sensible player must beat."""

    name = "random"
    looks_ahead = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def __call__(self, obs: Observation) -> Action:
        return self.rng.choice(obs.legal)
