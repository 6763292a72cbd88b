"""The rule-based player's answers to Undead or Alive's decisions (Modules 1 to 4).

Module 5 (Wild West Legacy) asks nothing during a game: what it decides is read from a
finished game by the engine, but for the surviving Sheriff's appointment between games
(``legacy_rules.py``). The decisions that enter what a real card or token shows (a Rage
card's symbols, a Wound token or Boneyard card drawn from the table's own pile) are a person's
at the table, even for the box's seat: no rule chooses them.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import (
    Action,
    Choose,
    ChooseSeat,
    DecisionKind,
    Decline,
    Role,
    Roll,
)
from .observation import Observation
from .stakes import Table

Rule = Callable[[Observation, Table], Action]


def _duel_target(obs: Observation, table: Table) -> Action:
    """Challenge the seat most worth a life lost (the challenged rolls first)."""
    hits = table.pending_hits()
    seats = [a.seat for a in obs.legal if isinstance(a, ChooseSeat)]
    return ChooseSeat(max(seats, key=lambda s: (table.shot_value(s, hits), -s)))


def _duel_reroll(obs: Observation, table: Table) -> Action:
    """A missed duel is lost if kept: always re-roll it."""
    return next((a for a in obs.legal if isinstance(a, Roll)), obs.legal[0])


def _which_wound(obs: Observation, table: Table) -> Action:
    """Discard the token that costs me most: the Dynamite, then a Bull's Eye, the Beer first
    when I am low on life."""
    low = obs.me.life <= 3
    order = {"dynamite": 3.0, "bullseye1": 2.0, "bullseye2": 2.0, "beer": 2.5 if low else 1.0}
    options = obs.pending.options
    return Choose(max(options, key=lambda o: (order.get(o, 0.0), o)))


def _zombie_master(obs: Observation, table: Table) -> Action:
    """Physical roles: the living Renegade declares, honestly."""
    mine = ChooseSeat(obs.seat)
    return mine if obs.role is Role.RENEGADE and mine in obs.legal else Decline()


UNDEAD_RULES: dict[DecisionKind, Rule] = {
    DecisionKind.DUEL_TARGET: _duel_target,
    DecisionKind.DUEL_REROLL: _duel_reroll,
    DecisionKind.WHICH_WOUND: _which_wound,
    DecisionKind.ZOMBIE_MASTER: _zombie_master,
}
