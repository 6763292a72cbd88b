"""The examples in the package's docstrings run as they are written (python-chess's way: the
public API is what its docstrings show, and they are checked)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import companion

# Every module of the package but the one that runs the command line when imported.
MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(companion.__path__, "companion.")
    if info.name != "companion.__main__"
)


def examples(name: str) -> int:
    """How many docstring examples the module ``name`` holds."""
    found = doctest.DocTestFinder().find(importlib.import_module(name))
    return sum(len(test.examples) for test in found)


WITH_EXAMPLES = [name for name in MODULES if examples(name)]


def test_the_engine_and_the_bots_show_examples() -> None:
    assert {"companion.engine", "companion.bots"} <= set(WITH_EXAMPLES)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_each_docstring_example_runs(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
