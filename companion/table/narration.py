"""What the console says for a choice the box makes for a seat it plays ("Seat 3 shoots seat 1").

A person sees their own press; the box's choice has no press, so the table says it in one line,
made from the decision and the action alone: the live console, a resumed game's history and the
tests all read this one function. Seats are the physical ones (1..8), as on the panels; each
kind's words are its one entry in ``words.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import SPECIAL_ROLES, SPECS, Action, Decision, RevealSpecial
from .labels import CARD_EFFECTS
from .words import WORDS, Answered

# Decisions that enter what a real card or token shows, or that wait for the whole table: a
# person answers them even for a seat the box plays (someone draws the box's Rage card).
TABLE_ENTRIES = frozenset(kind for kind, spec in SPECS.items() if spec.person_enters)


def box_line(d: Decision, action: Action, seats: Sequence[int], dice: int | None = None) -> str:
    """One console line for ``action``, the box's answer to ``d`` for the seat it plays, with
    ``dice`` on the table (a result past them is a Rage card's); an answer the kind's words do
    not know is still said ('chooses ...'). A card the box reveals into an open moment (Old
    Saloon 3) is no answer to ``d``: it is said by its title and what it does ('Seat 3 reveals
    The Doc: turn one die to any side')."""
    if isinstance(action, RevealSpecial):
        title, effect = SPECIAL_ROLES[action.card].title, CARD_EFFECTS[action.card]
        return f"Seat {seats[action.seat]} reveals {title}: {effect}"
    told = WORDS[d.kind].told
    said = told(Answered(d, action, seats, dice)) if told is not None else None
    return f"Seat {seats[d.seat]} {f'chooses {action.kind}' if said is None else said}"
