"""A bot is a function from what its seat may know to one legal action."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ..engine import Action, Answer, Decline, RevealSpecial, Stop
from .observation import Observation


class Bot(Protocol):
    """Plays one seat. ``name`` says which kind of player it is (``rules``, ``random``, ...)."""

    name: str
    looks_ahead: bool  # needs the position snapshot (plays the game forward)

    def __call__(self, obs: Observation) -> Action: ...


@runtime_checkable
class Revealer(Protocol):
    """A player that may reveal its Old Saloon 3 card into an open moment of another seat's
    decision (a player without ``reveal`` never does)."""

    def reveal(self, obs: Observation) -> RevealSpecial | None: ...


# The quiet answer to a decision no rule knows, by how it is answered (the spec's answer
# shape, so a new kind of decision is played without a word here): keep the dice, or say no.
# Where the rules refuse it (a first roll, a question that must be answered, a role card to
# show), the bot takes the first answer offered: every die rolled, the first seat, die or
# option, yes, the first card.
QUIET: dict[Answer, Action | None] = {
    Answer.ROLL: Stop(),
    Answer.SEAT: Decline(),
    Answer.DIE: Decline(),
    Answer.YES_NO: Decline(),
    Answer.CHOICE: Decline(),
    Answer.ROLE: None,  # a role card is shown, never declined
}


def fallback(obs: Observation) -> Action:
    """A legal answer to any decision, known or not, from its answer shape alone."""
    quiet = QUIET[obs.pending.spec.answer]
    return quiet if quiet is not None and quiet in obs.legal else obs.legal[0]


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
