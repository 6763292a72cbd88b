"""The box's players and the Chief's Arrow: which token to take from the pile."""

from __future__ import annotations

from companion.bots.arrows_and_dice import arrows_after
from companion.bots.observation import Observation
from companion.bots.rules import declare_rule
from companion.bots.stakes import Table, attack_value
from companion.engine import Action, ArrowKind, Choose

from .rules import CHIEF_ARROW, TAKE, WEIGHT


def _take(obs: Observation, table: Table) -> Action:
    """The Chief's Arrow when, with it, my arrows are strictly the most (an attack then costs me
    nothing); a regular arrow otherwise (the Chief's counts two)."""
    me = obs.seat
    regular = attack_value(table, *arrows_after(obs, {me: 1}, None))
    chief = attack_value(table, *arrows_after(obs, {}, me, weight=WEIGHT))
    return Choose(CHIEF_ARROW if chief > regular else ArrowKind.ARROW)


declare_rule(TAKE, _take)
