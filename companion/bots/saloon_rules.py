"""The rule-based player's answers to Old Saloon's decisions (Modules 1, 2 and 4), and what
a die turned is worth (``turn_gain``).

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
    CHIEF_ARROW_WORTH,
    Table,
    arrow_worths,
    attack_value,
    face_worth,
)

Rule = Callable[[Observation, Table], Action]
RevealRule = Callable[[Observation, Table, tuple], bool]


EXPLOSION = 1.5  # three Dynamite: a life lost and the turn's rolls over


# ------------------------------------------------------------ Module 2: the Chief's Arrow


def arrows_after(
    obs: Observation, gains: dict[int, int], chief_to: int | None, chief_from: int | None = None
) -> tuple[dict[int, int], int | None]:
    worth, chief = arrow_worths(obs)
    for seat, n in gains.items():
        worth[seat] = worth.get(seat, 0) + n
    if chief_from is not None:
        worth[chief_from] -= CHIEF_ARROW_WORTH
        chief = None
    if chief_to is not None:
        worth[chief_to] = worth.get(chief_to, 0) + CHIEF_ARROW_WORTH
        chief = chief_to
    """Each seat's arrows as an attack counts them, and who holds the Chief's Arrow, after
    ``gains`` and the Chief's Arrow taken from ``chief_from`` or given to ``chief_to``."""
    return worth, chief


def _which_arrow(obs: Observation, table: Table) -> Action:
    """Discard the token whose loss leaves its holder's attack the cheapest to a friend, the
    dearest to an enemy: a regular arrow, or the other token offered (the Chief's Arrow)."""
    holder = obs.pending.target
    assert holder is not None
    token = next(o for o in obs.pending.options if o != ArrowKind.ARROW)
    regular = attack_value(table, *arrows_after(obs, {holder: -1}, None))
    chief = attack_value(table, *arrows_after(obs, {}, None, chief_from=holder))
    return Choose(token if chief > regular else ArrowKind.ARROW)


# ------------------------------------------------------------ a die turned (Module 3's The Doc)


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


SALOON_RULES: dict[DecisionKind, Rule] = {
    DecisionKind.WHICH_ARROW: _which_arrow,
}
