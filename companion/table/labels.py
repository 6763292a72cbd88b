"""What the table calls the game's things (roles, symbols, options, Wound tokens), short
enough for the console, and the DIE-button legends made of them."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import SPECIAL_ROLES, Decision, Role

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

WOUND_LABELS = {"beer": "Beer", "bullseye1": "Bull's Eye 1", "bullseye2": "Bull's Eye 2"}


def choices(d: Decision) -> str:
    """A choice decision's answers, one per DIE button."""
    return " ".join(f"DIE{i + 1}:{OPTION_LABELS.get(o, o)}" for i, o in enumerate(d.options))


def reveal_legend(roles: Sequence[Role]) -> str:
    """The DIE button for each role card an eliminated seat may show."""
    return " ".join(f"DIE{i + 1}:{ROLE_LABELS[r]}" for i, r in enumerate(roles))
