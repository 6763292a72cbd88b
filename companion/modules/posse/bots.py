"""The rule-based player's answers to Undead or Alive 3's decisions: its characters' powers."""

from __future__ import annotations

from companion.bots.arrows_and_dice import turn_gain
from companion.bots.observation import Observation
from companion.bots.rules import declare_rule
from companion.bots.stakes import Table
from companion.engine import DICE, Action, Choose, ChooseDie, ChooseSeat, Decline, returned

from .rules import BELLE_STAR, CHUCK_DIE, CHUCK_FACE, RAGE_FROM, RAGE_TO, SAM_HEAL

RAGE_CARD_WORTH = 0.6  # a Rage card's symbols join its holder's next turn
PAID_TURN_WORTH = 2.0  # a turn of a die worth the life it costs
PAID_TURN_LIFE = 4  # and only with life to spare


def _sam_heal(obs: Observation, table: Table) -> Action:
    """One life where it matters most to my side, or none to an enemy."""
    seats = [a.seat for a in obs.legal if isinstance(a, ChooseSeat)]
    if not seats:
        return Decline()
    best = max(seats, key=lambda s: (table.heal_value(s), -s))
    return ChooseSeat(best) if table.heal_value(best) > 0 else Decline()


def _receivers(obs: Observation, holder: int) -> list[int]:
    return [p.seat for p in obs.players if p.alive and p.seat != holder and not returned(p)]


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


declare_rule(SAM_HEAL, _sam_heal)
declare_rule(RAGE_FROM, _rage_from)
declare_rule(RAGE_TO, _rage_to)
declare_rule(BELLE_STAR, _dynamite_to_gatling)
declare_rule(CHUCK_DIE, _chuck_die)
declare_rule(CHUCK_FACE, _chuck_face)
