"""What a step is, and the kinds of step that rules below ``game.py`` write for it.

A step on the game's stack is ``[kind, *arguments]``, which is also its JSON. It is written only
through its kind's typed constructor. A rule declares its kind once, by its own signature:
``@step`` (``registry.py``) on ``fn(game, *arguments, /)`` registers it and makes ``fn`` the
constructor, taking the rule's arguments. The kinds here are ``game.py``'s steps that the
abilities and the modules write: those files are below ``game.py`` and cannot import its
rules, so these kinds are declared here, and the rule ``game.py`` registers for each is
checked at import to take what its kind declares. A misspelt kind is an unknown name at import,
a wrong argument a type error (mypy), never a step that fails in the middle of a game.
Arguments are positional only, as the stack holds them.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ParamSpec, cast

P = ParamSpec("P")

if TYPE_CHECKING:

    class Step(list[Any]):
        """A step, ``[kind, *arguments]``: to the type checker a list of its own, which only a
        kind's constructor makes, so a list written by hand is no step."""

else:
    Step = list[Any]  # what the state's JSON reads and writes: a plain list

# Each kind's declaration, by name: its parameters are what its rule must take.
KINDS: dict[str, inspect.Signature] = {}


def kind(declaration: Callable[P, None]) -> Callable[P, Step]:
    """The constructor of the steps named as ``declaration``, taking its parameters."""
    name = declaration.__name__
    KINDS[name] = inspect.signature(declaration)
    return cast(Callable[P, Step], writer(name))


def writer(name: str) -> Callable[..., Step]:
    """The constructor of the steps ``name``: ``[name, *arguments]``."""

    def write(*arguments: Any) -> Any:
        return [name, *arguments]

    write.__name__ = write.__qualname__ = name
    return write


def named(name: str, *arguments: Any) -> Step:
    """A step of a kind named at run time: those a module's ``ModuleRules`` names."""
    return cast(Step, [name, *arguments])


# ------------------------------------------------ game.py's steps, written by the rule files below


@kind
def end_turn(moment: bool = True, again: bool = False, /) -> None: ...


@kind
def gain(seat: int, amount: int, cause: str, moment: bool = True, /) -> None: ...


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
def roll_effects(dice: Sequence[int], /) -> None: ...


@kind
def start_turn() -> None: ...


@kind
def take_arrow(seat: int, cause: str, /) -> None: ...


@kind
def which_arrow(seat: int, holder: int, cause: str, /) -> None: ...


# ------------------------------------ game.py's steps of the base game's phases (``base_game.py``)


@kind
def collect(*symbols: str) -> None: ...


@kind
def assign_bullseye() -> None: ...


@kind
def resolve_bullseyes() -> None: ...


@kind
def assign_beer() -> None: ...


@kind
def resolve_beers() -> None: ...


@kind
def gatling() -> None: ...
