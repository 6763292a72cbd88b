"""The modules in play: the one list of the files that hold each module's rules, and the turn's
order of resolution they make together.

Each module's file gives a ``ModuleRules`` (``module_rules.py``): its phases, its steps at the
start and end of a turn, its hooks. The base game's phases are data here, and each module's are
placed after a named one (rulebook, "Old Saloon Preparation" and "Undead or Alive, Module 1"),
so a module extends the turn without touching the rules that run it.
"""

from __future__ import annotations

from functools import cache

from . import (
    boneyard,
    chief_arrow,
    duels,
    ghost,
    posse,
    rage,
    saloon_dice,
    special_roles,
)
from .module_catalog import MODULES, Module, ModuleInfo, characters_for, module, validate
from .module_rules import ModuleRules

__all__ = [
    "MODULES",
    "RULES",
    "Module",
    "ModuleInfo",
    "ModuleRules",
    "characters_for",
    "in_play",
    "module",
    "turn_order",
    "validate",
]

# Every module's rules, from the file that holds them.
RULES: dict[Module, ModuleRules] = {
    rules.module: rules
    for rules in (
        saloon_dice.RULES,
        chief_arrow.RULES,
        special_roles.RULES,
        ModuleRules(Module.SALOON_CHARACTERS),  # its characters' abilities: abilities.py
        ghost.RULES,
        duels.RULES,
        rage.RULES,
        posse.RULES,
        boneyard.RULES,
        ModuleRules(Module.WILD_WEST_LEGACY),  # between the games of a series: legacy.py
    )
}

# The base game's phases: those applied on each roll, then those after the last roll.
PER_ROLL: tuple[str, ...] = ("arrow",)
RESOLUTION: tuple[str, ...] = ("last_roll", "dynamite", "bullseye", "beer", "gatling", "end")


@cache
def in_play(modules: frozenset[Module]) -> tuple[ModuleRules, ...]:
    """The rules of these modules, in the modules' order."""
    return tuple(RULES[m] for m in sorted(modules))


@cache
def turn_order(modules: frozenset[Module]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The per-roll phases and the resolution phases in play, each module's inserted in place."""
    per_roll, resolution = list(PER_ROLL), list(RESOLUTION)
    for rules in in_play(modules):
        for phases, inserts in ((per_roll, rules.per_roll), (resolution, rules.resolution)):
            for name, after, _rule in inserts:
                phases.insert(phases.index(after) + 1, name)
    return tuple(per_roll), tuple(resolution)
