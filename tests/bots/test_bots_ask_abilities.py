"""The bots ask a seat's ability what it does, never its character's name: a new character, or
one whose card changes, needs no change to the bots."""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

from companion.engine import CHARACTERS

BOTS = Path(__file__).resolve().parents[2] / "companion" / "bots"


def characters_named(source: str) -> list[tuple[int, str]]:
    """(line, character) for each character's name in ``source``'s code and strings, not its
    comments."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            continue
        found += [(token.start[0], name) for name in CHARACTERS if name in token.string]
    return found


def test_no_bot_file_names_a_character() -> None:
    paths = sorted(BOTS.glob("*.py"))
    assert len(paths) > 1, "no bot files: nothing would be checked"
    for path in paths:
        named = characters_named(path.read_text(encoding="utf-8"))
        assert not named, f"companion/bots/{path.name} names characters at {named}"


def test_a_character_named_in_code_is_seen_and_one_in_a_comment_is_not() -> None:
    source = 'x = p.character == "el_gringo"  # unlike jourdonnais\n'
    assert characters_named(source) == [(1, "el_gringo")]
