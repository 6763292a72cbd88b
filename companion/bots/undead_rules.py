"""The rule-based player's answers to Undead or Alive's decisions (Module 4; Modules 1 and 3
give theirs from their own packages, ``companion.modules``).

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
    ChooseSeat,
    DecisionKind,
    Decline,
    Role,
)
from .observation import Observation
from .stakes import Table

Rule = Callable[[Observation, Table], Action]


def _zombie_master(obs: Observation, table: Table) -> Action:
    """Physical roles: the living Renegade declares, honestly."""
    mine = ChooseSeat(obs.seat)
    return mine if obs.role is Role.RENEGADE and mine in obs.legal else Decline()


UNDEAD_RULES: dict[DecisionKind, Rule] = {
    DecisionKind.ZOMBIE_MASTER: _zombie_master,
}
