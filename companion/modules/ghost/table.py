"""The Ghost at the table: its decisions' words, its name on the console, its note on the
seats (GHOST and the token it gave, the token on its holder) and its story lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.engine import Choose, Game, PlayerState
from companion.i18n import Catalogue
from companion.table.labels import FACE_LABELS, OPTION_LABELS
from companion.table.module_words import (
    ModuleWords,
    declare_module_words,
)
from companion.table.prompts import declare_expansion_label, declare_module_label
from companion.table.story import declare_line
from companion.table.words import (
    Asked,
    Words,
    declare_question,
    declare_words,
    dice_named,
    roll_told,
    seat_told,
)

from .events import BecameGhost, GhostTokenGiven
from .rules import GHOST_FACE, GHOST_REROLL, GHOST_ROLL, GHOST_TARGET, ID, GhostGame, is_ghost

_words = Catalogue(__package__)
_ = _words.gettext
N_ = _words.word


def _target_prompt(q: Asked) -> str:
    face = OPTION_LABELS.get(q.d.options[0], q.d.options[0])
    if q.d.remaining == 2:
        face = _("2x {face}").format(face=face)
    return _("The Ghost gives {face} to whom? SEAT").format(face=face)


declare_words(
    GHOST_ROLL,
    Words(
        lambda q: _("The Ghost (seat {seat}): press ROLL").format(seat=q.seat),
        roll_told(lambda roll: _("rolls the Ghost's dice")),
    ),
)
declare_words(
    GHOST_REROLL,
    Words(
        lambda q: _("The Ghost: re-roll? mark dice, ROLL; DONE: no"),
        roll_told(
            lambda roll: _("re-rolls the Ghost's {dice}").format(dice=dice_named(roll)),
            N_("keeps the Ghost's dice"),
        ),
    ),
)
declare_words(
    GHOST_FACE,
    Words(
        lambda q: _("The Ghost gives which? DIE"),
        lambda t: _("gives {face}").format(face=t.option) if isinstance(t.action, Choose) else None,
    ),
)
declare_words(
    GHOST_TARGET,
    Words(
        _target_prompt,
        seat_told(lambda t, target: _("gives it to {seat}").format(seat=t.seat(target))),
    ),
)


def ghost_note(game: Game, seat: int, seats: Sequence[int]) -> str:
    """GHOST and the token it holds or gave; the token on its holder's seat."""
    token = GhostGame.of(game).ghost_token
    given = ""
    if token is not None:
        holder, face, count = token
        given = OPTION_LABELS.get(face, face)
        if count == 2:
            given = _("2x {face}").format(face=given)
        if holder == seat:
            return _("Ghost token: {token}").format(token=given)
    if is_ghost(game.players[seat]):
        if token is None:
            return _("GHOST")
        return _("GHOST, gave seat {seat} {token}").format(seat=seats[token[0]], token=given)
    return ""


def _became(p: PlayerState) -> str | None:
    return _("the Ghost") if is_ghost(p) else None


declare_module_label(ID, N_("Ghost"))
declare_expansion_label(ID.partition(".")[0], N_("Old Saloon"))  # the box it comes in
declare_module_words(ID, ModuleWords(seat_note=ghost_note, became=_became))


def _became_ghost(event: BecameGhost, seat: Callable[[int], int]) -> str:
    return _("{seat} plays on as the Ghost").format(seat=seat(event.seat))


def _token_given(event: GhostTokenGiven, seat: Callable[[int], int]) -> str:
    given = FACE_LABELS.get(event.face, event.face)
    if event.dice > 1:
        said = _("the Ghost gives seat {seat} the {token} and x2 tokens")
    else:
        said = _("the Ghost gives seat {seat} the {token} token")
    return said.format(seat=seat(event.target), token=given)


declare_line(BecameGhost, _became_ghost)
declare_line(GhostTokenGiven, _token_given)
declare_question(GHOST_ROLL, N_("roll the Ghost's two dice"))
declare_question(GHOST_REROLL, N_("re-roll the Ghost's dice or stop"))
declare_question(GHOST_FACE, N_("which result does the Ghost give"))
declare_question(GHOST_TARGET, N_("to whom does the Ghost give it"))
