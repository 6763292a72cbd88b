"""Every step the engine writes names a registered step and gives it the arguments its rule
takes, checked from the source: a misspelt step or a missing argument fails here, not in the
middle of a game (a step is written ``[name, *arguments]``, ``registry.py``)."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import companion.engine  # noqa: F401 (every module's steps registered)
from companion.engine.registry import STEPS

ENGINE = Path(__file__).resolve().parents[2] / "companion" / "engine"
STEP_NAME = re.compile(r"[a-z][a-z0-9_]*")
NOT_STEPS = {"frozen.py"}  # it writes Python source, whose lists are no steps


def written_steps(source: str) -> list[tuple[int, str, int | None]]:
    """``(line, name, arguments)`` of each list literal headed by a step-like name (arguments
    None when a starred part makes their number unknown)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.List) and node.elts):
            continue
        head = node.elts[0]
        if (
            isinstance(head, ast.Constant)
            and isinstance(head.value, str)
            and STEP_NAME.fullmatch(head.value)
        ):
            starred = any(isinstance(e, ast.Starred) for e in node.elts[1:])
            found.append((node.lineno, head.value, None if starred else len(node.elts) - 1))
    return found


def arity(name: str) -> tuple[int, float]:
    """The fewest and the most arguments step ``name``'s rule takes (after the game)."""
    params = list(inspect.signature(STEPS[name]).parameters.values())[1:]
    if any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in params):
        return sum(p.default is inspect.Parameter.empty for p in params[:-1]), float("inf")
    return sum(p.default is inspect.Parameter.empty for p in params), len(params)


def test_the_steps_written_are_found() -> None:
    source = 'game.front([["lose", [[0, 1, 0]], "bullet", None, []], ["gain", *x]])\n'
    assert written_steps(source) == [(1, "lose", 4), (1, "gain", None)]
    assert arity("lose") == (4, 6) and arity("moment")[1] == float("inf")


def test_every_step_the_engine_writes_is_registered_with_its_arguments() -> None:
    wrong = []
    for path in sorted(ENGINE.glob("*.py")):
        if path.name in NOT_STEPS:
            continue
        for line, name, arguments in written_steps(path.read_text(encoding="utf-8")):
            if name not in STEPS:
                wrong.append(f"{path.name}:{line}: no step {name!r}")
                continue
            low, high = arity(name)
            if arguments is not None and not low <= arguments <= high:
                wrong.append(f"{path.name}:{line}: {name!r} takes {low} to {high}, not {arguments}")
    assert wrong == [], "steps written wrong:\n" + "\n".join(wrong)
