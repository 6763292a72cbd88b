"""How likely a seat's side is to win from a position, learned from rule-based self-play.

The Monte Carlo player (``mc_player.py``, an experiment outside the product) stops its
playouts at the start of the next turn and asks this module what the position is worth. The
answer is a logistic model, one per player count and role,
over side-level features (each side's life, living seats and arrows, the pile, whose turn it
is), fitted by ``benchmarks/fit_value_model.py`` to the outcomes of games played by the
rule-based player and stored in ``mc_value_model.py``. The positions it is given are a
sample's: every role is filled in, with the bot's guesses for those it cannot see.
"""

from __future__ import annotations

import math

from mc_value_model import COEFFICIENTS

from companion.engine import ARROWS_IN_PILE, Game, Role

# The sides of the table, in the order of the features.
GROUPS = (Role.SHERIFF, Role.DEPUTY, Role.OUTLAW, Role.RENEGADE)
ARROW_SCALE = 3.0  # arrows held per seat: 3 is a lot
FEATURES = (
    "bias",
    *(f"{r}_{what}" for r in GROUPS for what in ("life", "alive", "arrows")),
    "me_alive",
    "me_life",
    "me_arrows",
    "sheriff_low",
    "pile",
    *(f"turn_{r}" for r in GROUPS),
)


def features(game: Game, seat: int) -> list[float]:
    """The position as numbers, seen from ``seat``: the game's roles must all be filled in.

    Per side: its living life as a share of its members' full life, its share of members
    alive, its arrows per member; then ``seat`` itself, a Sheriff at 2 lives or fewer, the
    pile, and the side whose turn it is.
    """
    life = dict.fromkeys(GROUPS, 0.0)
    full = dict.fromkeys(GROUPS, 0.0)
    alive = dict.fromkeys(GROUPS, 0.0)
    members = dict.fromkeys(GROUPS, 0.0)
    arrows = dict.fromkeys(GROUPS, 0.0)
    sheriff_low = 0.0
    for p in game.players:
        role = p.role
        if role not in members:
            continue
        members[role] += 1
        full[role] += p.max_life
        if p.alive:
            life[role] += p.life
            alive[role] += 1
            arrows[role] += p.arrows
            if role is Role.SHERIFF and p.life <= 2:
                sheriff_low = 1.0
    row = [1.0]
    for r in GROUPS:
        if members[r]:
            row += [life[r] / full[r], alive[r] / members[r], arrows[r] / members[r] / ARROW_SCALE]
        else:
            row += [0.0, 0.0, 0.0]
    me = game.players[seat]
    row += [
        1.0 if me.alive else 0.0,
        me.life / me.max_life if me.alive else 0.0,
        me.arrows / ARROW_SCALE if me.alive else 0.0,
        sheriff_low,
        game.pile / ARROWS_IN_PILE,
    ]
    turn = game.players[game.turn].role
    row += [1.0 if turn is r else 0.0 for r in GROUPS]
    return row


def win_chance(game: Game, seat: int) -> float | None:
    """The chance ``seat`` wins from here; None when no model fits (no role, no such table)."""
    role = game.players[seat].role
    weights = COEFFICIENTS.get((len(game.players), str(role)))
    if weights is None:
        return None
    return logistic(sum(w * x for w, x in zip(weights, features(game, seat), strict=True)))


def logistic(z: float) -> float:
    """The model's chance from its weighted sum (clamped: no overflow far from 0)."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
