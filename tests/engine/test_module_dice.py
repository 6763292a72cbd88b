"""A module's die is declared by its package (``declare_die``): the core's dice and faces name
no module's, the hot paths know the module's faces as the core's (``test_old_saloon`` plays
them), and a die or face that
would clash, or a face nobody declared, is refused with what and why."""

from __future__ import annotations

import pytest

from companion.engine import DICE, FACE_COUNT, FACE_SYMBOL, FACES, Face, Module, declare_die
from companion.modules.loudmouth_coward.rules import BROKEN_ARROW_FACE, ID


def test_a_module_s_die_and_its_own_face_are_counted_as_the_core_s() -> None:
    assert ID in Module
    assert FACES[BROKEN_ARROW_FACE] == Face(BROKEN_ARROW_FACE, BROKEN_ARROW_FACE)
    assert BROKEN_ARROW_FACE in DICE["coward"] and "bullet" in DICE["loudmouth"]
    assert (FACE_SYMBOL[BROKEN_ARROW_FACE], FACE_COUNT[BROKEN_ARROW_FACE]) == (
        BROKEN_ARROW_FACE,
        1,
    )


def test_a_die_declared_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="die 'coward' is declared twice"):
        declare_die("coward", DICE["base"])


def test_a_face_declared_twice_is_refused_and_nothing_is_added() -> None:
    with pytest.raises(ValueError, match="face 'arrow' is declared twice"):
        declare_die("horseshoe", DICE["base"], (Face("arrow", "arrow"),))
    assert "horseshoe" not in DICE


def test_a_die_of_unknown_faces_or_not_six_is_refused() -> None:
    with pytest.raises(ValueError, match=r"die 'horseshoe': expected six known faces"):
        declare_die("horseshoe", (*DICE["base"][:5], "horseshoe"))
    with pytest.raises(ValueError, match=r"die 'horseshoe': expected six known faces"):
        declare_die("horseshoe", DICE["base"][:5])
    assert "horseshoe" not in DICE and "horseshoe" not in FACE_SYMBOL
