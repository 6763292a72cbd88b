"""Old Saloon, Module 2 (The Arrow of the Indian Chief): one more token in the arrows' pile.

Whoever takes an arrow while the Chief's Arrow is in the pile chooses which to take (the last
token of the pile being either); the Chief's Arrow is worth two arrows to the Indians, and its
holder loses nothing when holding strictly the most. It is discarded like an arrow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.engine import (
    Action,
    Answer,
    ArrowKind,
    ArrowToken,
    Choose,
    Decision,
    Event,
    ModuleInfo,
    ModuleRules,
    PlayerState,
    RuleGame,
    Spec,
    StateError,
    declare_kind,
    declare_module,
    quick_init,
)
from companion.engine.registry import decision, one_of_options

ID = declare_module("old_saloon.2", ModuleInfo("The Arrow of the Indian Chief"))

CHIEF_ARROW = ArrowKind.CHIEF_ARROW
# A tenth token that counts two arrows to the Indians.
WEIGHT = 2
# The choice of one taking an arrow while both are in the pile.
TOKENS = (ArrowKind.ARROW, ArrowKind.CHIEF_ARROW)


@quick_init
@dataclass(frozen=True)
class ChiefArrowTaken(Event):
    """``seat`` took the Chief's Arrow, from the pile or from ``holder``."""

    kind: ClassVar[str] = "chief_arrow_taken"
    seat: int
    holder: int | None
    cause: str


@quick_init
@dataclass(frozen=True)
class ChiefArrowDiscarded(Event):
    kind: ClassVar[str] = "chief_arrow_discarded"
    seat: int
    cause: str


def _fits_take(game: RuleGame, d: Decision) -> str | None:
    """A pending choice read back: asked while the pile holds both kinds, of a cause."""
    if d.options != TOKENS or d.cause is None:
        return f"options {list(d.options)}, cause {d.cause!r}: expected {TOKENS}, a cause"
    if not (game.chief_in_pile and game.pile):
        return "the choice comes while the pile holds a regular arrow and the Chief's (pile)"
    return None


# Take a regular arrow or the Chief's Arrow.
TAKE = declare_kind(
    "chief_arrow",
    Spec(
        Answer.CHOICE,
        False,
        "a regular arrow or the Chief's Arrow",
        fits=_fits_take,
        carries=("options", "cause"),
    ),
)


def holder(game: RuleGame) -> int | None:
    """The seat holding the Indian Chief's Arrow, if anyone does."""
    return next((p.seat for p in game.players if p.chief_arrow), None)


def _take_arrow(game: RuleGame, seat: int, cause: str) -> bool:
    """While it is in the pile, the player taking an arrow chooses (or takes it, the last)."""
    if not game.chief_in_pile:
        return False
    if game.pile:
        game.ask(TAKE, seat, options=TOKENS, cause=cause)
    else:
        game.take(seat, CHIEF_ARROW, cause)
    return True


@decision(TAKE, legal=one_of_options)
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


def _swap(a: PlayerState, b: PlayerState) -> None:
    a.chief_arrow, b.chief_arrow = b.chief_arrow, a.chief_arrow


def _in_pile(game: RuleGame) -> int:
    return 1 if game.chief_in_pile else 0


def check(game: RuleGame) -> None:
    """A state read back: the Chief's Arrow is in one place, with the module on."""
    chiefs = sum(p.chief_arrow for p in game.players) + game.chief_in_pile
    expected = 1 if ID in game.setup.modules else 0
    if chiefs != expected:
        raise StateError(
            f"the Chief's Arrow is in {chiefs} places (chief_in_pile and the players' "
            f"chief_arrow), not {expected} (module {ID} " + ("on)" if expected else "off)")
        )


def _initial(game: RuleGame) -> None:
    game.chief_in_pile = True


RULES = ModuleRules(
    ID,
    initial=_initial,
    token=ArrowToken(
        CHIEF_ARROW,
        weight=WEIGHT,
        in_pile=_in_pile,
        held=_held,
        take_arrow=_take_arrow,
        take=_take,
        discard=_discard,
        swap=_swap,
    ),
    check=check,
    table="companion.modules.chief_arrow.table",
    bots="companion.modules.chief_arrow.bots",
)
