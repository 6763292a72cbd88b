"""A sensible human player as rules: whom my side wants hurt or healed, which dice to keep.

Everything turns on one number per seat, ``stake``: above 0 this seat's role wants that seat
to lose life, below 0 to keep it. It comes from the seat's own role and its beliefs about the
hidden ones; shots, Beers, the dice to keep and the abilities all follow from it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..engine import (
    FACES,
    THREE_PLAYER_TARGET,
    Accept,
    Action,
    ChooseDie,
    ChooseSeat,
    DecisionKind,
    Decline,
    LastOneStanding,
    ResultAssigned,
    Reveal,
    Role,
    Roll,
    Stop,
    Symbol,
    TurnStarted,
)
from .base import checked
from .beliefs import Beliefs, beliefs
from .observation import Observation

# What a seat's loss of life is worth to each role, by the role of the seat hurt.
STAKES: dict[Role, dict[Role, float]] = {
    Role.SHERIFF: {Role.OUTLAW: 1.0, Role.RENEGADE: 0.8, Role.DEPUTY: -1.0},
    Role.DEPUTY: {Role.OUTLAW: 1.0, Role.RENEGADE: 0.7, Role.SHERIFF: -3.0, Role.DEPUTY: -1.0},
    Role.OUTLAW: {Role.SHERIFF: 2.0, Role.DEPUTY: 1.0, Role.RENEGADE: 0.4, Role.OUTLAW: -1.0},
    Role.RENEGADE: {Role.OUTLAW: 1.0, Role.DEPUTY: 0.7, Role.RENEGADE: 0.8},
}
SELF_STAKE = -1.5  # my own life, to everyone but a renegade (-2.5)
SHOOTER_ARROW = 0.2  # each arrow shooting a seat hands me (El Gringo's)
GATLING_ARROW = 0.3  # each of my arrows the Gatling Gun discards
WORTH_KEEPING = 0.3


@dataclass(frozen=True)
class Table:
    """One decision's reading of the table: the stake in every seat's life."""

    obs: Observation
    stake: tuple[float, ...]

    @property
    def me(self) -> int:
        return self.obs.seat

    def pending_hits(self) -> list[int]:
        """Bull's Eyes already given to each seat this turn, not yet resolved."""
        hits = [0] * len(self.obs.players)
        for e in _this_turn(self.obs):
            if isinstance(e, ResultAssigned) and e.symbol != "beer":
                hits[e.target] += 1
        return hits

    def shot_value(self, seat: int, hits: list[int]) -> float:
        """What one more Bull's Eye on ``seat`` is worth: finishing a seat counts double."""
        p = self.obs.players[seat]
        left = p.life - hits[seat]
        value = self.stake[seat]
        if left <= 0:
            return min(value, 0.0) * 0.1  # overkill: wasted on an enemy, still bad on a friend
        if left == 1:
            value *= 2.0 if value > 0 else 1.5
        value -= SHOOTER_ARROW * p.ability.shooter_arrows(1, 1)
        return value

    def heal_value(self, seat: int) -> float:
        """What one life for ``seat`` is worth: more to the nearly dead, nothing at full life."""
        p = self.obs.players[seat]
        if not p.alive or p.life >= p.max_life:
            return 0.0
        gain = float(p.ability.own_beer_gain(p.life, 1)) if seat == self.me else 1.0
        return -self.stake[seat] * gain * (1.0 + 2.0 / p.life)

    def gatling_value(self) -> float:
        others = sum(
            self.stake[p.seat]
            for p in self.obs.players
            if p.alive and p.seat != self.me and not p.ability.gatling_immune
        )
        return others + GATLING_ARROW * self.obs.me.arrows

    def indians_value(self) -> float:
        """What an Indian attack now would be worth: each arrow costs its holder one life."""
        return sum(
            self.stake[p.seat] * p.ability.indian_loss(p.arrows)
            for p in self.obs.players
            if p.alive
        )


def _this_turn(obs: Observation) -> list:
    for i in range(len(obs.events) - 1, -1, -1):
        if isinstance(obs.events[i], TurnStarted):
            return list(obs.events[i + 1 :])
    return list(obs.events)


def read_table(obs: Observation, known: Beliefs | None = None) -> Table:
    """The stake in every seat's life for ``obs.seat``'s role, from its beliefs."""
    known = known or beliefs(obs)
    role = obs.role
    stake: list[float] = []
    for p in obs.players:
        if p.seat == obs.seat:
            stake.append(SELF_STAKE * (5 / 3 if role is Role.RENEGADE else 1))
        elif not p.alive or role is None:
            stake.append(0.0)
        elif obs.three_player:
            stake.append(_three_player_stake(obs, p.seat))
        else:
            weights = _stakes(obs, role)
            chances = known.chances[p.seat]
            stake.append(sum(weights.get(r, 0.0) * c for r, c in chances.items()))
    return Table(obs, tuple(stake))


def _stakes(obs: Observation, role: Role) -> Mapping[Role, float]:
    if role is not Role.RENEGADE:
        return STAKES[role]
    others = [p for p in obs.players if p.alive and p.seat != obs.seat]
    sheriff = obs.sheriff
    if len(others) == 1:
        law = 2.0  # the Sheriff alone is left: now he must go
    elif sheriff is not None and obs.players[sheriff].life <= 3:
        law = -1.0  # keep him alive while the others are still in play
    else:
        law = -0.2
    return {**STAKES[Role.RENEGADE], Role.SHERIFF: law}


def _three_player_stake(obs: Observation, seat: int) -> float:
    """3 players: my target must fall to my hand; once that is impossible, last one standing."""
    assert obs.role is not None
    open_game = any(isinstance(e, LastOneStanding) for e in obs.events)
    if open_game or obs.players[seat].role is THREE_PLAYER_TARGET[obs.role]:
        return 2.0
    return -0.3  # the other one: better left to lose life to my target's enemies


# ------------------------------------------------------------------ decisions


def _choose_seat_to_shoot(obs: Observation, table: Table) -> Action:
    hits = table.pending_hits()
    seats = [a.seat for a in obs.legal if isinstance(a, ChooseSeat)]
    best = max(seats, key=lambda s: (table.shot_value(s, hits), obs.players[s].life, -s))
    return ChooseSeat(best)


def _choose_seat_to_heal(obs: Observation, table: Table) -> Action:
    seats = [a.seat for a in obs.legal if isinstance(a, ChooseSeat)]
    beers = [0] * len(obs.players)
    for e in _this_turn(obs):
        if isinstance(e, ResultAssigned) and e.symbol == "beer":
            beers[e.target] += 1

    def value(seat: int) -> tuple[float, int]:
        p = obs.players[seat]
        if p.life + beers[seat] >= p.max_life:
            return (0.0, 0)  # wasted, and that is better than healing an enemy
        return (table.heal_value(seat), -seat)

    return ChooseSeat(max(seats, key=value))


def _slab(obs: Observation, table: Table) -> Action:
    """Spend a Beer to double a Bull's Eye on the seat most worth hurting, if I can spare it."""
    me = obs.me
    if me.life <= 3 and me.life < me.max_life:
        return Decline()
    hits = table.pending_hits()
    shots = {
        e.die: e.target
        for e in _this_turn(obs)
        if isinstance(e, ResultAssigned) and e.symbol != "beer"
    }
    offered = [a.die for a in obs.legal if isinstance(a, ChooseDie) and a.die in shots]
    if not offered:
        return Decline()
    die = max(offered, key=lambda d: table.shot_value(shots[d], hits))
    return ChooseDie(die) if table.stake[shots[die]] > WORTH_KEEPING else Decline()


def _bart(obs: Observation, table: Table) -> Action:
    """An arrow instead of a life, unless the Indians are near and I hold many already."""
    me = obs.me
    return Accept() if obs.pile >= 4 or me.life <= 2 else Decline()


def _kit(obs: Observation, table: Table) -> Action:
    """Discard my own arrow first, then a friend's; never help an enemy."""
    seats = [a.seat for a in obs.legal if isinstance(a, ChooseSeat)]
    if not seats:
        return Decline()
    best = min(seats, key=lambda s: (table.stake[s], -obs.players[s].arrows))
    return ChooseSeat(best) if table.stake[best] < 0 else Decline()


def _reveal(obs: Observation, table: Table) -> Action:
    """Show my own card, honestly."""
    return Reveal(obs.role) if obs.role is not None else Decline()


def _reroll(obs: Observation, table: Table) -> Action:
    """Keep what helps my side; re-roll the rest, minding Dynamite and the arrow pile."""
    free = sorted({d for a in obs.legal if isinstance(a, Roll) for d in a.dice})
    if not free:
        return Stop()
    faces = obs.faces
    symbols = [FACES[f].symbol if f is not None else None for f in faces]
    count = {s: sum(FACES[f].count for f in faces if f and FACES[f].symbol is s) for s in Symbol}
    me = obs.me
    dynamite = count[Symbol.DYNAMITE]
    if dynamite == 2 and me.life <= 2:
        return Stop()  # one more Dynamite would cost my last lives
    needed = me.ability.gatling_needed
    gatling = table.gatling_value()
    keep_gatling = gatling > 0 and (
        count[Symbol.GATLING] >= needed - 1 or obs.rolls_left >= 2 and count[Symbol.GATLING] >= 1
    )
    hits = [0] * len(obs.players)
    heal = max((table.heal_value(p.seat) for p in obs.players if p.alive), default=0.0)
    slab = me.ability.beer_doubles_bullseye
    reroll: list[int] = []
    for die in free:
        symbol = symbols[die]
        if symbol in (Symbol.BULLSEYE1, Symbol.BULLSEYE2):
            best = max((table.shot_value(s, hits) for s in obs.targets[die]), default=0.0)
            keep = best > WORTH_KEEPING
        elif symbol is Symbol.BEER:
            keep = heal > WORTH_KEEPING or (slab and count[Symbol.BULLSEYE1] > 0)
        elif symbol is Symbol.GATLING:
            keep = keep_gatling
        else:
            keep = False  # arrows already resolved; Black Jack's Dynamite
        if not keep:
            reroll.append(die)
    if not reroll:
        return Stop()
    indians = table.indians_value()
    if obs.pile <= 2 and indians < 0:
        return Stop()  # a rolled arrow now would bring the Indians down on my side
    if dynamite == 2:
        reroll = [d for d in reroll if symbols[d] is Symbol.ARROW] or reroll
    return Roll(tuple(reroll))


Rule = Callable[[Observation, Table], Action]

RULES: dict[DecisionKind, Rule] = {
    DecisionKind.GIFT_LIFE: _choose_seat_to_heal,
    DecisionKind.REROLL: _reroll,
    DecisionKind.BULLSEYE_TARGET: _choose_seat_to_shoot,
    DecisionKind.SLAB_DOUBLE: _slab,
    DecisionKind.BEER_TARGET: _choose_seat_to_heal,
    DecisionKind.ARROW_INSTEAD: _bart,
    DecisionKind.DISCARD_ARROW: lambda obs, table: Accept(),
    DecisionKind.KIT_DISCARD: _kit,
    DecisionKind.REVEAL_ROLE: _reveal,
}


class RuleBot:
    """Plays like a sensible person; a decision it has no rule for gets the quiet answer its
    answer shape allows (``base.fallback``)."""

    name = "rules"
    looks_ahead = False

    def __init__(self, rules: Mapping[DecisionKind, Rule] = RULES) -> None:
        self.rules = rules

    def __call__(self, obs: Observation) -> Action:
        return self.decide(obs)

    def decide(self, obs: Observation, known: Beliefs | None = None) -> Action:
        """Decide with ``known`` roles instead of guesses (inside a Monte Carlo sample)."""
        if len(obs.legal) == 1:
            return obs.legal[0]
        rule = self.rules.get(obs.pending.kind)
        return checked(obs, rule(obs, read_table(obs, known)) if rule is not None else None)
