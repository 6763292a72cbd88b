"""Undead or Alive 4 for the box's players: the living Renegade declares himself the Zombie
Master, and once the outbreak has begun every seat reads the table by its public sides. A
Boneyard card drawn from the table's real deck is a person's to enter: no rule."""

from __future__ import annotations

from companion.bots.observation import Observation
from companion.bots.rules import declare_rule
from companion.bots.stakes import Table, declare_public_side
from companion.engine import Action, ChooseSeat, Decline, Role

from .rules import ID, MASTER, is_undead, is_zombie


def _zombie_master(obs: Observation, table: Table) -> Action:
    """Physical roles: the living Renegade declares, honestly."""
    mine = ChooseSeat(obs.seat)
    return mine if obs.role is Role.RENEGADE and mine in obs.legal else Decline()


def _undead(obs: Observation) -> frozenset[int] | None:
    """The zombies and their Master once the outbreak has begun, else None: both are public
    (the zombies come back face up, the Master is announced with his role)."""
    if not any(is_zombie(p) for p in obs.players):
        return None
    return frozenset(p.seat for p in obs.players if is_undead(p))


declare_rule(MASTER, _zombie_master)
declare_public_side(ID, _undead)
