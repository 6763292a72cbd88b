"""The ten modules of the two expansions: their ids and what each needs before play.

A module is named by a stable id (``old_saloon.1`` ... ``undead_or_alive.5``) in the set-up,
the state's JSON and the journal. What a module adds to a game is in its own file, listed in
``modules.py``; this file is below every rule, so any file may name a module.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from .components import CHARACTERS
from .errors import SetupError


class Module(StrEnum):
    LOUDMOUTH_AND_COWARD = "old_saloon.1"
    CHIEF_ARROW = "old_saloon.2"
    SPECIAL_ROLES = "old_saloon.3"
    SALOON_CHARACTERS = "old_saloon.4"
    GHOST = "old_saloon.5"
    LOOK_ME_IN_THE_EYES = "undead_or_alive.1"
    TWO_BULLETS = "undead_or_alive.2"
    NEW_POSSE = "undead_or_alive.3"
    ZOMBIES = "undead_or_alive.4"
    WILD_WEST_LEGACY = "undead_or_alive.5"


@dataclass(frozen=True)
class ModuleInfo:
    """What the rulebook says of a module before play: its title, and what it needs."""

    title: str
    min_players: int = 3
    requires: tuple[Module, ...] = ()
    excludes: tuple[Module, ...] = ()


MODULES: dict[Module, ModuleInfo] = {
    Module.LOUDMOUTH_AND_COWARD: ModuleInfo("The Loudmouth and the Coward"),
    Module.CHIEF_ARROW: ModuleInfo("The Arrow of the Indian Chief"),
    Module.SPECIAL_ROLES: ModuleInfo("Special Roles", min_players=4),
    Module.SALOON_CHARACTERS: ModuleInfo("A Posse of New Characters"),
    # The Ghost and Undead or Alive both give the eliminated a part (a Ghost's turns, Boneyard
    # cards and zombies): the rulebook says nothing of the two together, so they play apart.
    Module.GHOST: ModuleInfo("The Ghost", min_players=5, excludes=(Module.ZOMBIES,)),
    Module.LOOK_ME_IN_THE_EYES: ModuleInfo("Look Me in the Eyes", requires=(Module.TWO_BULLETS,)),
    Module.TWO_BULLETS: ModuleInfo("Two Bullets Are Enough"),
    Module.NEW_POSSE: ModuleInfo("A New Posse in Town"),
    Module.ZOMBIES: ModuleInfo("Undead or Alive?", min_players=4),
    Module.WILD_WEST_LEGACY: ModuleInfo("Wild West Legacy"),
}


def module(value: Module | str) -> Module:
    """A module from its id, with the list of ids when it is unknown."""
    try:
        return Module(value)
    except ValueError:
        raise SetupError(
            f"unknown module {value!r}; expected one of " + ", ".join(m.value for m in Module)
        ) from None


def validate(modules: frozenset[Module], players: int, characters: Iterable[str]) -> None:
    """Raise SetupError, saying what and why, for a combination the rules do not allow."""
    for m in sorted(modules):
        info = MODULES[m]
        for needed in info.requires:
            if needed not in modules:
                raise SetupError(f"{m} ({info.title}) needs {needed} ({MODULES[needed].title})")
        if players < info.min_players:
            raise SetupError(
                f"{m} ({info.title}) needs {info.min_players} or more players, not {players}"
            )
        for other in info.excludes:
            if other in modules:
                raise SetupError(
                    f"{m} ({info.title}) and {other} ({MODULES[other].title}) "
                    "cannot be played together"
                )
    for seat, name in enumerate(characters):
        card = CHARACTERS[name]
        for card_needs in (card.module, *card.needs):
            if card_needs is not None and card_needs not in modules:
                raise SetupError(
                    f"seat {seat + 1}: {card.title} plays only with module {card_needs} "
                    f"({MODULES[Module(card_needs)].title})"
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
