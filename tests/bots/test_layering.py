"""The bots depend on the engine alone, so they run wherever the engine does."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

BOTS = Path(__file__).resolve().parents[2] / "companion" / "bots"


def test_the_bots_import_only_the_standard_library_the_engine_and_each_other() -> None:
    paths = sorted(BOTS.glob("*.py"))
    assert len(paths) > 1, f"no bot modules under {BOTS}: nothing would be checked"
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                module = node.module or ""
                inside = node.level == 1 or (node.level == 2 and module.startswith("engine"))
                assert inside, f"{path.name}: from {'.' * node.level}{module} import ..."
            elif isinstance(node, ast.ImportFrom):
                top = (node.module or "").split(".")[0]
                assert top in sys.stdlib_module_names, f"{path.name}: from {node.module}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    top = alias.name.split(".")[0]
                    assert top in sys.stdlib_module_names, f"{path.name}: import {alias.name}"
