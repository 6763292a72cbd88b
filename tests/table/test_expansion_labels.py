"""The expansions' names on the set-up's pages: the box's two are the core's, and a module from
outside names its own from its package (docs/extending.md; the guide's module is followed in
tests/test_extending_doc.py), never one of the box's."""

from __future__ import annotations

import pytest

from companion.i18n import PSEUDO, SOURCE, set_language
from companion.table.prompts import BOX_EXPANSIONS, EXPANSION_LABELS, declare_expansion_label


def test_a_module_cannot_rename_an_expansion_of_the_box() -> None:
    for expansion in BOX_EXPANSIONS:
        with pytest.raises(ValueError, match=f"label of the expansion '{expansion}' is declared"):
            declare_expansion_label(expansion, "Saloon")
    assert EXPANSION_LABELS["old_saloon"] == "Old Saloon"  # the core's kept


def test_the_box_s_expansions_are_named_through_the_core_s_catalogue() -> None:
    set_language(PSEUDO)
    try:
        said = [EXPANSION_LABELS[e] for e in BOX_EXPANSIONS]
    finally:
        set_language(SOURCE)
    assert said == ["«Old Saloon»", "«Undead or Alive»"]
