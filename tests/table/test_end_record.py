"""A complete record (issue 23): a game joins the history the moment it ends, not when the next
one starts; with physical role cards the game over screen asks each living seat whose card the
table never saw to enter it (one DIE press, DONE skips), so the record names every winner."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.table import TableConfig, TableSession
from companion.table.journal import journals
from companion.table.series import load, read

from .driver import CHARACTERS_5, SETUP_5, next_buttons
from .test_session import Clock, play_to_the_end, press_all
from .test_ways_out import SIX


def test_a_game_is_listed_the_moment_it_ends_and_leaves_the_list_when_undone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = TableSession(TableConfig(seats=6, state_dir=tmp_path), seed=7)
    session.start()
    clock = Clock()
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    play_to_the_end(session, clock, seed=0)
    assert main(["games", "--state-dir", str(tmp_path)]) == 0
    assert "Outlaws win: seats 3, 5" in capsys.readouterr().out  # before any ROLL
    name = journals(tmp_path / "games")[-1].name
    assert [g.journal for g in load(tmp_path)] == [name]

    press_all(session, ["UNDO"], clock)  # the press that ended it, taken back
    assert session.play is not None and not session.play.game.over
    assert load(tmp_path) == []
    rng = random.Random(5)
    while not session.play.game.over:
        press_all(session, next_buttons(session, rng), clock)
    assert [g.journal for g in load(tmp_path)] == [name]
    press_all(session, ["ROLL"], clock)
    assert [g.journal for g in load(tmp_path)] == [name]  # once


def test_the_living_enter_their_role_cards_and_the_record_names_every_winner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = TableConfig(seats=6, state_dir=tmp_path)
    session = TableSession(config, seed=7)
    session.start()
    clock = Clock()
    press_all(session, SIX, clock)
    play_to_the_end(session, clock, seed=0)  # the Sheriff falls; no Outlaw card was seen
    play = session.play
    assert play is not None and play.game.side == "outlaws" and play.game.winners == ()
    console = session.view().console
    assert console.prompt == "Outlaws win! Seat 1: your role card? DIE, DONE: skip"
    assert console.choices == ("1 Deputy", "2 Outlaw")
    assert session.view().seats[0].asked

    press_all(session, ["DIE2"], clock)  # seat 1: an Outlaw
    assert "Seat 4: your role card?" in session.view().console.prompt
    press_all(session, ["DONE"], clock)  # seat 4 skips
    assert "Seat 5: your role card?" in session.view().console.prompt
    press_all(session, ["DIE1", "UNDO"], clock)  # seat 5 mends a slip
    assert "Seat 5: your role card?" in session.view().console.prompt

    # A restart asks seat 5 again: the entries are on disk with the game.
    again = TableSession(config, seed=7)
    again.start()
    assert "Seat 5: your role card?" in again.view().console.prompt
    press_all(again, ["DIE2"], clock)  # seat 5: an Outlaw
    games = load(tmp_path)
    assert [tuple(d) for d in games[-1].declared] == [(0, "outlaw"), (3, None), (4, "outlaw")]
    assert games[-1].winners() == (0, 4)
    press_all(again, ["ROLL"], clock)
    assert main(["games", "--state-dir", str(tmp_path)]) == 0
    assert "Outlaws win: seats 1, 5" in capsys.readouterr().out
    assert main(["replay", str(journals(tmp_path / "games")[-1])]) == 0
    assert "game over: Outlaws win (seat 1, seat 5)" in capsys.readouterr().out


def test_a_seat_whose_card_is_the_only_one_left_is_not_asked(tmp_path: Path) -> None:
    session = TableSession(TableConfig(seats=6, state_dir=tmp_path), seed=7)
    session.start()
    clock = Clock()
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    play_to_the_end(session, clock, seed=7)  # two living unseen cards, both Outlaws
    play = session.play
    assert play is not None
    assert [p.seat for p in play.game.players if p.alive and p.role is None] == [3, 4]
    assert session.view().console.prompt == "Outlaws win! ROLL: new game"


@pytest.mark.parametrize(
    ("declared", "problem"),
    [
        ([[0, []]], "unknown role"),
        ([[0, "mayor"]], "unknown role"),
        ([[9, "outlaw"]], "declared: a seat"),
        ([[0, "outlaw"], [0, None]], "seat 0 twice"),
        ([0], r"expected \[seat, role or null\]"),
    ],
)
def test_a_wrong_role_entry_in_the_series_file_is_named(
    tmp_path: Path, declared: object, problem: str
) -> None:
    session = TableSession(TableConfig(seats=6, state_dir=tmp_path), seed=7)
    session.start()
    clock = Clock()
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    play_to_the_end(session, clock, seed=0)
    path = tmp_path / "series.json"
    data = json.loads(path.read_text())
    data["games"][0]["declared"] = declared
    path.write_text(json.dumps(data))
    games, skipped = read(tmp_path)
    assert games == [] and len(skipped) == 1
    assert re.search(problem, skipped[0]), skipped[0]
