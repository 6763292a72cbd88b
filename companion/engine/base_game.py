"""The base game as the first entry of the list of rules: its dice, its phases, its sides, its end.

After python-chess, where the standard board is the first of the variants and a variant is that
board with hooks overridden: the base game is a ``ModuleRules`` (``module_rules.py``) like any
module's, always in play and never offered (its id ``base`` is no declared module, so no set of
modules counts it), and ``modules.in_play`` lists it first. The turn (``game.py``) runs one list
and takes the base game's phases, sides and end from this entry, as it takes a module's from its
own. The steps these phases write are ``game.py``'s (declared in ``steps.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .components import BASE_DICE, FACE_COUNT, FACE_SYMBOL, Symbol
from .events import LastOneStanding
from .module_catalog import BASE_GAME
from .module_rules import ModuleRules, Resolution
from .rules_api import Phase, RuleGame
from .steps import (
    Step,
    assign_beer,
    assign_bullseye,
    collect,
    gatling,
    lose,
    resolve_beers,
    resolve_bullseyes,
)
from .victory import NeedReveal, Outcome, base_outcome, three_player_outcome

# Every side the base game's end names: its own, and the 3-player game's winners by role, or
# nobody (no one's hand).
SIDES = ("sheriff", "outlaws", "renegade", "deputy", "outlaw", "nobody")

# Causes of life loss that are some player's own result ("by their hand").
HAND_CAUSES = ("bullseye", "gatling")

_BULLSEYE_ASSIGNED, _BULLSEYE, _GATLING = Phase.BULLSEYE_ASSIGNED, Phase.BULLSEYE, Phase.GATLING


class _Arrows(dict[str | None, int]):
    """Arrows each face shows, learnt at its first roll (a module's faces are declared when it
    loads, after this file): the phase runs on every roll, so it counts them itself, as
    ``symbol_count`` counts the dice it is given, without another call."""

    def __missing__(self, face: str | None) -> int:
        arrows = 0 if face is None or FACE_SYMBOL[face] != Symbol.ARROW else FACE_COUNT[face]
        self[face] = arrows
        return arrows


_ARROWS = _Arrows()


def _roll_arrows(game: RuleGame, dice: Sequence[int]) -> list[Step]:
    """Each Arrow rolled takes an arrow at once (an ability may defer or change it)."""
    ability = game.ability(game.turn)
    if ability.defers_arrows:
        return []
    return ability.arrow_steps(
        game, sum(map(_ARROWS.__getitem__, map(game.faces.__getitem__, dice)))
    )


def _phase_ability(phase: Phase) -> Resolution:
    """A phase with no rule of its own: only what the active player's ability does there."""
    return lambda game, exploded: game.own_steps(phase)


def _phase_dynamite(game: RuleGame, exploded: bool) -> list[Step]:
    return [lose([[game.turn, 1, 0]], "dynamite", None, [])] if exploded else []


def _phase_bullseye(game: RuleGame, exploded: bool) -> list[Step]:
    return [
        collect("bullseye1", "bullseye2"),
        assign_bullseye(),
        *game.own_steps(_BULLSEYE_ASSIGNED),
        resolve_bullseyes(),
        *game.own_steps(_BULLSEYE),
    ]


def _phase_beer(game: RuleGame, exploded: bool) -> list[Step]:
    return [collect("beer"), assign_beer(), resolve_beers()]


def _phase_gatling(game: RuleGame, exploded: bool) -> list[Step]:
    return [gatling(), *game.own_steps(_GATLING)]


def _ends(game: RuleGame, deaths: list[list[Any]]) -> Outcome | NeedReveal | None:
    """The base game's end (rulebook, "End of the Game"), or the 3-player game's, which turns
    last one standing at the first elimination that ends nothing."""
    if not game.setup.three_player:
        return base_outcome(game.setup.role_mix, game.players)
    was_open = not game.last_standing
    outcome, game.last_standing = three_player_outcome(
        game.players, [(d, by) for d, by in deaths], game.last_standing
    )
    if game.last_standing and was_open and outcome is None:
        game.emit(LastOneStanding())
    return outcome


BASE = ModuleRules(
    BASE_GAME,
    per_roll=(("arrow", "", _roll_arrows),),
    resolution=(
        ("last_roll", "", _phase_ability(Phase.LAST_ROLL)),
        ("dynamite", "", _phase_dynamite),
        ("bullseye", "", _phase_bullseye),
        ("beer", "", _phase_beer),
        ("gatling", "", _phase_gatling),
        ("end", "", _phase_ability(Phase.END)),
    ),
    starting_dice=BASE_DICE,
    hand_causes=HAND_CAUSES,
    ends=_ends,
    sides=SIDES,
)
