"""What is wrong with a state folder, said in words; and the files a power cut left written
aside, removed as the box starts."""

from __future__ import annotations

import os
from pathlib import Path

from companion.table import TableConfig, TableSession
from companion.table.series import SERIES_FILE
from companion.table.setup_journal import NAME as SETUP_FILE

from .driver import CHARACTERS_5, SETUP_5
from .test_session import Clock, press_all


def started(state: Path) -> TableSession:
    session = TableSession(TableConfig(seats=5, state_dir=state), seed=3)
    session.start()
    return session


def test_a_state_folder_that_is_a_link_to_nothing_is_named_so(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.symlink_to(tmp_path / "gone" / "state")
    session = started(state)
    said = session.flash or ""
    assert "\n" not in said
    assert (
        f"{state} is a symbolic link to {tmp_path / 'gone' / 'state'}, which does not exist" in said
    )
    assert "File exists" not in said
    session.handle("SEAT1", "press", 1.0)
    assert session.refused is not None and "symbolic link" in session.refused


def test_a_state_folder_whose_parent_cannot_be_made_is_named_so(tmp_path: Path) -> None:
    state = Path("/proc/no-such-folder/state")  # /proc takes no new folders, even from root
    session = started(state)
    said = session.flash or ""
    assert "/proc/no-such-folder does not exist and cannot be made" in said and "\n" not in said


def test_a_state_folder_where_a_file_stands_is_named_so(tmp_path: Path) -> None:
    (tmp_path / "state").write_text("")
    session = started(tmp_path / "state")
    assert f"{tmp_path / 'state'} is a file, not a folder" in (session.flash or "")


def test_files_a_power_cut_left_written_aside_are_removed_at_start(tmp_path: Path) -> None:
    session = started(tmp_path)
    press_all(session, SETUP_5 + CHARACTERS_5, Clock())
    session.close()
    games = tmp_path / "games"
    leftovers = [
        tmp_path / f".{SETUP_FILE}.0123abcd.tmp",
        tmp_path / f".{SERIES_FILE}.89abcdef.tmp",
        games / ".game-000002.jsonl.deadbeef.tmp",
        games / ".game-000001.summary.json.feedf00d.tmp",
    ]
    others = [tmp_path / ".notes.tmp", tmp_path / ".pages.json.0123abcd.tmp"]
    others.append(games / "game-000001-unreadable-0123abcd.jsonl")
    for path in leftovers + others:
        path.write_text('{"type":"header"')
    before = sorted(os.listdir(games))
    session = started(tmp_path)
    assert session.play is not None  # the game resumed
    assert not any(path.exists() for path in leftovers)
    assert all(path.exists() for path in others)
    assert sorted(os.listdir(games)) == sorted(set(before) - {p.name for p in leftovers[2:]})
