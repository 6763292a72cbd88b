"""Every kind of step a turn is made of, each a typed constructor of the step it writes.

A step on the game's stack is ``[kind, *arguments]``, which is also its JSON. It is written only
through these constructors, whose parameters are those of the rule that runs it: the rule's file
registers it under the same name (``registry.step``), which checks at import that the two agree.
A misspelt kind is an unknown name at import, a wrong argument a type error (mypy), never a step
that fails in the middle of a game. Arguments are positional only, as the stack holds them.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, cast

P = ParamSpec("P")

Step = list[Any]

# Each kind's declaration, by name: its parameters are what its rule must take.
KINDS: dict[str, inspect.Signature] = {}


def kind(declaration: Callable[P, None]) -> Callable[P, Step]:
    """The constructor of the steps named as ``declaration``, taking its parameters."""
    name = declaration.__name__
    KINDS[name] = inspect.signature(declaration)

    def write(*arguments: Any) -> Step:
        return [name, *arguments]

    write.__name__ = write.__qualname__ = name
    return cast(Callable[P, Step], write)


# ------------------------------------------ the turn, arrows and life, roles and the end (game.py)


@kind
def after_roll() -> None: ...


@kind
def apply_hits(cause: str, /) -> None: ...


@kind
def assign_beer() -> None: ...


@kind
def assign_bullseye() -> None: ...


@kind
def before_hits(cause: str, /) -> None: ...


@kind
def check_end(deaths: list[list[Any]], /) -> None: ...


@kind
def collect(*symbols: str) -> None: ...


@kind
def discard_all(cause: str, /) -> None: ...


@kind
def end_turn(moment: bool = True, again: bool = False, /) -> None: ...


@kind
def gain(seat: int, amount: int, cause: str, moment: bool = True, /) -> None: ...


@kind
def gatling() -> None: ...


@kind
def indians(seat: int, /) -> None: ...


@kind
def lose(
    losses: list[list[int]],
    cause: str,
    by: int | None,
    then: list[Step],
    offered: bool = False,
    moment: bool = True,
    /,
) -> None: ...


@kind
def resolve(exploded: bool, /) -> None: ...


@kind
def resolve_beers() -> None: ...


@kind
def resolve_bullseyes() -> None: ...


@kind
def reveal(seat: int, /) -> None: ...


@kind
def roll_decision() -> None: ...


@kind
def roll_effects(dice: Sequence[int], /) -> None: ...


@kind
def start_turn() -> None: ...


@kind
def take_arrow(seat: int, cause: str, /) -> None: ...


@kind
def which_arrow(seat: int, holder: int, cause: str, /) -> None: ...


# ------------------------------------------------------------ characters' abilities (abilities.py)


@kind
def apache_kid(arrows: int, /) -> None: ...


@kind
def arrow_instead(seat: int, /) -> None: ...


@kind
def doc_holyday() -> None: ...


@kind
def give_arrow(arrows: int, /) -> None: ...


@kind
def kit(gatlings: int, /) -> None: ...


@kind
def pedro(seat: int, lost: int, /) -> None: ...


@kind
def sid_gift() -> None: ...


@kind
def slab() -> None: ...


@kind
def take_loss(seat: int, start: int, /) -> None: ...


# ------------------------------------------------------------------- Old Saloon 1 (saloon_dice.py)


@kind
def broken_arrow() -> None: ...


@kind
def saloon_die() -> None: ...


# ----------------------------------------------------------------- Old Saloon 3 (special_roles.py)


@kind
def gambled() -> None: ...


@kind
def power(seat: int, card: str, args: list[Any], faces: list[str] | None = None, /) -> None: ...


@kind
def saved(target: int, /) -> None: ...


@kind
def show_card(seat: int, /) -> None: ...


# ------------------------------------------------------------------------- Old Saloon 5 (ghost.py)


@kind
def ghost_rolled() -> None: ...


@kind
def ghost_turn() -> None: ...


# -------------------------------------------------------------------- Undead or Alive 1 (duels.py)


@kind
def draw_wound(seat: int, cause: str, /) -> None: ...


@kind
def duel_face(roller: int, other: int, die: int, face: str, /) -> None: ...


@kind
def duel_lost(loser: int, winner: int, /) -> None: ...


@kind
def duel_roll(roller: int, other: int, die: int, /) -> None: ...


@kind
def duels(remaining: int, /) -> None: ...


@kind
def whiskey() -> None: ...


@kind
def whiskey_wound() -> None: ...


@kind
def wounds_back() -> None: ...


# --------------------------------------------------------------------- Undead or Alive 2 (rage.py)


@kind
def beer_rage() -> None: ...


@kind
def draw_rage(seat: int, cause: str, /) -> None: ...


@kind
def rage_end() -> None: ...


@kind
def rage_reveal() -> None: ...


@kind
def rage_symbol() -> None: ...


# -------------------------------------------------------------------- Undead or Alive 3 (posse.py)


@kind
def belle_star() -> None: ...


@kind
def chuck() -> None: ...


@kind
def rage_from() -> None: ...


@kind
def sam_heal() -> None: ...


@kind
def turn_die(die: int, face: str, /) -> None: ...


# ----------------------------------------------------------------- Undead or Alive 4 (boneyard.py)


@kind
def boneyard_draw(seat: int, when: str, /) -> None: ...


@kind
def boneyard_ended(again: bool = False, /) -> None: ...


@kind
def boneyard_next(again: bool = False, /) -> None: ...


@kind
def boneyard_turn_end(again: bool = False, /) -> None: ...


@kind
def boneyard_would_be(seat: int, /) -> None: ...


@kind
def boneyard_would_be_end(seat: int, /) -> None: ...


@kind
def outbreak() -> None: ...


# ------------------------------------------------------------------------ the moments (moments.py)


@kind
def moment(moment: str, /, *arguments: Any) -> None: ...
