"""The rule-based player's special cards: when to reveal each into the moment open (its own
card only; the moment is the one the table saw open), and the powers' decisions, by the stakes
(``companion.bots.stakes``)."""

from __future__ import annotations

from companion.bots.arrows_and_dice import turn_gain
from companion.bots.observation import Observation
from companion.bots.rules import declare_reveal, declare_rule
from companion.bots.stakes import Table, arrow_worths, attack_value, face_worth
from companion.engine import (
    DICE,
    FACES,
    NORMAL_CARD,
    Accept,
    Action,
    Choose,
    ChooseDie,
    ChooseSeat,
    Decline,
    RolledApart,
)

from .rules import DOC_DIE, DOC_FACE, LEFT_HAND_DISCARD, LEFT_HAND_TARGET, ROLE_CARD, UGLY_SWAP

DUEL_DIE = "duel"  # the kind of die a duel rolls (Undead or Alive 1), as DICE names it
DUEL_FACE = "duel"  # its Fight a Duel, a face and symbol of its own
DUEL_CAUSE = "duel"  # The Doc turning a duel's die: DOC_FACE's cause
DOC_WORTH = 1.2  # a turn of a die worth The Doc's one use
GAMBLER_WORTH = 1.5
BAD_WORTH = 2.0
UGLY_WORTH = 2.0
# A fresh base die, on average, to the seat that rolls it (The Gambler's re-roll).
BASE_DIE_WORTH = sum(face_worth(f) for f in DICE["base"]) / len(DICE["base"])


def _duel_face_gain(table: Table, roller: int, face: str, new: str) -> float:
    """A duel roll that shows no Fight a Duel costs its roller the duel."""
    hit, now = FACES[face].symbol == DUEL_FACE, FACES[new].symbol == DUEL_FACE
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


def _last_duel(obs: Observation) -> RolledApart | None:
    """The last roll apart from the turn's: a duel's, the one die The Doc may turn."""
    return next((e for e in reversed(obs.events) if isinstance(e, RolledApart)), None)


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


def _role_card(obs: Observation, table: Table) -> Action:
    """Physical cards (asked only where the table dealt none: a seat the box plays has its
    card dealt): the normal card where the cards are mixed by type, so every special card of
    my role stays for a living teammate to claim."""
    return Choose(NORMAL_CARD)


for _card, _reveal in {
    "the_good": _reveal_good,
    "the_doc": _reveal_doc,
    "the_judge": _reveal_judge,
    "the_gambler": _reveal_gambler,
    "the_bad": _reveal_bad,
    "the_ugly": _reveal_ugly,
    "the_right_hand": _reveal_right_hand,
    "the_left_hand": _reveal_left_hand,
}.items():
    declare_reveal(_card, _reveal)
declare_rule(DOC_DIE, _doc_die)
declare_rule(DOC_FACE, _doc_face)
declare_rule(UGLY_SWAP, _ugly_swap)
declare_rule(LEFT_HAND_TARGET, _left_hand_target)
declare_rule(LEFT_HAND_DISCARD, _left_hand_discard)
declare_rule(ROLE_CARD, _role_card)
