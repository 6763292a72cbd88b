"""What a seat can infer about hidden roles from what everyone did.

Every shot and every Beer is public. Shooting the Sheriff marks a seat as hostile to the law;
healing the Sheriff, or shooting a seat that looks hostile, marks it as loyal. The scores only
tilt guesses: a seat's chances always range over the roles still unaccounted for.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ..engine import Event, ResultAssigned, Role
from .observation import Observation

# How much one public act says about the actor (in "hostility" units).
SHOT_THE_SHERIFF = 1.0
HEALED_THE_SHERIFF = -0.6
SHOT_A_SUSPECT = -0.4
SHOT_A_LOYALIST = 0.4
# How strongly hostility tilts the guess between the law's side and its enemies.
TILT = 1.2

LAW = (Role.SHERIFF, Role.DEPUTY)
BEER = "beer"


def hostility(events: Iterable[Event], sheriff: int | None, players: int) -> list[float]:
    """A score per seat: above 0 it has acted against the Sheriff, below 0 for him."""
    score = [0.0] * players
    for e in events:
        if not isinstance(e, ResultAssigned) or e.seat == e.target:
            continue
        if e.symbol == BEER:
            if e.target == sheriff:
                score[e.seat] += HEALED_THE_SHERIFF
        elif e.target == sheriff:
            score[e.seat] += SHOT_THE_SHERIFF
        elif score[e.target] > 0.5:
            score[e.seat] += SHOT_A_SUSPECT
        elif score[e.target] < -0.5:
            score[e.seat] += SHOT_A_LOYALIST
    return score


@dataclass(frozen=True)
class Beliefs:
    """For each seat, the chance of each role as this seat sees it."""

    chances: tuple[dict[Role, float], ...]

    def chance(self, seat: int, *roles: Role) -> float:
        return sum(self.chances[seat].get(r, 0.0) for r in roles)


def _weight(role: Role, score: float) -> float:
    return math.exp(-TILT * score) if role in LAW else math.exp(TILT * score)


def beliefs(obs: Observation, scores: list[float] | None = None) -> Beliefs:
    """Each hidden seat's role chances: the unaccounted roles, tilted by its hostility."""
    if scores is None:
        scores = hostility(obs.events, obs.sheriff, len(obs.players))
    pool = obs.hidden_pool()
    chances: list[dict[Role, float]] = []
    for p in obs.players:
        known = obs.known_role(p.seat)
        if known is not None:
            chances.append({known: 1.0})
            continue
        weights = {r: n * _weight(r, scores[p.seat]) for r, n in pool.items()}
        total = sum(weights.values()) or 1.0
        chances.append({r: w / total for r, w in weights.items()})
    return Beliefs(tuple(chances))
