"""Steps are written by their kind's typed constructor (``steps.py``) and run by the rule
registered under the same name, which must take what the kind declares: a misspelt step, or a
rule and its kind that disagree, fail when the engine is imported, never in the middle of a
game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion.engine  # noqa: F401 (every module's steps registered)
from companion.engine.registry import STEPS, step
from companion.engine.steps import KINDS, end_turn, lose, take_arrow

ENGINE = Path(__file__).resolve().parents[2] / "companion" / "engine"
NOT_STEPS = {"frozen.py"}  # it writes Python source, whose lists are no steps


def bare_steps(source: str) -> list[tuple[int, str]]:
    """``(line, name)`` of each list literal headed by a step's name: a step written by hand."""
    return [
        (node.lineno, node.elts[0].value)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.List)
        and node.elts
        and isinstance(node.elts[0], ast.Constant)
        and node.elts[0].value in STEPS
    ]


def test_a_kind_writes_its_step_as_the_stack_and_the_json_hold_it() -> None:
    assert take_arrow(2, "dice") == ["take_arrow", 2, "dice"]
    assert lose([[0, 1, 0]], "bullet", None, []) == ["lose", [[0, 1, 0]], "bullet", None, []]
    assert end_turn() == ["end_turn"] and end_turn(True, True) == ["end_turn", True, True]


def test_every_kind_has_its_rule() -> None:
    assert sorted(KINDS) == sorted(STEPS)


def test_a_rule_that_takes_other_arguments_than_its_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="'take_arrow': its rule takes \\(seat\\)"):
        step("take_arrow")(lambda game, seat: None)
    with pytest.raises(ValueError, match="'take_arow' has no kind declared"):
        step("take_arow")(lambda game, seat, cause: None)


def test_the_engine_writes_no_step_by_hand() -> None:
    assert bare_steps('x = [["take_arrow", 0, "dice"], ["arrow", 1]]\n') == [(1, "take_arrow")]
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        if path.name not in NOT_STEPS:
            found += [f"{path.name}:{line} {name}" for line, name in bare_steps(path.read_text())]
    assert found == [], "steps written as bare lists: " + ", ".join(found)
