"""Undead or Alive 4 for the box's players: the living Renegade declares himself the Zombie
Master. A Boneyard card drawn from the table's real deck is a person's to enter: no rule."""

from __future__ import annotations

from companion.bots.observation import Observation
from companion.bots.rules import declare_rule
from companion.bots.stakes import Table
from companion.engine import Action, ChooseSeat, Decline, Role

from .rules import MASTER


def _zombie_master(obs: Observation, table: Table) -> Action:
    """Physical roles: the living Renegade declares, honestly."""
    mine = ChooseSeat(obs.seat)
    return mine if obs.role is Role.RENEGADE and mine in obs.legal else Decline()


declare_rule(MASTER, _zombie_master)
