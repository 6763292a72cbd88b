"""Old Saloon, Module 1 (The Loudmouth and the Coward): the Saloon dice and the Broken Arrow.

At the start of a turn the player may take the Loudmouth or the Coward die in place of a base
die (or as a sixth, with a character that allows it); zombies roll three base dice and choose
none (Undead or Alive 4). Each roll's Broken Arrows and Bullets act at once, after its arrows
(the rulebook's new order of resolution).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from companion.engine import (
    BASE_DICE,
    NO_OPTION,
    Ability,
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
    Spec,
    Trait,
    declare_die,
    declare_kind,
    declare_module,
    declare_trait,
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


class SaloonDie(StrEnum):
    """The Saloon dice: the die taken at the start of a turn (the options of ``SALOON_DIE``)."""

    NONE = NO_OPTION
    LOUDMOUTH = "loudmouth"  # in place of a base die
    COWARD = "coward"
    LOUDMOUTH_SIXTH = "loudmouth_sixth"  # as a sixth die (a character that allows it)
    COWARD_SIXTH = "coward_sixth"


# The Saloon dice a player chooses among: the rulebook's, or a character's own (``as_sixth``).
SALOON_OPTIONS: Trait[tuple[str, ...]] = declare_trait(
    ID, "saloon_options", (SaloonDie.NONE, SaloonDie.LOUDMOUTH, SaloonDie.COWARD)
)
_SIXTH = {LOUDMOUTH_DIE: SaloonDie.LOUDMOUTH_SIXTH, COWARD_DIE: SaloonDie.COWARD_SIXTH}


def as_sixth(die: str) -> tuple[str, ...]:
    """The Saloon dice of a character who rolls ``die`` (``LOUDMOUTH_DIE``, ``COWARD_DIE``)
    always as a sixth die, never in place of a base die (ruling OS6)."""
    return tuple(_SIXTH[o] if o == die else o for o in SALOON_OPTIONS.default)


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
    options = SALOON_OPTIONS.of(game.ability(d.seat))
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
    game.ask(SALOON_DIE, game.turn, options=SALOON_OPTIONS.of(game.ability(game.turn)))


@decision(SALOON_DIE, legal=one_of_options)
def _decide_saloon_die(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, Choose)
    die, kinds = SALOON_DICE[action.option]
    game.set_dice(kinds)
    game.emit(SaloonDieChosen(game.turn, die, tuple(game.dice_kinds)))


def _dice_choices(ability: Ability) -> tuple[tuple[str, ...], ...]:
    """The dice of a turn, of each choice a player with ``ability`` has."""
    return tuple(SALOON_DICE[o][1] for o in SALOON_OPTIONS.of(ability))


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
