"""What the console says for a choice the box makes for a seat it plays ("Seat 3 shoots seat 1").

A person sees their own press; the box's choice has no press, so the table says it in one line,
made from the decision and the action alone: the live console, a resumed game's history and the
tests all read this one function. Seats are the physical ones (1..8), as on the panels; each
kind's words are its one entry in ``words.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import (
    SPECIAL_ROLES,
    SPECS,
    Accept,
    Action,
    Choose,
    ChooseDie,
    ChooseSeat,
    Decision,
    DecisionKind,
    Decline,
    Game,
    Reveal,
    RevealSpecial,
    Roll,
    Stop,
)
from ..i18n import CORE, Catalogue
from .labels import CARD_EFFECTS, OPTION_LABELS, ROLE_LABELS
from .words import BY_THE_RULES, WORDS, Answered

_ = Catalogue(CORE).gettext


def table_entries() -> frozenset[DecisionKind]:
    """Decisions that enter what a real card or token shows, or that wait for the whole table:
    a person answers them even for a seat the box plays (someone draws the box's real card)."""
    return frozenset(kind for kind, spec in SPECS.items() if spec.person_enters)


def box_line(d: Decision, action: Action, seats: Sequence[int], game: Game | None = None) -> str:
    """One console line for ``action``, the box's answer to ``d`` for the seat it plays; an
    answer the kind's words do not know is still said ('chooses ...'), one the rules' own
    line says whole is not ('' : 'The Doc turns die 3 to Dynamite' is said once). ``game``,
    as it was when asked, lets a line name what it showed (the seat Slab's Bull's Eye hits).
    A card the box reveals into an open moment (Old Saloon 3) is no answer to ``d``: it is
    said by its title and what it does ('Seat 3 reveals The Doc: turn one die to any side')."""
    if isinstance(action, RevealSpecial):
        title, effect = SPECIAL_ROLES[action.card].title, CARD_EFFECTS[action.card]
        return _("Seat {seat} reveals {card}: {effect}").format(
            seat=seats[action.seat], card=title, effect=effect
        )
    told = WORDS[d.kind].told
    said = told(Answered(d, action, seats, game)) if told is not None else None
    if said == BY_THE_RULES:
        return ""
    if said is None:
        said = chosen_said(action, seats)
    # Translators: a seat and what the box chose for it: "Seat 3 shoots seat 1"
    return _("Seat {seat} {did}").format(seat=seats[d.seat], did=said)


def chosen_said(action: Action, seats: Sequence[int]) -> str:
    """An answer said by its kind alone, for a decision whose words do not know it: the
    table's words for each kind of action, never the engine's name for it."""
    if isinstance(action, ChooseSeat) and 0 <= action.seat < len(seats):
        return _("chooses seat {seat}").format(seat=seats[action.seat])
    if isinstance(action, ChooseDie):
        return _("chooses die {die}").format(die=action.die + 1)
    if isinstance(action, Choose):
        return _("chooses {option}").format(option=OPTION_LABELS.get(action.option, "?"))
    if isinstance(action, Reveal):
        return _("reveals {role}").format(role=ROLE_LABELS[action.role])
    if isinstance(action, Roll):
        return _("rolls")
    if isinstance(action, Stop):
        return _("stops")
    if isinstance(action, Accept):
        return _("says yes")
    if isinstance(action, Decline):
        return _("says no")
    return _("chooses")
