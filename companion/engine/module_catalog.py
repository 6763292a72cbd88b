"""The modules: their ids and what each needs before play.

A module is named by a stable id (an expansion's name and the module's number in it, or a
module's from outside) in the set-up, the state's JSON and the journal. Each module declares
its id, its title and needs, and its characters (``declare_module``) when its package is imported
(``discovery``); what it adds to a game is its ``ModuleRules`` (``modules.py``). This file is
below every rule, so any file may name a module.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache

from .components import CHARACTERS, SPECIAL_ROLES, Character, SpecialRole
from .errors import SetupError
from .open_kinds import Declared, OpenKind


class Module(OpenKind):
    """A module's id, declared once by its module (``declare_module``); iterated in the ids'
    order (the set-up's pages list them so), whatever order the modules load in."""

    _by_value = True


@dataclass(frozen=True)
class ModuleInfo:
    """What the rulebook says of a module before play: its title, and what it needs (other
    modules by id). What it adds to the set-up, and the configuration's words for it, is its
    own part (``setup.SetupPart``)."""

    title: str
    min_players: int = 3
    requires: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()
    role_cards: bool = False  # it deals special role cards (its set-up part deals them)


MODULES: Declared[str, ModuleInfo] = Declared()
# Piles a table may use for real instead of the companion simulating them (the errata), each
# declared by its module (``declare_real_pile``).
REAL_PILES: Declared[str, Module] = Declared()


def declare_real_pile(name: str, owner: Module) -> None:
    """A pile of ``owner``'s that a table may draw for real, the drawing seat entering what
    it drew; ValueError when another module declared it."""
    REAL_PILES.add(name, owner, "real pile")


# The base game's id: a ``Module`` never declared, so never offered, counted in a set of modules
# or named in a set-up (``module("base")`` is refused); its rules are the first entry of every
# list of rules the core walks (``base_game.py``, ``modules.in_play``).
BASE_GAME: Module = str.__new__(Module, "base")


def declare_module(
    value: str,
    info: ModuleInfo,
    characters: Iterable[Character] = (),
    special_roles: Iterable[SpecialRole] = (),
) -> Module:
    """The new module ``value``, with its title and needs and the character and special role
    cards it adds (each special card then names it); ValueError when its id or a card's name is
    declared already, or when its id is the base game's."""
    if value == BASE_GAME:
        raise ValueError(f"Module {value!r} is the base game's id")
    made = Module.declare(value)
    MODULES.add(made, info, "module")
    for card in characters:
        CHARACTERS.add(card.name, card, "character")
    for special in special_roles:
        SPECIAL_ROLES.add(special.name, replace(special, module=made), "special role card")
    return made


def withdraw(value: str) -> None:
    """Take back a module's id and title: it was refused at start (its rules failed)."""
    Module.withdraw(value)
    MODULES.withdraw(value)


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


def cards_dealt(modules: frozenset[Module]) -> bool:
    """Special role cards are dealt, a module in play says (``ModuleInfo.role_cards``): the
    Sheriff may hold a normal card (a special one's own bonus aside) and a card's power may
    take the star."""
    return any(MODULES[m].role_cards for m in modules)


@cache
def characters_for(modules: frozenset[Module]) -> tuple[str, ...]:
    """The characters a table with these modules may deal or choose, in the cards' order: the
    base game's, then each module's in the modules' order (whatever order they loaded in, so a
    seed deals the same cards)."""
    cards = sorted(CHARACTERS.values(), key=lambda card: (card.module is not None, card.module))
    return tuple(
        card.name
        for card in cards
        if all(m is None or m in modules for m in (card.module, *card.needs))
    )


def _title(value: str) -> str:
    """A module's title, or that it is not installed (another module may name one)."""
    info = MODULES.get(value)
    return "not installed" if info is None else info.title
