"""The rule-based player's answers to Old Saloon's decisions (Modules 1 to 4).

Each rule reads the seat's observation and the stakes (``stakes.py``) and nothing else: a
special card it reveals is its own, the moment it reveals into is the one the table saw open.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import (
    DICE,
    FACES,
    Accept,
    Action,
    ArrowKind,
    Choose,
    ChooseDie,
    ChooseSeat,
    DecisionKind,
    Decline,
    DuelRolled,
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

DUEL_DIE = "duel"  # the kind of die a duel rolls (Undead or Alive 1), as DICE names it
DUEL_CAUSE = "duel"  # The Doc turning a duel's die: DOC_FACE's cause

LOUDMOUTH_LIFE = 4  # the Loudmouth's bullet and its Dynamite are for a seat with life to spare
DOC_WORTH = 1.2  # a turn of a die worth The Doc's one use
EXPLOSION = 1.5  # three Dynamite: a life lost and the turn's rolls over
GAMBLER_WORTH = 1.5
BAD_WORTH = 2.0
UGLY_WORTH = 2.0
# A fresh base die, on average, to the seat that rolls it (The Gambler's re-roll).
BASE_DIE_WORTH = sum(face_worth(f) for f in DICE["base"]) / len(DICE["base"])


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


# ------------------------------------------------------------ Module 3: the special roles


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


def _duel_face_gain(table: Table, roller: int, face: str, new: str) -> float:
    """A duel roll that shows no Fight a Duel costs its roller the duel."""
    hit, now = FACES[face].symbol is Symbol.DUEL, FACES[new].symbol is Symbol.DUEL
    return table.stake[roller] * (hit - now)


def _doc_choice(obs: Observation, table: Table, roller: int) -> tuple[float, int, str]:
    best = (0.0, -1, "")
    for die, face in enumerate(obs.faces):
        if face is None or die >= len(obs.dice_kinds):
            continue
        for new in dict.fromkeys(DICE[obs.dice_kinds[die]]):
            gain = turn_gain(obs, table, roller, die, new)
            if gain > best[0]:
                best = (gain, die, new)
    return best


def _last_duel(obs: Observation) -> DuelRolled | None:
    return next((e for e in reversed(obs.events) if isinstance(e, DuelRolled)), None)


def _reveal_doc(obs: Observation, table: Table, args: tuple) -> bool:
    """After a roll (a duel's too), when one die turned is worth his one use."""
    roller = args[0]
    if len(args) > 1:  # a duel's roll: the one die rolled
        rolled = _last_duel(obs)
        if rolled is None:
            return False
        face = rolled.faces[0]
        faces = DICE[DUEL_DIE]
        return max(_duel_face_gain(table, roller, face, f) for f in faces) >= DOC_WORTH
    return _doc_choice(obs, table, roller)[0] >= DOC_WORTH


def _doc_die(obs: Observation, table: Table) -> Action:
    gain, die, _face = _doc_choice(obs, table, obs.turn)
    return ChooseDie(die) if die >= 0 else obs.legal[0]


def _doc_face(obs: Observation, table: Table) -> Action:
    die = obs.pending.die
    assert die is not None
    options = obs.pending.options
    if obs.pending.cause == DUEL_CAUSE:
        rolled = _last_duel(obs)
        if rolled is not None:
            roller, face = rolled.seat, rolled.faces[0]
            return Choose(max(options, key=lambda f: _duel_face_gain(table, roller, face, f)))
        return Choose(options[0])
    return Choose(max(options, key=lambda f: turn_gain(obs, table, obs.turn, die, f)))


def _reveal_good(obs: Observation, table: Table, args: tuple) -> bool:
    """Take the star from a Sheriff near his end when I would carry it better."""
    sheriff = obs.sheriff
    if sheriff is None or sheriff == obs.seat:
        return False
    return obs.players[sheriff].life <= 3 and obs.me.life >= obs.players[sheriff].life + 2


def _reveal_judge(obs: Observation, table: Table, args: tuple) -> bool:
    """Cancel a reveal made by my side's enemy."""
    return table.stake[args[0]] > 0.5


def _reveal_gambler(obs: Observation, table: Table, args: tuple) -> bool:
    """Make an enemy re-roll a good last roll, or a friend a ruinous one."""
    roller = args[0]
    now = sum(face_worth(f) for f in obs.faces)
    dice = sum(1 for f in obs.faces if f is not None)
    return table.stake[roller] * (now - dice * BASE_DIE_WORTH) >= GAMBLER_WORTH


def _reveal_bad(obs: Observation, table: Table, args: tuple) -> bool:
    """Stop a heal that matters to the enemy gaining it."""
    seat, amount = args[0], args[1]
    return -table.heal_value(seat) * amount >= BAD_WORTH


def _ugly_pairs(obs: Observation, table: Table) -> list[tuple[float, int, int]]:
    worth, _chief = arrow_worths(obs)
    living = sorted(worth)
    return [
        ((table.stake[a] - table.stake[b]) * (worth[b] - worth[a]), a, b)
        for a in living
        for b in living
        if a != b
    ]


def _reveal_ugly(obs: Observation, table: Table, args: tuple) -> bool:
    """Exchange arrows when a friend's load would go to an enemy."""
    return max(_ugly_pairs(obs, table), default=(0.0, 0, 0))[0] >= UGLY_WORTH


def _ugly_swap(obs: Observation, table: Table) -> Action:
    first = obs.pending.target
    pairs = [x for x in _ugly_pairs(obs, table) if first is None or x[1] == first]
    if not pairs:
        return obs.legal[0]
    _gain, a, b = max(pairs)
    return ChooseSeat(a if first is None else b)


def _reveal_right_hand(obs: Observation, table: Table, args: tuple) -> bool:
    """Another turn once few are left: by then hiding the Renegade is worth little."""
    living = sum(1 for p in obs.players if p.alive)
    return obs.me.alive and living <= 4 and obs.me.life >= 3


def _reveal_left_hand(obs: Observation, table: Table, args: tuple) -> bool:
    """Save a dying seat my side needs (myself first)."""
    return any(table.stake[s] < 0 for s in args[0])


def _left_hand_target(obs: Observation, table: Table) -> Action:
    seats = [a.seat for a in obs.legal if isinstance(a, ChooseSeat)]
    return ChooseSeat(min(seats, key=lambda s: (table.stake[s], s)))


def _left_hand_discard(obs: Observation, table: Table) -> Action:
    """The saved player drops his arrows unless they hold off an attack (the Chief's, most)."""
    worth, chief = arrow_worths(obs)
    keep = attack_value(table, worth, chief)
    worth[obs.seat] = 0
    return (
        Accept()
        if attack_value(table, worth, None if chief == obs.seat else chief) >= keep
        else Decline()
    )


# Each special card's rule: whether to reveal it into the moment now open.
REVEALS: dict[str, RevealRule] = {
    "the_good": _reveal_good,
    "the_doc": _reveal_doc,
    "the_judge": _reveal_judge,
    "the_gambler": _reveal_gambler,
    "the_bad": _reveal_bad,
    "the_ugly": _reveal_ugly,
    "the_right_hand": _reveal_right_hand,
    "the_left_hand": _reveal_left_hand,
}


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
    DecisionKind.DOC_DIE: _doc_die,
    DecisionKind.DOC_FACE: _doc_face,
    DecisionKind.UGLY_SWAP: _ugly_swap,
    DecisionKind.LEFT_HAND_TARGET: _left_hand_target,
    DecisionKind.LEFT_HAND_DISCARD: _left_hand_discard,
    DecisionKind.GIVE_ARROW: _give_arrow,
    DecisionKind.TAKE_CHIEF_ARROW: _take_chief_arrow,
    DecisionKind.TAKE_LOSS: _take_loss,
}
