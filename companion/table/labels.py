"""What the table calls the game's things (roles, symbols, options, Wound tokens), short
enough for the console, and the DIE-button legends made of them."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import CHARACTERS, FACES, SPECIAL_ROLES, Decision, Declared, Role, load_layer

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

# Each face by the name the rulebook gives its symbol; a double face counts two.
SYMBOL_NAMES = {
    "arrow": "Arrow",
    "dynamite": "Dynamite",
    "bullseye1": "Bull's Eye 1",
    "bullseye2": "Bull's Eye 2",
    "beer": "Beer",
    "gatling": "Gatling",
    "broken_arrow": "Broken Arrow",
    "bullet": "Bullet",
    "duel": "Duel",
    "whiskey": "Whiskey",
}
FACE_LABELS = {
    name: ("2x " if face.count == 2 else "") + SYMBOL_NAMES[face.symbol.value]
    for name, face in FACES.items()
}

# What each special role card does, as the card says it (the seat's menu, the quick reference).
CARD_EFFECTS = {
    "the_bear": "play with 3 more life",
    "the_good": "become the Sheriff",
    "the_doc": "turn one die to any side",
    "the_judge": "cancel the role just shown",
    "the_gambler": "they re-roll all their dice",
    "the_bad": "they gain no life",
    "the_ugly": "swap all arrows of two players",
    "the_right_hand": "take another turn",
    "the_left_hand": "save a player at 2 life",
}

_OPTION_LABELS = {
    **FACE_LABELS,
    "none": "none",
    "arrow": "arrow",
    "normal": "a normal card",  # the role card an eliminated seat shows: not a special one
}
# Each option by its label, the modules' own added by their packages (``declare_option_label``).
OPTION_LABELS: Declared[str, str] = Declared(_OPTION_LABELS, load=lambda: load_layer("table"))


def declare_option_label(option: str, label: str) -> None:
    """A module's label for an option of its own decisions; ValueError when it has one."""
    OPTION_LABELS.add(option, label, "label of the option")


WOUND_LABELS = {"beer": "Beer", "bullseye1": "Bull's Eye 1", "bullseye2": "Bull's Eye 2"}


def choices(d: Decision) -> str:
    """A choice decision's answers, each after the number of its DIE button."""
    return " ".join(f"{i + 1}:{OPTION_LABELS.get(o, o)}" for i, o in enumerate(d.options))


def reveal_legend(roles: Sequence[Role]) -> str:
    """The DIE button for each role card an eliminated seat may show."""
    return " ".join(f"{i + 1}:{ROLE_LABELS[r]}" for i, r in enumerate(roles))


# Why a life or an arrow changed, for the story line ("Duel 3: -1"), where the cause is not a
# character's or a card's name (those are said by their titles).
CAUSE_LABELS = {
    "dice": "Arrows",
    "arrow": "Arrow",
    "arrow_instead": "Arrow instead",
    "beer": "Beer",
    "bullet": "Bullet",
    "duel": "Duel",
    "whiskey": "Whiskey",
    "whiskey_wound": "Whiskey",
    "draw_wound": "Wound token",
    "rage": "Rage",
    "discard_all": "Arrows dropped",
}


def cause_label(cause: str) -> str:
    """A cause in the rulebook's words: its label, or the character's or card's title."""
    if cause in CAUSE_LABELS:
        return CAUSE_LABELS[cause]
    if cause in CHARACTERS:
        return CHARACTERS[cause].title
    if cause in SPECIAL_ROLES:
        return SPECIAL_ROLES[cause].title
    return cause.replace("_", " ").capitalize()  # a cause new to this table, still in words


# One letter per symbol, for a seat's tokens and cards on its panel ("W1D", "Rage 1B").
SYMBOL_LETTERS = {
    "arrow": "A",
    "dynamite": "D",
    "bullseye1": "1",
    "bullseye2": "2",
    "beer": "B",
    "gatling": "G",
}
