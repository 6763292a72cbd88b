"""The console's one-line question for each decision and the seats' notes, in the words of the
table."""

from __future__ import annotations

from ..engine import (
    FACES,
    MODULES,
    Decision,
    DecisionKind,
    Event,
    Game,
    HouseRule,
    Module,
    Role,
    boneyard,
)
from ..engine.actions import RevealSpecial
from ..engine.components import SPECIAL_ROLES
from ..engine.events import (
    RageDiscarded,
    RageDrawn,
    RageMoved,
    RageShuffled,
    WoundDrawn,
    WoundsReturned,
)
from ..engine.moments import open_moments

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
    # The role card an eliminated seat shows (Old Saloon 3): a special card, or a normal one.
    **{
        c.name: c.title.removeprefix("The ").removesuffix(" of the Devil")
        for c in SPECIAL_ROLES.values()
    },
    "normal": "normal",
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
            face = game.result_face(d.die)
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
            return f"Seat {seat} shows role: {reveal_legend(roles)}"
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
    undead = undead_prompt(game, d, seats)
    if undead is not None:
        return undead
    return _roles_prompt(game, d, seats)


# --------------------------------------------- Old Saloon 3 (special roles) and 5 (Ghost)

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


def _roles_prompt(game: Game, d: Decision, seats: list[int]) -> str:
    seat = seats[d.seat]
    match d.kind:
        case DecisionKind.GAME_END:
            return "Game over unless a role is revealed: DONE"
        case DecisionKind.DOC_DIE:
            return "The Doc: press the DIE to turn"
        case DecisionKind.DOC_FACE | DecisionKind.GHOST_FACE:
            legend = " ".join(f"DIE{i + 1}:{o}" for i, o in enumerate(d.options))
            who = "The Doc" if d.kind is DecisionKind.DOC_FACE else "Ghost gives"
            return f"{who}: {legend}"
        case DecisionKind.UGLY_SWAP:
            which = "first" if d.target is None else "second"
            return f"The Ugly: press the {which} seat whose arrows swap"
        case DecisionKind.LEFT_HAND_TARGET:
            return "The Left Hand: press the seat to save"
        case DecisionKind.LEFT_HAND_DISCARD:
            return f"Seat {seat}: discard all arrows? SEAT {seat}: yes, DONE: no"
        case DecisionKind.GHOST_ROLL:
            return f"Ghost (seat {seat}): press ROLL"
        case DecisionKind.GHOST_REROLL:
            return f"Ghost: mark dice, ROLL ({game.rolls_left} left) or DONE"
        case DecisionKind.GHOST_TARGET:
            times = "x2 " if d.remaining == 2 else ""
            return f"Ghost gives {times}{d.options[0]}: press a seat"
    return f"Seat {seat}: {d.spec.question}"


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
        return f"Boneyard: hands {boneyard.hands_showing(game)}"
    return ""


def hands_text(game: Game) -> str:
    """The zombie hands showing against the living, so the outbreak is never a surprise."""
    if Module.ZOMBIES not in game.setup.modules or game.outbreak == boneyard.BEGUN:
        return ""
    return f" hands {boneyard.hands_showing(game)} / living {boneyard.living_count(game)}"


def reveal_legend(roles: list[Role]) -> str:
    """The DIE button for each role card an eliminated seat may show."""
    return " ".join(f"DIE{i + 1}:{ROLE_LABELS[r]}" for i, r in enumerate(roles))


def undead_prompt(game: Game, d: Decision, seats: list[int]) -> str | None:
    """Undead or Alive's questions; a picker's choices are shown above the DIE buttons."""
    seat = seats[d.seat]
    match d.kind:
        case DecisionKind.DUEL_TARGET:
            return "Duel: press the seat you challenge"
        case DecisionKind.DUEL_ROLL:
            assert d.target is not None
            return f"Duel with seat {seats[d.target]}: SEAT {seat} rolls the Duel die"
        case DecisionKind.DUEL_REROLL:
            return f"Sean Mallory: SEAT {seat} re-rolls the Duel die, DONE: keep"
        case DecisionKind.WOUND_TOKEN:
            return f"Seat {seat}: draw a Wound token, press its DIE"
        case DecisionKind.WHICH_WOUND:
            return f"Whiskey: seat {seat}, press the DIE of the token to discard"
        case DecisionKind.RAGE_SYMBOL:
            cards = game.players[d.seat].rage_revealed
            entered = len(game.players[d.seat].rage_symbols)
            return f"Rage ({cards} card{'s' * (cards != 1)}, {entered} in): DIE per symbol, DONE"
        case DecisionKind.SAM_HEAL:
            return "Sam the Healer: press the seat that gains 1 life, DONE: no"
        case DecisionKind.RAGE_FROM:
            return "Pat Brennan: press the seat whose Rage card moves, DONE: no"
        case DecisionKind.RAGE_TO:
            return "Pat Brennan: press the seat that gets the Rage card"
        case DecisionKind.BELLE_STAR:
            return "Belle Star: press a Dynamite's DIE for Gatling, DONE: no"
        case DecisionKind.CHUCK_DIE:
            return "Chuck Wengam: lose 1 life, press a DIE to turn, DONE: no"
        case DecisionKind.CHUCK_FACE:
            return f"Chuck Wengam: die {(d.die or 0) + 1} to which side? press its DIE"
        case DecisionKind.BONEYARD_CARD:
            return f"Seat {seat}: draw a Boneyard card: {choices(d)}"
        case DecisionKind.ROLE_CARD:
            return f"Seat {seat}: which role card is face up? {choices(d)}"
        case DecisionKind.ZOMBIE_MASTER:
            return "Outbreak! The living Renegade presses their seat, DONE: none"
    return None


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


WOUND_LABELS = {"beer": "Beer", "bullseye1": "Bull's Eye 1", "bullseye2": "Bull's Eye 2"}


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
