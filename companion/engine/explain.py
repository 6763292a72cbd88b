"""Why an action is not legal now: messages a player at the table can act on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Choose, ChooseSeat, Reveal, Roll
from .decisions import Decision, DecisionKind
from .ranges import distances

if TYPE_CHECKING:
    from .rules_api import RuleGame


def why_illegal(game: RuleGame, d: Decision, action: Action) -> str:
    """Why ``action`` does not answer ``d``, in words for the table (seats counted from 1)."""
    who = f"seat {d.seat + 1}"
    n = len(game.players)
    if isinstance(action, ChooseSeat):
        if not 0 <= action.seat < n:
            return f"There is no seat {action.seat + 1}: seats are 1 to {n}."
        if not game.players[action.seat].alive:
            return f"Seat {action.seat + 1} is eliminated and takes no part any more."
    if d.kind is DecisionKind.BULLSEYE_TARGET and isinstance(action, ChooseSeat):
        assert d.die is not None
        if action.seat == game.turn:
            return "You cannot shoot yourself."
        away = distances(game.turn, game.living())[action.seat]
        reach = ", ".join(f"seat {s + 1}" for s in game.targets(d.die))
        return (
            f"Seat {action.seat + 1} is {away} place{'s' if away != 1 else ''} away, out of "
            f"reach of this Bull's Eye; it can hit {reach}."
        )
    if (d.kind is DecisionKind.KIT_DISCARD or d.spec.arrow_holders) and isinstance(
        action, ChooseSeat
    ):
        return f"Seat {action.seat + 1} holds no arrow to discard."
    explains = d.spec.explains
    explained = None if explains is None else explains(game, d, action)
    if explained is not None:
        return explained
    if isinstance(action, Choose) and d.options:
        return f"{action.option!r} is not a choice now; the choices are " + ", ".join(d.options)
    if isinstance(action, Roll) and d.kind is DecisionKind.REROLL:
        bad = [i for i in action.dice if not 0 <= i < len(game.faces)]
        if bad:
            return f"There is no die {bad[0] + 1}: dice are 1 to {len(game.faces)}."
        locked = [i for i in action.dice if game.locked(i)]
        if locked:
            return f"Die {locked[0] + 1} shows Dynamite and cannot be re-rolled."
        if not action.dice:
            return "Mark at least one die to re-roll, or stop."
    if isinstance(action, Roll) and d.kind is DecisionKind.ROLL:
        return f"The first roll of the turn rolls all {len(game.faces)} dice."
    if isinstance(action, Reveal) and d.kind is DecisionKind.REVEAL_ROLE:
        left = ", ".join(sorted(set(game.unrevealed_roles())))
        return f"No {action.role} card is left to reveal; the hidden roles are: {left}."
    return f"Now {who} must answer '{d.spec.question}'; {action.kind!r} is not an answer."
