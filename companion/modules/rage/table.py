"""Undead or Alive, Module 2 in the words of the table: its label, the entry of the Rage
cards' symbols, and the story's lines for the real deck."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine import PlayerState, RageDrawn, RageShuffled
from companion.table.labels import FACE_LABELS, SYMBOL_LETTERS, SYMBOL_NAMES
from companion.table.module_words import ModuleWords, Pieces, declare_module_words
from companion.table.prompts import declare_module_label
from companion.table.story import declare_line
from companion.table.words import Asked, Words, declare_words

from .events import RageRevealed
from .rules import ID, RAGE_SYMBOL, RagePlayer

declare_module_label(ID, "Rage cards")


def _rage_prompt(q: Asked) -> str:
    cards = RagePlayer.of(q.game.players[q.d.seat]).rage_revealed
    return f"Rage: symbols on {cards} card{'s' * (cards != 1)}? DIE each, DONE"


declare_words(RAGE_SYMBOL, Words(_rage_prompt, None))


def _pieces(p: PlayerState) -> Pieces:
    """The Rage cards held face down ("R2") and the symbols of those revealed ("Rage 1B")."""
    cards = RagePlayer.of(p)
    held, symbols = cards.rage_held, cards.rage_symbols
    marks, said = [], []
    if held:
        marks.append(f"R{held}")
        said.append(f"Rage cards face down: {held}")
    if symbols:
        marks.append("Rage " + "".join(SYMBOL_LETTERS[s] for s in symbols))
        said.append("Rage revealed: " + ", ".join(FACE_LABELS.get(s, s) for s in symbols))
    page = (("rage_held", held), ("rage_symbols", tuple(SYMBOL_NAMES.get(s, s) for s in symbols)))
    return Pieces(tuple(marks), tuple(said), page)


declare_module_words(ID, ModuleWords(pieces=_pieces))


def _drawn(event: RageDrawn, seat: Callable[[int], int]) -> str:
    kept = "" if event.drawn == 1 else f" ({event.drawn} drawn, 1 kept)"
    return f"{seat(event.seat)} draws a Rage card{kept}"


def _revealed(event: RageRevealed, seat: Callable[[int], int]) -> str:
    cards = event.cards
    return f"{seat(event.seat)} reveals {cards} Rage card{'s' if cards != 1 else ''}"


declare_line(RageDrawn, _drawn)
declare_line(RageShuffled, lambda event, seat: "Rage discards shuffled into a new pile")
declare_line(RageRevealed, _revealed)
