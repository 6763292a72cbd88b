"""What a module says at the table beyond its decisions' words: its note on a seat and what a
seat became in it.

The core of the table names no module: each installed module's ``table`` part adds its entries
here (``declare_module_words``) when the table first reads them (``load_layer``), as it adds
the words of its decisions (``words.py``), its short name (``prompts.declare_module_label``)
and its events' lines (``story.declare_line``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import Declared, Game, Module, PlayerState, load_layer

# A seat's note on its panel: (game, engine seat, physical seats in engine order) -> '' or it.
SeatNote = Callable[[Game, int, Sequence[int]], str]


@dataclass(frozen=True)
class ModuleWords:
    """``seat_note``: its note on each seat's panel while it is in play; ``became``: what a
    seat became in it, for the game's summary, or None. (Its short name: ``declare_module_label``
    in ``prompts.py``.)"""

    seat_note: SeatNote | None = None
    became: Callable[[PlayerState], str | None] | None = None


def _load() -> None:
    load_layer("table")


MODULE_WORDS: Declared[Module, ModuleWords] = Declared(load=_load)


def declare_module_words(module: Module, words: ModuleWords) -> None:
    """A module's words at the table; ValueError when it has some already."""
    MODULE_WORDS.add(module, words, "words of the module")


def seat_note(game: Game, seat: int, seats: Sequence[int]) -> str | None:
    """The note on ``seat``'s panel of a module in play that gives one, or None."""
    for m in sorted(game.setup.modules):
        words = MODULE_WORDS.get(m)
        if words is not None and words.seat_note is not None:
            return words.seat_note(game, seat, seats)
    return None


def became(p: PlayerState) -> list[str]:
    """What the seat became in the installed modules, in the modules' order."""
    said = []
    for m in sorted(MODULE_WORDS):
        rule = MODULE_WORDS[m].became
        found = None if rule is None else rule(p)
        if found:
            said.append(found)
    return said
