"""The other files the box reads, fuzzed like the journal: the series file and the set-up
journal. Whatever they hold, the box starts; a file it cannot use is kept byte for byte and
reported in one line, and a file it can use is used."""

from __future__ import annotations

import functools
import json
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.modules.legacy.rules import ID as WILD_WEST_LEGACY
from companion.table import JournalError, TableConfig, TableSession
from companion.table.buttons import BUTTONS
from companion.table.journal import journals
from companion.table.series import SERIES_FILE
from companion.table.setup_journal import read_setup

from .driver import CHARACTERS_5, SETUP_5
from .test_journal_fuzz import JSON
from .test_session import Clock, play_to_the_end, press_all

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
CONFIG = TableConfig(seats=6, modules=frozenset({WILD_WEST_LEGACY}))


def config(state: Path) -> TableConfig:
    return TableConfig(seats=6, modules=CONFIG.modules, state_dir=state)


@functools.cache
def after_a_legacy_game() -> tuple[tuple[str, bytes], ...]:
    """The files of a state folder after a finished Wild West Legacy game: its journal, the
    series file that lists it, and the next set-up some presses in."""
    with tempfile.TemporaryDirectory() as scratch:
        state = Path(scratch)
        session = TableSession(config(state), seed=3)
        session.start()
        clock = Clock()
        press_all(session, SETUP_5 + CHARACTERS_5, clock)
        play_to_the_end(session, clock, seed=2)
        press_all(session, ["ROLL"], clock)
        assert session.setup is not None and session.setup.follow_up is not None
        press_all(
            session, ["SEAT1" if session.setup.follow_up.appointer is not None else "DIE1"], clock
        )
        session.close()
        return tuple(
            (str(p.relative_to(state)), p.read_bytes()) for p in state.rglob("*") if p.is_file()
        )


def copied(scratch: str) -> Path:
    state = Path(scratch) / "state"
    for name, data in after_a_legacy_game():
        (state / name).parent.mkdir(parents=True, exist_ok=True)
        (state / name).write_bytes(data)
    return state


def starts_and_keeps(state: Path, name: str, data: bytes) -> TableSession:
    """The box starts; the file is used (a set-up journal's torn last line cut off, or, when
    it no longer follows the last game, replaced by the set-up that does), or kept aside whole
    and reported in one line."""
    readable = name != "setup.jsonl" or _readable_setup(state / name)
    session = TableSession(config(state))
    session.start()  # never raises
    session.view()
    session.close()
    kept = [p for p in state.glob("*-unreadable-*") if p.read_bytes() == data]
    path = state / name
    now = path.read_bytes() if path.exists() else None
    if readable and now in (data, data[: data.rfind(b"\n") + 1]) or readable == "stale":
        assert not kept
    else:
        assert len(kept) == 1, "an unusable file is kept aside, whole"
        flash = session.flash or ""
        assert "unreadable, kept: " + kept[0].name in flash and "\n" not in flash
    return session


def _readable_setup(path: Path) -> bool | str:
    """Whether the box can read this set-up journal ("stale": it does not follow the last
    game, so the next set-up takes its place)."""
    try:
        record = read_setup(path, BUTTONS)
    except JournalError:
        return False
    return True if record.follows == journals(path.parent / "games")[-1].name else "stale"


def mutated(data: Any, rng: random.Random, value: Any) -> Any:
    """``data`` with one place in it changed: a value replaced, a key dropped, an item
    repeated."""
    places: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            places.extend((node, k) for k in node)
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            places.extend((node, i) for i in range(len(node)))
            for v in node:
                walk(v)

    walk(data)
    if not places:
        return value
    parent, key = rng.choice(places)
    how = rng.randrange(3)
    if how == 0:
        parent[key] = value
    elif how == 1 and isinstance(parent, dict):
        del parent[key]
    elif isinstance(parent, list):
        parent.insert(key, parent[key])
    else:
        parent[key] = value
    return data


@FUZZ
@given(seed=st.integers(0, 2**32), value=JSON)
def test_any_change_to_the_series_file_starts_the_box(seed: int, value: Any) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        state = copied(scratch)
        path = state / SERIES_FILE
        data = mutated(json.loads(path.read_text()), random.Random(seed), value)
        path.write_text(json.dumps(data))
        starts_and_keeps(state, SERIES_FILE, path.read_bytes())


@FUZZ
@given(data=st.binary(max_size=600))
def test_any_bytes_in_the_series_file_start_the_box(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        state = copied(scratch)
        (state / SERIES_FILE).write_bytes(data)
        starts_and_keeps(state, SERIES_FILE, data)


@FUZZ
@given(seed=st.integers(0, 2**32), value=JSON)
def test_any_change_to_the_set_up_journal_starts_the_box(seed: int, value: Any) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        state = copied(scratch)
        path = state / "setup.jsonl"
        lines = [json.loads(line) for line in path.read_text().splitlines()]
        rng = random.Random(seed)
        line = rng.randrange(len(lines))
        lines[line] = mutated(lines[line], rng, value)
        path.write_text("".join(json.dumps(x) + "\n" for x in lines))
        starts_and_keeps(state, "setup.jsonl", path.read_bytes())


@FUZZ
@given(cut=st.integers(0, 10_000), noise=st.binary(max_size=40))
def test_a_set_up_journal_cut_anywhere_starts_the_box(cut: int, noise: bytes) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        state = copied(scratch)
        path = state / "setup.jsonl"
        data = path.read_bytes()
        path.write_bytes(data[: cut % (len(data) + 1)] + noise)
        starts_and_keeps(state, "setup.jsonl", path.read_bytes())


@pytest.mark.parametrize("data", [b"{not json", b'{"version": 1, "games": 7}', b"[]"])
def test_games_on_an_unreadable_series_file_says_why_in_one_line(
    tmp_path: Path, data: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / SERIES_FILE).write_bytes(data)
    assert main(["games", "--state-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(tmp_path / SERIES_FILE) in err
