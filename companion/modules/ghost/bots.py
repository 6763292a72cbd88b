"""The rule-based player as the Ghost: a result given where it hurts an enemy or helps a
friend most, by the stakes (``companion.bots.stakes``)."""

from __future__ import annotations

from companion.bots.observation import Observation
from companion.bots.rules import declare_rule
from companion.bots.stakes import Table, declare_role_played, face_worth
from companion.engine import Action, Choose, ChooseSeat, Role, Roll, Stop

from .rules import GHOST_FACE, GHOST_REROLL, GHOST_TARGET, GhostPlayer, ghost_team

GHOST_KEEP = 0.9  # a result worth giving without another roll


def _gift(table: Table, face: str, seat: int) -> float:
    """A result given to ``seat``: a Dynamite or an arrow to an enemy, the rest to a friend."""
    return -table.stake[seat] * face_worth(face)


def _best_gift(obs: Observation, table: Table, face: str) -> float:
    seats = [p.seat for p in obs.players if p.alive]
    return max((_gift(table, face, s) for s in seats), default=0.0)


def _ghost_reroll(obs: Observation, table: Table) -> Action:
    """Stop with a result worth giving; re-roll the dice that are not."""
    values = [_best_gift(obs, table, f) if f else 0.0 for f in obs.faces]
    if max(values, default=0.0) >= GHOST_KEEP:
        return Stop()
    dice = tuple(i for i, v in enumerate(values) if v < GHOST_KEEP)
    return Roll(dice) if Roll(dice) in obs.legal else Stop()


def _ghost_face(obs: Observation, table: Table) -> Action:
    options = obs.pending.options
    return Choose(max(options, key=lambda f: _best_gift(obs, table, f)))


def _ghost_target(obs: Observation, table: Table) -> Action:
    face = obs.pending.options[0]
    seats = [a.seat for a in obs.legal if isinstance(a, ChooseSeat)]
    return ChooseSeat(max(seats, key=lambda s: (_gift(table, face, s), -s)))


declare_rule(GHOST_REROLL, _ghost_reroll)
declare_rule(GHOST_FACE, _ghost_face)
declare_rule(GHOST_TARGET, _ghost_target)


def _role_played(obs: Observation, role: Role | None) -> Role | None:
    """A Ghost Renegade plays on a side."""
    return ghost_team(role, len(obs.players)) if GhostPlayer.of(obs.me).ghost else role


declare_role_played(_role_played)
