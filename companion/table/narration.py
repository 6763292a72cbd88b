"""What the console says for a choice the box makes for a seat it plays ("Seat 3 shoots seat 1").

A person sees their own press; the box's choice has no press, so the table says it in one line,
made from the decision and the action alone: the live console, a resumed game's history and the
tests all read this one function. Seats are the physical ones (1..8), as on the panels.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine import (
    Accept,
    Action,
    Choose,
    ChooseDie,
    ChooseSeat,
    Decision,
    DecisionKind,
    Reveal,
    Roll,
)
from .prompts import OPTION_LABELS, ROLE_LABELS, WOUND_LABELS

K = DecisionKind

# Decisions that enter what a real card or token shows, or that wait for the whole table: a
# person answers them even for a seat the box plays (someone draws the box's Rage card).
TABLE_ENTRIES = frozenset(
    {K.WOUND_TOKEN, K.RAGE_SYMBOL, K.BONEYARD_CARD, K.GAME_END, K.ZOMBIE_MASTER}
)


def box_line(d: Decision, action: Action, seats: Sequence[int]) -> str:
    """One console line for ``action``, the box's answer to ``d`` for the seat it plays."""
    return f"Seat {seats[d.seat]} {_words(d, action, lambda seat: f'seat {seats[seat]}')}"


def _words(d: Decision, a: Action, seat: Callable[[int], str]) -> str:
    """The verb and its object, by the decision and the kind of answer."""
    yes = isinstance(a, Accept)
    option = OPTION_LABELS.get(a.option, a.option) if isinstance(a, Choose) else ""
    match d.kind, a:
        case K.ROLL, Roll():
            return "rolls the dice"
        case K.REROLL, Roll():
            return f"re-rolls {_dice(a)}"
        case K.REROLL, _:
            return "keeps the dice"
        case K.BULLSEYE_TARGET, ChooseSeat(seat=target):
            return f"shoots {seat(target)}"
        case K.BEER_TARGET, ChooseSeat(seat=target):
            return "drinks the Beer" if target == d.seat else f"gives the Beer to {seat(target)}"
        case K.GIFT_LIFE | K.SAM_HEAL, ChooseSeat(seat=target):
            return f"gives 1 life to {seat(target)}"
        case K.SAM_HEAL, _:
            return "heals nobody"
        case K.SLAB_DOUBLE, ChooseDie(die=die):
            return f"doubles the Bull's Eye of die {die + 1} with a Beer"
        case K.SLAB_DOUBLE, _:
            return "keeps the Beer"
        case K.ARROW_INSTEAD, _:
            return "takes an arrow instead" if yes else "loses the life"
        case K.DISCARD_ARROW, _:
            return "discards an arrow for the life" if yes else "keeps the arrows"
        case K.KIT_DISCARD, ChooseSeat(seat=target):
            return f"discards an arrow of {seat(target)}"
        case K.KIT_DISCARD, _:
            return "discards no arrow"
        case K.REVEAL_ROLE, Reveal(role=role):
            return f"shows the role card: {ROLE_LABELS[role]}"
        case K.ROLE_CARD, Choose(option="normal"):
            return "shows a normal role card"
        case K.ROLE_CARD, Choose():
            return f"shows the special role card: {option}"
        case K.SALOON_DIE, Choose(option="none"):
            return "rolls no Saloon die"
        case K.SALOON_DIE, Choose():
            return f"rolls the {option}"
        case K.BROKEN_ARROW, ChooseSeat(seat=target):
            return f"returns an arrow of {seat(target)} to the pile"
        case K.CHIEF_ARROW, Choose(option="chief_arrow"):
            return "takes the Chief's Arrow"
        case K.CHIEF_ARROW, Choose():
            return "takes an arrow"
        case K.WHICH_ARROW, Choose(option="chief_arrow"):
            return f"discards the Chief's Arrow of {seat(d.target or 0)}"
        case K.WHICH_ARROW, Choose():
            return f"discards an arrow of {seat(d.target or 0)}"
        case K.GIVE_ARROW, ChooseSeat(seat=target):
            return f"gives an arrow to {seat(target)}"
        case K.GIVE_ARROW, _:
            return "keeps the arrow"
        case K.TAKE_CHIEF_ARROW, _:
            return "takes the Chief's Arrow" if yes else "leaves the Chief's Arrow"
        case K.TAKE_LOSS, _:
            whom = seat(d.target or 0)
            return f"loses the life for {whom}" if yes else f"lets {whom} lose the life"
        case K.DOC_DIE, ChooseDie(die=die):
            return f"turns die {die + 1}"
        case K.DOC_FACE | K.CHUCK_FACE, Choose():
            return f"turns it to {option}"
        case K.UGLY_SWAP, ChooseSeat(seat=target):
            return f"swaps the arrows of {seat(target)}"
        case K.LEFT_HAND_TARGET, ChooseSeat(seat=target):
            return f"saves {seat(target)}"
        case K.LEFT_HAND_DISCARD, _:
            return "discards all arrows" if yes else "keeps the arrows"
        case K.GHOST_ROLL, Roll():
            return "rolls the Ghost's dice"
        case K.GHOST_REROLL, Roll():
            return f"re-rolls the Ghost's {_dice(a)}"
        case K.GHOST_REROLL, _:
            return "keeps the Ghost's dice"
        case K.GHOST_FACE, Choose():
            return f"gives {option}"
        case K.GHOST_TARGET, ChooseSeat(seat=target):
            return f"gives it to {seat(target)}"
        case K.DUEL_TARGET, ChooseSeat(seat=target):
            return f"challenges {seat(target)} to a duel"
        case K.DUEL_ROLL, Roll():
            return "rolls the Duel die"
        case K.DUEL_REROLL, Roll():
            return "re-rolls the Duel die"
        case K.DUEL_REROLL, _:
            return "keeps the Duel die"
        case K.WHICH_WOUND, Choose(option=token):
            return f"discards a {WOUND_LABELS.get(token, 'Dynamite')} Wound token"
        case K.RAGE_FROM, ChooseSeat(seat=target):
            return f"moves the Rage card of {seat(target)}"
        case K.RAGE_FROM, _:
            return "moves no Rage card"
        case K.RAGE_TO, ChooseSeat(seat=target):
            return f"gives the Rage card to {seat(target)}"
        case K.BELLE_STAR, ChooseDie(die=die):
            return f"turns the Dynamite of die {die + 1} into a Gatling"
        case K.BELLE_STAR, _:
            return "keeps the Dynamite"
        case K.CHUCK_DIE, ChooseDie(die=die):
            return f"loses 1 life to turn die {die + 1}"
        case K.CHUCK_DIE, _:
            return "turns no die"
    return f"chooses {a.kind}"


def _dice(action: Roll) -> str:
    dice = [str(die + 1) for die in action.dice]
    return f"die {dice[0]}" if len(dice) == 1 else "dice " + ", ".join(dice)
