"""No table's state is committed with the code: a journal or a state folder (the games, the
set-up journal and the series file a box keeps) left under benchmarks/ or companion/ by a run
that was stopped would ship in the package or be read as a fixture. Recognised by what the files
hold, not by their names, so a folder of any name is caught."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.table import TableConfig, TableSession
from tests.table.driver import CHARACTERS_5, SETUP_5, next_buttons

ROOT = Path(__file__).resolve().parents[1]
WATCHED = ("benchmarks", "companion")


def state_kind(path: Path) -> str | None:
    """'a journal' for a file whose first line is a journal's header (a game's or a set-up's),
    'a series file' for the list of finished games, else None."""
    with path.open("rb") as file:
        first = file.readline(1 << 20)
        rest = file.read(1 << 20)
    try:
        line = json.loads(first)
    except ValueError:
        line = None
    if isinstance(line, dict) and line.get("type") == "header":
        return "a journal"
    try:
        whole = json.loads(first + rest)
    except ValueError:
        return None
    games = whole.get("games") if isinstance(whole, dict) else None
    if isinstance(games, list) and any(isinstance(g, dict) and "journal" in g for g in games):
        return "a series file"
    return None


def committed(folders: tuple[str, ...]) -> list[Path]:
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: no list of committed files")
    listed = subprocess.run(
        [git, "-C", str(ROOT), "ls-files", "-z", "--", *folders],
        capture_output=True,
        check=True,
        timeout=60,
    ).stdout.decode()
    return [ROOT / name for name in listed.split("\0") if name]


def test_no_journal_or_state_folder_is_committed_under_benchmarks_or_companion() -> None:
    files = committed(WATCHED)
    assert any(p.name == "game.py" for p in files), "too few files listed: nothing was checked"
    found = [
        f"{path.relative_to(ROOT)} is {kind}"
        for path in files
        if path.is_file() and (kind := state_kind(path)) is not None
    ]
    assert not found, "table state committed: " + "; ".join(found)


def test_a_box_s_state_folder_is_recognised_file_by_file(tmp_path: Path) -> None:
    """A real table's state folder after one game: its set-up journal, the game's journal and
    the series file are each recognised; the code beside them is not."""
    session = TableSession(TableConfig(seats=5, state_dir=tmp_path), seed=7)
    session.start()
    rng = random.Random(3)
    presses = iter(range(1, 5001))
    for button in SETUP_5 + CHARACTERS_5:
        session.handle(button, "press", float(next(presses)))
    assert session.play is not None
    while not session.play.game.over:
        for button in next_buttons(session, rng):
            session.handle(button, "press", float(next(presses)))
    kinds = {
        path.relative_to(tmp_path).as_posix(): state_kind(path)
        for path in tmp_path.rglob("*")
        if path.is_file()
    }
    assert kinds["setup.jsonl"] == "a journal"
    assert kinds["series.json"] == "a series file"
    games = [kind for name, kind in kinds.items() if name.startswith("games/")]
    assert games and set(games) == {"a journal"}
    assert state_kind(ROOT / "tests" / "table" / "data" / "journal-before-modules.jsonl")
    assert state_kind(ROOT / "companion" / "engine" / "game.py") is None
    assert state_kind(ROOT / "pyproject.toml") is None
