"""The ten modules of the two expansions: their ids, what they need, and how they extend a turn.

A module is named by a stable id (``old_saloon.1`` ... ``undead_or_alive.5``) in the set-up,
the state's JSON and the journal. The turn's order of resolution is data here: the base game's
phases, and the phases each module inserts (rulebook, "Old Saloon Preparation" and "Undead or
Alive, Module 1"), so a module extends the turn without touching the rules that run it.
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
    UNDEAD_OR_ALIVE = "undead_or_alive.4"
    WILD_WEST_LEGACY = "undead_or_alive.5"


@dataclass(frozen=True)
class ModuleInfo:
    """What the rulebook says of a module before play: its title, and what it needs.

    ``per_roll`` and ``resolution`` are the phases it adds, each placed after a named one.
    ``start`` and ``end`` are steps run at the start and at the end of every turn (the end even
    when the active player was eliminated).
    """

    title: str
    min_players: int = 3
    requires: tuple[Module, ...] = ()
    per_roll: tuple[tuple[str, str], ...] = ()
    resolution: tuple[tuple[str, str], ...] = ()
    start: tuple[str, ...] = ()
    end: tuple[str, ...] = ()


MODULES: dict[Module, ModuleInfo] = {
    Module.LOUDMOUTH_AND_COWARD: ModuleInfo(
        "The Loudmouth and the Coward",
        per_roll=(("broken_arrow", "arrow"), ("bullet", "broken_arrow")),
    ),
    Module.CHIEF_ARROW: ModuleInfo("The Arrow of the Indian Chief"),
    Module.SPECIAL_ROLES: ModuleInfo("Special Roles", min_players=4),
    Module.SALOON_CHARACTERS: ModuleInfo("A Posse of New Characters"),
    Module.GHOST: ModuleInfo("The Ghost", min_players=5),
    Module.LOOK_ME_IN_THE_EYES: ModuleInfo(
        "Look Me in the Eyes",
        requires=(Module.TWO_BULLETS,),
        resolution=(("whiskey", "dynamite"), ("duel", "gatling")),
        end=("wounds_back",),
    ),
    Module.TWO_BULLETS: ModuleInfo(
        "Two Bullets Are Enough",
        resolution=(("beer_rage", "beer"),),
        start=("rage_reveal",),
        end=("rage_end",),
    ),
    Module.NEW_POSSE: ModuleInfo("A New Posse in Town"),
    Module.UNDEAD_OR_ALIVE: ModuleInfo("Undead or Alive?", min_players=4),
    Module.WILD_WEST_LEGACY: ModuleInfo("Wild West Legacy"),
}

# The base game's phases: those applied on each roll, then those after the last roll.
PER_ROLL: tuple[str, ...] = ("arrow",)
RESOLUTION: tuple[str, ...] = ("last_roll", "dynamite", "bullseye", "beer", "gatling", "end")


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
    if Module.GHOST in modules and Module.UNDEAD_OR_ALIVE in modules:
        # Both give the eliminated a part (a Ghost's turns, Boneyard cards and zombies): the
        # rulebook says nothing of the two together, so the engine plays them apart.
        raise SetupError(
            f"{Module.GHOST} ({MODULES[Module.GHOST].title}) and {Module.UNDEAD_OR_ALIVE} "
            f"({MODULES[Module.UNDEAD_OR_ALIVE].title}) cannot be played together"
        )
    for seat, name in enumerate(characters):
        card = CHARACTERS[name]
        for card_needs in (card.module, *card.needs):
            if card_needs is not None and card_needs not in modules:
                raise SetupError(
                    f"seat {seat + 1}: {card.title} plays only with module {card_needs} "
                    f"({MODULES[Module(card_needs)].title})"
                )


@cache
def characters_for(modules: frozenset[Module]) -> tuple[str, ...]:
    """The characters a table with these modules may deal or choose, in the cards' order."""
    return tuple(
        name
        for name, card in CHARACTERS.items()
        if all(m is None or m in modules for m in (card.module, *card.needs))
    )


@cache
def turn_order(modules: frozenset[Module]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The per-roll phases and the resolution phases in play, each module's inserted in place."""
    per_roll, resolution = list(PER_ROLL), list(RESOLUTION)
    for m in sorted(modules):
        for phases, inserts in (
            (per_roll, MODULES[m].per_roll),
            (resolution, MODULES[m].resolution),
        ):
            for name, after in inserts:
                phases.insert(phases.index(after) + 1, name)
    return tuple(per_roll), tuple(resolution)


def turn_hooks(modules: frozenset[Module]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The steps the modules in play run at the start and at the end of every turn."""
    ordered = sorted(modules)
    return (
        tuple(name for m in ordered for name in MODULES[m].start),
        tuple(name for m in ordered for name in MODULES[m].end),
    )
