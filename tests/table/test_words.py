"""Every kind of decision has its one entry of words for the table, and every entry is a kind's:
a new kind is written in its spec, the rule that asks it, and here."""

from __future__ import annotations

import pytest

from companion.engine import SPECS, DecisionKind
from companion.table import words
from companion.table.words import WORDS, declare_words

GROUPS = (words.BASE, words.TOKENS, words.OPEN_MOMENTS)


@pytest.mark.walks_modules
@pytest.mark.parametrize("kind", list(DecisionKind))
def test_every_kind_of_decision_has_its_words(kind: DecisionKind) -> None:
    assert kind in WORDS, f"{kind} has no entry in companion/table/words.py"


def test_every_entry_of_words_names_a_kind() -> None:
    strays = [key for key in WORDS if not isinstance(key, DecisionKind)]
    assert not strays, f"words for no kind of decision: {strays}"


def test_no_kind_has_two_entries() -> None:
    """The groups are merged into one table, and the modules add theirs to it: a kind in two
    of them would lose one silently."""
    seen: dict[DecisionKind, int] = {}
    for group in GROUPS:
        for kind in group:
            seen[kind] = seen.get(kind, 0) + 1
    assert [k for k, n in seen.items() if n > 1] == []
    assert set(seen) <= set(WORDS)
    # A module's package adds its own words (declare_words): never a second entry for a kind.
    kind = next(iter(seen))
    with pytest.raises(ValueError, match="declared twice"):
        declare_words(kind, WORDS[kind])


@pytest.mark.walks_modules
@pytest.mark.parametrize("kind", list(DecisionKind))
def test_the_box_has_words_for_what_it_answers(kind: DecisionKind) -> None:
    """A kind a person always enters has no line for the box; every other kind has one."""
    has_line = WORDS[kind].told is not None
    assert has_line != SPECS[kind].person_enters, kind
