"""The emulator's own words (the terminal's table in text, the key map, its messages) go
through the core's catalogue (issue 36): drawn in the pseudo-language from views whose own
texts (the table's words) are marked already, no run of letters is left outside the marks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion import i18n
from companion.devices.emulator import key_help
from companion.emulate import text_view
from companion.i18n import PSEUDO, set_language
from companion.modules.duels.rules import DUEL_DIE
from companion.table.view import ConsoleView, SeatView, TableView

from .panels.test_panel_words import unmarked


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language(i18n.SOURCE)


BUTTONS = {"ROLL", "DONE", "UNDO", "DIE", "SEAT"}  # as printed on the box, in every language

VIEWS = (
    TableView(
        seats=(
            SeatView(1, playing=False),
            SeatView(2, True, sheriff=True, role="«Sheriff»", answer=True, bot=True),
            SeatView(3, True, change="«+1»"),
            SeatView(
                4,
                True,
                name="«Kit»",
                life=5,
                max_life=8,
                arrows=2,
                tokens=("chief_arrow",),
                sheriff=True,
                active=True,
                alive=False,
                role="«Outlaw»",
                answer=True,
                winner=True,
                bot=True,
                change="«-2»",
                note="«n»",
                marks=("«w»",),
                said=("«w»", "«r»"),
                chore="«draw»",
            ),
            SeatView(5, True, name="«Bart»", life=3, max_life=8),
        ),
        console=ConsoleView(
            faces=(None, None),
            locked=(True, False),
            marked=(False, True),
            kinds=("base", DUEL_DIE),
            rolls_left=2,
            pile=9,
            prompt="«p»",
            title="«t»",
            story="«s»",
            aside="«a»",
            flash="«f»",
            picker=("«x»", "«y»"),
            series="«series»",
            choices=("1 «Kit»",),
        ),
    ),
)


def test_every_word_of_the_terminals_table_and_key_map_is_catalogued() -> None:
    set_language(PSEUDO)
    lines = [line for view in VIEWS for line in text_view(view).splitlines()]
    lines.append(key_help())
    assert len(lines) > 10
    found = {line: [w for w in unmarked(line) if w not in BUTTONS] for line in lines}
    assert {line: words for line, words in found.items() if words} == {}


def test_the_terminal_speaks_italian() -> None:
    set_language("it")
    text = text_view(VIEWS[0])
    assert "Posto 1  (libero)" in text and "Rilanci rimasti 2" in text
    assert "Spazio ROLL" in key_help()
