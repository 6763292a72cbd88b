"""The journal's reader, fuzzed: whatever a file holds, it resumes the game or reports the file
with its own error, and the table starts either way."""

from __future__ import annotations

import functools
import json
import random
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.table import JournalError, TableConfig, TableSession, read_journal
from companion.table.journal import journals
from companion.table.play import TablePlay

from .driver import CHARACTERS_5, SETUP_5, next_buttons

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["roll", "seat", "die", "reveal", "stop", "header", "undo", "end"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@functools.cache
def recorded_lines() -> tuple[str, ...]:
    """The journal of a real game some way in, as its lines."""
    with tempfile.TemporaryDirectory() as state:
        session = TableSession(TableConfig(seats=5, state_dir=Path(state)), seed=3)
        session.start()
        presses = SETUP_5 + CHARACTERS_5
        for at, button in enumerate(presses, start=1):
            session.handle(button, "press", float(at))
        rng = random.Random(9)
        at = 100.0
        for _ in range(30):
            for button in next_buttons(session, rng):
                at += 1.0
                session.handle(button, "press", at)
        session.close()
        path = journals(Path(state) / "games")[-1]
        return tuple(path.read_text().splitlines())


def read_and_replay(path: Path) -> None:
    """What resuming does with a file; only JournalError may come out of it."""
    try:
        contents = read_journal(path)
        TablePlay.replay(contents, path)
    except JournalError:
        pass


def starts(state: Path) -> TableSession:
    session = TableSession(TableConfig(seats=5, state_dir=state))
    session.start()  # never raises, whatever the file holds
    session.view()
    session.close()
    return session


@FUZZ
@given(data=st.binary(max_size=2000))
def test_any_bytes_are_resumed_or_reported(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as state:
        games = Path(state) / "games"
        games.mkdir()
        path = games / "game-000001.jsonl"
        path.write_bytes(data)
        read_and_replay(path)
        starts(Path(state))
        assert path.read_bytes() == data  # kept as it was, whatever it held


def replace_at(value: Any, route: list[int], new: Any) -> Any:
    """``value`` with the part that ``route`` picks (an index into keys or items) replaced."""
    if not route or not isinstance(value, dict | list) or not value:
        return new
    if isinstance(value, dict):
        key = sorted(value)[route[0] % len(value)]
        return {**value, key: replace_at(value[key], route[1:], new)}
    index = route[0] % len(value)
    return [*value[:index], replace_at(value[index], route[1:], new), *value[index + 1 :]]


@FUZZ
@given(
    line=st.integers(min_value=0),
    route=st.lists(st.integers(min_value=0, max_value=50), max_size=4),
    new=JSON,
)
def test_any_json_in_any_field_is_resumed_or_reported(line: int, route: list[int], new) -> None:
    lines = list(recorded_lines())
    index = line % len(lines)
    lines[index] = json.dumps(replace_at(json.loads(lines[index]), route, new))
    with tempfile.TemporaryDirectory() as state:
        games = Path(state) / "games"
        games.mkdir()
        path = games / "game-000001.jsonl"
        path.write_text("\n".join(lines) + "\n")
        read_and_replay(path)
        session = starts(Path(state))
        assert session.play is not None or session.flash.startswith("Journal unreadable")
