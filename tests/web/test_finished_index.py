"""The list of finished games at scale (issue 32): each game's summary written once, when its
journal ends; the list read from the summaries equals one rebuilt from the journals; a summary
torn or missing is made again (the torn one kept aside and said in one line); an old state
folder is summarized a few journals a look; and the table's thread makes no page."""

from __future__ import annotations

import random
import shutil
import sys
import threading
import urllib.error
import urllib.request
from dataclasses import fields
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from companion.loop import Companion
from companion.table import TableConfig, summaries
from companion.table.journal import journals, read_journal
from companion.table.play import TablePlay
from companion.table.series import find
from companion.table.summaries import GameSummary, SummaryError
from companion.web import finished_games, game_pages
from companion.web.finished_games import finished_index
from companion.web.game_pages import games_index_html
from companion.web.server import PublicPage
from companion.web.settings import WebSettings

from .played import MODULES, Table, games_with_modules

NEXT_GAME = ("ROLL", "DONE", "ROLL", "ROLL", "DONE")


@pytest.fixture(scope="module")
def two_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two finished games and a third in play, played by presses (``played.py``)."""
    state = tmp_path_factory.mktemp("two")
    games_with_modules(state)
    return state


def summary_files(state: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((state / "games").glob("*.summary.json"))}


def rebuilt(journal: Path, state: Path) -> GameSummary | None:
    """The summary a replay of the journal gives, with the series file's listing."""
    contents = read_journal(journal)
    play = TablePlay.replay(contents, journal)
    return summaries.summarize(play, contents.created, find(state, journal.name))


def test_a_summary_is_written_once_when_the_game_ends_and_never_again(tmp_path: Path) -> None:
    config = TableConfig(
        seats=6, roles="dealt", modules=MODULES, state_dir=tmp_path, bots=(6,), bot_pause=0.0
    )
    table = Table(config, seed=8)
    table.press("SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "DONE", "ROLL", "ROLL", "DONE")
    table.play_to_the_end()
    first = journals(tmp_path / "games")[0]
    kept = summaries.summary_path(first)
    assert not kept.exists()  # the game over screen: UNDO may still take the end back
    table.press("ROLL")  # its journal ends: the next set-up
    assert kept.exists()
    assert summaries.read(kept) == rebuilt(first, tmp_path)
    written = kept.stat()
    table.press(*NEXT_GAME[1:])
    table.play_to_the_end()
    table.press("ROLL")
    for _ in range(2):
        assert len(finished_index(tmp_path).games) == 2
    again = kept.stat()
    assert (again.st_ino, again.st_mtime_ns) == (written.st_ino, written.st_mtime_ns)
    table.session.close()


def test_the_list_from_the_summaries_equals_the_one_rebuilt_from_the_journals(
    two_games: Path, tmp_path: Path
) -> None:
    state = tmp_path / "state"
    shutil.copytree(two_games, state)
    written = summary_files(state)
    assert len(written) == 2  # the game in play has none
    listed = finished_index(state)
    assert listed.skipped == [] and listed.unread == 0
    whole, _ = finished_games.finished_games(state)
    names = [f.name for f in fields(GameSummary)]
    assert listed.games == [GameSummary(**{n: getattr(g, n) for n in names}) for g in whole]
    for kept in (state / "games").glob("*.summary.json"):
        kept.unlink()
    assert finished_index(state) == listed  # made again from the journals
    assert summary_files(state) == written


@pytest.mark.parametrize("cut", [0, 1, 40, -2])
def test_a_torn_summary_is_kept_aside_said_in_one_line_and_made_again(
    two_games: Path, tmp_path: Path, cut: int
) -> None:
    state = tmp_path / "state"
    shutil.copytree(two_games, state)
    listed = finished_index(state)
    kept = summaries.summary_path(journals(state / "games")[0])
    whole = kept.read_bytes()
    kept.write_bytes(whole[:cut])
    again = finished_index(state)
    [line] = again.skipped
    assert line.startswith(f"{kept}: ") and "kept as game-000001.summary-unreadable-" in line
    [aside] = (state / "games").glob("*-unreadable-*")
    assert aside.read_bytes() == whole[:cut]
    assert kept.read_bytes() == whole
    assert again.games == listed.games


def test_a_summary_that_is_not_one_is_refused_by_name_never_with_a_traceback(
    two_games: Path,
) -> None:
    """Random bytes changed in a real summary: read back whole and valid, or SummaryError
    naming the file."""
    kept = summaries.summary_path(journals(two_games / "games")[0])
    whole = kept.read_bytes()
    rng = random.Random(32)
    refused = 0
    for n in range(500):
        data = bytearray(whole)
        for _ in range(1 + n % 4):
            data[rng.randrange(len(data))] = rng.choice(b'{}[]",:0123456789aetnul \\')
        spoiled = kept.with_name(f"spoiled-{n}.summary.json")
        spoiled.write_bytes(bytes(data))
        try:
            summaries.read(spoiled)
        except SummaryError as exc:
            assert str(exc).startswith(f"{spoiled}: ")
            refused += 1
        finally:
            spoiled.unlink()
    assert refused > 400


def test_a_state_folder_from_before_summaries_is_listed_whole_a_few_journals_a_look(
    two_games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = tmp_path / "state"
    shutil.copytree(two_games, state)
    everything = finished_index(state)
    for kept in (state / "games").glob("*.summary.json"):
        kept.unlink()
    monkeypatch.setattr(finished_games, "MADE_PER_LOOK", 1)
    first = games_index_html(state)
    assert first is not None
    assert first.count("<tr>") == 2  # its header and the one game summarized this look
    assert "1 older game still to be read: reload the page to list more." in first
    assert finished_index(state) == everything


def test_the_tables_thread_makes_no_page_while_the_index_is_asked_for(tmp_path: Path) -> None:
    """A game played by presses while another thread asks the served index again and again:
    every function the table's thread runs is recorded, and none makes a page."""
    state = tmp_path / "state"
    games_with_modules(state)  # and a third game in play
    page = PublicPage(WebSettings(True, "127.0.0.1", 0, 8, 6000), state)
    page.start()
    asked: list[bytes] = []
    stop = threading.Event()

    def ask() -> None:
        for _ in range(200):
            if stop.is_set():
                return
            asked.append(urllib.request.urlopen(page.url + "games/", timeout=60).read())

    ran: set[str] = set()

    def record(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            ran.add(frame.f_code.co_filename)

    config = TableConfig(
        seats=6, roles="dealt", modules=MODULES, state_dir=state, bots=(6,), bot_pause=0.0
    )
    asker = threading.Thread(target=ask)
    try:
        table = Table(config, seed=8)
        companion = Companion(table.session, 256)
        asker.start()
        sys.setprofile(record)  # this thread only: the table's
        try:
            table.play_to_the_end()
            table.press("ROLL")  # its journal ends: its summary is written
            companion.refresh()
            page.show(table.session)
        finally:
            sys.setprofile(None)
        table.session.close()
    finally:
        stop.set()
        asker.join(timeout=120)
        page.close()
    assert asked and all(b"<td>" in body for body in asked)
    assert any(f.endswith("companion/table/summaries.py") for f in ran)  # the end's summary
    made = {f for f in ran if f.endswith(("web/game_pages.py", "web/finished_games.py"))}
    assert made == set()


def test_the_served_index_holds_a_phones_page_of_games_with_links_to_the_older_ones(
    two_games: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game_pages, "PER_PAGE", 1)
    newest, oldest = (games_index_html(two_games, page) for page in (1, 2))
    assert newest is not None and oldest is not None
    assert 'href="game-000002.html"' in newest and "game-000001.html" not in newest
    assert "Games 1 to 1 of 2, newest first." in newest
    assert '<a href="index.html?page=2">Older games</a>' in newest and "Newer" not in newest
    assert 'href="game-000001.html"' in oldest and "game-000002.html" not in oldest
    assert '<a href="index.html">Newer games</a>' in oldest and "Older" not in oldest
    assert games_index_html(two_games, 3) is None


def test_the_server_serves_the_index_by_page_and_no_page_that_is_not_one(
    two_games: Path,
) -> None:
    page = PublicPage(WebSettings(True, "127.0.0.1", 0, 8, 6000), two_games)
    page.start()
    try:

        def status(path: str) -> int:
            try:
                return int(urllib.request.urlopen(page.url + path, timeout=60).status)
            except urllib.error.HTTPError as exc:
                return exc.code

        assert status("games/index.html?page=1") == 200
        for path in ("games/?page=2", "games/?page=0", "games/?page=x", "games/?page=%C2%B2"):
            assert status(path) == 404, path
    finally:
        page.close()
