"""What a module adds to a game: the data and the hooks its own file gives.

The core's turn (``game.py``) names no module: it runs the phases, steps and hooks the entries in
play give here (``modules.in_play``), each at the point its field names. The base game is the
first entry of that list, always in play, a ``ModuleRules`` like any (``base_game.py``); a
module is the base game with its own hooks added. An entry that adds nothing at some point
leaves that field empty.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .module_catalog import Module
from .steps import Step

if TYPE_CHECKING:
    from .rules_api import Ability, RuleGame
    from .state import PlayerState
    from .victory import NeedReveal, Outcome

# A phase applied on each roll to the dice rolled; one after the last roll (``exploded``: three
# Dynamite or more ended the rolling).
PerRoll = Callable[["RuleGame", Sequence[int]], list[Step]]
Resolution = Callable[["RuleGame", bool], list[Step]]


@dataclass(frozen=True)
class ArrowToken:
    """A token taken from the pile and discarded like the arrows, worth ``weight`` arrows to
    the Indians (the Chief's Arrow, Old Saloon 2).

    ``take_arrow`` takes over an arrow's taking while the token is in the pile (True when it
    did); ``held`` says a player holds it; ``in_pile`` counts it in the pile; ``take`` and
    ``discard`` move it; ``swap`` exchanges what two players hold of it (their arrows change
    hands); its holder, when strictly the most arrows, loses nothing.
    """

    name: str
    weight: int
    in_pile: Callable[[RuleGame], int]
    held: Callable[[PlayerState], bool]
    take_arrow: Callable[[RuleGame, int, str], bool]
    take: Callable[[RuleGame, int, str], None]
    discard: Callable[[RuleGame, PlayerState, str], None]
    swap: Callable[[PlayerState, PlayerState], None]


@dataclass(frozen=True)
class ModuleRules:
    """What ``module`` adds, each at the point of the game its field names.

    - ``initial``: sets its state before the first turn, from the set-up.
    - ``per_roll``, ``resolution``: phases ``(name, placed after, rule)`` (placed after ``""``:
      at the end, as the base game's own, each after the one before).
    - ``start``, ``end``: steps at the start of every turn and at its end (even when the active
      player was eliminated).
    - ``starting_dice``: the dice every turn starts from, before any entry's hooks (the base
      game's five; the last entry that gives any, so a module may replace them).
    - ``turn_dice``: the dice of every turn from those it would have, whatever the game's
      state (the state checks read them too); ``dice``: from the game's state.
    - ``own_dice``: the dice of the turns of its own kind (a state read back may show them).
    - ``dice_choices``: the dice of a turn for each option a player with this ability chooses
      among as his turn starts (its ``die_choice``), those a state read back may show.
    - ``die_choice``: steps to choose the turn's dice, before the abilities' start steps.
    - ``dice_set``: after the turn's dice are set (``announce``: at the turn's start).
    - ``own_turn``: the steps of a turn of its own kind, instead of rolling (None: an ordinary
      turn).
    - ``turn_over``: after the turn ended, before the next is found.
    - ``hand_over``: the step that passes the turn instead of the core.
    - ``plays_out``: a player who takes turns though eliminated.
    - ``gains_none``: a player who gains no life.
    - ``powerless``: the seats whose ability it replaces, and with what.
    - ``on_eliminated``: the seats just eliminated together.
    - ``gives_back``: what an eliminated player gives back at once.
    - ``extra_results``: symbols that join the dice's results this turn, numbered past them.
    - ``extra_named``: the field of its state they are read from, as a state's checks name it.
    - ``held_results``: symbols a player's pieces hold (its tokens): in the player's turn each
      cancels a result of its symbol, and a Dynamite adds one.
    - ``hand_causes``: its causes of life loss that are a player's own result.
    - ``used``: its once-a-turn marks in the turn's scratch (``scratch.used``).
    - ``prices``: its causes of life loss that a player pays by choice for a power, no loss he
      "must" take (an ability that loses life in another's place cannot take it for him).
    - ``at_reveal``: steps when a seat's role is to be revealed.
    - ``outcome``: the end of the game while ``decides`` says its sides play.
    - ``ends``: the end of the game when no entry's ``decides`` says its own plays (the base
      game's: by the roles, or the 3-player game's), given the seats just eliminated together,
      each with the seat by whose hand (``hand_causes``) or None; ``NeedReveal``: a seat's role
      must be shown first (the last entry that gives one, so a module may replace it).
    - ``token``: a token taken and discarded with the arrows.
    - ``face_up``: a living player whose role card it may have turned face up while the game
      goes on (the core's own: the Sheriff's, and every card with 3 players).
    - ``sheriff_bonus``: the life the Sheriff's bonus gives this player by its part (None: the
      core's); ``life_kept``: the life a player may keep above its maximum by its part;
      ``said``: its part of a player as a state's checks name it when they refuse that
      player's life or face-up role.
    - ``gains``: whether its rules may have given a seat life this turn before the Beers
      resolve, or moved a seat's maximum (a state read back then leaves the life lost this
      turn unbounded by what the seat lacks).
    - ``hands``: the seats besides the turn's player whose results may eliminate a player this
      turn (those its own rolls set against the turn's player).
    - ``step_fits``: each step of its own (by name) read back in the queue, why it could not
      run now (None: it could).
    - ``check``: a state read back, its invariants (a StateError naming the field), run for
      every module installed, in play or not (its state is then empty).
    - ``check``: raises StateError naming what of its state a game read back holds wrongly
      (run for every module installed, in play or not: one off holds none of its state).
    - ``sides``: the sides its ``outcome`` (``ends``) may name (``modules.sides``).
    - ``follows``: its games make a series: given a finished game's ``GameResult``, the
      ``NextGame`` it decides (``series.py``, above this file, hence typed loosely).
    - ``table``, ``bots``: the Python modules (dotted names) of its words for the table and of
      its rules for the box's players, imported by the table and the bots, never the engine.
    """

    module: Module
    initial: Callable[[RuleGame], None] | None = None
    per_roll: tuple[tuple[str, str, PerRoll], ...] = ()
    resolution: tuple[tuple[str, str, Resolution], ...] = ()
    start: tuple[str, ...] = ()
    end: tuple[str, ...] = ()
    starting_dice: tuple[str, ...] = ()
    turn_dice: Callable[[list[str]], list[str]] | None = None
    dice: Callable[[RuleGame, list[str]], list[str]] | None = None
    own_dice: tuple[tuple[str, ...], ...] = ()
    dice_choices: Callable[[Ability], tuple[tuple[str, ...], ...]] | None = None
    die_choice: Callable[[RuleGame], list[Step]] | None = None
    dice_set: Callable[[RuleGame, bool], None] | None = None
    own_turn: Callable[[RuleGame], list[Step] | None] | None = None
    turn_over: Callable[[RuleGame], None] | None = None
    hand_over: str | None = None
    plays_out: Callable[[PlayerState], bool] | None = None
    gains_none: Callable[[PlayerState], bool] | None = None
    powerless: Callable[[RuleGame], dict[int, Ability]] | None = None
    on_eliminated: Callable[[RuleGame, list[int]], None] | None = None
    gives_back: Callable[[RuleGame, PlayerState], None] | None = None
    extra_results: Callable[[RuleGame], list[str]] | None = None
    extra_named: str = ""
    held_results: Callable[[PlayerState], Sequence[str]] | None = None
    hand_causes: tuple[str, ...] = ()
    prices: tuple[str, ...] = ()
    used: tuple[str, ...] = ()
    at_reveal: Callable[[RuleGame, int], list[Step]] | None = None
    decides: Callable[[RuleGame], bool] | None = None
    outcome: Callable[[RuleGame], Outcome | None] | None = None
    ends: Callable[[RuleGame, list[list[Any]]], Outcome | NeedReveal | None] | None = None
    token: ArrowToken | None = None
    face_up: Callable[[RuleGame, PlayerState], bool] | None = None
    sheriff_bonus: Callable[[PlayerState], int | None] | None = None
    life_kept: Callable[[PlayerState], int] | None = None
    said: Callable[[PlayerState], str] | None = None
    gains: Callable[[RuleGame], bool] | None = None
    hands: Callable[[RuleGame], tuple[int, ...]] | None = None
    step_fits: tuple[tuple[str, Callable[[RuleGame, list[Any]], str | None]], ...] = ()
    check: Callable[[RuleGame], None] | None = None
    sides: tuple[str, ...] = ()
    follows: Callable[[Any], Any] | None = None
    table: str | None = None
    bots: str | None = None
