"""The rule-based player's answers to Undead or Alive's decisions (Modules 1 to 3; Module 4's
in its package).

Module 5 (Wild West Legacy) asks nothing during a game: what it decides is read from a
finished game by the engine, but for the surviving Sheriff's appointment between games
(``legacy_rules.py``). The decisions that enter what a real card or token shows (a Rage
card's symbols, a Wound token or Boneyard card drawn from the table's own pile) are a person's
at the table, even for the box's seat: no rule chooses them.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import (
    DICE,
    Action,
    Choose,
    ChooseDie,
    ChooseSeat,
    DecisionKind,
    Decline,
    Roll,
)
from .observation import Observation
from .saloon_rules import turn_gain
from .stakes import Table

Rule = Callable[[Observation, Table], Action]

RAGE_CARD_WORTH = 0.6  # a Rage card's symbols join its holder's next turn
PAID_TURN_WORTH = 2.0  # a turn of a die worth the life it costs
PAID_TURN_LIFE = 4  # and only with life to spare


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


def _sam_heal(obs: Observation, table: Table) -> Action:
    """One life where it matters most to my side, or none to an enemy."""
    seats = [a.seat for a in obs.legal if isinstance(a, ChooseSeat)]
    if not seats:
        return Decline()
    best = max(seats, key=lambda s: (table.heal_value(s), -s))
    return ChooseSeat(best) if table.heal_value(best) > 0 else Decline()


def _receivers(obs: Observation, holder: int) -> list[int]:
    return [p.seat for p in obs.players if p.alive and p.seat != holder and not p.zombie]


def _rage_move(obs: Observation, table: Table) -> tuple[float, int, int]:
    best = (0.0, -1, -1)
    for a in obs.legal:
        if not isinstance(a, ChooseSeat):
            continue
        for to in _receivers(obs, a.seat):
            gain = (table.stake[a.seat] - table.stake[to]) * RAGE_CARD_WORTH
            best = max(best, (gain, a.seat, to))
    return best


def _rage_from(obs: Observation, table: Table) -> Action:
    """Move a Rage card from an enemy to a friend (or to me)."""
    gain, holder, _to = _rage_move(obs, table)
    return ChooseSeat(holder) if gain > 0.3 else Decline()


def _rage_to(obs: Observation, table: Table) -> Action:
    seats = [a.seat for a in obs.legal if isinstance(a, ChooseSeat)]
    return ChooseSeat(min(seats, key=lambda s: (table.stake[s], s)))


def _dynamite_to_gatling(obs: Observation, table: Table) -> Action:
    """A Dynamite turned to Gatling is never worse: a Gatling unwanted may be re-rolled."""
    return next((a for a in obs.legal if isinstance(a, ChooseDie)), Decline())


def _paid_turns(obs: Observation, table: Table) -> list[tuple[float, int, str]]:
    found = []
    for a in obs.legal:
        if isinstance(a, ChooseDie) and a.die < len(obs.dice_kinds):
            for face in dict.fromkeys(DICE[obs.dice_kinds[a.die]]):
                found.append((turn_gain(obs, table, obs.seat, a.die, face), a.die, face))
    return found


def _chuck_die(obs: Observation, table: Table) -> Action:
    """Pay a life to turn a die only with life to spare and a turn worth it (a locked
    Dynamite, a last roll's shot)."""
    if obs.me.life < PAID_TURN_LIFE:
        return Decline()
    gain, die, _face = max(_paid_turns(obs, table), default=(0.0, -1, ""))
    return ChooseDie(die) if gain >= PAID_TURN_WORTH else Decline()


def _chuck_face(obs: Observation, table: Table) -> Action:
    die = obs.pending.die
    assert die is not None
    options = obs.pending.options
    return Choose(max(options, key=lambda f: turn_gain(obs, table, obs.seat, die, f)))


UNDEAD_RULES: dict[DecisionKind, Rule] = {
    DecisionKind.DUEL_TARGET: _duel_target,
    DecisionKind.DUEL_REROLL: _duel_reroll,
    DecisionKind.WHICH_WOUND: _which_wound,
    DecisionKind.SAM_HEAL: _sam_heal,
    DecisionKind.RAGE_FROM: _rage_from,
    DecisionKind.RAGE_TO: _rage_to,
    DecisionKind.BELLE_STAR: _dynamite_to_gatling,
    DecisionKind.CHUCK_DIE: _chuck_die,
    DecisionKind.CHUCK_FACE: _chuck_face,
}
