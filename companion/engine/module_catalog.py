"""The modules: their ids and what each needs before play.

A module is named by a stable id (``old_saloon.1`` ... ``undead_or_alive.5``, or a module's
from outside) in the set-up, the state's JSON and the journal. Each module declares its id, its
title and needs, and its characters (``declare_module``) when its package is imported
(``discovery``); what it adds to a game is its ``ModuleRules`` (``modules.py``). This file is
below every rule, so any file may name a module.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from .components import CHARACTERS, Character
from .errors import SetupError
from .open_kinds import Declared, OpenKind


class Module(OpenKind):
    """A module's id, declared once by its module (``declare_module``); the ids come in their
    order (``old_saloon.1`` ... ``undead_or_alive.5``) whichever module loads first."""

    _sorted = True

    LOUDMOUTH_AND_COWARD: ClassVar[Module]
    CHIEF_ARROW: ClassVar[Module]
    SPECIAL_ROLES: ClassVar[Module]
    SALOON_CHARACTERS: ClassVar[Module]
    GHOST: ClassVar[Module]
    LOOK_ME_IN_THE_EYES: ClassVar[Module]
    TWO_BULLETS: ClassVar[Module]
    NEW_POSSE: ClassVar[Module]


@dataclass(frozen=True)
class ModuleInfo:
    """What the rulebook says of a module before play: its title, and what it needs (other
    modules by id). ``options``: the fields of ``GameSetup`` only it gives meaning to, each
    with what the set-up says of it (a set-up giving one without the module is refused)."""

    title: str
    min_players: int = 3
    requires: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()


MODULES: Declared[str, ModuleInfo] = Declared()


def declare_module(value: str, info: ModuleInfo, characters: Iterable[Character] = ()) -> Module:
    """The new module ``value``, with its title and needs and the character cards it adds;
    ValueError when its id or a card's name is declared already."""
    made = Module.declare(value)
    MODULES.add(made, info, "module")
    for card in characters:
        CHARACTERS.add(card.name, card, "character")
    return made


def withdraw(value: str) -> None:
    """Take back a module's id and title: it was refused at start (its rules failed)."""
    Module.withdraw(value)
    MODULES.withdraw(value)


# The built-in modules' ids, until each declares its own in its package.
for _name, _value, _info in (
    ("LOUDMOUTH_AND_COWARD", "old_saloon.1", ModuleInfo("The Loudmouth and the Coward")),
    ("CHIEF_ARROW", "old_saloon.2", ModuleInfo("The Arrow of the Indian Chief")),
    ("SPECIAL_ROLES", "old_saloon.3", ModuleInfo("Special Roles", min_players=4)),
    ("SALOON_CHARACTERS", "old_saloon.4", ModuleInfo("A Posse of New Characters")),
    # The Ghost and Undead or Alive both give the eliminated a part (a Ghost's turns, Boneyard
    # cards and zombies): the rulebook says nothing of the two together, so they play apart.
    (
        "GHOST",
        "old_saloon.5",
        ModuleInfo("The Ghost", min_players=5, excludes=("undead_or_alive.4",)),
    ),
    (
        "LOOK_ME_IN_THE_EYES",
        "undead_or_alive.1",
        ModuleInfo("Look Me in the Eyes", requires=("undead_or_alive.2",)),
    ),
    ("TWO_BULLETS", "undead_or_alive.2", ModuleInfo("Two Bullets Are Enough")),
    ("NEW_POSSE", "undead_or_alive.3", ModuleInfo("A New Posse in Town")),
):
    setattr(Module, _name, declare_module(_value, _info))


def module(value: Module | str) -> Module:
    """A module from its id, with the list of ids when it is unknown."""
    try:
        return Module(value)
    except ValueError:
        raise SetupError(
            f"unknown module {value!r}; expected one of " + ", ".join(m for m in Module)
        ) from None


def validate(modules: frozenset[Module], players: int, characters: Iterable[str]) -> None:
    """Raise SetupError, saying what and why, for a combination the rules do not allow."""
    for m in sorted(modules):
        info = MODULES[m]
        for needed in info.requires:
            if needed not in modules:
                raise SetupError(f"{m} ({info.title}) needs {needed} ({_title(needed)})")
        if players < info.min_players:
            raise SetupError(
                f"{m} ({info.title}) needs {info.min_players} or more players, not {players}"
            )
        for other in info.excludes:
            if other in modules:
                raise SetupError(
                    f"{m} ({info.title}) and {other} ({_title(other)}) cannot be played together"
                )
    for seat, name in enumerate(characters):
        card = CHARACTERS[name]
        for card_needs in (card.module, *card.needs):
            if card_needs is not None and card_needs not in modules:
                raise SetupError(
                    f"seat {seat + 1}: {card.title} plays only with module {card_needs} "
                    f"({_title(card_needs)})"
                )


def require(modules: frozenset[Module], needed: Module, what: str) -> None:
    """Raise SetupError when ``what``, a set-up option, is given without the module it needs."""
    if needed not in modules:
        raise SetupError(f"{what} needs module {needed}")


def cards_dealt(modules: frozenset[Module]) -> bool:
    """Old Saloon 3's special role cards are dealt (the deal in ``setup.py`` asks): the
    Sheriff may hold a normal card (The Bear's life aside) and The Good may take the star."""
    return Module.SPECIAL_ROLES in modules


@cache
def characters_for(modules: frozenset[Module]) -> tuple[str, ...]:
    """The characters a table with these modules may deal or choose, in the cards' order."""
    return tuple(
        name
        for name, card in CHARACTERS.items()
        if all(m is None or m in modules for m in (card.module, *card.needs))
    )


def _title(value: str) -> str:
    """A module's title, or that it is not installed (another module may name one)."""
    info = MODULES.get(value)
    return "not installed" if info is None else info.title
