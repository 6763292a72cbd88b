"""The journal on disk: resume, a torn last line, corrupt files kept and reported, replay."""

from __future__ import annotations

import json
import logging
import os
import random
from pathlib import Path

import pytest

from companion.cli import main
from companion.table import JournalError, TableConfig, TableSession, read_journal
from companion.table.journal import journals

from .driver import CHARACTERS_5, SETUP_5, next_buttons
from .test_session import Clock, press_all


def played(tmp_path: Path, presses: int = 40) -> tuple[TableSession, Path]:
    """A session some way into a game, its journal on disk."""
    clock = Clock()
    session = TableSession(TableConfig(seats=5, state_dir=tmp_path), seed=3)
    session.start()
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    rng = random.Random(5)
    for _ in range(presses):
        if session.play.game.over:
            break
        press_all(session, next_buttons(session, rng), clock)
    return session, journals(tmp_path / "games")[-1]


def resumed(tmp_path: Path) -> TableSession:
    session = TableSession(TableConfig(seats=5, state_dir=tmp_path))
    session.start()
    return session


def test_every_action_is_on_disk_and_a_restart_resumes_exactly(tmp_path: Path) -> None:
    session, path = played(tmp_path)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["type"] == "header"
    assert len([ln for ln in lines if '"action"' in ln]) >= len(session.play.taken)
    again = resumed(tmp_path)
    assert again.play is not None
    assert again.play.game.to_json() == session.play.game.to_json()
    assert again.view() == session.view()


def test_a_torn_last_line_is_dropped_and_logged(tmp_path: Path, caplog) -> None:
    session, path = played(tmp_path)
    expected = session.play.game.to_json()
    session.close()
    with open(path, "ab") as handle:
        handle.write(b'{"type":"action","action":{"action":"se')  # power cut mid-write
    with caplog.at_level(logging.WARNING):
        again = resumed(tmp_path)
    assert "torn last line" in caplog.text
    assert again.play.game.to_json() == expected
    assert path.read_bytes().endswith(b"\n")  # the next record starts on a line of its own
    assert read_journal(path).dropped_torn_line is False


@pytest.mark.parametrize(
    ("damage", "line_hint"),
    [
        (lambda lines: lines[:3] + ["{not json"] + lines[3:], "line 4"),
        (lambda lines: lines[:2] + ['{"type":"teleport"}'] + lines[2:], "line 3"),
        (
            lambda lines: lines[:2] + ['{"type":"action","action":{"action":"seat"}}'] + lines[2:],
            "line 3",
        ),
        (lambda lines: [lines[0].replace('"version":1', '"version":99')] + lines[1:], "line 1"),
        (
            lambda lines: lines[:1] + ['{"type":"action","action":{"action":"stop"}}'] + lines[1:],
            "line 2",
        ),
    ],
    ids=["bad-json", "unknown-record", "malformed-action", "future-version", "illegal-action"],
)
def test_a_corrupt_journal_is_reported_with_its_line_and_kept(
    tmp_path: Path, damage, line_hint: str, caplog
) -> None:
    session, path = played(tmp_path, presses=15)
    session.close()
    lines = path.read_text().splitlines()
    path.write_text("\n".join(damage(lines)) + "\n")
    original = path.read_bytes()
    with caplog.at_level(logging.ERROR):
        again = resumed(tmp_path)
    assert f"{path}, {line_hint}" in caplog.text
    assert path.read_bytes() == original  # kept, never overwritten
    assert again.setup is not None and "unreadable" in again.view().console.flash
    # A new game goes to a new journal; the bad one stays.
    clock = Clock()
    press_all(again, SETUP_5 + CHARACTERS_5, clock)
    assert len(journals(tmp_path / "games")) == 2 and path.read_bytes() == original


def test_replay_prints_the_final_state(tmp_path: Path, capsys) -> None:
    session, path = played(tmp_path)
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["state"] == session.play.game.to_json()
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "seat 1" in text and "actions" in text


def test_replay_of_a_bad_file_exits_non_zero_with_a_clear_message(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type":"header","version":1,"setup":{}}\n')
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "line 1" in err
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot be read" in capsys.readouterr().err


def test_read_journal_rejects_an_empty_file(tmp_path: Path) -> None:
    empty = tmp_path / "game-empty.jsonl"
    empty.write_bytes(b"")
    with pytest.raises(JournalError, match="empty journal"):
        read_journal(empty)


def test_a_journal_that_cannot_be_written_refuses_the_press_and_changes_nothing(
    tmp_path: Path,
) -> None:
    session, _path = played(tmp_path, presses=5)
    play = session.play
    os.close(play.journal._fd)  # the SD card fails under the game
    before = play.game.to_json()
    for button in ("ROLL", "DONE", "UNDO", "SEAT1", "SEAT2", "DIE1"):
        session.handle(button, "press", 1000.0 + len(button))
        if session.flash and session.flash.startswith("Cannot save"):
            break
    assert session.flash.startswith("Cannot save")
    assert play.game.to_json() == before


def test_a_state_directory_that_cannot_be_written_refuses_set_up_presses_and_says_why(
    tmp_path: Path,
) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")
    session = TableSession(TableConfig(seats=5, state_dir=blocker), seed=3)
    session.start()
    assert session.flash.startswith("Cannot save the set-up")
    session.handle("SEAT1", "press", 1.0)
    assert session.flash.startswith("Cannot save the set-up")
    assert session.setup.joined == []


def test_a_corrupt_journal_with_a_torn_last_line_is_kept_byte_for_byte(tmp_path: Path) -> None:
    session, path = played(tmp_path, presses=15)
    session.close()
    lines = path.read_text().splitlines()
    path.write_bytes(("\n".join(lines[:2] + ["{not json"] + lines[2:]) + '\n{"ty').encode())
    original = path.read_bytes()
    again = resumed(tmp_path)
    assert again.setup is not None and path.read_bytes() == original
