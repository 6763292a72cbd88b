"""The pages' own words go through the core's catalogue (issue 36): the live page and the
words its script writes, and the finished games' pages and index, drawn in the pseudo-language
from games whose own words (the table's: sides, characters, the story) are marked already,
show no run of letters outside the marks. The live page follows the box's language as it
changes; ``games --html --language it`` writes Italian pages."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from companion import i18n
from companion.i18n import PSEUDO, set_language
from companion.table.story import TurnTold
from companion.table.summaries import SeatAtEnd
from companion.web import game_pages
from companion.web.finished_games import FinishedGame
from companion.web.live_page import live_page_html, script_words

from ..panels.test_panel_words import unmarked
from .played import games_with_modules


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language(i18n.SOURCE)


class Shown(HTMLParser):
    """What a reader meets: each text and each attribute read aloud (a title, a label)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._hidden += 1
        self.texts += [v for k, v in attrs if k in ("aria-label", "title", "alt") and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.texts.append(data.strip())


def shown(html: str) -> list[str]:
    parser = Shown()
    parser.feed(html)
    return parser.texts


def outside(texts: list[str]) -> dict[str, list[str]]:
    return {t: u for t in texts if (u := unmarked(t))}


GAME = FinishedGame(
    id="game-000001",
    date="2026-12-03 20:00",
    modules=("«Old Saloon»",),
    house_rules="«house»",
    side="«Outlaws win»",
    seats=(
        SeatAtEnd(1, "«Kit»", "«Outlaw»", "«alive»", True, True),
        SeatAtEnd(2, "«Bart»", None, "«out»", False, False),
        SeatAtEnd(3, "«Jesse»", "«Outlaw»", "«alive»", True, False),
    ),
    turns=(TurnTold(1, 1, "«two beers»", ("«Kit shot Bart»",)),),
    course=((0, ((8, 0), (8, 0), (8, 0))), (1, ((8, 1), (6, 0), (8, 0)))),
)
BARE = FinishedGame(
    "game-000002", "", (), "", "«Sheriff wins»", GAME.seats[1:2], (), ((0, ((8, 0),)),)
)


def test_the_live_page_and_its_scripts_words_are_catalogued() -> None:
    set_language(PSEUDO)
    page = live_page_html()
    assert len(shown(page)) >= 8 and outside(shown(page)) == {}
    assert outside(list(script_words().values())) == {}
    words = re.search(r'<script type="application/json" id="words">(.*?)</script>', page)
    assert words is not None and json.loads(words.group(1)) == script_words()


def test_the_live_page_follows_the_language_the_box_speaks() -> None:
    assert "What happened" in live_page_html() and 'lang="en"' in live_page_html()
    set_language("it")
    assert "Cosa è successo" in live_page_html() and 'lang="it"' in live_page_html()
    assert script_words()["seat"] == "Posto {number}"


def test_every_word_of_the_finished_games_pages_is_catalogued() -> None:
    set_language(PSEUDO)
    pages = [game_pages._page(GAME), game_pages._page(BARE)]
    pages += [game_pages._index([GAME, BARE], 2, 3), game_pages._index([], 1, 1)]
    pages.append(game_pages._pages(2, True, 300))
    texts = [t for page in pages for t in shown(page)]
    assert len(texts) > 40 and outside(texts) == {}


def test_games_html_writes_the_pages_in_the_language_asked_for(tmp_path: Path) -> None:
    state, out = tmp_path / "state", tmp_path / "pages"
    state.mkdir()
    games_with_modules(state)
    done = subprocess.run(
        [sys.executable, "-m", "companion", "games", "--state-dir", str(state)]
        + ["--html", str(out), "--language", "it"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"Scritti index.html e 2 pagine di partita in {out}\n"
    index = (out / "index.html").read_text(encoding="utf-8")
    assert '<html lang="it">' in index and "<th>Giocatori</th>" in index
    page = (out / "game-000001.html").read_text(encoding="utf-8")
    assert "<h2>Turno per turno</h2>" in page and "Turn by turn" not in page


def test_games_refuses_a_language_it_has_no_catalogue_for(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "games", "--state-dir", str(tmp_path)]
        + ["--language", "fr"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "--language: language 'fr': expected one of en, it, qps" in done.stderr
