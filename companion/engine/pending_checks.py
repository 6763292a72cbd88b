"""The pending decision of a state read back: one the rules could be asking now.

Each kind of decision is asked by one rule, of one seat, about what the state holds (the die
whose result is being assigned, the tokens left in a pile, the card that grants a power). A
decision that could not be asked here is a StateError naming it, so that answering it later
never meets a missing result, token or step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import saloon_dice, special_roles
from .chief_arrow import TOKENS
from .components import DICE, DUEL_DIE, DYNAMITE_LIMIT, GHOST_DICE, RAGE_SYMBOLS, SPECIAL_ROLES
from .decisions import Decision, DecisionKind
from .errors import StateError
from .queue_checks import duels_left

if TYPE_CHECKING:
    from .rules_api import RuleGame

K = DecisionKind

# Decisions of the player whose turn it is, alive (the Ghost's have their own rule below); a
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
        K.SALOON_DIE,
        K.BROKEN_ARROW,
        K.GIVE_ARROW,
        K.TAKE_CHIEF_ARROW,
        K.DUEL_TARGET,
        K.WHICH_WOUND,
        K.RAGE_SYMBOL,
        K.SAM_HEAL,
        K.RAGE_FROM,
        K.RAGE_TO,
        K.BELLE_STAR,
        K.CHUCK_DIE,
        K.CHUCK_FACE,
    }
)
GHOST = frozenset({K.GHOST_ROLL, K.GHOST_REROLL, K.GHOST_FACE, K.GHOST_TARGET})
# Decisions of an eliminated seat: showing a role or a card.
DEAD = frozenset({K.REVEAL_ROLE, K.ROLE_CARD})
# Decisions of the turn's seat whatever became of it (a win waiting).
TURN = frozenset({K.GAME_END})
# Decisions that count down what they are about: at least one left.
COUNTED = frozenset(
    {
        K.ARROW_INSTEAD,
        K.DISCARD_ARROW,
        K.KIT_DISCARD,
        K.GIVE_ARROW,
        K.TAKE_CHIEF_ARROW,
        K.TAKE_LOSS,
        K.DUEL_TARGET,
    }
)

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
    if d.remaining is not None and d.remaining < 0 and d.kind is not K.RAGE_SYMBOL:
        return f"remaining {d.remaining} is below 0"
    spec = d.spec
    if (d.kind in COUNTED or spec.counted) and (d.remaining is None or d.remaining < 1):
        return f"remaining {d.remaining}: at least one is left to decide"
    player = game.players[d.seat]
    active = d.kind in ACTIVE or spec.active
    if active or d.kind in GHOST or d.kind in TURN or spec.turn:
        if d.seat != game.turn:
            return f"the decision is the turn's player's, and turn is seat {game.turn + 1}'s"
        if active and not player.alive:
            return "the seat whose turn it is is eliminated"
        if d.kind in GHOST and not player.ghost:
            return "only the Ghost takes its turn's decisions (ghost)"
    elif d.kind in DEAD or spec.dead:
        if player.alive and d.kind is not K.REVEAL_ROLE:
            return "the seat is alive; an eliminated seat is asked this"
    elif not player.alive:
        return "the seat is eliminated"
    fits = FITS.get(d.kind, spec.fits)
    return None if fits is None else fits(game, d)


# ============================================================================ the turn


def _roll(game: RuleGame, d: Decision) -> str | None:
    if d.die is not None:
        return f"die {d.die}: a roll names no die"
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


def _chief_arrow(game: RuleGame, d: Decision) -> str | None:
    if d.options != TOKENS or d.cause is None:
        return f"options {list(d.options)}, cause {d.cause!r}: expected {TOKENS}, a cause"
    if not (game.chief_in_pile and game.pile):
        return "the choice comes while the pile holds a regular arrow and the Chief's (pile)"
    return None


def _which_arrow(game: RuleGame, d: Decision) -> str | None:
    if d.options != TOKENS or d.cause is None or d.target is None:
        return f"options {list(d.options)}, cause {d.cause!r}: expected {TOKENS}, a cause"
    holder = game.players[d.target]
    if not (holder.arrows and holder.chief_arrow):
        return f"target {d.target}: the choice is for a holder of both kinds of arrow"
    return None


def _take_chief(game: RuleGame, d: Decision) -> str | None:
    if d.target is None or d.target == d.seat or not game.players[d.target].chief_arrow:
        return f"target {d.target}: another player holding the Chief's Arrow (chief_arrow)"
    return None


def _take_loss(game: RuleGame, d: Decision) -> str | None:
    loss = game.scratch.loss
    if loss is None or d.target is None:
        return "Molly Stark takes a loss waiting in scratch.loss, of a target"
    if not any(s == d.target for s, _a, _r in loss[0]):
        return f"target {d.target} loses nothing in scratch.loss {loss[0]}"
    return None


# ===================================================================== Old Saloon 3 and 5


def _holds(card: str) -> Fits:
    """A power's decision: the seat revealed ``card``."""

    def fits(game: RuleGame, d: Decision) -> str | None:
        p = game.players[d.seat]
        if p.special != card or not p.special_shown:
            return f"the seat revealed {SPECIAL_ROLES[card].title} (special {p.special!r})"
        return None

    return fits


def _doc_face(game: RuleGame, d: Decision) -> str | None:
    problem = _holds("the_doc")(game, d)
    if problem is not None:
        return problem
    if d.die is None or not 0 <= d.die < len(game.dice_kinds):
        return f"die {d.die} is not a die"
    sides = tuple(dict.fromkeys(DICE[game.dice_kinds[d.die]]))
    if d.options != sides:
        return f"options {list(d.options)}: The Doc turns die {d.die + 1} to one of {sides}"
    if d.cause == "duel":
        top = game.stack[-1] if game.stack else None
        if not (top and top[0] == "duel_face" and top[3] == d.die):
            return f"the duel's roll of die {d.die + 1} comes next in the queue"
    elif d.cause is not None or game.faces[d.die] is None:
        return f"cause {d.cause!r}: die {d.die + 1}, rolled, or a duel's roll"
    return None


def _left_hand_target(game: RuleGame, d: Decision) -> str | None:
    problem = _holds("the_left_hand")(game, d)
    if problem is not None:
        return problem
    n = len(game.players)
    if not d.options or any(not o.isdigit() or not 0 <= int(o) < n for o in d.options):
        return f"options {list(d.options)}: the seats about to be eliminated"
    top = game.stack[-1] if game.stack else None
    if not (top and top[0] == "lose"):
        return "the loss The Left Hand averts comes next in the queue"
    return None


def _left_hand_discard(game: RuleGame, d: Decision) -> str | None:
    p = game.players[d.seat]
    return None if p.arrows or p.chief_arrow else "the saved seat holds no arrow to discard"


def _ghost(game: RuleGame, d: Decision) -> str | None:
    if game.dice_kinds != list(GHOST_DICE):
        return f"dice_kinds {game.dice_kinds}: the Ghost rolls {list(GHOST_DICE)}"
    faces = game.faces
    if d.kind is K.GHOST_ROLL:
        return None if not game.rolls else f"rolls {game.rolls}: the first roll comes first"
    if d.kind is K.GHOST_REROLL:
        return None if 1 <= game.rolls < 3 else f"rolls {game.rolls}: a re-roll has one left"
    if d.kind is K.GHOST_FACE:
        if len(set(faces)) != 2 or d.options != tuple(faces):
            return f"options {list(d.options)}: the Ghost's two different faces {faces}"
        return None
    if (
        len(d.options) != 1
        or d.options[0] not in faces
        or d.remaining != (2 if faces[0] == faces[1] else 1)
    ):
        return (
            f"options {list(d.options)}, remaining {d.remaining}: a face of {faces}, twice "
            "on a pair"
        )
    return None


# ================================================================ Undead or Alive 1-4


def _duel_target(game: RuleGame, d: Decision) -> str | None:
    assert d.remaining is not None  # COUNTED
    if d.remaining > duels_left(game):
        return (
            f"remaining {d.remaining}, but {duels_left(game)} Duel dice showing are not given "
            f"yet (faces, scratch.duels {game.scratch.duels})"
        )
    return None


def _duel_roll(game: RuleGame, d: Decision) -> str | None:
    kinds = game.dice_kinds
    if d.die is None or not 0 <= d.die < len(kinds) or kinds[d.die] != DUEL_DIE:
        return f"die {d.die}: a duel rolls a Duel die (dice_kinds {kinds})"
    if d.target is None or d.target == d.seat or not game.players[d.target].alive:
        return f"target {d.target}: the living player the duel is against"
    return None


def _wound_token(game: RuleGame, d: Decision) -> str | None:
    if "wounds" not in game.setup.real_piles:
        return "the Wound tokens are simulated: nothing to enter (real_piles)"
    left = tuple(sorted(set(game.wound_pile)))
    if not left or d.options != left or d.cause is None:
        return f"options {list(d.options)}: the tokens left in wound_pile {list(left)}, a cause"
    return None


def _which_wound(game: RuleGame, d: Decision) -> str | None:
    held = tuple(sorted(set(game.players[d.seat].wounds)))
    if len(held) < 2 or d.options != held:
        return f"options {list(d.options)}: two or more kinds of the seat's wounds {list(held)}"
    return None


def _rage_symbol(game: RuleGame, d: Decision) -> str | None:
    p = game.players[d.seat]
    if d.options != RAGE_SYMBOLS or not p.rage_revealed:
        return f"options {list(d.options)}: the symbols of the Rage cards revealed (rage_revealed)"
    if d.remaining != p.rage_revealed - len(p.rage_symbols):
        return f"remaining {d.remaining}: the cards revealed less the rage_symbols entered"
    return None


def _rage_to(game: RuleGame, d: Decision) -> str | None:
    if d.target is None or not game.players[d.target].rage_held:
        return f"target {d.target}: a player holding a Rage card (rage_held) to move"
    return None


def _chuck_face(game: RuleGame, d: Decision) -> str | None:
    if d.die is None or not 0 <= d.die < len(game.faces) or game.faces[d.die] is None:
        return f"die {d.die}: a die rolled this turn"
    current = game.faces[d.die]
    sides = tuple(dict.fromkeys(f for f in DICE[game.dice_kinds[d.die]] if f != current))
    if d.options != sides:
        return f"options {list(d.options)}: the other sides {list(sides)} of die {d.die + 1}"
    return None


FITS: dict[DecisionKind, Fits] = {
    K.ROLL: _roll,
    K.REROLL: _roll,
    K.BULLSEYE_TARGET: _assigning(("bullseye1", "bullseye2")),
    K.BEER_TARGET: _assigning(("beer",)),
    K.SLAB_DOUBLE: _slab,
    K.ARROW_INSTEAD: _arrow_instead,
    K.REVEAL_ROLE: _reveal_role,
    K.SALOON_DIE: saloon_dice.check_saloon_die,
    K.BROKEN_ARROW: saloon_dice.check_broken_arrow,
    K.CHIEF_ARROW: _chief_arrow,
    K.WHICH_ARROW: _which_arrow,
    K.TAKE_CHIEF_ARROW: _take_chief,
    K.TAKE_LOSS: _take_loss,
    K.DOC_DIE: _holds("the_doc"),
    K.DOC_FACE: _doc_face,
    K.UGLY_SWAP: _holds("the_ugly"),
    K.LEFT_HAND_TARGET: _left_hand_target,
    K.LEFT_HAND_DISCARD: _left_hand_discard,
    K.LEFT_HAND_CHANCE: special_roles.check_chance,
    K.GHOST_ROLL: _ghost,
    K.GHOST_REROLL: _ghost,
    K.GHOST_FACE: _ghost,
    K.GHOST_TARGET: _ghost,
    K.ROLE_CARD: special_roles.check_role_card,
    K.DUEL_TARGET: _duel_target,
    K.DUEL_ROLL: _duel_roll,
    K.DUEL_REROLL: _duel_roll,
    K.WOUND_TOKEN: _wound_token,
    K.WHICH_WOUND: _which_wound,
    K.RAGE_SYMBOL: _rage_symbol,
    K.RAGE_TO: _rage_to,
    K.CHUCK_FACE: _chuck_face,
}
