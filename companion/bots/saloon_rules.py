"""The rule-based player's answers to Old Saloon's decisions (Modules 1, 2 and 4), and what
a die turned is worth (``turn_gain``).

Each rule reads the seat's observation and the stakes (``stakes.py``) and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import (
    FACES,
    Accept,
    Action,
    ArrowKind,
    Choose,
    ChooseSeat,
    DecisionKind,
    Decline,
    SaloonDie,
    Symbol,
)
from .observation import Observation
from .stakes import (
    CHIEF_ARROW_WORTH,
    WORTH_KEEPING,
    Table,
    arrow_worths,
    attack_value,
    face_worth,
)

Rule = Callable[[Observation, Table], Action]
RevealRule = Callable[[Observation, Table, tuple], bool]


LOUDMOUTH_LIFE = 4  # the Loudmouth's bullet and its Dynamite are for a seat with life to spare
EXPLOSION = 1.5  # three Dynamite: a life lost and the turn's rolls over


# ------------------------------------------------------------------ Module 1: Saloon dice


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


# ------------------------------------------------------------ Module 2: the Chief's Arrow


def _after(
    obs: Observation, gains: dict[int, int], chief_to: int | None, chief_from: int | None = None
) -> tuple[dict[int, int], int | None]:
    worth, chief = arrow_worths(obs)
    for seat, n in gains.items():
        worth[seat] = worth.get(seat, 0) + n
    if chief_from is not None:
        worth[chief_from] -= CHIEF_ARROW_WORTH
        chief = None
    if chief_to is not None:
        worth[chief_to] = worth.get(chief_to, 0) + CHIEF_ARROW_WORTH
        chief = chief_to
    return worth, chief


def _chief_arrow(obs: Observation, table: Table) -> Action:
    """The Chief's Arrow when, with it, my arrows are strictly the most (an attack then costs me
    nothing); a regular arrow otherwise (the Chief's counts two)."""
    me = obs.seat
    regular = attack_value(table, *_after(obs, {me: 1}, None))
    chief = attack_value(table, *_after(obs, {}, me))
    return Choose(ArrowKind.CHIEF_ARROW if chief > regular else ArrowKind.ARROW)


def _which_arrow(obs: Observation, table: Table) -> Action:
    """Discard the token whose loss leaves its holder's attack the cheapest to a friend, the
    dearest to an enemy."""
    holder = obs.pending.target
    assert holder is not None
    regular = attack_value(table, *_after(obs, {holder: -1}, None))
    chief = attack_value(table, *_after(obs, {}, None, chief_from=holder))
    return Choose(ArrowKind.CHIEF_ARROW if chief > regular else ArrowKind.ARROW)


# ------------------------------------------------------------ a die turned (Module 3's The Doc)


def turn_gain(obs: Observation, table: Table, roller: int, die: int, face: str) -> float:
    """What turning ``die`` of ``roller``'s roll to ``face`` is worth to me: while the roller
    may still re-roll, only an explosion made or averted counts (the rest he re-rolls)."""
    old = obs.faces[die]
    if old is None or old == face:
        return 0.0
    dynamite = sum(FACES[f].count for f in obs.faces if f and FACES[f].symbol is Symbol.DYNAMITE)
    after = dynamite - _dynamites(old) + _dynamites(face)
    exploded = table.stake[roller] * EXPLOSION * ((after >= 3) - (dynamite >= 3))
    if obs.rolls_left > 0:
        return exploded
    return -table.stake[roller] * (face_worth(face) - face_worth(old)) + exploded


def _dynamites(face: str) -> int:
    f = FACES[face]
    return f.count if f.symbol is Symbol.DYNAMITE else 0


# ------------------------------------------------------------ Module 4: the characters


def _give_arrow(obs: Observation, table: Table) -> Action:
    """Give an arrow rolled to the enemy whose arrows cost him most."""
    seats = [a.seat for a in obs.legal if isinstance(a, ChooseSeat)]
    if not seats:
        return Decline()

    def value(seat: int) -> float:
        return attack_value(table, *_after(obs, {seat: 1}, None))

    best = max(seats, key=value)
    return (
        ChooseSeat(best)
        if value(best) > attack_value(table, *_after(obs, {obs.seat: 1}, None))
        else Decline()
    )


def _take_chief_arrow(obs: Observation, table: Table) -> Action:
    """Take the Chief's Arrow from its holder for one arrow rolled when the attack then costs
    my side less."""
    holder, arrows = obs.pending.target, obs.pending.remaining or 1
    me = obs.seat
    keep = attack_value(table, *_after(obs, {me: arrows}, None))
    take = attack_value(table, *_after(obs, {me: arrows - 1}, me, chief_from=holder))
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


SALOON_RULES: dict[DecisionKind, Rule] = {
    DecisionKind.SALOON_DIE: _saloon_die,
    DecisionKind.BROKEN_ARROW: _broken_arrow,
    DecisionKind.CHIEF_ARROW: _chief_arrow,
    DecisionKind.WHICH_ARROW: _which_arrow,
    DecisionKind.GIVE_ARROW: _give_arrow,
    DecisionKind.TAKE_CHIEF_ARROW: _take_chief_arrow,
    DecisionKind.TAKE_LOSS: _take_loss,
}
