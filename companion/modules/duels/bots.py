"""The rule-based player's answers to Undead or Alive 1's decisions: duels and Whiskey."""

from __future__ import annotations

from companion.bots.observation import Observation
from companion.bots.rules import declare_keep, declare_rule
from companion.bots.stakes import WORTH_KEEPING, Table, declare_symbol_worth
from companion.engine import Action, Choose, ChooseSeat, Roll

from .rules import DUEL_FACE, DUEL_REROLL, DUEL_TARGET, WHICH_WOUND, WHISKEY_FACE


def _keep_duel(obs: Observation, table: Table) -> bool:
    """A Fight a Duel is worth keeping while another living seat is one I would see hit."""
    me = obs.me.seat
    return any(table.stake[p.seat] > WORTH_KEEPING for p in obs.players if p.alive and p.seat != me)


def _keep_whiskey(obs: Observation, table: Table) -> bool:
    """A Whiskey is worth keeping when I hold a Wound token or need the life."""
    return bool(obs.me.held) or table.heal_value(obs.me.seat) > WORTH_KEEPING


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


declare_keep(DUEL_FACE, _keep_duel)
declare_keep(WHISKEY_FACE, _keep_whiskey)
declare_symbol_worth(DUEL_FACE, 0.3)
declare_symbol_worth(WHISKEY_FACE, 0.5)
declare_rule(DUEL_TARGET, _duel_target)
declare_rule(DUEL_REROLL, _duel_reroll)
declare_rule(WHICH_WOUND, _which_wound)
