"""Every translation fills the placeholders its English fills, no other: a translation naming
one the code does not give fails only when shown (a KeyError at the table, as the Italian
series line did)."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = sorted(ROOT.glob("companion/**/locale/*/LC_MESSAGES/messages.po"))


def fields(text: str) -> set[str]:
    """The ``{names}`` a ``str.format`` of ``text`` fills."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_scan_finds_a_placeholder_the_english_does_not_give() -> None:
    assert fields("  (serie {title} {number}, partita {game})") - fields("{title}, {game}") == {
        "number"
    }


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_translation_fills_the_placeholders_of_its_english(path: Path) -> None:
    assert CATALOGUES
    with path.open("rb") as file:
        catalogue = read_po(file)
    wrong = []
    for message in catalogue:
        if not message.id or "python-brace-format" not in message.flags:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        given = set().union(*(fields(i) for i in ids))
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for said in strings:
            if said and not fields(said) <= given:
                wrong.append(f"{message.id!r}: {said!r}")
    assert wrong == []
