"""Old Saloon, Module 1 (The Loudmouth and the Coward): the Saloon dice and the Broken Arrow.

At the start of a turn the player may take the Loudmouth or the Coward die in place of a base
die (or as a sixth, with a character that allows it); zombies roll three base dice and choose
none (Undead or Alive 4). Each roll's Broken Arrows and Bullets act at once, after its arrows
(the rulebook's new order of resolution).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from .actions import SEATS, Action, Choose, ChooseSeat
from .components import BASE_DICE
from .decisions import Decision, DecisionKind
from .events import SaloonDieChosen
from .module_catalog import Module
from .module_rules import ModuleRules
from .modules import in_play
from .options import SaloonDie
from .registry import decision, one_of_options, step
from .steps import Step, lose

if TYPE_CHECKING:
    from .rules_api import RuleGame

# The Saloon die choices: the die chosen and the dice of the turn for each.
SALOON_DICE: dict[str, tuple[str | None, tuple[str, ...]]] = {
    SaloonDie.NONE: (None, BASE_DICE),
    SaloonDie.LOUDMOUTH: ("loudmouth", (*BASE_DICE[:-1], "loudmouth")),
    SaloonDie.COWARD: ("coward", (*BASE_DICE[:-1], "coward")),
    SaloonDie.LOUDMOUTH_SIXTH: ("loudmouth", (*BASE_DICE, "loudmouth")),
    SaloonDie.COWARD_SIXTH: ("coward", (*BASE_DICE, "coward")),
}


def _die_choice(game: RuleGame) -> list[Step]:
    return [] if game.players[game.turn].zombie else [saloon_die()]


@step
def saloon_die(game: RuleGame) -> None:
    game.ask(DecisionKind.SALOON_DIE, game.turn, options=game.ability(game.turn).saloon_options)


@decision(DecisionKind.SALOON_DIE, legal=one_of_options)
def _decide_saloon_die(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, Choose)
    die, kinds = SALOON_DICE[action.option]
    game.set_dice(kinds)
    game.emit(SaloonDieChosen(game.turn, die, tuple(game.dice_kinds)))


@cache
def dice_choices(
    modules: frozenset[Module], options: tuple[str, ...]
) -> frozenset[tuple[str, ...]]:
    """The dice of a turn: with the Saloon dice, of each choice the player has."""
    if Module.LOUDMOUTH_AND_COWARD not in modules:
        options = (SaloonDie.NONE,)
    return frozenset(_turn_dice(modules, SALOON_DICE[o][1]) for o in options)


def _turn_dice(modules: frozenset[Module], kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The dice of a turn, as the modules in play make every turn's (``turn_dice``)."""
    dice = list(kinds)
    for rules in in_play(modules):
        if rules.turn_dice is not None:
            dice = rules.turn_dice(dice)
    return tuple(dice)


# ------------------------------------------------------------ per-roll phases


def _roll_broken_arrows(game: RuleGame, dice: Sequence[int]) -> list[Step]:
    return [broken_arrow()] * game.symbol_count("broken_arrow", dice)


def _roll_bullets(game: RuleGame, dice: Sequence[int]) -> list[Step]:
    return [lose([[game.turn, 1, 0]], "bullet", None, [])] * game.symbol_count("bullet", dice)


@step
def broken_arrow(game: RuleGame) -> None:
    if any(p.alive and p.arrows for p in game.players):
        game.ask(DecisionKind.BROKEN_ARROW, game.turn)


def _legal_broken_arrow(game: RuleGame, d: Decision) -> list[Action]:
    return [SEATS[p.seat] for p in game.players if p.alive and p.arrows]


@decision(DecisionKind.BROKEN_ARROW, legal=_legal_broken_arrow)
def _decide_broken_arrow(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, ChooseSeat)
    game.discard(game.players[action.seat], 1, "broken_arrow")


def check_saloon_die(game: RuleGame, d: Decision) -> str | None:
    """Why a pending Saloon die choice could not be (None: it could; ``pending_checks.py``)."""
    if Module.LOUDMOUTH_AND_COWARD not in game.setup.modules:
        return f"module {Module.LOUDMOUTH_AND_COWARD} is off"
    options = game.ability(d.seat).saloon_options
    if d.options != options or game.rolls or game.players[d.seat].zombie:
        return f"options {list(d.options)}: before the first roll the seat chooses of {options}"
    return None


def check_broken_arrow(game: RuleGame, d: Decision) -> str | None:
    """Why a pending Broken Arrow could not be (None: it could; ``pending_checks.py``)."""
    on = Module.LOUDMOUTH_AND_COWARD in game.setup.modules
    return None if on else f"module {Module.LOUDMOUTH_AND_COWARD} is off"


RULES = ModuleRules(
    Module.LOUDMOUTH_AND_COWARD,
    per_roll=(
        ("broken_arrow", "arrow", _roll_broken_arrows),
        ("bullet", "broken_arrow", _roll_bullets),
    ),
    die_choice=_die_choice,
)
