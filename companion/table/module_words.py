"""What a module says at the table beyond its decisions' words: its note on a seat, what a seat
became in it, and what a seat shows of its pieces.

The core of the table names no module: each installed module's ``table`` part adds its entries
here (``declare_module_words``) when the table first reads them (``load_layer``), as it adds
the words of its decisions (``words.py``), its short name (``prompts.declare_module_label``)
and its events' lines (``story.declare_line``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ..engine import Declared, Game, Module, PlayerState, load_layer
from ..i18n import language

# A seat's note on its panel: (game, engine seat, physical seats in engine order) -> '' or it.
SeatNote = Callable[[Game, int, Sequence[int]], str]


@dataclass(frozen=True)
class Pieces:
    """What a seat shows of a module's pieces (its tokens, its cards), read from its part of
    the player: short marks on the seat's panel ("R2"), lines in the terminal, and the facts
    of the public page, each key given whether the seat holds any or not."""

    marks: tuple[str, ...] = ()
    said: tuple[str, ...] = ()
    page: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class ModuleWords:
    """``seat_note``: its note on each seat's panel while it is in play; ``became``: what a
    seat became in it, for the game's summary, or None; ``pieces``: what a seat shows of its
    pieces, public to the whole table, read from the seat's parts alone (so the table says it
    once for the same parts in the same language). (Its short name: ``declare_module_label`` in
    ``prompts.py``.)"""

    seat_note: SeatNote | None = None
    became: Callable[[PlayerState], str | None] | None = None
    pieces: Callable[[PlayerState], Pieces] | None = None


def _load() -> None:
    load_layer("table")


MODULE_WORDS: Declared[Module, ModuleWords] = Declared(load=_load)


def declare_module_words(module: Module, words: ModuleWords) -> None:
    """A module's words at the table; ValueError when it has some already."""
    MODULE_WORDS.add(module, words, "words of the module")


def seat_note(game: Game, seat: int, seats: Sequence[int]) -> str | None:
    """The note on ``seat``'s panel of a module in play that gives one, or None."""
    rule = _seat_note_rule(game.setup.modules, MODULE_WORDS.version)
    return None if rule is None else rule(game, seat, seats)


@lru_cache(maxsize=64)
def _seat_note_rule(modules: frozenset[Module], version: int) -> SeatNote | None:
    """The seat note of the first module of ``modules`` that gives one (``version``: of the
    modules' words, so a module installed since is read)."""
    for m in sorted(modules):
        words = MODULE_WORDS.get(m)
        if words is not None and words.seat_note is not None:
            return words.seat_note
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


def pieces(p: PlayerState | None) -> Pieces:
    """What the seat of ``p`` shows of the installed modules' pieces, in the modules' order
    (None: a seat out of the game, which holds none): said once for the same parts, the same
    language and the same modules' words."""
    player = p or _nobody()
    parts = player.parts  # replaced whole when a part changes, shared by copies of the player
    key = (id(parts), language(), MODULE_WORDS.version)
    kept = _SAID.get(key)
    if kept is not None and kept[0] is parts:
        return kept[1]
    if len(_SAID) >= PIECES_KEPT:
        _SAID.clear()
    said = _pieces(player)
    _SAID[key] = (parts, said)  # the parts held: their id names no other while kept
    return said


PIECES_KEPT = 4096  # seats' parts whose pieces stay said (a game meets far fewer)
_SAID: dict[tuple[int, str, int], tuple[tuple[Any, ...], Pieces]] = {}


def _pieces(player: PlayerState) -> Pieces:
    shown = [rule(player) for rule in _piece_rules(MODULE_WORDS.version)]
    return Pieces(
        tuple(m for s in shown for m in s.marks),
        tuple(line for s in shown for line in s.said),
        tuple(fact for s in shown for fact in s.page),
    )


@lru_cache(maxsize=4)
def _piece_rules(version: int) -> tuple[Callable[[PlayerState], Pieces], ...]:
    """The installed modules' pieces rules, in the modules' order (``version``: of the
    modules' words)."""
    return tuple(w.pieces for _m, w in sorted(MODULE_WORDS.items()) if w.pieces is not None)


@cache
def _nobody() -> PlayerState:
    """A player holding no module's piece."""
    return PlayerState(seat=-1, character="", max_life=0, life=0)
