"""Why a press the rules refused changes nothing, in the table's words: the engine's
``IllegalAction`` says it in English (its own tests and logs read it); the table says the same
in the language in use, with the physical seats. A module whose rules explain a refusal of
their own says it in its package's words (``declare_refusal``); any other, the question."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine import (
    Action,
    ChooseSeat,
    Decision,
    DecisionKind,
    Game,
    Reveal,
    Roll,
)
from ..i18n import CORE, Catalogue
from .labels import ROLE_LABELS
from .words import question_said

_ = Catalogue(CORE).gettext

# A module's words for why its decision refuses an action (None: not its reason), given the
# game, the decision, the action and the physical seats.
Refusal = Callable[[Game, Decision, Action, Sequence[int]], "str | None"]
REFUSALS: dict[DecisionKind, Refusal] = {}


def declare_refusal(kind: DecisionKind, said: Refusal) -> None:
    """A module's words for the refusals its rules explain (``Spec.explains``)."""
    if kind in REFUSALS:
        raise ValueError(f"{kind}: its refusals are declared already")
    REFUSALS[kind] = said


def refusal_said(game: Game, d: Decision | None, action: Action, seats: Sequence[int]) -> str:
    """Why ``action`` does not answer ``d`` (``game`` as it stands: a refused action changed
    nothing), said to the table."""
    if d is None:
        return _("The game is over: start a new game.") if game.over else _("Not open now.")
    declared = REFUSALS.get(d.kind)
    said = None if declared is None else declared(game, d, action, seats)
    if said is not None:
        return said
    if isinstance(action, ChooseSeat) and 0 <= action.seat < len(seats):
        seat = seats[action.seat]
        if not game.players[action.seat].alive:
            return _("Seat {seat} is eliminated and takes no part any more.").format(seat=seat)
        if d.kind is DecisionKind.BULLSEYE_TARGET and d.die is not None:
            if action.seat == game.turn:
                return _("You cannot shoot yourself.")
            reach = ", ".join(str(seats[s]) for s in game.targets(d.die))
            said = _("Seat {seat} is out of reach of this Bull's Eye; in reach: {reach}.")
            return said.format(seat=seat, reach=reach)
        if d.kind is DecisionKind.KIT_DISCARD or d.spec.arrow_holders:
            return _("Seat {seat} holds no arrow to discard.").format(seat=seat)
    if isinstance(action, Roll) and d.kind is DecisionKind.REROLL:
        locked = [i for i in action.dice if 0 <= i < len(game.faces) and game.locked(i)]
        if locked:
            return _("Die {die} shows Dynamite and cannot be re-rolled.").format(die=locked[0] + 1)
        if not action.dice:
            return _("Mark at least one die to re-roll, or stop.")
    if isinstance(action, Reveal) and d.kind is DecisionKind.REVEAL_ROLE:
        role = ROLE_LABELS[action.role]
        left = ", ".join(sorted({ROLE_LABELS[r] for r in game.unrevealed_roles()}))
        return _("No {role} card is left to reveal; the hidden roles are: {left}.").format(
            role=role, left=left
        )
    return _("Now seat {seat} must answer: {question}").format(
        seat=seats[d.seat], question=question_said(d.kind)
    )
