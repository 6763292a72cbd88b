"""Every file the box reads, fuzzed field by field (tests/state_fuzz.py): for each file type,
hundreds of mutants (a value of another type, a wrong value, a key missing or added, a line
dropped or repeated, the bytes cut anywhere) and the box started on each: no traceback, and
the file used, or kept and said in one line. The same mutants, 5,000 of each type, are a
command: ``.venv/bin/python -m tests.state_fuzz 5000`` (docs/reliability.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.table import JournalError, TableConfig, TableSession, read_journal
from companion.table.journal import journals

from . import state_fuzz

ROOT = Path(__file__).resolve().parents[1]
#: Mutants per file type in the suite: each type well under a minute, on a loaded machine too.
SUITE = 300


@pytest.mark.parametrize("kind", list(state_fuzz.TYPES))
def test_no_mutant_of_a_file_the_box_reads_stops_it_starting(kind: str) -> None:
    outcomes = state_fuzz.run(kind, SUITE)
    assert sum(outcomes.values()) == SUITE
    assert len(outcomes) == 2, outcomes  # some used, some kept aside (or refused): both met


def test_the_mutants_are_the_same_on_every_run() -> None:
    assert state_fuzz.real_state.__wrapped__() == state_fuzz.real_state()
    for kind in state_fuzz.TYPES:
        first = [(m.how, m.data) for _, m in state_fuzz.mutants(kind, 20)]
        again = [(m.how, m.data) for _, m in state_fuzz.mutants(kind, 20)]
        assert first == again and len({data for _, data in first}) > 10


def journal_whose_box_seat_is_a_list(state: Path) -> Path:
    """A real journal of a game the box plays a seat of, its header's ``meta.bots`` made
    ``{"4": []}``."""
    path = state / "games" / "game-000001.jsonl"
    path.parent.mkdir(parents=True)
    lines = state_fuzz.real_state()["game"].decode().splitlines()
    header = json.loads(lines[0])
    header["meta"]["bots"] = {"4": []}
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    return path


def test_a_box_seat_whose_player_is_not_a_name_is_refused_with_its_field(tmp_path: Path) -> None:
    path = journal_whose_box_seat_is_a_list(tmp_path)
    with pytest.raises(JournalError, match=r"line 1: meta\.bots: unknown player \[\] for seat 4"):
        read_journal(path)
    session = TableSession(TableConfig(seats=4, state_dir=tmp_path))
    session.start()
    assert session.flash == f"Journal unreadable, kept: {path.name}"


def test_a_journal_header_of_the_wrong_type_starts_the_real_box_and_replay_says_why(
    tmp_path: Path,
) -> None:
    path = journal_whose_box_seat_is_a_list(tmp_path)
    data = path.read_bytes()
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    for _ in range(2):  # and again: no crash loop
        box = subprocess.run(
            [sys.executable, "-m", "companion", "emulate", "--keys", "-", "--seats", "4"]
            + ["--state-dir", str(tmp_path)],
            cwd=ROOT,
            input="SEAT1\n",
            capture_output=True,
            text=True,
            timeout=60,
            env=environment,
        )
        assert box.returncode == 0 and "Traceback" not in box.stderr
        assert box.stdout.startswith("ready ") and "\nok 1 " in box.stdout
        assert path.read_bytes() == data
    replay = subprocess.run(
        [sys.executable, "-m", "companion", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert replay.returncode == 2 and replay.stderr.count("\n") == 1
    assert "meta.bots: unknown player [] for seat 4" in replay.stderr
    assert journals(tmp_path / "games")[0] == path
