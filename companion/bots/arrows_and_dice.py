"""The rule-based player's answer to which arrow to discard, a regular one or a module's token
(``WHICH_ARROW``), the arrows an attack would count once a token has moved (``arrows_after``),
and what a die turned is worth (``turn_gain``): for the modules whose powers move a token or
turn a die.

Each rule reads the seat's observation and the stakes (``stakes.py``) and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import (
    FACES,
    Action,
    ArrowKind,
    Choose,
    DecisionKind,
    Symbol,
)
from .observation import Observation
from .stakes import (
    Table,
    arrow_worths,
    attack_value,
    face_worth,
)

Rule = Callable[[Observation, Table], Action]


EXPLOSION = 1.5  # three Dynamite: a life lost and the turn's rolls over


def arrows_after(
    obs: Observation,
    gains: dict[int, int],
    token_to: int | None,
    token_from: int | None = None,
    weight: int = 0,
) -> tuple[dict[int, int], int | None]:
    """Each seat's arrows as an attack counts them, and who holds a module's token, after
    ``gains`` and the token taken from ``token_from`` (worth what its holder's tokens are) or
    given to ``token_to`` (worth that, or ``weight`` when it comes from the pile)."""
    worth, holder = arrow_worths(obs)
    for seat, n in gains.items():
        worth[seat] = worth.get(seat, 0) + n
    if token_from is not None:
        weight = obs.players[token_from].token_weight
        worth[token_from] -= weight
        holder = None
    if token_to is not None:
        worth[token_to] = worth.get(token_to, 0) + weight
        holder = token_to
    return worth, holder


def _which_arrow(obs: Observation, table: Table) -> Action:
    """Discard the token whose loss leaves its holder's attack the cheapest to a friend, the
    dearest to an enemy: a regular arrow, or the other token offered (a module's, worth its
    weight)."""
    holder = obs.pending.target
    assert holder is not None
    token = next(o for o in obs.pending.options if o != ArrowKind.ARROW)
    regular = attack_value(table, *arrows_after(obs, {holder: -1}, None))
    dropped = attack_value(table, *arrows_after(obs, {}, None, token_from=holder))
    return Choose(token if dropped > regular else ArrowKind.ARROW)


# ------------------------------------------------------------ a die turned (a power's)


def turn_gain(obs: Observation, table: Table, roller: int, die: int, face: str) -> float:
    """What turning ``die`` of ``roller``'s roll to ``face`` is worth to me: while the roller
    may still re-roll, only an explosion made or averted counts (the rest he re-rolls)."""
    old = obs.faces[die]
    if old is None or old == face:
        return 0.0
    dynamite = sum(FACES[f].count for f in obs.faces if f and FACES[f].symbol is Symbol.DYNAMITE)
    after = dynamite - _dynamites(old) + _dynamites(face)
    exploded = table.stake[roller] * EXPLOSION * ((after >= 3) - (dynamite >= 3))
    if obs.rolls_left > 0:
        return exploded
    return -table.stake[roller] * (face_worth(face) - face_worth(old)) + exploded


def _dynamites(face: str) -> int:
    f = FACES[face]
    return f.count if f.symbol is Symbol.DYNAMITE else 0


ARROW_RULES: dict[DecisionKind, Rule] = {
    DecisionKind.WHICH_ARROW: _which_arrow,
}
