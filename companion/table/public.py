"""What the whole table may see, as plain data for a page (issue 26): every seat's public panel,
the dice, the question in words, the story line and the history by turn.

A seat's facts come from the engine's public state (``Game.to_json(NO_SEAT)``: no card that is
not face up, no seed); the words are the console's own (``showing``, ``story``), with no seat's
menu open (a menu shows its seat's card). Nothing here is a name the code uses: every label is
the table's.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Any

from ..engine import CHARACTERS, NO_SEAT, SPECIAL_ROLES, Role, face_up_card
from ..i18n import CORE, Catalogue, language
from .history_pages import WAY_OUT
from .labels import DIE_LABELS, FACE_LABELS, OPTION_LABELS, ROLE_LABELS
from .session import TableSession, table_view
from .showing import rules_text
from .view import SeatView, TableView

_words = Catalogue(CORE)
_ = _words.gettext
N_ = _words.word


def public_state(session: TableSession) -> dict[str, Any]:
    """The table as anyone at it sees it now; equal for two games that differ only in what
    no player may see."""
    # An open menu shows its own seat's card: never the table's.
    view = table_view(dataclasses.replace(session.state, menu=None))
    c = view.console
    state: dict[str, Any] = {
        "title": c.title,
        "prompt": for_spectators(c.prompt),
        "aside": c.aside,
        "story": c.story,
        "flash": c.flash or "",
        "choices": list(c.choices),
        "keys": [OPTION_LABELS.get(o, o) for o in c.picker],
        "dice": [
            {
                "face": FACE_LABELS.get(face, face) if face else "",
                "kept": c.locked[i],
                "marked": c.marked[i],
                "kind": DIE_LABELS.get(c.kinds[i], "") if i < len(c.kinds) else "",
            }
            for i, face in enumerate(c.faces)
        ],
        "rolls_left": c.rolls_left,
        "pile": c.pile,
        "counts": _counts(c.rolls_left, c.pile) if c.faces else "",
        "series": c.series,
        "rules": "",
        "over": False,
        "seats": _seats(session, view),
        "history": session.history.lines if session.play is not None else [],
    }
    if session.play is not None:
        state["rules"] = rules_text(session.play.game, session.series_game)
        state["over"] = session.play.game.over
        # Before the first roll the console's story ends with the rules: the page shows them
        # once, on their own line.
        if state["rules"] and c.story.endswith(state["rules"]):
            state["story"] = c.story.removesuffix(state["rules"]).removesuffix(". ")
    return state


def _counts(rolls_left: int, pile: int) -> str:
    """The re-rolls and arrows left, apart on the page as on the console's status line."""
    return _("Re-rolls left: {rolls} · Arrows in the pile: {pile}").format(
        rolls=rolls_left, pile=pile
    )


# The buttons' part of a question, said to the people who press them: a spectator reads the
# question alone ("Saloon die? its DIE; ROLL: none" is "Saloon die?").
_BUTTONS = re.compile(r"\b(DIE\d?|SEAT\d?|ROLL|DONE|UNDO)\b")
_ASKED = re.compile(r"^(.*[?!])\s+(.*)$")


@functools.cache
def _said(code: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The prompts that are no question, in a spectator's words, in this order, for the
    language ``code`` (the one in use): each a pattern over the console's prompt in that
    language and what the page says instead."""
    # Translators: the next messages, two by two, are a regular expression over a console
    # prompt as you translated it and what the web page says instead (\1 is the part in the
    # first brackets): keep the brackets, ^ and $.
    pairs = (
        (
            _words.pgettext("pattern", r"^DONE: (.+?); (?:other|any other button): .*$"),
            _(r"Start over: \1?"),
        ),
        (_words.pgettext("pattern", r"^(.*): press ROLL$"), _(r"\1 to roll")),
        (
            _words.pgettext("pattern", r"seats press to join \((\d+)\), then DONE"),
            _(r"seats join (\1 so far)"),
        ),
        (r"\bDIE\d ", ""),  # "DIE1 The Bear": the name alone
        (_words.pgettext("pattern", r": press a seat\. Hold UNDO: leave$"), ""),
        (
            _words.pgettext("pattern", r"^ROLL deals the roles; hold your seat to peek$"),
            _("The roles are dealt"),
        ),
        (_words.pgettext("pattern", r"^(.+): press your seat$"), _(r"Who is the \1?")),
        (
            _words.pgettext("pattern", r"^Every seat has a character: DONE starts.*$"),
            _("Every seat has a character"),
        ),
        (
            _words.pgettext("pattern", r"^Seat (\d): DIE picks, .*$"),
            _(r"Seat \1 picks a character"),
        ),
        (r"\bSEAT(\d)\b", _(r"seat \1")),
    )
    return tuple((re.compile(pattern), words) for pattern, words in pairs)


def for_spectators(prompt: str) -> str:
    """The console's prompt for the page: the question without the buttons that answer it
    (they are the players'), and what the table waits for in words ("Seat 3 to roll")."""
    page = prompt.removesuffix(f" {WAY_OUT}")  # a page of the history, as it is
    if page != prompt:
        return page
    asked = _ASKED.match(prompt)
    if asked is not None and _BUTTONS.search(asked.group(2)):
        return asked.group(1)
    for pattern, words in _said(language()):
        prompt = pattern.sub(words, prompt)
    return prompt


def _seats(session: TableSession, view: TableView) -> list[dict[str, Any]]:
    """Each seat's panel: the game's public facts, the table's marks."""
    shown = [_seat(seat) for seat in view.seats]
    if session.play is None:
        return shown
    game = session.play.game
    public = game.to_json(NO_SEAT)["players"]
    for s, number in enumerate(session.play.seats):
        facts = _facts(public[s], face_up_card(game.players[s]))
        if game.over and not facts["role"]:  # a physical card entered at the end, or the one left
            facts["role"] = shown[number - 1]["role"]
        shown[number - 1] |= facts
    return shown


def _seat(seat: SeatView) -> dict[str, Any]:
    """What the table marks on a seat's panel (set-up's roles are the public ones: no menu)."""
    return {
        "number": seat.number,
        "playing": seat.playing,
        "name": seat.name,
        "life": seat.life,
        "max_life": seat.max_life,
        "arrows": seat.arrows,
        "role": seat.role or "",
        "sheriff": seat.sheriff,
        "turn": seat.active,
        "alive": seat.alive,
        "answers": seat.answer,
        "winner": seat.winner,
        "bot": seat.bot,
        "change": seat.change,
        "chore": seat.chore,
        "note": seat.note,
        "pieces": list(seat.said),  # the modules' pieces, each a line in the box's language
        **{key: list(v) if isinstance(v, tuple) else v for key, v in seat.page},
    }


def _facts(p: dict[str, Any], card: str | None) -> dict[str, Any]:
    """A seat's facts from the public state, with the special role card it shows face up."""
    role = ROLE_LABELS[Role(p["role"])] if p["role"] is not None else ""
    if role and card is not None:
        role = SPECIAL_ROLES[card].title
    return {
        "name": CHARACTERS[p["character"]].title,
        "life": p["life"],
        "max_life": p["max_life"],
        "arrows": p["arrows"],
        "role": role,
        "alive": p["alive"],
    }
