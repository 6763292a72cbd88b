"""The box's players and the posse of Old Saloon 4: Elena Fuente's arrow given away, Apache
Kid's Chief's Arrow taken, Molly Stark's loss taken in another's place."""

from __future__ import annotations

from companion.bots.arrows_and_dice import arrows_after
from companion.bots.observation import Observation
from companion.bots.rules import declare_rule
from companion.bots.stakes import Table, attack_value
from companion.engine import Accept, Action, ChooseSeat, Decline

from .rules import GIVE_ARROW, TAKE_CHIEF_ARROW, TAKE_LOSS


def _give_arrow(obs: Observation, table: Table) -> Action:
    """Give an arrow rolled to the enemy whose arrows cost him most."""
    seats = [a.seat for a in obs.legal if isinstance(a, ChooseSeat)]
    if not seats:
        return Decline()

    def value(seat: int) -> float:
        return attack_value(table, *arrows_after(obs, {seat: 1}, None))

    best = max(seats, key=value)
    return (
        ChooseSeat(best)
        if value(best) > attack_value(table, *arrows_after(obs, {obs.seat: 1}, None))
        else Decline()
    )


def _take_chief_arrow(obs: Observation, table: Table) -> Action:
    """Take the Chief's Arrow from its holder for one arrow rolled when the attack then costs
    my side less."""
    holder, arrows = obs.pending.target, obs.pending.remaining or 1
    me = obs.seat
    keep = attack_value(table, *arrows_after(obs, {me: arrows}, None))
    take = attack_value(table, *arrows_after(obs, {me: arrows - 1}, me, token_from=holder))
    return Accept() if take > keep else Decline()


def _take_loss(obs: Observation, table: Table) -> Action:
    """Lose a friend's life in his place when I survive it and he needs it more."""
    seat, amount = obs.pending.target, obs.pending.remaining
    assert seat is not None and amount is not None
    me, other = obs.me, obs.players[seat]
    if table.stake[seat] >= 0 or me.life - amount < 1:
        return Decline()
    mine = -table.stake[obs.seat] * amount / max(me.life - amount, 1)
    theirs = -table.stake[seat] * amount / max(other.life - amount, 0.5)
    return Accept() if theirs > mine else Decline()


declare_rule(GIVE_ARROW, _give_arrow)
declare_rule(TAKE_CHIEF_ARROW, _take_chief_arrow)
declare_rule(TAKE_LOSS, _take_loss)
