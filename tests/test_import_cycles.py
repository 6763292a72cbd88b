"""No file of the project imports one that imports it back: each file's imports, at module
level, inside functions and under ``if TYPE_CHECKING:`` alike, lead only to files below it, so
a file can be read, tested and changed knowing only what lies below (an import only a type
checker runs ties the files as much as any: the rules take a ``RuleGame``, never the ``Game``
that imports them)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "companion"


def module_name(path: Path) -> str:
    """'companion.engine.game' for companion/engine/game.py, 'companion.engine' for its
    __init__.py."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth, those only a type checker runs included."""
    return [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]


def import_graph() -> dict[str, set[str]]:
    """For each file under companion/, the project's files it imports."""
    paths = sorted(PACKAGE.rglob("*.py"))
    names = {module_name(p): p for p in paths}
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    source = ".".join([*base, *filter(None, [node.module])])
                else:
                    source = node.module or ""
                # ``from . import game`` imports the file game.py; ``from .game import X`` the
                # file the names come from.
                targets = [
                    f"{source}.{alias.name}" if f"{source}.{alias.name}" in names else source
                    for alias in node.names
                ]
            edges.update(t for t in targets if t in names and t != name)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the files in order with the first repeated at the end, or None."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path: list[str] = []
        on_path: set[str] = set()
        stack = [(start, iter(sorted(graph[start])))]
        path.append(start)
        on_path.add(start)
        while stack:
            node, following = stack[-1]
            step = next(following, None)
            if step is None:
                stack.pop()
                path.pop()
                on_path.discard(node)
                done.add(node)
            elif step in on_path:
                return [*path[path.index(step) :], step]
            elif step not in done:
                stack.append((step, iter(sorted(graph[step]))))
                path.append(step)
                on_path.add(step)
    return None


def test_the_graph_holds_every_file_and_sees_imports_inside_functions() -> None:
    graph = import_graph()
    assert "companion.engine.game" in graph and "companion.table.session" in graph
    assert "companion.engine.components" in graph["companion.engine.game"]
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from .game import Game\n"
        "def f():\n    from .checks import check_state\n"
    )
    modules = sorted(str(n.module) for n in _imports(tree) if isinstance(n, ast.ImportFrom))
    assert modules == ["checks", "game", "typing"]


def test_an_import_only_a_type_checker_runs_makes_an_edge() -> None:
    """The rule files once named ``Game`` under ``if TYPE_CHECKING:``; such an import counts."""
    graph = import_graph()
    assert "companion.engine.rules_api" in graph["companion.engine.pending_checks"]
    assert "companion.engine.game" not in graph["companion.engine.pending_checks"]
    assert "companion.engine.setup" in graph["companion.engine.rules_api"]  # under the guard


def test_a_cycle_is_found_and_named() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_file_of_the_project_imports_one_that_imports_it() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])
