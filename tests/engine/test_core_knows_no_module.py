"""The core of the rules knows no module: each module's rules are in its own file, listed once
in ``modules.py``, and the turn (``game.py``) runs what the modules in play give it, so a module
is added or changed in its own file only."""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import pytest

from companion.engine import MODULE_RULES as RULES
from companion.engine import Module

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules

ENGINE = Path(__file__).resolve().parents[2] / "companion" / "engine"
MODULE_WORDS = ("chief", "saloon", "ghost", "zombie", "boneyard", "rage", "duel")
# Each module's own file: there it may ask whether it is in play.
OWN_FILES = {}


def module_words(source: str) -> list[tuple[int, str]]:
    """``(line, token)`` of each token outside comments that names a module's things."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            continue
        if any(word in token.string.lower() for word in MODULE_WORDS):
            found.append((token.start[0], token.string))
    return found


def membership_tests(source: str) -> list[tuple[int, str]]:
    """``(line, module)`` of each ``Module.X in ...`` / ``not in`` test."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(
            isinstance(op, ast.In | ast.NotIn) for op in node.ops
        ):
            for side in (node.left, *node.comparators):
                if (
                    isinstance(side, ast.Attribute)
                    and isinstance(side.value, ast.Name)
                    and side.value.id == "Module"
                ):
                    found.append((node.lineno, side.attr))
    return found


def test_the_words_and_the_membership_tests_are_found() -> None:
    words = 'x = 1  # the Chief\'s Arrow\ny = "saloon_die"\n'
    assert module_words(words) == [(2, '"saloon_die"')]
    assert membership_tests("if m and Module.GHOST not in m:\n    pass\n") == [(1, "GHOST")]


def test_game_py_names_no_module_outside_comments() -> None:
    found = module_words((ENGINE / "game.py").read_text(encoding="utf-8"))
    assert found == [], f"game.py names a module's things: {found}"


def test_only_a_module_s_own_file_asks_whether_it_is_in_play() -> None:
    wrong = []
    for path in sorted(ENGINE.glob("*.py")):
        if path.name in ("modules.py", "module_catalog.py"):  # the modules' list and catalog
            continue
        for line, name in membership_tests(path.read_text(encoding="utf-8")):
            if OWN_FILES.get(getattr(Module, name)) != path.name:
                wrong.append(f"{path.name}:{line} Module.{name}")
    assert wrong == [], "a module is asked about outside its own file: " + ", ".join(wrong)


def test_every_module_has_its_rules_listed_once() -> None:
    assert sorted(RULES) == sorted(Module)
    assert all(rules.module is m for m, rules in RULES.items())
