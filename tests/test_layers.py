"""The layers of README.md's "How it is built": each package imports only what its row says,
so the engine runs anywhere, the bots wherever the engine does, and the devices know nothing
of the game. The rows are read from the README itself, so the table and the check cannot
drift apart. Every other package, the tests and the benchmarks use the engine's API,
``companion.engine``, never a file under it."""

from __future__ import annotations

import ast
import pkgutil
import re
import sys
from pathlib import Path

import pytest

import companion.engine

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "companion"
README = ROOT / "README.md"


def layer_table(readme: str) -> dict[str, tuple[set[str], set[str]]]:
    """Per package row of the README's table: the packages of companion it may import, and the
    libraries beyond the standard library. An import is named in backticks (``Pillow (`PIL`)``)
    or is the item's text ("engine", "smbus2"); "stdlib only" adds nothing. A file beside the
    packages (``errors`` for companion/errors.py) is imported as a package is."""
    section = readme.split("## How it is built", 1)[1]
    rows = [line for line in section.splitlines() if line.startswith("| `companion/")]
    packages = {m.group(1) for row in rows if (m := re.match(r"\| `companion/(\w+)/` \|", row))}
    table: dict[str, tuple[set[str], set[str]]] = {}
    for row in rows:
        found = re.match(r"\| `companion/(\w+)/` \|.*\| (.*) \|$", row)
        if found is None:
            continue  # the wiring row: the modules beside the packages import them all
        inner: set[str] = set()
        libraries: set[str] = set()
        for item in found.group(2).split(","):
            if "stdlib" in item:
                continue
            named = re.search(r"`([\w.]+)`", item)
            name = named.group(1) if named else item.strip()
            if name.split(".")[0] in packages or (PACKAGE / f"{name}.py").is_file():
                inner.add(name)
            else:
                libraries.add(name.split(".")[0])
        table[found.group(1)] = (inner, libraries)
    return table


ALLOWED = layer_table(README.read_text(encoding="utf-8"))


def module_layer_table(readme: str) -> dict[str, set[str]]:
    """Per part of a module's package (the rows of ``companion/modules/*/``, the package's own
    files, and its ``table.py`` and ``bots.py``): the packages of companion it may import,
    ``modules`` for the rules of the modules (never their words or bot rules)."""
    section = readme.split("## How it is built", 1)[1]
    table: dict[str, set[str]] = {}
    for line in section.splitlines():
        found = re.match(r"\| `companion/modules/\*/(\w+\.py)?` \|.*\| (.*) \|$", line)
        if found is not None:
            items = [re.search(r"`([\w.]+)`", i) for i in found.group(2).split(",")]
            table[found.group(1) or ""] = {
                named.group(1) if named else item.strip()
                for named, item in zip(items, found.group(2).split(","), strict=True)
            }
    return table


MODULE_PARTS = module_layer_table(README.read_text(encoding="utf-8"))


def module_imports(path: Path, package: str, taken: bool = False) -> list[str]:
    """Every module ``path`` (in the dotted ``package``) imports, as an absolute name; with
    ``taken``, also each name a ``from companion.engine import`` takes (a file of the engine
    taken so is imported all the same)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = parts[: len(parts) - node.level + 1]
                name = ".".join([*base, *filter(None, [node.module])])
            else:
                name = node.module or ""
            found.append(name)
            if taken and name == "companion.engine":
                found += [f"{name}.{alias.name}" for alias in node.names]
    return found


def imports(path: Path, package: str) -> list[str]:
    """Every module ``path`` imports, as an absolute name ('companion.engine.game', 'PIL')."""
    return module_imports(path, f"companion.{package}")


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


def module_layer_table(readme: str) -> dict[str, set[str]]:
    """Per file of a module's package (``""``: any file not named), the packages of companion
    it may import, from the README's rows for ``companion/modules/*/``."""
    section = readme.split("## How it is built", 1)[1]
    table: dict[str, set[str]] = {}
    for line in section.splitlines():
        found = re.match(r"\| `companion/modules/\*/(\w*\.py)?` \|.*\| (.*) \|$", line)
        if found is not None:
            items = found.group(2).split(",")
            table[found.group(1) or ""] = {
                named.group(1) if (named := re.search(r"`([\w.]+)`", item)) else item.strip()
                for item in items
            }
    return table


MODULE_LAYERS = module_layer_table(README.read_text(encoding="utf-8"))


def test_each_module_package_imports_only_the_layers_its_rows_allow() -> None:
    """A module's rules import only the engine (and its own package, and the rules of a module
    it needs), its words the table too, its rules for the box's players the bots too."""
    assert {
        "": {"engine", "modules"},
        "table.py": {"engine", "table", "i18n"},
        "bots.py": {"engine", "bots"},
    } == MODULE_LAYERS
    packages = sorted(p for p in (PACKAGE / "modules").iterdir() if (p / "__init__.py").is_file())
    assert packages, "no module packages under companion/modules: nothing would be checked"
    for folder in packages:
        own = f"companion.modules.{folder.name}"
        for path in sorted(folder.glob("*.py")):
            layers = MODULE_LAYERS.get(path.name, MODULE_LAYERS[""])
            wrong = [
                name
                for name in imports(path, f"modules.{folder.name}")
                if not (
                    name == own
                    or name.startswith(f"{own}.")
                    or any(
                        name == f"companion.{layer}" or name.startswith(f"companion.{layer}.")
                        for layer in layers
                    )
                    or (
                        not name.startswith("companion")
                        and name.split(".")[0] in sys.stdlib_module_names
                    )
                )
            ]
            assert not wrong, f"{path.relative_to(ROOT)} imports {', '.join(wrong)}"


def test_the_readme_table_is_read() -> None:
    assert ALLOWED["engine"] == (set(), set())
    assert ALLOWED["bots"] == ({"engine"}, set())
    assert ALLOWED["table"] == ({"engine", "bots", "games_list", "i18n"}, set())
    assert ALLOWED["panels"] == ({"table.view", "i18n"}, {"PIL"})
    assert {"gpiozero", "luma", "serial", "PIL"} <= ALLOWED["devices"][1]
    assert "errors" in ALLOWED["devices"][0]


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


def module_part_forbidden(path: Path, package: str) -> list[str]:
    """The imports of ``path``, a file of a module's package, that its part's row does not
    allow: the rules of any module (``modules``), but another module's words or bot rules never."""
    allowed = MODULE_PARTS.get(path.name, MODULE_PARTS[""])
    wrong = []
    for name in imports(path, package.removeprefix("companion.")):
        parts = name.split(".")
        if parts[0] != "companion":
            if parts[0] not in sys.stdlib_module_names:
                wrong.append(name)
        elif parts[1] == "modules":
            words = len(parts) > 3 and parts[3] in ("table", "bots")
            own = ".".join(parts[:3]) == package
            if not own and ("modules" not in allowed or words):
                wrong.append(name)
        elif not any(name.split(".")[1] == layer for layer in allowed):
            wrong.append(name)
    return wrong


def test_the_readme_rows_of_a_module_s_package_are_read() -> None:
    read = module_layer_table(README.read_text(encoding="utf-8"))
    assert read == {
        "": {"engine", "modules"},
        "table.py": {"engine", "table", "i18n"},
        "bots.py": {"engine", "bots"},
    }


MODULE_FILES = sorted((PACKAGE / "modules").glob("*/*.py"))


@pytest.mark.parametrize("path", MODULE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_each_part_of_a_module_imports_only_what_its_row_allows(path: Path) -> None:
    package = ".".join(path.relative_to(ROOT).parent.parts)
    wrong = module_part_forbidden(path, package)
    assert not wrong, f"{path.relative_to(ROOT)} imports {', '.join(wrong)}"


def test_a_module_part_s_forbidden_import_is_seen(tmp_path: Path) -> None:
    """A module's rules importing the table or another module's words are caught; its words
    importing its own rules and another module's rules are not."""
    rules, words = tmp_path / "rules.py", tmp_path / "table.py"
    rules.write_text(
        "from companion.table.words import Words\nfrom companion.modules.other.table import X\n"
        "from companion.modules.other.rules import ID\nfrom companion.engine import Game\n"
    )
    words.write_text("from .rules import ID\nfrom companion.table.words import Words\n")
    assert module_part_forbidden(rules, "companion.modules.mine") == [
        "companion.table.words",
        "companion.modules.other.table",
    ]
    assert module_part_forbidden(words, "companion.modules.mine") == []


# The engine's files are private to it; a sub-package of it its docstring names as
# ``companion.engine.x`` would be public beside it.
ENGINE_FILES = {info.name for info in pkgutil.iter_modules(companion.engine.__path__)}
PUBLIC = set(re.findall(r"``(companion\.engine\.\w+)``", companion.engine.__doc__ or ""))


def private_engine_imports(path: Path, package: str) -> list[str]:
    """The engine's private modules that ``path`` imports, directly or through the package."""
    return sorted(
        {
            name
            for name in module_imports(path, package, taken=True)
            if name.startswith("companion.engine.")
            and name.split(".")[2] in ENGINE_FILES
            and ".".join(name.split(".")[:3]) not in PUBLIC
        }
    )


def clients() -> list[tuple[Path, str]]:
    """Every Python file outside the engine, with its dotted package."""
    found = []
    for folder in ("companion", "tests", "benchmarks", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            package = ".".join(path.relative_to(ROOT).parent.parts)
            if not package.startswith("companion.engine"):
                found.append((path, package))
    return found


def test_no_client_imports_a_private_engine_module() -> None:
    checked = clients()
    assert len(checked) > 100, "too few files found: nothing would be checked"
    for path, package in checked:
        wrong = private_engine_imports(path, package)
        assert not wrong, (
            f"{path.relative_to(ROOT)} imports {', '.join(wrong)}: use companion.engine"
        )


def test_a_private_engine_import_is_seen(tmp_path: Path) -> None:
    """Absolute, relative and through-the-package imports of an engine file are all caught."""
    source = tmp_path / "client.py"
    source.write_text(
        "from companion.engine.events import TurnStarted\nfrom ..engine.series import result_of\n"
        "from companion.engine import Game, dice\nimport companion.engine.game\n"
    )
    assert private_engine_imports(source, "companion.table") == [
        "companion.engine.dice",
        "companion.engine.events",
        "companion.engine.game",
        "companion.engine.series",
    ]


def test_the_engine_exports_a_sorted_api_of_real_names() -> None:
    names = companion.engine.__all__
    assert names == sorted(names), "companion.engine.__all__ is not sorted"
    missing = [name for name in names if not hasattr(companion.engine, name)]
    assert not missing, f"companion.engine.__all__ names what it does not hold: {missing}"


def test_every_event_is_exported() -> None:
    """A client reads any event the engine emits without reaching into its files (the table's
    own events, such as an undo, are the table's)."""
    events = {companion.engine.Event}
    while more := {sub for e in events for sub in e.__subclasses__()} - events:
        events |= more
    engine = [e for e in events if e.__module__.startswith("companion.engine.")]
    missing = sorted(e.__name__ for e in engine if e.__name__ not in companion.engine.__all__)
    assert not missing, f"events not exported from companion.engine: {missing}"
