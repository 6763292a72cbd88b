"""The journals of a table where the box plays a seat: what they record, and every wrong record
about the box's seats refused with its file and line."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.table import JournalError, TableConfig, TableSession, read_journal
from companion.table.buttons import BUTTONS
from companion.table.journal import journals
from companion.table.setup_journal import read_setup

from .driver import next_buttons
from .test_session import Clock, press_all


def played(tmp_path: Path) -> Path:
    """Some way into a 4-player game where the box plays seat 2; its journal."""
    clock = Clock()
    config = TableConfig(seats=4, state_dir=tmp_path, bots=(2,), bot_pause=0.0)
    session = TableSession(config, seed=3)
    session.start()

    def press(buttons: list[str]) -> None:
        for button in buttons:
            press_all(session, [button], clock)
            while session.tick(clock.now) is not None:  # the box's choices, with no pause
                pass

    press(["SEAT1", "SEAT3", "SEAT4", "DONE", "ROLL", "ROLL", "DONE"])
    rng = random.Random(3)
    while not any(s.box for s in session.play.taken) or session.play.box_due():
        press(next_buttons(session, rng))
    session.close()
    return journals(tmp_path / "games")[-1]


Change = Callable[[list[dict[str, Any]]], object]


def rewrite(path: Path, change: Change) -> None:
    records = [json.loads(line) for line in path.read_text().splitlines()]
    change(records)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def test_the_journal_says_which_seats_and_choices_are_the_boxs(tmp_path: Path) -> None:
    path = played(tmp_path)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    header = records[0]
    assert header["version"] == 2 and header["meta"]["bots"] == {"2": "rules"}
    assert header["meta"]["roles_mode"] == "dealt" and None not in header["setup"]["roles"]
    assert any(r.get("bot") is True for r in records[1:])
    contents = read_journal(path)
    assert contents.bots == {2: "rules"} and any(e.box for e in contents.entries)


def test_a_game_without_the_box_is_still_written_as_version_1(tmp_path: Path) -> None:
    session = TableSession(TableConfig(seats=3, state_dir=tmp_path), seed=1)
    session.start()
    press_all(
        session, ["SEAT1", "SEAT2", "SEAT3", "DONE", "SEAT1", "SEAT2", "ROLL", "DONE"], Clock()
    )
    header = json.loads(journals(tmp_path / "games")[-1].read_text().splitlines()[0])
    assert header["version"] == 1 and "bots" not in header["meta"]


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (
            lambda r: r[0].update(version=4),
            "line 1: journal version 4; this companion reads 1, 2 and 3",
        ),
        (lambda r: r[0]["meta"].update(bots={"7": "rules"}), "line 1: meta.bots: seat '7' is not"),
        (lambda r: r[0]["meta"].update(bots={"2": "genius"}), "unknown player 'genius'"),
        (lambda r: r[0]["meta"].update(bots=[2]), "line 1: meta.bots: expected an object"),
        (lambda r: r[1].update(bot="yes"), "line 2: 'bot' must be true or false, not 'yes'"),
        (lambda r: r[0]["meta"].pop("bots"), "a choice of the box, but it plays no seat"),
    ],
)
def test_a_wrong_record_about_the_boxs_seats_is_refused_with_its_line(
    tmp_path: Path, change: Change, says: str
) -> None:
    path = played(tmp_path)
    rewrite(path, change)
    with pytest.raises(JournalError) as error:
        read_journal(path)
    assert says in str(error.value), str(error.value)


def test_an_older_boxs_retired_player_is_read_as_the_one_taking_its_seat(tmp_path: Path) -> None:
    """An older box wrote "mc" for the seat: the journal is read, the rule-based player plays
    the seat, and one line says so; the file is left as it was."""
    path = played(tmp_path)
    rewrite(path, lambda r: r[0]["meta"].update(bots={"2": "mc"}))
    written = path.read_bytes()
    contents = read_journal(path)
    assert contents.bots == {2: "rules"} and any(e.box for e in contents.entries)
    assert contents.retired() == ["Seat 2: its mc player is retired; the rules player plays on"]
    assert path.read_bytes() == written
    session = TableSession(TableConfig(seats=4, state_dir=tmp_path), seed=3)
    session.start()
    assert session.play is not None and session.play.bots == {2: "rules"}
    assert session.view().console.flash == contents.retired()[0]


def test_the_box_plays_only_where_it_dealt_the_roles(tmp_path: Path) -> None:
    path = played(tmp_path)

    def secret(records: list[dict[str, Any]]) -> None:
        setup = records[0]["setup"]
        setup["sheriff"] = setup["roles"].index("sheriff")
        setup["roles"] = None

    rewrite(path, secret)
    with pytest.raises(JournalError) as error:
        read_journal(path)
    assert "the box plays a seat, but the roles were not dealt" in str(error.value)


def test_the_set_up_journal_records_the_boxs_seats_and_each_hold(tmp_path: Path) -> None:
    session = TableSession(TableConfig(seats=5, state_dir=tmp_path, bots=(5,)), seed=2)
    session.start()
    press_all(session, ["SEAT1", "SEAT2"], Clock())
    session.handle("SEAT3", "hold", 50.0)
    record = read_setup(tmp_path / "setup.jsonl", BUTTONS)
    assert record.bots == [5] and record.presses[-1] == ("SEAT3", "hold")
    with (tmp_path / "setup.jsonl").open("a") as f:
        f.write(json.dumps({"type": "hold", "button": "ROLL"}) + "\n")
    with pytest.raises(JournalError) as error:
        read_setup(tmp_path / "setup.jsonl", BUTTONS)
    assert "only a seat button is held at set-up" in str(error.value)


def test_a_version_1_set_up_journal_still_resumes(tmp_path: Path) -> None:
    (tmp_path / "setup.jsonl").write_text(
        '{"type":"header","version":1,"seed":4,"joined":[]}\n'
        '{"type":"press","button":"SEAT1"}\n{"type":"press","button":"SEAT2"}\n'
    )
    session = TableSession(TableConfig(seats=4, state_dir=tmp_path))
    session.start()
    assert session.setup is not None and session.setup.joined == [1, 2]
    assert session.setup.bots == []
