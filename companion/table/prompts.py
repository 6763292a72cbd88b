"""The console's one-line question for each decision and the seats' notes, in the words of the
table."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import (
    MODULES,
    OUTBREAK_BEGUN,
    SPECIAL_ROLES,
    Decision,
    Event,
    Game,
    HouseRule,
    Module,
    RageDiscarded,
    RageDrawn,
    RageMoved,
    RageShuffled,
    RevealSpecial,
    Role,
    WoundDrawn,
    WoundsReturned,
    hands_showing,
    living_count,
    open_moments,
)
from .labels import WOUND_LABELS
from .words import WORDS, Asked

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

# What the table calls each playable module, short enough for the console.
MODULE_LABELS = {
    Module.LOUDMOUTH_AND_COWARD: "Saloon dice",
    Module.CHIEF_ARROW: "Chief's Arrow",
    Module.SALOON_CHARACTERS: "Saloon characters",
    Module.SPECIAL_ROLES: "Special roles",
    Module.GHOST: "Ghost",
    Module.LOOK_ME_IN_THE_EYES: "Duel dice",
    Module.TWO_BULLETS: "Rage cards",
    Module.NEW_POSSE: "New posse",
    Module.ZOMBIES: "Zombies",
    Module.WILD_WEST_LEGACY: "Legacy series",
}
# The set-up's pages of modules, one per expansion: DIE n turns module n of the page on and off.
EXPANSION_LABELS = {"old_saloon": "Old Saloon", "undead_or_alive": "Undead or Alive"}
MODULE_PAGES: tuple[tuple[Module, ...], ...] = tuple(
    tuple(m for m in Module if m.value.partition(".")[0] == expansion)
    for expansion in EXPANSION_LABELS
)


def module_label(m: Module) -> str:
    return MODULE_LABELS.get(m, MODULES[m].title)


def prompt_for(game: Game, d: Decision, seats: Sequence[int], roles: Sequence[Role]) -> str:
    """What the pending decision asks, naming physical seats (1..8) and the buttons that answer:
    each kind's words are its one entry in ``words.py``."""
    return WORDS[d.kind].prompt(Asked(game, d, seats, roles))


# The moments a reveal may seize, named for the console while one is open.
WINDOW_LABELS = {
    "turn_start": "The Good or The Ugly may reveal",
    "turn_end": "The Right Hand may take another turn",
    "roll": "The Doc may turn a die",
    "last_roll": "The Gambler may re-roll this",
    "gain": "The Bad may cancel this heal",
    "eliminate": "The Left Hand may save",
    "reveal": "The Judge may cancel this",
}


def window_text(game: Game) -> str:
    """The latest open moment in words ('' when none is open)."""
    moments = open_moments(game)
    return WINDOW_LABELS[moments[-1][0]] if moments else ""


def menu_note(reveals: list[RevealSpecial]) -> str:
    """A seat's menu of reveals: 'DIE1 The Doc: turn one die' ('' when none is open)."""
    return "; ".join(
        f"DIE{i + 1} {SPECIAL_ROLES[a.card].title}: {SPECIAL_ROLES[a.card].power}"
        for i, a in enumerate(reveals)
    )


def ghost_note(game: Game, seat: int, seats: list[int]) -> str:
    """GHOST and the token it holds or gave; the token on its holder's seat."""
    token = game.ghost_token
    given = ""
    if token is not None:
        holder, face, count = token
        given = f"{'2x ' if count == 2 else ''}{face}"
        if holder == seat:
            return f"Ghost token: {given}"
    if game.players[seat].ghost:
        return f"GHOST, gave seat {seats[token[0]]} {given}" if token is not None else "GHOST"
    return ""


def undead_note(game: Game, seat: int) -> str:
    """Undead or Alive 4 on a seat: ZOMBIE, the Master's crown, or an eliminated seat's cards."""
    p = game.players[seat]
    if (p.zombie or p.master) and not p.alive:
        return "out for good"
    if p.master:
        return "ZOMBIE MASTER"
    if p.zombie:
        return "ZOMBIE"
    if not p.alive and Module.ZOMBIES in game.setup.modules and game.outbreak is None:
        return f"Boneyard: hands {hands_showing(game)}"
    return ""


def hands_text(game: Game) -> str:
    """The zombie hands showing against the living, so the outbreak is never a surprise."""
    if Module.ZOMBIES not in game.setup.modules or game.outbreak == OUTBREAK_BEGUN:
        return ""
    return f" hands {hands_showing(game)} / living {living_count(game)}"


HOUSE_RULE_LABELS = {
    HouseRule.DYNAMITE_CANCELS_ACTIONS: "3 Dynamite end the turn",
    HouseRule.BULLSEYE2_UP_TO_TWO: "Bull's Eye 2 hits 1-2 away",
}


def house_rules_text(rules: frozenset[HouseRule]) -> str:
    """The house rules in force, for the console before the first roll ('' when none)."""
    if not rules:
        return ""
    return "House rules: " + "; ".join(HOUSE_RULE_LABELS[r] for r in sorted(rules))


def modules_text(modules: frozenset[Module], specials_mixed: bool = False) -> str:
    """The modules in play, for the console before the first roll ('' when none)."""
    if not modules:
        return ""
    return "Modules: " + ", ".join(
        module_label(m) + (" (mixed)" if m is Module.SPECIAL_ROLES and specials_mixed else "")
        for m in sorted(modules)
    )


def game_over_text(side: str | None) -> str:
    return f"{SIDE_LABELS.get(side or '', 'Game over')}! ROLL: new game"


def table_chores(events: list[Event], seats: list[int], real_wounds: bool) -> str:
    """What the players must do with the real Rage deck (and the Wound pile) after these events.

    The engine only counts the cards: the console tells whoever must draw, discard or shuffle.
    """
    chores = []
    for e in events:
        match e:
            case RageDrawn(seat=seat, drawn=drawn):
                extra = f" {drawn}, keep 1, shuffle 1 back" if drawn > 1 else " a Rage card"
                chores.append(f"Seat {seats[seat]}: draw{extra}, face down.")
            case RageDiscarded(seat=seat, cards=cards):
                chores.append(f"Seat {seats[seat]}: discard {cards} revealed Rage card(s).")
            case RageShuffled():
                chores.append("Shuffle the Rage discards into a new pile.")
            case RageMoved(source=source, target=target):
                chores.append(f"Move a Rage card from seat {seats[source]} to {seats[target]}.")
            case WoundDrawn(seat=seat, token=token, kept=kept):
                label = WOUND_LABELS.get(token, "Dynamite")
                if not kept:
                    chores.append(f"Seat {seats[seat]}: lucky! {label} token back in the pile.")
                elif not real_wounds:
                    chores.append(f"Seat {seats[seat]}: take a {label} Wound token.")
            case WoundsReturned(seat=seat):
                chores.append(f"Seat {seats[seat]}: Wound tokens back in the pile.")
    return " ".join(chores)
