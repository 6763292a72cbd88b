"""A journal written before the engine had rule modules still resumes and replays."""

from __future__ import annotations

from pathlib import Path

from companion.table import TableConfig, TableSession, read_journal
from companion.table.play import TablePlay

OLD = Path(__file__).with_name("data") / "journal-before-modules.jsonl"


def test_a_journal_from_before_modules_replays_to_the_same_end() -> None:
    """Written by the engine before the seam (secret roles, reveals included)."""
    contents = read_journal(OLD)
    assert contents.setup.modules == frozenset()
    game = TablePlay.replay(contents, OLD).game
    assert (game.over, game.side, game.turn_number, game.pile) == (True, "outlaws", 15, 4)
    assert [p.life for p in game.players] == [5, 0, 0, 0, 2]
    assert [p.arrows for p in game.players] == [0, 0, 0, 0, 5]


def test_an_unfinished_journal_from_before_modules_resumes(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    lines = OLD.read_text().splitlines()[:40]  # cut mid-game, no end record
    (games / "game-20261130-120041-000.jsonl").write_text("\n".join(lines) + "\n")
    session = TableSession(TableConfig(seats=5, state_dir=tmp_path), seed=1)
    session.start()
    assert session.play is not None and not session.play.game.over
    assert len(session.play.taken) == 39
