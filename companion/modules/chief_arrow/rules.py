"""Old Saloon, Module 2 (The Arrow of the Indian Chief): one more token in the arrows' pile.

Whoever takes an arrow while the Chief's Arrow is in the pile chooses which to take (the last
token of the pile being either); the Chief's Arrow is worth two arrows to the Indians, and its
holder loses nothing when holding strictly the most. It is discarded like an arrow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

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
    Part,
    PlayerState,
    RuleGame,
    Spec,
    StateError,
    declare_kind,
    declare_module,
    declare_pile,
    gained,
    quick_init,
    state_parts,
)
from companion.engine.registry import decision, one_of_options

ID = declare_module("old_saloon.2", ModuleInfo("The Arrow of the Indian Chief"))

# The token's id, an option of the choices of which arrow to take or discard.
CHIEF_ARROW = "chief_arrow"
# A tenth token that counts two arrows to the Indians.
WEIGHT = 2
# The choice of one taking an arrow while both are in the pile.
TOKENS = (ArrowKind.ARROW, CHIEF_ARROW)


@dataclass(frozen=True, slots=True)
class ChiefPlayer(Part):
    """This player holds the Chief's Arrow."""

    chief_arrow: bool = False


@dataclass(frozen=True, slots=True)
class ChiefGame(Part):
    """The Chief's Arrow is in the pile."""

    chief_in_pile: bool = False


state_parts(ID, player=(ChiefPlayer, "alive"), game=(ChiefGame, "scratch"))


def _in(game: RuleGame) -> bool:
    in_pile: bool = game.parts[ChiefGame.index].chief_in_pile
    return in_pile


def _held(player: Any) -> bool:
    """Whether ``player`` (its state, or a bot's view of it) holds the Chief's Arrow."""
    held: bool = player.parts[ChiefPlayer.index].chief_arrow
    return held


def _follow_pile(data: dict[str, Any], before: list[dict[str, Any]], table: Any) -> None:
    """``position``: what the players gained of the Chief's Arrow came from the pile."""
    chiefs = int(data["chief_in_pile"]) - gained(data, before, "chief_arrow")
    if "chief_in_pile" not in table and chiefs in (0, 1):
        data["chief_in_pile"] = bool(chiefs)


declare_pile(_follow_pile)


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
    if not (_in(game) and game.pile):
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
    return next((p.seat for p in game.players if _held(p)), None)


def _take_arrow(game: RuleGame, seat: int, cause: str) -> bool:
    """While it is in the pile, the player taking an arrow chooses (or takes it, the last)."""
    if not _in(game):
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
    ChiefGame(chief_in_pile=False).put(game)
    ChiefPlayer(chief_arrow=True).put(game.players[seat])
    game.emit(ChiefArrowTaken(seat, None, cause))


def _discard(game: RuleGame, player: PlayerState, cause: str) -> None:
    ChiefPlayer(chief_arrow=False).put(player)
    ChiefGame(chief_in_pile=True).put(game)
    game.emit(ChiefArrowDiscarded(player.seat, cause))


def take_from(game: RuleGame, seat: int, giver: int, cause: str) -> None:
    """``seat`` takes the Chief's Arrow out of ``giver``'s hand (a character's power)."""
    ChiefPlayer(chief_arrow=False).put(game.players[giver])
    ChiefPlayer(chief_arrow=True).put(game.players[seat])
    game.emit(ChiefArrowTaken(seat, giver, cause))


def _swap(a: PlayerState, b: PlayerState) -> None:
    held_a, held_b = ChiefPlayer.of(a), ChiefPlayer.of(b)
    held_b.put(a)
    held_a.put(b)


def _in_pile(game: RuleGame) -> int:
    return 1 if _in(game) else 0


def check(game: RuleGame) -> None:
    """A state read back: the Chief's Arrow is in one place, with the module on."""
    chiefs = sum(_held(p) for p in game.players) + _in(game)
    expected = 1 if ID in game.setup.modules else 0
    if chiefs != expected:
        raise StateError(
            f"the Chief's Arrow is in {chiefs} places (chief_in_pile and the players' "
            f"chief_arrow), not {expected} (module {ID} " + ("on)" if expected else "off)")
        )


def _initial(game: RuleGame) -> None:
    ChiefGame(chief_in_pile=True).put(game)


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
