"""What the whole table may see, as plain data for a page (issue 26): every seat's public panel,
the dice, the question in words, the story line and the history by turn.

A seat's facts come from the engine's public state (``Game.to_json(NO_SEAT)``: no card that is
not face up, no seed); the words are the console's own (``showing``, ``story``), with no seat's
menu open (a menu shows its seat's card). Nothing here is a name the code uses: every label is
the table's.
"""

from __future__ import annotations

import copy
from typing import Any

from ..engine import CHARACTERS, NO_SEAT, SPECIAL_ROLES, Role
from .labels import FACE_LABELS, OPTION_LABELS, ROLE_LABELS, SYMBOL_NAMES, WOUND_LABELS
from .prompts import house_rules_text, modules_text
from .session import TableSession
from .view import SeatView, TableView

# Each die's kind as the table calls it ('' for the five base dice).
DIE_KINDS = {"base": "", "duel": "Duel die", "loudmouth": "Loudmouth die", "coward": "Coward die"}


def public_state(session: TableSession) -> dict[str, Any]:
    """The table as anyone at it sees it now; equal for two games that differ only in what
    no player may see."""
    seen = copy.copy(session)
    seen.menu = None  # an open menu shows its own seat's card: never the table's
    view = seen.view()
    c = view.console
    state: dict[str, Any] = {
        "title": c.title,
        "prompt": c.prompt,
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
                "kind": DIE_KINDS.get(c.kinds[i], "") if i < len(c.kinds) else "",
            }
            for i, face in enumerate(c.faces)
        ],
        "rolls_left": c.rolls_left,
        "pile": c.pile,
        "rules": "",
        "over": False,
        "seats": _seats(session, view),
        "history": session.history.lines if session.play is not None else [],
    }
    if session.play is not None:
        setup = session.play.game.setup
        rules = (
            modules_text(setup.modules, setup.specials_mixed),
            house_rules_text(setup.house_rules),
        )
        state["rules"] = ". ".join(t for t in rules if t)
        state["over"] = session.play.game.over
    return state


def _seats(session: TableSession, view: TableView) -> list[dict[str, Any]]:
    """Each seat's panel: the game's public facts, the table's marks."""
    shown = [_seat(seat) for seat in view.seats]
    if session.play is None:
        return shown
    game = session.play.game
    public = game.to_json(NO_SEAT)["players"]
    for s, number in enumerate(session.play.seats):
        facts = _facts(public[s])
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
        "chief_arrow": seat.chief_arrow,
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
        "wounds": [],
        "rage_held": seat.rage_held,
        "rage_symbols": [],
    }


def _facts(p: dict[str, Any]) -> dict[str, Any]:
    """A seat's facts from the public state: its card only once face up."""
    role = ROLE_LABELS[Role(p["role"])] if p["role"] is not None else ""
    if role and p["special"] is not None:
        role = SPECIAL_ROLES[p["special"]].title
    return {
        "name": CHARACTERS[p["character"]].title,
        "life": p["life"],
        "max_life": p["max_life"],
        "arrows": p["arrows"],
        "chief_arrow": p["chief_arrow"],
        "role": role,
        "alive": p["alive"],
        "wounds": [WOUND_LABELS.get(t, FACE_LABELS.get(t, t)) for t in sorted(p["wounds"])],
        "rage_held": p["rage_held"],
        "rage_symbols": [SYMBOL_NAMES.get(s, s) for s in p["rage_symbols"]],
    }
