"""The console's one-line question for each decision, in the words of the table."""

from __future__ import annotations

from ..engine import FACES, MODULES, Decision, DecisionKind, Game, HouseRule, Module, Role

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


OPTION_LABELS = {
    "none": "none",
    "loudmouth": "Loudmouth",
    "coward": "Coward",
    "loudmouth_sixth": "Loudmouth+",
    "coward_sixth": "Coward+",
    "arrow": "arrow",
    "chief_arrow": "Chief's",
    "no_hands": "No hands",
    "one_hand": "1 hand",
    "two_hands": "2 hands",
}

# What the table calls each playable module, short enough for the console.
MODULE_LABELS = {
    Module.LOUDMOUTH_AND_COWARD: "Saloon dice",
    Module.CHIEF_ARROW: "Chief's Arrow",
    Module.SALOON_CHARACTERS: "Saloon characters",
    Module.UNDEAD_OR_ALIVE: "Zombies",
    Module.WILD_WEST_LEGACY: "Legacy series",
}
# The modules the set-up's DIE buttons turn on and off, in button order.
MODULE_BUTTONS = tuple(m for m in Module if MODULES[m].playable)


def choices(d: Decision) -> str:
    """A choice decision's answers, one per DIE button."""
    return " ".join(f"DIE{i + 1}:{OPTION_LABELS.get(o, o)}" for i, o in enumerate(d.options))


def prompt_for(game: Game, d: Decision, seats: list[int], roles: list[Role]) -> str:
    """What the pending decision asks, naming physical seats (1..8) and the buttons that answer."""
    seat = seats[d.seat]
    other = seats[d.target] if d.target is not None else None
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
        case DecisionKind.SALOON_DIE:
            return f"Saloon die? {choices(d)}, ROLL: none"
        case DecisionKind.BROKEN_ARROW:
            return "Broken arrow: press the seat whose arrow goes back"
        case DecisionKind.CHIEF_ARROW:
            return f"Seat {seat} takes: {choices(d)}"
        case DecisionKind.WHICH_ARROW:
            return f"Seat {other} discards: {choices(d)}"
        case DecisionKind.GIVE_ARROW:
            return "Elena: press a seat to give it an arrow, DONE: keep"
        case DecisionKind.TAKE_CHIEF_ARROW:
            return f"Take the Chief's Arrow from seat {other}? SEAT {seat}: yes, DONE: no"
        case DecisionKind.TAKE_LOSS:
            return f"Molly: lose {d.remaining} for seat {other}? SEAT {seat}: yes, DONE: no"
        case DecisionKind.BONEYARD_CARD:
            return f"Seat {seat}: draw a Boneyard card: {choices(d)}"
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


def modules_text(modules: frozenset[Module]) -> str:
    """The modules in play, for the console before the first roll ('' when none)."""
    if not modules:
        return ""
    return "Modules: " + ", ".join(MODULE_LABELS.get(m, str(m)) for m in sorted(modules))


def game_over_text(side: str | None) -> str:
    return f"{SIDE_LABELS.get(side or '', 'Game over')}! ROLL: new game"
