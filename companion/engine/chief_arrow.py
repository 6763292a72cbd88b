"""Old Saloon, Module 2 (The Arrow of the Indian Chief): one more token in the arrows' pile.

Whoever takes an arrow while the Chief's Arrow is in the pile chooses which to take (the last
token of the pile being either); the Chief's Arrow is worth two arrows to the Indians, and its
holder loses nothing when holding strictly the most. It is discarded like an arrow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Choose
from .components import CHIEF_ARROW_WEIGHT
from .decisions import Decision, DecisionKind
from .errors import StateError
from .events import ChiefArrowDiscarded, ChiefArrowTaken
from .module_catalog import Module
from .module_rules import ArrowToken, ModuleRules
from .options import ArrowKind
from .registry import decision, one_of_options

if TYPE_CHECKING:
    from .rules_api import RuleGame
    from .state import PlayerState

CHIEF_ARROW = ArrowKind.CHIEF_ARROW
# The choice of one taking an arrow while both are in the pile.
TOKENS = (ArrowKind.ARROW, ArrowKind.CHIEF_ARROW)


def holder(game: RuleGame) -> int | None:
    """The seat holding the Indian Chief's Arrow, if anyone does."""
    return next((p.seat for p in game.players if p.chief_arrow), None)


def _take_arrow(game: RuleGame, seat: int, cause: str) -> bool:
    """While it is in the pile, the player taking an arrow chooses (or takes it, the last)."""
    if not game.chief_in_pile:
        return False
    if game.pile:
        game.ask(DecisionKind.CHIEF_ARROW, seat, options=TOKENS, cause=cause)
    else:
        game.take(seat, CHIEF_ARROW, cause)
    return True


@decision(DecisionKind.CHIEF_ARROW, legal=one_of_options)
def _decide_chief_arrow(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, Choose) and d.cause is not None
    game.take(d.seat, action.option, d.cause)


def _take(game: RuleGame, seat: int, cause: str) -> None:
    game.chief_in_pile = False
    game.players[seat].chief_arrow = True
    game.emit(ChiefArrowTaken(seat, None, cause))


def _discard(game: RuleGame, player: PlayerState, cause: str) -> None:
    player.chief_arrow = False
    game.chief_in_pile = True
    game.emit(ChiefArrowDiscarded(player.seat, cause))


def _held(player: PlayerState) -> bool:
    return player.chief_arrow


def _in_pile(game: RuleGame) -> int:
    return 1 if game.chief_in_pile else 0


def check(game: RuleGame) -> None:
    """A state read back: the Chief's Arrow is in one place, with the module on (``checks.py``)."""
    chiefs = sum(p.chief_arrow for p in game.players) + game.chief_in_pile
    expected = 1 if Module.CHIEF_ARROW in game.setup.modules else 0
    if chiefs != expected:
        raise StateError(
            f"the Chief's Arrow is in {chiefs} places (chief_in_pile and the players' "
            f"chief_arrow), not {expected} (module {Module.CHIEF_ARROW} "
            + ("on)" if expected else "off)")
        )


RULES = ModuleRules(
    Module.CHIEF_ARROW,
    initial=lambda setup: {"chief_in_pile": True},
    token=ArrowToken(
        CHIEF_ARROW,
        weight=CHIEF_ARROW_WEIGHT,
        in_pile=_in_pile,
        held=_held,
        take_arrow=_take_arrow,
        take=_take,
        discard=_discard,
    ),
)
