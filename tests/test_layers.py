"""The layers of README.md's "How it is built": each package imports only what its row says,
so the engine runs anywhere, the bots wherever the engine does, and the devices know nothing
of the game."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "companion"

# Per package: the packages of companion it may import, and the libraries beyond the standard
# library. The panels take the table's view data only (companion/table/view.py).
ALLOWED: dict[str, tuple[set[str], set[str]]] = {
    "engine": (set(), set()),
    "bots": ({"engine"}, set()),
    "table": ({"engine", "bots"}, set()),
    "panels": ({"table.view"}, {"PIL"}),
    "devices": (set(), {"PIL", "gpiozero", "luma", "serial", "smbus2"}),
}


def imports(path: Path, package: str) -> list[str]:
    """Every module ``path`` imports, as an absolute name ('companion.engine.game', 'PIL')."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level:
            base = ["companion", package][: 3 - node.level]
            found.append(".".join([*base, *filter(None, [node.module])]))
        elif isinstance(node, ast.ImportFrom):
            found.append(node.module or "")
    return found


def forbidden(package: str, names: list[str]) -> list[str]:
    """The names among ``names`` that ``package``'s row does not allow."""
    inner, libraries = ALLOWED[package]
    wrong = []
    for name in names:
        if name.startswith("companion."):
            own = name.removeprefix("companion.")
            allowed = own.split(".")[0] == package or any(
                own == layer or own.startswith(f"{layer}.") for layer in inner
            )
        else:
            top = name.split(".")[0]
            allowed = top in sys.stdlib_module_names or top in libraries
        if not allowed:
            wrong.append(name)
    return wrong


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_each_package_imports_only_the_layers_its_row_allows(package: str) -> None:
    paths = sorted((PACKAGE / package).glob("*.py"))
    assert len(paths) > 1, f"no modules under companion/{package}: nothing would be checked"
    for path in paths:
        wrong = forbidden(package, imports(path, package))
        assert not wrong, f"companion/{package}/{path.name} imports {', '.join(wrong)}"


def test_a_forbidden_import_is_seen(tmp_path: Path) -> None:
    """Relative imports are read right, and an import across the layers is caught."""
    source = tmp_path / "wrong.py"
    source.write_text(
        "from . import dice\nfrom ..table.view import SeatView\nfrom ..bots import RuleBot\n"
        "import PIL\nimport json\n"
    )
    names = imports(source, "engine")
    assert names == [
        "companion.engine",
        "companion.table.view",
        "companion.bots",
        "PIL",
        "json",
    ]
    assert forbidden("engine", names) == ["companion.table.view", "companion.bots", "PIL"]
    assert forbidden("panels", names) == ["companion.engine", "companion.bots"]
