"""How a seat reads the table: one number per seat, the stake in that seat's life.

Above 0 this seat's role wants that seat to lose life, below 0 to keep it. It comes from the
seat's own role (or the side a module gives it) and its beliefs about the hidden ones, or once a
module's public sides decide who wins instead of the roles (``declare_public_side``: Undead or
Alive 4's survivors and undead), from those sides; every rule of the rule-based player
(``rules.py`` and the modules' files beside it) follows from it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..engine import (
    FACES,
    THREE_PLAYER_TARGET,
    Declared,
    LastOneStanding,
    Module,
    ResultAssigned,
    Role,
    Symbol,
    TurnStarted,
    load_layer,
    returned,
)
from .beliefs import Beliefs, beliefs
from .observation import Observation, PublicPlayer

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
# Read by public sides: a seat of the other side, a seat of mine (my own is SELF_STAKE).
ENEMY_SIDE, OWN_SIDE = 1.0, -1.0


@dataclass(frozen=True)
class Table:
    """One decision's reading of the table: the stake in every seat's life."""

    obs: Observation
    stake: tuple[float, ...]
    sides: bool = False  # read by a module's public sides (those back in play gain no life)

    @property
    def me(self) -> int:
        return self.obs.seat

    def pending_hits(self) -> list[int]:
        """Bull's Eyes already given to each seat this turn, not yet resolved."""
        hits = [0] * len(self.obs.players)
        for e in this_turn(self.obs):
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
        if not p.alive or p.life >= p.max_life or (self.sides and returned(p)):
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


def this_turn(obs: Observation) -> list:
    for i in range(len(obs.events) - 1, -1, -1):
        if isinstance(obs.events[i], TurnStarted):
            return list(obs.events[i + 1 :])
    return list(obs.events)


# The role a seat plays for when a module gives it another (a Ghost Renegade plays on a side):
# each module's bots declare theirs (``declare_role_played``).
ROLES_PLAYED: list[Callable[[Observation, Role | None], Role | None]] = []


def declare_role_played(role_played: Callable[[Observation, Role | None], Role | None]) -> None:
    ROLES_PLAYED.append(role_played)


def read_table(obs: Observation, known: Beliefs | None = None, *, sides: bool = True) -> Table:
    """The stake in every seat's life for ``obs.seat``'s role, from its beliefs; once a
    module's public sides decide, for its side. ``sides=False`` reads by the roles even then
    (the player before the modules' rules, the yardstick of ``benchmarks/module_rules.py``)."""
    side = public_side(obs) if sides else None
    if side is not None:
        return Table(obs, _sides_stake(obs, side), sides=True)
    known = known or beliefs(obs)
    role = obs.role
    for role_played in ROLES_PLAYED:
        role = role_played(obs, role)
    stake: list[float] = []
    for p in obs.players:
        if p.seat == obs.seat:
            stake.append(SELF_STAKE * (5 / 3 if role is Role.RENEGADE else 1))
        elif not p.alive or role is None:
            stake.append(0.0)
        elif obs.three_player:
            stake.append(_three_player_stake(obs, p.seat))
        else:
            weights = stakes_of(obs, role)
            chances = known.chances[p.seat]
            stake.append(sum(weights.get(r, 0.0) * c for r, c in chances.items()))
    return Table(obs, tuple(stake))


# The seats of one side once a module's public sides decide who wins instead of the roles,
# the others playing against them: each module's bots declare how to read them.
PUBLIC_SIDES: Declared[Module, Callable[[Observation], frozenset[int] | None]] = Declared(
    load=lambda: load_layer("bots")
)


def declare_public_side(
    module: Module, side: Callable[[Observation], frozenset[int] | None]
) -> None:
    """Module ``module``'s public side: its seats as a seat sees them once its sides decide
    the game (every seat knows them), None before; ValueError when it has one already."""
    PUBLIC_SIDES.add(module, side, "public side of the module")


def public_side(obs: Observation) -> frozenset[int] | None:
    """The seats of one side once a module's public sides decide who wins, else None."""
    for side in PUBLIC_SIDES.values():
        found = side(obs)
        if found is not None:
            return found
    return None


def _sides_stake(obs: Observation, side: frozenset[int]) -> tuple[float, ...]:
    """One side wins when every seat of the other is out: my side's seats are friends, the
    other side's enemies."""
    mine = obs.seat in side

    def stake(p: PublicPlayer) -> float:
        if p.seat == obs.seat:
            return SELF_STAKE
        if not p.alive:
            return 0.0
        return OWN_SIDE if (p.seat in side) == mine else ENEMY_SIDE

    return tuple(stake(p) for p in obs.players)


def stakes_of(obs: Observation, role: Role) -> Mapping[Role, float]:
    """What each role's loss of life is worth to ``role`` now."""
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


# What a face is worth to the seat whose dice show it, per result of its symbol: the Doc, the
# Gambler, the Ghost's gift and a paid turn of a die weigh faces with it (a double face counts
# twice). A module's own symbol is weighed by its package (``declare_symbol_worth``).
FACE_WORTH: Declared[str, float] = Declared(
    {
        Symbol.ARROW: -0.6,
        Symbol.DYNAMITE: -1.0,
        Symbol.BULLSEYE1: 0.5,
        Symbol.BULLSEYE2: 0.5,
        Symbol.BEER: 0.5,
        Symbol.GATLING: 0.4,
    },
    load=lambda: load_layer("bots"),
)


def declare_symbol_worth(symbol: str, worth: float) -> None:
    """What a result of a module's own symbol is worth to the seat whose dice show it."""
    FACE_WORTH.add(symbol, worth, "worth of the symbol")


def face_worth(face: str | None) -> float:
    if face is None:
        return 0.0
    f = FACES[face]
    return FACE_WORTH[f.symbol] * f.count


def attack_value(table: Table, worth: Mapping[int, int], chief: int | None) -> float:
    """What an Indian attack with these arrow counts (a token counted at its weight, held by
    ``chief``) would be worth to me: its holder loses nothing with strictly the most."""
    value = 0.0
    for seat, w in worth.items():
        p = table.obs.players[seat]
        if not p.alive or w == 0:
            continue
        if seat == chief and all(w > o for s, o in worth.items() if s != seat):
            continue
        value += table.stake[seat] * p.ability.indian_loss(w)
    return value


def arrow_worths(obs: Observation) -> tuple[dict[int, int], int | None]:
    """Each living seat's arrows as an attack counts them (a module's token worth its weight),
    and who holds a token."""
    chief = next((p.seat for p in obs.players if p.tokens), None)
    worth = {p.seat: p.arrows + p.token_weight for p in obs.players if p.alive}
    return worth, chief
