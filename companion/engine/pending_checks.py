"""The pending decision of a state read back: one the rules could be asking now.

Each kind of decision is asked by one rule, of one seat, about what the state holds (the die
whose result is being assigned, the tokens left in a pile, the card that grants a power). A
decision that could not be asked here is a StateError naming it, so that answering it later
never meets a missing result, token or step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .components import DYNAMITE_LIMIT
from .decisions import Decision, DecisionKind
from .errors import StateError
from .options import ArrowKind
from .queue_checks import RESULT_NAMES

if TYPE_CHECKING:
    from .rules_api import RuleGame

K = DecisionKind

# Decisions of the player whose turn it is, alive (the Ghost's have their own rule below); a
# module's own say so on their spec (``active``), as they say what else fits (``fits``).
# Decisions of the player whose turn it is, alive.
# module's own say so on their spec (``active``, ``dead``, ``turn``), as they say what else
# fits (``fits``).
ACTIVE = frozenset(
    {
        K.GIFT_LIFE,
        K.ROLL,
        K.REROLL,
        K.BULLSEYE_TARGET,
        K.SLAB_DOUBLE,
        K.BEER_TARGET,
        K.KIT_DISCARD,
    }
)
# Decisions of an eliminated seat: showing a role or a card.
DEAD = frozenset({K.REVEAL_ROLE})
# Decisions of the turn's seat whatever became of it (a win waiting).
TURN = frozenset({K.GAME_END})
# Decisions that count down what they are about: at least one left.
COUNTED = frozenset(
    {
        K.ARROW_INSTEAD,
        K.DISCARD_ARROW,
        K.KIT_DISCARD,
    }
)

# Decisions asked only while the turn's player rolls or the results resolve: at its start,
# its rolls, its Bull's Eyes and Beers; never once its end has begun (scratch.closed). A
# module's own say so on their spec (``before_end``).
BEFORE_THE_END = frozenset(
    {
        K.GIFT_LIFE,
        K.ROLL,
        K.REROLL,
        K.BULLSEYE_TARGET,
        K.SLAB_DOUBLE,
        K.BEER_TARGET,
    }
)

# The last step in the queue while each of these is asked (None: the queue is empty): a roll
# is asked once the step before it ran, with nothing queued; a choice at the start of a turn
# before its roll (roll_decision); the results' before the turn's end (end_turn), and a win
# waiting with the queue emptied. A module's own say so on their spec (``queued_last``).
LAST_STEP: dict[DecisionKind, str | None] = {
    K.ROLL: None,
    K.REROLL: None,
    K.GAME_END: None,
    K.GIFT_LIFE: "roll_decision",
    K.BULLSEYE_TARGET: "end_turn",
    K.SLAB_DOUBLE: "end_turn",
    K.BEER_TARGET: "end_turn",
    K.ARROW_INSTEAD: "end_turn",
    K.KIT_DISCARD: "end_turn",
}
# The results' step that follows each of these asked while they resolve (the first of
# ``queue_checks.RESULTS`` left).
NEXT_RESULT: dict[DecisionKind, str] = {
    K.BULLSEYE_TARGET: "resolve_bullseyes",
    K.SLAB_DOUBLE: "resolve_bullseyes",
    K.BEER_TARGET: "resolve_beers",
}

# The fields beside its seat each is asked with, when it is (``Game.ask``); a module's own
# say so on their spec (``carries``).
CARRIES: dict[DecisionKind, tuple[str, ...]] = {
    K.GIFT_LIFE: (),
    K.ROLL: (),
    K.REROLL: (),
    K.BULLSEYE_TARGET: ("die",),
    K.SLAB_DOUBLE: (),
    K.BEER_TARGET: ("die",),
    K.ARROW_INSTEAD: ("remaining",),
    K.DISCARD_ARROW: ("remaining",),
    K.KIT_DISCARD: ("remaining",),
    K.REVEAL_ROLE: (),
    K.WHICH_ARROW: ("target", "options", "cause"),
    K.GAME_END: (),
}

Fits = Callable[["RuleGame", Decision], "str | None"]


def check(game: RuleGame) -> None:
    """Raise StateError when the pending decision is not one the rules could ask now."""
    d = game.pending
    if d is None:
        return
    problem = _problem(game, d)
    if problem is not None:
        raise StateError(
            f"the pending {d.kind} decision does not fit the game (pending kind {d.kind}, "
            f"seat {d.seat + 1}): {problem}"
        )


def _problem(game: RuleGame, d: Decision) -> str | None:
    n = len(game.players)
    if not 0 <= d.seat < n:
        return f"seat {d.seat + 1} is not at the table"
    if d.target is not None and not 0 <= d.target < n:
        return f"target {d.target} is not a seat (0 to {n - 1})"
    spec = d.spec
    carries = CARRIES.get(d.kind, spec.carries)
    if carries is not None:
        held: dict[str, object] = {
            "die": d.die,
            "remaining": d.remaining,
            "target": d.target,
            "cause": d.cause,
            "options": list(d.options) or None,
        }
        extra = [f for f, value in held.items() if value is not None and f not in carries]
        if extra:
            return f"{extra[0]} {held[extra[0]]!r}: this decision is asked without one"
    if d.remaining is not None and d.remaining < 0 and not spec.below_zero:
        return f"remaining {d.remaining} is below 0"
    if (d.kind in COUNTED or spec.counted) and (d.remaining is None or d.remaining < 1):
        return f"remaining {d.remaining}: at least one is left to decide"
    player = game.players[d.seat]
    active = d.kind in ACTIVE or spec.active
    if active or d.kind in TURN or spec.turn_seat:
        if d.seat != game.turn:
            return f"the decision is the turn's player's, and turn is seat {game.turn + 1}'s"
        if active and not player.alive:
            return "the seat whose turn it is is eliminated"
    elif d.kind in DEAD or spec.eliminated:
        if player.alive and d.kind is not K.REVEAL_ROLE:
            return "the seat is alive; an eliminated seat is asked this"
    elif not player.alive:
        return "the seat is eliminated"
    if game.scratch.closed and (d.kind in BEFORE_THE_END or spec.before_end):
        return "scratch.closed true: the turn's end has begun, and this is asked before it"
    fits = FITS.get(d.kind, spec.fits)
    problem = None if fits is None else fits(game, d)
    return _stage(game, d) if problem is None else problem


# ============================================================================ the turn


def _stage(game: RuleGame, d: Decision) -> str | None:
    """The queue as the step that asks this decision leaves it (``LAST_STEP`` or the spec's
    ``queued_last``, ``NEXT_RESULT``)."""
    queued_last = d.spec.queued_last
    if d.kind in LAST_STEP or queued_last is not None:
        expected = LAST_STEP.get(d.kind, queued_last)
        last = game.stack[0][0] if game.stack else None
        if last != expected:
            return f"the queue's last step is {last!r}, but this is asked with " + (
                "nothing queued" if expected is None else f"{expected!r} last"
            )
    if d.kind in NEXT_RESULT:
        left = [step[0] for step in game.stack[::-1] if step[0] in RESULT_NAMES]
        if left[:1] != [NEXT_RESULT[d.kind]]:
            return (
                f"the results' steps left in the queue begin with {left[:1]}, but this is "
                f"asked before {NEXT_RESULT[d.kind]!r}"
            )
    return None


def _roll(game: RuleGame, d: Decision) -> str | None:
    if d.kind is K.ROLL and game.rolls:
        return f"rolls {game.rolls}: the first roll comes before any"
    if d.kind is K.REROLL:
        if not 1 <= game.rolls < game.max_rolls:
            return f"rolls {game.rolls}: a re-roll comes after a roll, with one left"
        if game.symbol_count("dynamite") >= DYNAMITE_LIMIT:
            return f"faces {game.faces}: {DYNAMITE_LIMIT} Dynamite end the rolling"
    return None


def _assigning(symbols: tuple[str, ...]) -> Fits:
    """A target for the first result still to assign, of one of these symbols."""

    def fits(game: RuleGame, d: Decision) -> str | None:
        todo = game.scratch.to_assign
        if not todo or todo[0][0] != d.die or todo[0][1] not in symbols:
            return f"die {d.die}, but scratch.to_assign is {todo}"
        return None

    return fits


def _slab(game: RuleGame, d: Decision) -> str | None:
    if not game.scratch.assigned or not game.symbol_count("beer"):
        return "Slab the Killer doubles a Bull's Eye assigned (scratch.assigned) with a Beer"
    return None


def _arrow_instead(game: RuleGame, d: Decision) -> str | None:
    hits = game.scratch.hits[d.seat]
    return None if hits else f"scratch.hits {game.scratch.hits}: no hit on the seat to take"


def _reveal_role(game: RuleGame, d: Decision) -> str | None:
    role = game.players[d.seat].role
    return None if role is None else f"the seat's role is known ({role}): nothing to reveal"


def _which_arrow(game: RuleGame, d: Decision) -> str | None:
    """A holder of regular arrows and a module's token: which one goes."""
    if d.cause is None or d.target is None:
        return f"target {d.target}, cause {d.cause!r}: expected a holder and a cause"
    holder = game.players[d.target]
    tokens = (ArrowKind.ARROW, *game.tokens_held(holder))
    if not holder.arrows or len(tokens) < 2:
        return f"target {d.target}: the choice is for a holder of both kinds of arrow"
    if d.options != tokens:
        return f"options {list(d.options)}: expected {list(tokens)}"
    return None


# ================================================================ Undead or Alive 4


FITS: dict[DecisionKind, Fits] = {
    K.ROLL: _roll,
    K.REROLL: _roll,
    K.BULLSEYE_TARGET: _assigning(("bullseye1", "bullseye2")),
    K.BEER_TARGET: _assigning(("beer",)),
    K.SLAB_DOUBLE: _slab,
    K.ARROW_INSTEAD: _arrow_instead,
    K.REVEAL_ROLE: _reveal_role,
    K.WHICH_ARROW: _which_arrow,
}
