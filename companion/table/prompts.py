"""The console's one-line question for each decision, in the words of the table."""

from __future__ import annotations

from ..engine import FACES, Decision, DecisionKind, Game, HouseRule, Role

ROLE_LABELS: dict[Role, str] = {
    Role.SHERIFF: "Sheriff",
    Role.DEPUTY: "Deputy",
    Role.OUTLAW: "Outlaw",
    Role.RENEGADE: "Renegade",
}

SYMBOL_LABELS = {
    "bullseye1": "Bull's Eye 1",
    "bullseye2": "Bull's Eye 2",
    "beer": "Beer",
}

SIDE_LABELS = {
    "sheriff": "Sheriff & Deputies win",
    "outlaws": "Outlaws win",
    "renegade": "Renegade wins",
    "deputy": "Deputy wins",
    "outlaw": "Outlaw wins",
    "nobody": "Nobody wins",
    "zombies": "Zombies & Master win",
    "survivors": "Survivors win",
}

BONEYARD_LABELS = {"no_hands": "No hands", "one_hand": "1 hand", "two_hands": "2 hands"}


def prompt_for(game: Game, d: Decision, seats: list[int], roles: list[Role]) -> str:
    """What the pending decision asks, naming physical seats (1..8) and the buttons that answer."""
    seat = seats[d.seat]
    match d.kind:
        case DecisionKind.GIFT_LIFE:
            return "Sid Ketchum: press the seat that gains 1 life"
        case DecisionKind.ROLL:
            return f"Seat {seat}: press ROLL"
        case DecisionKind.REROLL:
            left = game.rolls_left
            return f"Mark dice, ROLL ({left} left) or DONE"
        case DecisionKind.BULLSEYE_TARGET:
            assert d.die is not None
            face = game.faces[d.die]
            label = SYMBOL_LABELS[FACES[face].symbol.value] if face else "Bull's Eye"
            return f"{label} (die {d.die + 1}): press the seat you shoot"
        case DecisionKind.SLAB_DOUBLE:
            return "Slab: press a DIE to double it with a Beer, DONE: no"
        case DecisionKind.BEER_TARGET:
            assert d.die is not None
            return f"Beer (die {d.die + 1}): press the seat that drinks"
        case DecisionKind.ARROW_INSTEAD:
            return f"Seat {seat}: take an arrow instead? SEAT {seat}: yes, DONE: no"
        case DecisionKind.DISCARD_ARROW:
            return f"Seat {seat}: discard an arrow? SEAT {seat}: yes, DONE: no"
        case DecisionKind.KIT_DISCARD:
            return "Kit Carlson: press a seat to discard its arrow, DONE: no"
        case DecisionKind.REVEAL_ROLE:
            legend = " ".join(f"DIE{i + 1}:{ROLE_LABELS[r]}" for i, r in enumerate(roles))
            return f"Seat {seat} shows role: {legend}"
        case DecisionKind.BONEYARD_CARD:
            legend = " ".join(f"DIE{i + 1}:{BONEYARD_LABELS[o]}" for i, o in enumerate(d.options))
            return f"Seat {seat}: draw a Boneyard card: {legend}"
        case DecisionKind.ZOMBIE_MASTER:
            return "Outbreak! The living Renegade presses their seat, DONE: none"
    raise AssertionError(d.kind)


HOUSE_RULE_LABELS = {
    HouseRule.DYNAMITE_CANCELS_ACTIONS: "3 Dynamite end the turn",
    HouseRule.BULLSEYE2_UP_TO_TWO: "Bull's Eye 2 hits 1-2 away",
}


def house_rules_text(rules: frozenset[HouseRule]) -> str:
    """The house rules in force, for the console before the first roll ('' when none)."""
    if not rules:
        return ""
    return "House rules: " + "; ".join(HOUSE_RULE_LABELS[r] for r in sorted(rules))


def game_over_text(side: str | None) -> str:
    return f"{SIDE_LABELS.get(side or '', 'Game over')}! ROLL: new game"
