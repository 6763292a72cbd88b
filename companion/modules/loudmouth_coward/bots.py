"""The box's players and the Saloon dice: which die to roll, whether a Broken Arrow is worth
keeping and what it is worth, whose arrow it returns."""

from __future__ import annotations

from companion.bots.observation import Observation
from companion.bots.rules import declare_keep, declare_rule
from companion.bots.stakes import WORTH_KEEPING, Table, declare_symbol_worth
from companion.engine import Action, Choose, ChooseSeat

from .rules import BROKEN_ARROW, BROKEN_ARROW_FACE, BULLET_FACE, SALOON_DIE, SaloonDie

LOUDMOUTH_LIFE = 4  # the Loudmouth's bullet and its Dynamite are for a seat with life to spare


def _saloon_die(obs: Observation, table: Table) -> Action:
    """The Coward when I need life or shed arrows, the Loudmouth when I have life to spare and
    an enemy to shoot, else the plain dice; a sixth die, where my ability offers it, over a
    die replaced."""
    me = obs.me
    options = obs.pending.options
    enemies = any(
        table.stake[p.seat] > WORTH_KEEPING for p in obs.players if p.alive and p.seat != me.seat
    )
    wanted: tuple[SaloonDie, ...] = ()
    if me.life * 2 <= me.max_life or me.arrows >= 3:
        wanted = (SaloonDie.COWARD_SIXTH, SaloonDie.COWARD)
    elif me.life >= LOUDMOUTH_LIFE and enemies:
        wanted = (SaloonDie.LOUDMOUTH_SIXTH, SaloonDie.LOUDMOUTH)
    for option in (*wanted, SaloonDie.NONE):
        if option in options:
            return Choose(option)
    return Choose(options[0])


def _broken_arrow(obs: Observation, table: Table) -> Action:
    """Return the arrow of the seat my side least wants hurt (my own first)."""
    seats = [a.seat for a in obs.legal if isinstance(a, ChooseSeat)]
    return ChooseSeat(min(seats, key=lambda s: (table.stake[s], -obs.players[s].arrows, s)))


def _keep_broken_arrow(obs: Observation, table: Table) -> bool:
    """Kept while a living seat my side wants to keep holds an arrow it could give back."""
    return any(p.arrows and table.stake[p.seat] < 0 for p in obs.players if p.alive)


declare_rule(SALOON_DIE, _saloon_die)
declare_rule(BROKEN_ARROW, _broken_arrow)
declare_keep(BROKEN_ARROW_FACE, _keep_broken_arrow)
declare_symbol_worth(BROKEN_ARROW_FACE, 0.3)
declare_symbol_worth(BULLET_FACE, -1.0)  # a life lost, as a Dynamite's
