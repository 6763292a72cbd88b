"""The expansions' names on the set-up's pages: each is declared by the packages of its modules,
the box's two by theirs like any other (the core names none), and a module from outside names its
own from its package (docs/extending.md; the guide's module is followed in
tests/test_extending_doc.py), never one of the box's in other words."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import MODULES, module_origin
from companion.i18n import PSEUDO, SOURCE, Catalogue, set_language
from companion.table.prompts import EXPANSION_LABELS, declare_expansion_label, expansions

BOX = ("old_saloon", "undead_or_alive")  # the rulebook's two, each numbered 1 to 5
PACKAGE = Path(__file__).resolve().parents[2] / "companion"


def test_the_box_s_expansions_come_first_each_named_by_its_modules() -> None:
    assert [e for e, _label in expansions()][:2] == list(BOX)
    assert [label for _e, label in expansions()][:2] == ["Old Saloon", "Undead or Alive"]
    for expansion in BOX:
        modules = [m for m in MODULES if m.partition(".")[0] == expansion]
        assert len(modules) == 5 and all(
            module_origin(m).startswith("companion.modules.") for m in modules
        )


def test_a_module_cannot_rename_an_expansion_of_the_box() -> None:
    for expansion in BOX:
        with pytest.raises(ValueError, match=f"label of the expansion '{expansion}' is declared"):
            declare_expansion_label(expansion, "Saloon")
    assert EXPANSION_LABELS["old_saloon"] == "Old Saloon"  # its modules' kept


def test_a_module_of_an_expansion_may_declare_its_name_again_in_the_same_words() -> None:
    declare_expansion_label("old_saloon", Catalogue("companion.modules.ghost").word("Old Saloon"))
    assert EXPANSION_LABELS["old_saloon"] == "Old Saloon"


def test_the_box_s_expansions_are_named_through_their_modules_catalogues() -> None:
    set_language(PSEUDO)
    try:
        said = [EXPANSION_LABELS[e] for e in BOX]
    finally:
        set_language(SOURCE)
    assert said == ["«Old Saloon»", "«Undead or Alive»"]
    packages = {EXPANSION_LABELS.word(e).package for e in BOX}  # type: ignore[union-attr]
    assert all(p.startswith("companion.modules.") for p in packages), packages


def test_the_core_names_no_expansion() -> None:
    named = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if "modules" not in path.relative_to(PACKAGE).parts[:1]
        for expansion in BOX
        if expansion in path.read_text("utf-8")
    ]
    assert named == []
