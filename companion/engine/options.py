"""The ids a decision offers as its options (``Decision.options``, answered by ``Choose``) where
they are the engine's own words, not a die's face, a symbol or a card the components name.

A caller compares or answers with these instead of guessing strings; the values are those
written in states and journals, and never change.
"""

from __future__ import annotations

from enum import StrEnum


class SaloonDie(StrEnum):
    """The Saloon dice (Old Saloon 1): the die taken at the start of a turn."""

    NONE = "none"
    LOUDMOUTH = "loudmouth"  # in place of a base die
    COWARD = "coward"
    LOUDMOUTH_SIXTH = "loudmouth_sixth"  # as a sixth die (a character that allows it)
    COWARD_SIXTH = "coward_sixth"


class ArrowKind(StrEnum):
    """A token taken or discarded as an arrow (``WHICH_ARROW``): a regular arrow, or a module's
    token (``ArrowToken``: its name, an option beside this one)."""

    ARROW = "arrow"


# Old Saloon 3: what a seat shows with a normal role card (``ROLE_CARD``, cards mixed by type),
# beside the special cards' names.
NORMAL_CARD = "normal"
