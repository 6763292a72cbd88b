"""A whole game played by presses in the emulator, read as a person reads its terminal: in the
pseudo-language every screen (the seats, the console, the terminal's table, the history's
pages) holds no word outside the marks but the buttons' names and the names printed on the
cards; in Italian no letter is one the panels cannot draw and no console cuts a text."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import i18n
from companion.config import Config
from companion.devices.inputs import ButtonEvent
from companion.emulate import Emulator, text_view
from companion.i18n import set_language
from companion.panels.text import missing_glyphs
from companion.table import TableSession
from companion.table.history_pages import WAY_OUT
from tests.table.table_scan import SETS, after_the_end, config_for, console_cuts, play_game
from tests.table.table_scan import unmarked as unmarked_words

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules

BUTTONS = {"ROLL", "DONE", "UNDO", "DIE", "SEAT"}  # as printed on the box, in every language
TERMINAL = 80  # columns
HISTORY_PAGES = 500  # the most pages the history is paged through


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language(i18n.SOURCE)


class Played:
    """The emulator pressed by a test's clock, a second apart; every screen kept as text."""

    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator
        self.session: TableSession = emulator.session
        self.now = 0.0
        self.screens = [text_view(self.session.view(), TERMINAL)]
        self.consoles = [self.session.view().console]
        self.history: list[str] = []  # the history's pages paged through, in order

    def press(self, button: str, kind: str = "press") -> None:
        self.now += 1.0
        self.emulator.press(ButtonEvent(button, kind), self.now)  # type: ignore[arg-type]
        view = self.session.view()
        self.consoles.append(view.console)
        if self.session.looking_back is None:
            self.screens.append(text_view(view, TERMINAL))
            self.close_history()
            return
        # A history page: a long piece of a turn goes on over the next page (a mark opened on
        # one closes on the next), so the pages paged through are read as one text.
        page = view.console.prompt.removesuffix(f" {WAY_OUT}")
        self.history.append(page)
        hidden = dataclasses.replace(view.console, prompt=view.console.prompt.removeprefix(page))
        self.screens.append(text_view(dataclasses.replace(view, console=hidden), TERMINAL))

    def close_history(self) -> None:
        if self.history:
            self.screens.append(" ".join(self.history))
            self.history = []


def unwrapped(screen: str) -> str:
    """A screen's lines as one text: a mark the terminal's width wrapped is whole again."""
    return " ".join(line.strip() for line in screen.splitlines())


def play(code: str, state: Path) -> Played:
    """A game of every module at once, set up and played to its end by random legal presses,
    its end screen, then its history paged back; in the language ``code``."""
    set_language(code)
    chosen = max(SETS, key=lambda s: (len(s.modules), s.key))
    table_config, rng = config_for(chosen, 1, state)
    emulator = Emulator(Config(None, table_config, language=code), seed=1, scripted=True)
    played = Played(emulator)
    try:
        play_game(played, table_config, rng, 1, None)  # type: ignore[arg-type]
        played.press("DONE", "hold")  # the history: paged back to its first turn
        for _ in range(HISTORY_PAGES):
            back = played.session.looking_back
            played.press("DONE")
            if played.session.looking_back in (None, back):
                break
        else:
            raise AssertionError(f"the history has more than {HISTORY_PAGES} pages")
        played.press("ROLL")
        after_the_end(played, table_config, random.Random(1))  # type: ignore[arg-type]
        played.close_history()
    finally:
        emulator.close()
    return played


def test_a_whole_game_in_the_emulator_shows_no_word_outside_the_catalogue(tmp_path: Path) -> None:
    played = play(i18n.PSEUDO, tmp_path)
    assert len(played.screens) > 50 and any("«Turn 1, seat " in s for s in played.screens)
    found = {
        screen: words
        for screen in map(unwrapped, played.screens)
        if (words := [w for w in unmarked_words(screen) if w not in BUTTONS])
    }
    assert found == {}


def test_a_whole_game_in_the_emulator_in_italian_draws_every_letter_and_cuts_nothing(
    tmp_path: Path,
) -> None:
    played = play("it", tmp_path)
    assert any("Posto 1" in screen for screen in played.screens)
    missing = {c for screen in played.screens for c in missing_glyphs(unwrapped(screen))}
    assert missing == set()
    cuts = {cut for console in played.consoles for cut in console_cuts(console)}
    assert cuts == set()
