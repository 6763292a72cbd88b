"""The modules installed and in play, and the turn's order of resolution they make together.

Each module's package gives a ``ModuleRules`` (``module_rules.py``) by its entry point
(``discovery``; the built-in ten are listed in ``pyproject.toml`` as a module from outside is in
its own): its phases, its steps at the start and end of a turn, its hooks. A module that fails
to load, clashes or gives no rules is refused, one line each (``problems``). The base game is
the first entry of the list of rules in play (``in_play``), a ``ModuleRules`` of the core's
(``base_game.py``), always in play and never a module of ``RULES``: its phases come first, in
its order, and each module's are placed after a named one (rulebook, "Old Saloon Preparation"
and "Undead or Alive, Module 1"), so a module extends the turn without touching the rules that
run it.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Literal

from . import discovery
from .base_game import BASE
from .errors import SetupError
from .module_catalog import (
    MODULES,
    Module,
    ModuleInfo,
    characters_for,
    module,
    validate,
    withdraw,
)
from .module_rules import ModuleRules

__all__ = [
    "BASE",
    "MODULES",
    "RULES",
    "Module",
    "ModuleInfo",
    "ModuleRules",
    "characters_for",
    "entries",
    "in_play",
    "load_layer",
    "module",
    "origin",
    "problems",
    "starting_dice",
    "turn_order",
    "validate",
]


@cache
def _installed() -> tuple[dict[Module, ModuleRules], tuple[str, ...]]:
    """Every module installed with its rules, and one line for each that was refused."""
    found: dict[Module, ModuleRules] = {}
    refused: list[str] = []
    for loaded in discovery.load():
        rules = loaded.value
        if loaded.problem is not None:
            refused.append(
                f"module {loaded.name} ({loaded.target}) failed to load: {loaded.problem}"
            )
        elif not isinstance(rules, ModuleRules):
            refused.append(
                f"module {loaded.name} ({loaded.target}) gives a {type(rules).__name__}, "
                "not its ModuleRules"
            )
        elif rules.module != loaded.name:
            refused.append(
                f"module {loaded.name} ({loaded.target}) gives the rules of {rules.module}"
            )
        else:
            found[rules.module] = rules
    for m in list(MODULES):
        if m not in found:
            if not any(line.startswith(f"module {m} ") for line in refused):
                refused.append(f"module {m} is declared but no entry point gives its rules")
            withdraw(m)  # a module refused is not offered, so naming it is refused by name
    return found, tuple(refused)


class _Rules(Mapping[Module, ModuleRules]):
    """Each module installed, its rules."""

    def __getitem__(self, m: Module) -> ModuleRules:
        return _installed()[0][m]

    def __iter__(self) -> Iterator[Module]:
        return iter(_installed()[0])

    def __len__(self) -> int:
        return len(_installed()[0])


RULES: Mapping[Module, ModuleRules] = _Rules()


def origin(m: str) -> str:
    """Where module ``m`` comes from: its entry point's target (``package.module:RULES``)."""
    (target,) = [loaded.target for loaded in discovery.load() if loaded.name == m]
    return target


def built_in(m: str) -> bool:
    """Whether module ``m`` is one of the box's own, this package's (numbered by the rulebook),
    rather than one installed from outside."""
    return origin(m).startswith(_BUILT_IN)


_BUILT_IN = f"{__name__.partition('.')[0]}.modules."  # where the box's own modules' packages are


def problems() -> tuple[str, ...]:
    """One line for each module refused at start: failed to load, clashing, or incomplete, or
    whose words for the table or rules for the bots failed."""
    return _installed()[1] + _layer_problems["table"] + _layer_problems["bots"]


_layer_problems: dict[str, tuple[str, ...]] = {"table": (), "bots": ()}


def load_layer(layer: Literal["table", "bots"]) -> None:
    """Import each installed module's part for ``layer`` (its ``ModuleRules`` names it), once:
    the layer's catalogue then holds the modules' entries. One that fails is reported, never
    fatal (``problems``); the table and the bots play a kind with no entry of theirs plainly."""
    if layer in _layers_loaded:
        return
    _layers_loaded.add(layer)
    failed = []
    for m, rules in _installed()[0].items():
        name = getattr(rules, layer)
        if name is None:
            continue
        try:
            importlib.import_module(name)
        except Exception as exc:  # a module's own bug: reported at start, never fatal
            failed.append(
                f"module {m}: its {layer} part {name} failed: {type(exc).__name__}: {exc}"
            )
    _layer_problems[layer] = tuple(failed)


_layers_loaded: set[str] = set()


def entries() -> tuple[ModuleRules, ...]:
    """The base game's entry, then each installed module's, in play or not."""
    return (BASE, *RULES.values())


def sides() -> tuple[str, ...]:
    """Every side a game may end with: the base game's, then each installed module's own."""
    return tuple(side for rules in entries() for side in rules.sides)


@cache
def in_play(modules: frozenset[Module]) -> tuple[ModuleRules, ...]:
    """The rules of a game with these modules: the base game's first, then the modules' in the
    modules' order."""
    installed = _installed()[0]
    missing = [m for m in sorted(modules) if m not in installed]
    if missing:
        raise SetupError(f"module {missing[0]} is not installed")
    return (BASE, *(installed[m] for m in sorted(modules)))


@cache
def starting_dice(modules: frozenset[Module]) -> tuple[str, ...]:
    """The dice every turn starts from: the last entry's in play that gives any (the base
    game's five, unless a module gives its own in their place)."""
    return [rules.starting_dice for rules in in_play(modules) if rules.starting_dice][-1]


@cache
def turn_order(modules: frozenset[Module]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The per-roll phases and the resolution phases in play, each entry's placed in turn."""
    per_roll: list[str] = []
    resolution: list[str] = []
    for rules in in_play(modules):
        for phases, inserts in ((per_roll, rules.per_roll), (resolution, rules.resolution)):
            for name, after, _rule in inserts:
                phases.insert(phases.index(after) + 1 if after else len(phases), name)
    return tuple(per_roll), tuple(resolution)
