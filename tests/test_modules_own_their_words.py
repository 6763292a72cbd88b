"""A module's words, ids and state appear only in its own package: outside it, no file under
companion/ names them, in code or in strings (comments left out), so a module is added, changed
or taken away in its package alone.

What a module's words are is read from its code: its id and title, the kinds of decision whose
rules its package holds, its characters' names and titles, and the names and JSON keys of the
fields of the parts of the state it registers (``state_parts``).
"""

from __future__ import annotations

import importlib
import io
import re
import tokenize
from dataclasses import fields
from functools import cache
from pathlib import Path

import pytest

from companion.engine import CHARACTERS, MODULE_PARTS, MODULES, Module, json_key, module_origin
from companion.engine.registry import DECISIONS

ROOT = Path(__file__).resolve().parent.parent
COMPANION = ROOT / "companion"
# The box's modules whose words are still spread in the core: each leaves this list when its
# package holds them all (strict: a module listed here that is clean fails, to be taken off).
NOT_YET: frozenset[str] = frozenset()


def package_of(m: Module) -> str:
    """The Python package of module ``m``: its entry point's, or the one holding it."""
    name = module_origin(m).partition(":")[0]
    source = importlib.import_module(name).__file__ or ""
    return name if source.endswith("__init__.py") else name.rpartition(".")[0]


def terms(m: Module) -> list[str]:
    """What names module ``m``: its id, title, kinds, characters and state fields."""
    package = package_of(m)
    found = [m, MODULES[m].title]
    for kind, rule in DECISIONS.items():
        if package and rule.decide.__module__.startswith(package + "."):
            found.append(kind)
    for card in CHARACTERS.values():
        if card.module == m:
            found += [card.name, card.title]
    for part in MODULE_PARTS.get(m, []):
        for f in fields(part):  # type: ignore[arg-type]
            found += [f.name, json_key(f)]
    return found


@cache
def tokens(path: Path) -> tuple[tuple[int, str], ...]:
    """``(line, text)`` of each name and string of a file, comments left out, and the dotted
    paths of its imports left out too: a module's package is where it is found (a module may
    import another it needs), not a word of it."""
    found = []
    source = path.read_text(encoding="utf-8")
    in_path = False
    starts = (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING)
    before = tokenize.NEWLINE
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        kind, before = before, token.type
        if token.type == tokenize.NAME and token.string in ("from", "import") and kind in starts:
            in_path = True
            continue
        if in_path and (token.type == tokenize.NAME or token.string == "."):
            if token.string == "import":
                in_path = False  # the names imported are words
            continue
        in_path = False
        if token.type in (tokenize.NAME, tokenize.STRING):
            found.append((token.start[0], token.string))
    return tuple(found)


def renamed_keys(m: Module) -> set[str]:
    """The JSON keys of module ``m``'s state fields that are not their fields' names: code
    writes such a key as a string of its own ("killer"), where prose may use the word
    (Slab the Killer)."""
    return {
        json_key(f)
        for part in MODULE_PARTS.get(m, [])
        for f in fields(part)  # type: ignore[arg-type]
        if json_key(f) != f.name
    }


def leaks(m: Module) -> list[str]:
    """Each place outside the module's package that names one of its terms."""
    package = package_of(m).replace(".", "/")
    keys = renamed_keys(m)
    patterns = [
        re.compile(rf"^[rbf]*(['\"]){re.escape(t.lower())}\1$")
        if t in keys
        else re.compile(rf"(?<![a-z0-9_]){re.escape(t.lower())}(?![a-z0-9_])")
        for t in terms(m)
    ]
    found = []
    for path in sorted(COMPANION.rglob("*.py")):
        where = str(path.relative_to(ROOT))
        if package and where.startswith(package + "/"):
            continue
        for line, text in tokens(path):
            low = text.lower()
            if any(p.search(low) for p in patterns):
                found.append(f"{where}:{line}: {text[:60]}")
    return found


def test_the_terms_are_read_from_the_code() -> None:
    chief = Module("old_saloon.2")
    assert {"old_saloon.2", "The Arrow of the Indian Chief"} <= set(terms(chief))
    assert package_of(chief)


def test_a_module_s_state_fields_are_its_terms() -> None:
    assert {"ghost", "ghost_token"} <= set(terms(Module("old_saloon.5")))


def test_a_renamed_json_key_is_a_term_where_code_writes_it_as_a_key() -> None:
    legacy = Module("undead_or_alive.5")
    assert "killer" in set(terms(legacy)) & renamed_keys(legacy)


@pytest.mark.parametrize(
    "m",
    [
        pytest.param(m, marks=pytest.mark.xfail(reason="still spread in the core"))
        if m in NOT_YET
        else m
        for m in Module
    ],
)
def test_a_module_s_words_appear_only_in_its_own_package(m: Module) -> None:
    found = leaks(m)
    assert not found, f"{m} is named outside its package:\n" + "\n".join(found[:40])
