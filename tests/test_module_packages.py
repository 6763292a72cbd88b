"""The core never names a module: a module's id, its kinds of decision, its events and its
character cards are named, as a string in the code, nowhere in ``companion/`` outside the
packages of ``companion/modules/`` (a module may name another it needs). The names are read from
each package itself (what its ``rules`` declares), so a module moved in later is checked
without an edit here."""

from __future__ import annotations

import importlib
import io
import tokenize
from dataclasses import fields
from pathlib import Path

import pytest

from companion.engine import (
    CHARACTERS,
    FACES,
    ArrowKind,
    DecisionKind,
    Event,
    GameState,
    Module,
    PlayerState,
    Symbol,
)

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "companion"
MODULES = PACKAGE / "modules"
# A name the core spells for a thing of its own: a die's face or a symbol (a module's own face
# is declared with its die, and may share its name with the decision it asks); an arrow
# token's id (``ArrowKind``, the options of the core's which_arrow); a field of the state's JSON
# (the Chief's Arrow held), which journals spell so.
COMPONENTS = (
    set(FACES)
    | {s.value for s in Symbol}
    | {a.value for a in ArrowKind}
    | {f.name for f in (*fields(PlayerState), *fields(GameState))}
)


def packages() -> list[str]:
    return sorted(p.name for p in MODULES.iterdir() if (p / "rules.py").is_file())


def own_names(package: str) -> set[str]:
    """What the package's rules declare: its module's id, its kinds of decision, the kinds of
    its events and the names of its character cards."""
    rules = importlib.import_module(f"companion.modules.{package}.rules")
    module = rules.RULES.module
    names = {module.value}
    for value in vars(rules).values():
        if isinstance(value, DecisionKind):
            names.add(value.value)
        elif (
            isinstance(value, type)
            and issubclass(value, Event)
            and value.__module__ == rules.__name__
        ):
            names.add(value.kind)
    names |= {name for name, card in CHARACTERS.items() if card.module == module}
    return names - COMPONENTS


def strings_named(path: Path, names: set[str], root: Path = ROOT) -> list[str]:
    """``file:line 'name'`` for each string literal of ``path`` that is exactly one of ``names``
    (a docstring or a message that mentions one in a sentence is no such literal)."""
    found = []
    source = path.read_text(encoding="utf-8")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != tokenize.STRING:
            continue
        text = token.string.lstrip("rbuRBU")
        for quote in ('"', "'"):
            if len(text) > 1 and text[0] == quote and text[-1] == quote and text[1:-1] in names:
                found.append(f"{path.relative_to(root)}:{token.start[0]} {text}")
    return found


def test_the_names_of_a_package_are_read_from_it() -> None:
    names = own_names("chief_arrow")
    assert {"old_saloon.2", "chief_arrow_taken", "chief_arrow_discarded"} <= names
    assert Module("old_saloon.2") in Module


def test_a_string_naming_a_module_s_thing_is_found(tmp_path: Path) -> None:
    (tmp_path / "core.py").write_text('x = "take_loss"\ny = "a take_loss said"\n# "take_loss"\n')
    found = strings_named(tmp_path / "core.py", {"take_loss"}, tmp_path)
    assert [line.split(" ", 1)[1] for line in found] == ['"take_loss"']


@pytest.mark.parametrize("package", packages())
def test_the_core_names_no_module_s_id_kinds_events_or_cards(package: str) -> None:
    names = own_names(package)
    wrong = [
        hit
        for path in sorted(PACKAGE.rglob("*.py"))
        if MODULES not in path.parents
        for hit in strings_named(path, names)
    ]
    assert not wrong, f"the core names companion/modules/{package}'s: " + ", ".join(wrong)
