"""Every component of the game as data: dice faces, dice, characters, roles, tokens.

Kept in one place so that an erratum is a one-line change (the errata come with the rules,
beside this repository; docs/rules.md restates their rulings).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .open_kinds import Declared


class Symbol(StrEnum):
    """What a face means; a face may show a symbol once or twice (a module's die may show a
    symbol of its own: ``declare_die``)."""

    ARROW = "arrow"
    DYNAMITE = "dynamite"
    BULLSEYE1 = "bullseye1"
    BULLSEYE2 = "bullseye2"
    BEER = "beer"
    GATLING = "gatling"


@dataclass(frozen=True)
class Face:
    """A printed face: its symbol (a ``Symbol``, or a module's own) and how many results of it
    the face counts as."""

    name: str
    symbol: str
    count: int = 1


# The faces the core's dice show and those the modules' dice share with them.
_FACES: tuple[Face, ...] = (
    Face("arrow", Symbol.ARROW),
    Face("dynamite", Symbol.DYNAMITE),
    Face("bullseye1", Symbol.BULLSEYE1),
    Face("bullseye2", Symbol.BULLSEYE2),
    Face("beer", Symbol.BEER),
    Face("gatling", Symbol.GATLING),
    Face("double_bullseye1", Symbol.BULLSEYE1, 2),
    Face("double_bullseye2", Symbol.BULLSEYE2, 2),
    Face("double_gatling", Symbol.GATLING, 2),
    Face("double_beer", Symbol.BEER, 2),
)
# Every face by name, a module's own included (``declare_die``).
FACES: Declared[str, Face] = Declared({f.name: f for f in _FACES})

# The six faces of each die, in the order of the errata's dice table; a module adds its own dice
# (``declare_die``).
DICE: dict[str, tuple[str, ...]] = {
    "base": ("arrow", "dynamite", "bullseye1", "bullseye2", "beer", "gatling"),
}

# The faces by name for the hot paths, kept with FACES (``declare_die``): each face's symbol,
# how many results it counts, and for each symbol the results of it on each face (None: a die
# not rolled yet), for counting with map().
FACE_SYMBOL: dict[str, str] = {}
FACE_COUNT: dict[str, int] = {}
SYMBOL_RESULTS: dict[str, dict[str | None, int]] = {}


def _index(faces: tuple[Face, ...]) -> None:
    """Add ``faces`` to the hot paths' tables, in place (their readers hold them)."""
    for face in faces:
        FACE_SYMBOL[face.name] = str(face.symbol)  # a plain string, as states hold it
        FACE_COUNT[face.name] = face.count
    for face in faces:
        SYMBOL_RESULTS.setdefault(face.symbol, {None: 0} | dict.fromkeys(FACE_SYMBOL, 0))
    for results in SYMBOL_RESULTS.values():
        for face in faces:
            results[face.name] = 0
    for face in faces:
        SYMBOL_RESULTS[face.symbol][face.name] = face.count


_index(_FACES)


def declare_die(name: str, faces: tuple[str, ...], new_faces: Iterable[Face] = ()) -> None:
    """A module's die, by its six faces, with the faces only it shows (``new_faces``, whose
    symbols may be new too); ValueError when the die or a new face is declared already, or a
    face is unknown, so two modules never clash unseen."""
    added = tuple(new_faces)
    if name in DICE:
        raise ValueError(f"die {name!r} is declared twice")
    for face in added:
        if face.name in FACE_SYMBOL:
            raise ValueError(f"face {face.name!r} is declared twice")
    known = set(FACE_SYMBOL) | {face.name for face in added}
    if len(faces) != 6 or not known.issuperset(faces):
        raise ValueError(f"die {name!r}: expected six known faces, got {list(faces)}")
    for face in added:
        FACES.add(face.name, face, "face")
    _index(added)
    DICE[name] = faces


BASE_DICE: tuple[str, ...] = ("base",) * 5

ARROWS_IN_PILE = 9

DYNAMITE_LIMIT = 3
GATLING_NEEDED = 3
REROLLS = 2
SHERIFF_BONUS = 2


class Role(StrEnum):
    SHERIFF = "sheriff"
    DEPUTY = "deputy"
    OUTLAW = "outlaw"
    RENEGADE = "renegade"


# The role mix per player count (rulebook, "Preparation"; 3 players: "Special Rules").
ROLE_MIX: dict[int, tuple[Role, ...]] = {
    3: (Role.DEPUTY, Role.OUTLAW, Role.RENEGADE),
    4: (Role.SHERIFF, Role.RENEGADE, Role.OUTLAW, Role.OUTLAW),
    5: (Role.SHERIFF, Role.RENEGADE, Role.OUTLAW, Role.OUTLAW, Role.DEPUTY),
    6: (Role.SHERIFF, Role.RENEGADE, Role.OUTLAW, Role.OUTLAW, Role.OUTLAW, Role.DEPUTY),
    7: (
        Role.SHERIFF,
        Role.RENEGADE,
        Role.OUTLAW,
        Role.OUTLAW,
        Role.OUTLAW,
        Role.DEPUTY,
        Role.DEPUTY,
    ),
    8: (
        Role.SHERIFF,
        Role.RENEGADE,
        Role.RENEGADE,
        Role.OUTLAW,
        Role.OUTLAW,
        Role.OUTLAW,
        Role.DEPUTY,
        Role.DEPUTY,
    ),
}

# 3 players: whom each role must eliminate by their own hand.
THREE_PLAYER_TARGET: dict[Role, Role] = {
    Role.DEPUTY: Role.RENEGADE,
    Role.RENEGADE: Role.OUTLAW,
    Role.OUTLAW: Role.DEPUTY,
}
THREE_PLAYER_FIRST = Role.DEPUTY

MIN_PLAYERS = 3
MAX_PLAYERS = 8


@dataclass(frozen=True)
class Character:
    """A character card: its life and its ability in a few words (the table's quick reference).

    ``module`` is the module whose cards include it (None: the base game); ``needs`` the other
    modules its ability works with ("do not include those characters" without them).
    """

    name: str
    title: str
    life: int
    ability: str
    module: str | None = None
    needs: tuple[str, ...] = ()


# The base game's and the expansions' cards; a module installed from outside adds its own
# (``module_catalog.declare_module``).
CHARACTERS: Declared[str, Character] = Declared(
    {
        c.name: c
        for c in (
            Character("bart_cassidy", "Bart Cassidy", 8, "Take an arrow instead of losing a life"),
            Character("black_jack", "Black Jack", 8, "May re-roll Dynamite (not 3 or more)"),
            Character("calamity_janet", "Calamity Janet", 8, "Bull's Eye 1 and 2 interchangeable"),
            Character("el_gringo", "El Gringo", 7, "Who shoots you takes an arrow"),
            Character("jesse_jones", "Jesse Jones", 9, "Beer on yourself at 4 or less: +2"),
            Character("jourdonnais", "Jourdonnais", 7, "Never lose more than 1 to Indians"),
            Character("kit_carlson", "Kit Carlson", 7, "Each Gatling: discard an arrow"),
            Character("lucky_duke", "Lucky Duke", 8, "One extra re-roll"),
            Character("paul_regret", "Paul Regret", 9, "Never hit by the Gatling Gun"),
            Character("pedro_ramirez", "Pedro Ramirez", 8, "Each life lost: may discard an arrow"),
            Character("rose_doolan", "Rose Doolan", 9, "Bull's Eyes reach one place further"),
            Character("sid_ketchum", "Sid Ketchum", 8, "Turn start: someone gains 1 life"),
            Character(
                "slab_the_killer", "Slab the Killer", 8, "Once a turn: Beer doubles a Bull's Eye"
            ),
            Character("suzy_lafayette", "Suzy Lafayette", 8, "No Bull's Eye rolled: gain 2"),
            Character("vulture_sam", "Vulture Sam", 9, "Another player dies: gain 2"),
            Character("willy_the_kid", "Willy the Kid", 8, "Gatling Gun with only 2 Gatlings"),
        )
    }
)


class HouseRule(StrEnum):
    """Optional rules from the summary card, off by default (the errata)."""

    DYNAMITE_CANCELS_ACTIONS = "dynamite_cancels_actions"
    BULLSEYE2_UP_TO_TWO = "bullseye2_up_to_two"


# Special role cards, each a module's (``module``, its id): ``moment`` is when the card is
# revealed (None: face up from the start) and ``whose`` whose moment it must be: the revealer's
# own ("own"), another player's ("other") or anyone's ("any").
@dataclass(frozen=True)
class SpecialRole:
    name: str
    title: str
    role: Role
    moment: str | None
    whose: str
    power: str  # the card in a few words (the table's quick reference)
    # A Sheriff's card: the life it plays with above its character's, instead of the Sheriff's
    # bonus (``SHERIFF_BONUS``); None: the Sheriff's bonus.
    sheriff_bonus: int | None = None
    # Its power takes the star from the Sheriff: offered only while a living Sheriff shows his.
    takes_the_star: bool = False
    module: str | None = None  # the module that declared it (``declare_module`` sets it)
    rerolls: bool = False  # its power rolls the dice: the table draws their faces as a roll's
    # The step its power changes, which runs right after it (a state read back must have it
    # there), and the one it changes at a roll of a module's die apart from the turn's dice
    # instead (moment ``[roller, die]``).
    changes: str | None = None
    changes_apart: str | None = None


# Every special role card, by name: each module declares its own (``declare_module``).
SPECIAL_ROLES: Declared[str, SpecialRole] = Declared()


def changed_step(card: SpecialRole, args: list[Any]) -> str | None:
    """The step ``card``'s power changes at a moment with ``args`` (a roll apart from the
    turn's dice names the die rolled beside its roller)."""
    if len(args) > 1 and card.changes_apart is not None:
        return card.changes_apart
    return card.changes
