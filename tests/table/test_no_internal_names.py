"""No internal name reaches a person: every string the console, the seat panels (and pods),
the history, the terminal emulator, and ``games``/``replay`` show is in the rulebook's words,
never a ``snake_case`` identifier of the code nor a "die N" standing for a symbol; nor
do the finished games' web pages (``games --html``).

A game by presses in every module set the set-up accepts (the campaign's list: 864 of the box's own
modules, more with a module from outside installed): whole in one set of four, the set-up and its
first presses in the others, the box playing a seat in some, seats revealing special roles at
random, a module turned on and refused at set-up; ``games``, ``replay`` and the web pages read the
journals of some (``tests/table/table_scan.py``; ``benchmarks/table_scan.py`` plays 200 whole games
of each set)."""

from __future__ import annotations

import pytest

from tests.table.table_scan import SETS, misnamed, suite_scan

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules


def test_no_internal_name_reaches_a_person(tmp_path_factory: pytest.TempPathFactory) -> None:
    found = suite_scan(tmp_path_factory)
    assert found.games == len(SETS) and found.strings > 100_000
    bad = [f"{name} ({where})" for name, where in sorted(found.misnamed.items())]
    assert not bad, "\n".join(bad[:40])


def test_the_scan_finds_an_identifier_and_a_die_past_the_dice() -> None:
    """The scan itself: a module id, a card's code name and a Rage symbol called a die are
    found; a file's path, the rulebook's words and a real die are not."""
    assert misnamed("old_saloon.5 (The Ghost) needs 5 players", 5) == ["old_saloon"]
    assert misnamed("Seat 2 reveals the_left_hand", 5) == ["the_left_hand"]
    assert misnamed("Slab doubles the Bull's Eye of die 6", 5) == ["die 6"]
    assert misnamed("Slab doubles the Bull's Eye of die 6", 6) == []
    assert misnamed("Kept in /var/lib/bang_companion/games", 5) == []
    assert misnamed("The Left Hand of the Devil: save whom? SEAT", 5) == []
