"""The Ghost at the table: its decisions' words, its name on the console, its note on the
seats (GHOST and the token it gave, the token on its holder) and its story lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.engine import Choose, Game, PlayerState
from companion.table.labels import FACE_LABELS, OPTION_LABELS
from companion.table.module_words import (
    ModuleWords,
    declare_module_words,
)
from companion.table.prompts import declare_module_label
from companion.table.story import declare_line
from companion.table.words import Asked, Words, declare_words, dice_named, roll_told, seat_told

from .events import BecameGhost, GhostTokenGiven
from .rules import GHOST_FACE, GHOST_REROLL, GHOST_ROLL, GHOST_TARGET, ID, GhostGame, is_ghost


def _target_prompt(q: Asked) -> str:
    times = "2x " if q.d.remaining == 2 else ""
    face = OPTION_LABELS.get(q.d.options[0], q.d.options[0])
    return f"The Ghost gives {times}{face} to whom? SEAT"


declare_words(
    GHOST_ROLL,
    Words(
        lambda q: f"The Ghost (seat {q.seat}): press ROLL",
        roll_told(lambda roll: "rolls the Ghost's dice"),
    ),
)
declare_words(
    GHOST_REROLL,
    Words(
        lambda q: "The Ghost: re-roll? mark dice, ROLL; DONE: no",
        roll_told(
            lambda roll: f"re-rolls the Ghost's {dice_named(roll)}", "keeps the Ghost's dice"
        ),
    ),
)
declare_words(
    GHOST_FACE,
    Words(
        lambda q: "The Ghost gives which? DIE",
        lambda t: f"gives {t.option}" if isinstance(t.action, Choose) else None,
    ),
)
declare_words(
    GHOST_TARGET,
    Words(_target_prompt, seat_told(lambda t, target: f"gives it to {t.seat(target)}")),
)


def ghost_note(game: Game, seat: int, seats: Sequence[int]) -> str:
    """GHOST and the token it holds or gave; the token on its holder's seat."""
    token = GhostGame.of(game).ghost_token
    given = ""
    if token is not None:
        holder, face, count = token
        given = f"{'2x ' if count == 2 else ''}{OPTION_LABELS.get(face, face)}"
        if holder == seat:
            return f"Ghost token: {given}"
    if is_ghost(game.players[seat]):
        return f"GHOST, gave seat {seats[token[0]]} {given}" if token is not None else "GHOST"
    return ""


def _became(p: PlayerState) -> str | None:
    return "the Ghost" if is_ghost(p) else None


declare_module_label(ID, "Ghost")
declare_module_words(ID, ModuleWords(seat_note=ghost_note, became=_became))


def _became_ghost(event: BecameGhost, seat: Callable[[int], int]) -> str:
    return f"{seat(event.seat)} plays on as the Ghost"


def _token_given(event: GhostTokenGiven, seat: Callable[[int], int]) -> str:
    given = FACE_LABELS.get(event.face, event.face)
    handed = f"the {given} and x2 tokens" if event.dice > 1 else f"the {given} token"
    return f"the Ghost gives seat {seat(event.target)} {handed}"


declare_line(BecameGhost, _became_ghost)
declare_line(GhostTokenGiven, _token_given)
