"""The ids a decision offers as its options (``Decision.options``, answered by ``Choose``) where
they are the engine's own words, not a die's face, a symbol or a card the components name.

A caller compares or answers with these instead of guessing strings; the values are those
written in states and journals, and never change. A module's own options are its package's.
"""

from __future__ import annotations

from enum import StrEnum

# The option that takes none of a choice made before the dice are rolled: ROLL's answer
# (``Spec.before_roll``). A module's options may include it; it stays the core's word.
NO_OPTION = "none"


class ArrowKind(StrEnum):
    """A token taken or discarded as an arrow (``WHICH_ARROW``): a regular arrow, or a module's
    token (``ArrowToken``: its name, an option beside this one)."""

    ARROW = "arrow"


# Old Saloon 3: what a seat shows with a normal role card (``ROLE_CARD``, cards mixed by type),
# beside the special cards' names.
NORMAL_CARD = "normal"
