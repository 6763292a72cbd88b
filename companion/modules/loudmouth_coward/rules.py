"""Old Saloon, Module 1 (The Loudmouth and the Coward): the Saloon dice and the Broken Arrow.

At the start of a turn the player may take the Loudmouth or the Coward die in place of a base
die (or as a sixth, with a character that allows it); zombies roll three base dice and choose
none (Undead or Alive 4). Each roll's Broken Arrows and Bullets act at once, after its arrows
(the rulebook's new order of resolution).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from companion.engine import (
    BASE_DICE,
    Action,
    Answer,
    Choose,
    ChooseSeat,
    Decision,
    Event,
    Face,
    ModuleInfo,
    ModuleRules,
    RuleGame,
    SaloonDie,
    Spec,
    declare_die,
    declare_kind,
    declare_module,
    quick_init,
    returned,
)
from companion.engine.registry import decision, one_of_options, step
from companion.engine.steps import Step, lose

ID = declare_module("old_saloon.1", ModuleInfo("The Loudmouth and the Coward"))

# The Saloon dice, in the order of the errata's dice table; the Loudmouth's Bullet and the
# Coward's Broken Arrow are faces and symbols of this module alone.
BULLET_FACE = "bullet"
BROKEN_ARROW_FACE = "broken_arrow"
LOUDMOUTH_DIE = "loudmouth"
COWARD_DIE = "coward"
declare_die(
    LOUDMOUTH_DIE,
    ("double_bullseye1", "double_bullseye2", "double_gatling", "arrow", "dynamite", BULLET_FACE),
    (Face(BULLET_FACE, BULLET_FACE),),
)
declare_die(
    COWARD_DIE,
    ("bullseye1", "beer", "double_beer", BROKEN_ARROW_FACE, "arrow", "dynamite"),
    (Face(BROKEN_ARROW_FACE, BROKEN_ARROW_FACE),),
)


@quick_init
@dataclass(frozen=True)
class SaloonDieChosen(Event):
    """The dice of this turn, ``die`` the Saloon die chosen (None: none)."""

    kind: ClassVar[str] = "saloon_die_chosen"
    seat: int
    die: str | None
    dice: tuple[str, ...]


# The Saloon die choices: the die chosen and the dice of the turn for each.
SALOON_DICE: dict[str, tuple[str | None, tuple[str, ...]]] = {
    SaloonDie.NONE: (None, BASE_DICE),
    SaloonDie.LOUDMOUTH: ("loudmouth", (*BASE_DICE[:-1], "loudmouth")),
    SaloonDie.COWARD: ("coward", (*BASE_DICE[:-1], "coward")),
    SaloonDie.LOUDMOUTH_SIXTH: ("loudmouth", (*BASE_DICE, "loudmouth")),
    SaloonDie.COWARD_SIXTH: ("coward", (*BASE_DICE, "coward")),
}


def _fits_saloon_die(game: RuleGame, d: Decision) -> str | None:
    """Why a pending Saloon die choice could not be (None: it could)."""
    if ID not in game.setup.modules:
        return f"module {ID} is off"
    options = game.ability(d.seat).saloon_options
    if d.options != options or game.rolls or returned(game.players[d.seat]):
        return f"options {list(d.options)}: before the first roll the seat chooses of {options}"
    return None


def _fits_broken_arrow(game: RuleGame, d: Decision) -> str | None:
    """Why a pending Broken Arrow could not be (None: it could)."""
    return None if ID in game.setup.modules else f"module {ID} is off"


# No Saloon die, the Loudmouth or the Coward.
SALOON_DIE = declare_kind(
    "saloon_die",
    Spec(
        Answer.CHOICE,
        False,
        "which Saloon die do you roll",
        before_roll=True,
        active=True,
        before_end=True,
        fits=_fits_saloon_die,
        queued_last="roll_decision",
        carries=("options",),
    ),
)
# Whose arrow a Broken Arrow returns.
BROKEN_ARROW = declare_kind(
    "broken_arrow",
    Spec(
        Answer.SEAT,
        False,
        "whose arrow does the Broken arrow return",
        active=True,
        arrow_holders=True,
        fits=_fits_broken_arrow,
        carries=(),
    ),
)


def _die_choice(game: RuleGame) -> list[Step]:
    return [] if returned(game.players[game.turn]) else [saloon_die()]


@step
def saloon_die(game: RuleGame) -> None:
    game.ask(SALOON_DIE, game.turn, options=game.ability(game.turn).saloon_options)


@decision(SALOON_DIE, legal=one_of_options)
def _decide_saloon_die(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, Choose)
    die, kinds = SALOON_DICE[action.option]
    game.set_dice(kinds)
    game.emit(SaloonDieChosen(game.turn, die, tuple(game.dice_kinds)))


def _dice_choices(options: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The dice of a turn, of each choice the player has."""
    return tuple(SALOON_DICE[o][1] for o in options)


# ------------------------------------------------------------ per-roll phases


def _roll_broken_arrows(game: RuleGame, dice: Sequence[int]) -> list[Step]:
    return [broken_arrow()] * game.symbol_count(BROKEN_ARROW_FACE, dice)


def _roll_bullets(game: RuleGame, dice: Sequence[int]) -> list[Step]:
    return [lose([[game.turn, 1, 0]], "bullet", None, [])] * game.symbol_count("bullet", dice)


@step
def broken_arrow(game: RuleGame) -> None:
    if any(p.alive and p.arrows for p in game.players):
        game.ask(BROKEN_ARROW, game.turn)


def _legal_broken_arrow(game: RuleGame, d: Decision) -> list[Action]:
    return [ChooseSeat(p.seat) for p in game.players if p.alive and p.arrows]


@decision(BROKEN_ARROW, legal=_legal_broken_arrow)
def _decide_broken_arrow(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, ChooseSeat)
    game.discard(game.players[action.seat], 1, "broken_arrow")


RULES = ModuleRules(
    ID,
    per_roll=(
        ("broken_arrow", "arrow", _roll_broken_arrows),
        ("bullet", "broken_arrow", _roll_bullets),
    ),
    die_choice=_die_choice,
    dice_choices=_dice_choices,
    table="companion.modules.loudmouth_coward.table",
    bots="companion.modules.loudmouth_coward.bots",
)
