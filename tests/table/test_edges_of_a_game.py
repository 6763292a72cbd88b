"""The edges of a game as safe as its middle: the set-up, the end, the next game, the series.

Each test reproduces one fault found from outside (issue 20's F7 to F18 and the smaller ones);
each failed before its fix. The power cuts at every change to the disk are in
tests/test_power_cuts_between_games.py.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.emulate import digest
from companion.engine import Module
from companion.modules.legacy.rules import ID as WILD_WEST_LEGACY
from companion.table import TableConfig, TableSession, read_journal
from companion.table.journal import journals
from companion.table.play import TablePlay

from .driver import CHARACTERS_5, SETUP_5, next_buttons
from .test_session import Clock, play_to_the_end, press_all

ROOT = Path(__file__).resolve().parents[2]


def table(state_dir: Path, **options: Any) -> TableSession:
    session = TableSession(TableConfig(seats=6, state_dir=state_dir, **options), seed=5)
    session.start()
    return session


def in_a_process(script: str, *args: str) -> dict:
    """Run ``script`` in a fresh Python process at the checkout's root: its last line, as JSON."""
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout.splitlines()[-1])


# ------------------------------------------------------ F7: the box starts with a set-up


def test_starting_the_box_replays_the_set_up_without_writing_it_again(tmp_path: Path) -> None:
    session = table(tmp_path)
    press_all(session, SETUP_5 + CHARACTERS_5[:3], Clock())
    path = tmp_path / "setup.jsonl"
    written = path.read_bytes()
    changed = path.stat().st_mtime_ns
    again = table(tmp_path)
    assert again.setup is not None and digest(again) == digest(session)
    assert path.read_bytes() == written and path.stat().st_mtime_ns == changed


def test_a_set_up_press_after_a_restart_follows_the_presses_before_it(tmp_path: Path) -> None:
    clock = Clock()
    session = table(tmp_path)
    press_all(session, SETUP_5, clock)
    again = table(tmp_path)
    press_all(again, CHARACTERS_5[:2], clock)
    third = table(tmp_path)
    press_all(session, CHARACTERS_5[:2], clock)
    assert digest(third) == digest(session)


# ------------------------------- F10: the press that ends a game or opens the next one


def test_a_power_cut_after_the_end_record_resumes_at_the_next_set_up_with_its_seats(
    tmp_path: Path,
) -> None:
    """ROLL after game over wrote the end record, then the power went: the restart makes the
    rest of the step (the series, the next set-up) instead of a set-up with nobody joined."""
    clock = Clock()
    session = table(tmp_path, modules=frozenset({WILD_WEST_LEGACY}))
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    play_to_the_end(session, clock, seed=4)
    assert session.play is not None
    session.play.finish()  # the end record only: the power goes right after it
    again = table(tmp_path, modules=frozenset({WILD_WEST_LEGACY}))
    assert again.setup is not None and again.setup.joined == [1, 2, 3, 4, 5]
    assert again.setup.follow_up is not None  # the series goes on from the game just ended
    name = journals(tmp_path / "games")[-1].name
    games = json.loads((tmp_path / "series.json").read_text())["games"]
    assert [g["journal"] for g in games] == [name]
    assert "New game: seats press to join (0)" not in again.view().console.prompt


def test_undo_into_the_set_up_cut_before_the_set_up_file_keeps_every_set_up_press(
    tmp_path: Path,
) -> None:
    clock = Clock()
    session = table(tmp_path)
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    assert session.play is not None
    session.play.abandon(to_setup=True)  # the game's journal says so; then the power goes
    again = table(tmp_path)
    press_all(session, ["UNDO"], clock)  # what the table would have shown
    assert again.setup is not None and digest(again) == digest(session)
    assert len(again.setup.characters) == 4


# ----------------------------------------------------- F11: a series file with a wrong value

SPOILED_SERIES = {
    "sheriff_killer 99": lambda g: g["result"].update(sheriff_killer=99),
    'sheriff_killer "x"': lambda g: g["result"].update(sheriff_killer="x"),
    "unknown character": lambda g: g["result"]["characters"].__setitem__(0, "three_hands"),
    "three characters": lambda g: g["result"].update(characters=g["result"]["characters"][:3]),
    "series 0": lambda g: g.update(series=0),
    "unknown module": lambda g: g.update(modules=["old_saloon.9"]),
    "winners not a list": lambda g: g["result"].update(winners=3),
}


def legacy_game_over(tmp_path: Path) -> TableSession:
    clock = Clock()
    session = table(tmp_path, modules=frozenset({WILD_WEST_LEGACY}))
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    play_to_the_end(session, clock, seed=4)
    press_all(session, ["ROLL"], clock)  # the series file has the game now
    return session


@pytest.mark.parametrize("how", sorted(SPOILED_SERIES))
def test_a_series_file_with_a_wrong_value_is_kept_reported_and_the_box_starts(
    tmp_path: Path, how: str, capsys: pytest.CaptureFixture[str]
) -> None:
    legacy_game_over(tmp_path)
    path = tmp_path / "series.json"
    data = json.loads(path.read_text())
    SPOILED_SERIES[how](data["games"][0])
    path.write_text(json.dumps(data))
    spoiled = path.read_bytes()
    again = table(tmp_path, modules=frozenset({WILD_WEST_LEGACY}))  # never a traceback
    assert again.setup is not None and again.setup.follow_up is None  # a fresh series
    assert again.flash is not None and again.flash.startswith("Series file unreadable, kept: ")
    kept = list(tmp_path.glob("series-unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == spoiled
    assert not path.exists()
    assert main(["games", "--state-dir", str(tmp_path)]) == 0
    assert "No finished game" in capsys.readouterr().out


def test_games_lists_the_records_it_can_read_and_says_which_it_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    legacy_game_over(tmp_path)
    path = tmp_path / "series.json"
    data = json.loads(path.read_text())
    data["games"].append({**data["games"][0], "result": {"characters": "x"}})
    path.write_text(json.dumps(data))
    assert main(["games", "--state-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "series 1" in out and "5 players" in out
    assert "skipped" in err and "game 2" in err and "result.characters" in err


def test_a_game_after_the_series_file_was_kept_aside_joins_a_new_history(tmp_path: Path) -> None:
    (tmp_path / "series.json").write_text('{"version": 1, "games": [{"series": "x"}]}')
    clock = Clock()
    session = table(tmp_path)
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    rng = random.Random(4)
    while not session.play.game.over:  # the game is recorded the moment it ends: said then
        for button in next_buttons(session, rng):
            session.handle(button, "press", clock())
    assert session.flash is not None and session.flash.startswith("Series file unreadable")
    session.handle("ROLL", "press", clock())
    assert session.refused is None and session.setup is not None
    games = json.loads((tmp_path / "series.json").read_text())["games"]
    assert len(games) == 1 and list(tmp_path.glob("series-unreadable-*.json"))


# ----------------------------------------------------- F12: the end record cannot be written

FULL_AT_THE_END = """
    import json, resource, signal, sys
    from pathlib import Path
    from companion.table import TableConfig, TableSession
    from tests.table.driver import CHARACTERS_5, SETUP_5
    from tests.table.test_session import Clock, play_to_the_end, press_all

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails: a full disk
    state = Path(sys.argv[1])
    session = TableSession(TableConfig(seats=6, state_dir=state), seed=5)
    session.start()
    clock = Clock()
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    play_to_the_end(session, clock, seed=4)
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (session.play.path.stat().st_size, hard))
    session.handle("ROLL", "press", clock())  # the end record does not fit
    refused = [session.flash, session.play is not None and session.play.game.over]
    again = TableSession(TableConfig(seats=6, state_dir=state), seed=5)
    again.start()  # a restart while the disk is still full: the game over screen, no crash
    restarted = again.play is not None and again.play.game.over
    resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))  # space returns
    session.handle("ROLL", "press", clock())
    print(json.dumps({"refused": refused, "restarted": restarted,
                      "next": session.setup is not None and session.setup.joined}))
"""


def test_a_failing_write_at_the_end_of_a_game_refuses_roll_and_roll_goes_on_later(
    tmp_path: Path,
) -> None:
    report = in_a_process(FULL_AT_THE_END, str(tmp_path))
    flash, still_over = report["refused"]
    assert flash.startswith("Cannot save the end of the game") and still_over
    assert report["restarted"] and report["next"] == [1, 2, 3, 4, 5]
    contents = read_journal(journals(tmp_path / "games")[-1])
    assert contents.finished and not contents.abandoned


# --------------------------------------- F15: a set-up refused until the disk frees again

FULL_AT_SET_UP = """
    import json, resource, signal, sys
    from pathlib import Path
    from companion.table import TableConfig, TableSession

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, hard))  # no room for any byte
    session = TableSession(TableConfig(seats=6, state_dir=Path(sys.argv[1])), seed=5)
    session.start()
    session.handle("SEAT1", "press", 1.0)
    full = [session.flash, list(session.setup.joined)]
    resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))  # space returns
    session.handle("SEAT2", "press", 2.0)
    print(json.dumps({"full": full, "freed": [session.flash, list(session.setup.joined)]}))
"""


def test_a_set_up_that_could_not_be_saved_is_taken_once_the_disk_frees(tmp_path: Path) -> None:
    report = in_a_process(FULL_AT_SET_UP, str(tmp_path))
    flash, joined = report["full"]
    assert flash.startswith("Cannot save the set-up") and joined == []
    assert report["freed"] == [None, [2]]
    again = table(tmp_path)
    assert again.setup is not None and again.setup.joined == [2]


# ------------------------------------- F8 and F9: what the set-up chose survives a restart


def test_modules_chosen_at_set_up_are_kept_for_the_next_game_after_a_restart(
    tmp_path: Path,
) -> None:
    clock = Clock()
    session = table(tmp_path)
    joining = ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "DIE1", "DIE2"]
    press_all(session, [*joining, "DONE", "SEAT2", *CHARACTERS_5], clock)
    assert session.play is not None
    chosen = {Module("old_saloon.1"), Module("old_saloon.2")}
    assert session.play.game.setup.modules == chosen
    again = table(tmp_path)
    again.handle("UNDO", "hold", clock())
    press_all(again, ["DONE"], clock)  # start over: the next set-up
    assert again.setup is not None and again.setup.modules == chosen


def test_undo_goes_back_into_the_set_up_after_a_restart(tmp_path: Path) -> None:
    clock = Clock()
    session = table(tmp_path)
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    again = table(tmp_path)
    press_all(again, ["UNDO"], clock)
    press_all(session, ["UNDO"], clock)
    assert again.setup is not None and digest(again) == digest(session)
    third = table(tmp_path)
    assert third.setup is not None and digest(third) == digest(session)


# ------------------------------- F17: the automatic choices after a press, after a power cut


def test_a_power_cut_between_a_press_and_its_automatic_choices_resumes_after_them(
    tmp_path: Path,
) -> None:
    clock = Clock()
    session = table(tmp_path)
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    rng = random.Random(8)
    path = journals(tmp_path / "games")[-1]
    while True:  # a press the table answered with automatic choices after it
        press_all(session, next_buttons(session, rng), clock)
        assert session.play is not None and not session.play.game.over
        lines = path.read_bytes().splitlines(keepends=True)
        if json.loads(lines[-1]).get("auto") and not json.loads(lines[-2]).get("auto"):
            break
    expected = digest(session)
    cut = len(lines) - 1
    while json.loads(lines[cut - 1]).get("auto"):
        cut -= 1
    path.write_bytes(b"".join(lines[:cut]))  # the press is on disk, its automatic choices not
    again = table(tmp_path)
    assert digest(again) == expected  # never a question with one answer left waiting
    assert path.read_bytes() == b"".join(lines)  # made again, and journaled


# -------------------------------------------- F18: a configuration that can never start


def test_a_module_that_needs_more_players_than_the_seats_is_refused_at_load(
    tmp_path: Path,
) -> None:
    from companion.config import ConfigError, load

    for module, players in (("old_saloon.5", 5), ("old_saloon.3", 4), ("undead_or_alive.4", 4)):
        path = tmp_path / "config.toml"
        path.write_text(f'[game]\nseats = 3\nmodules = ["{module}"]\n')
        with pytest.raises(ConfigError) as caught:
            load(path)
        assert str(caught.value) == (
            f"{path}: game.modules: {module} ({_title(module)}) needs {players} or more players, "
            "but the table has 3 seats: add seats or leave the module out"
        )


def _title(module_id: str) -> str:
    from companion.engine import MODULES, module

    return MODULES[module(module_id)].title


# ---------------------------------------------------------------------------- smaller ones


def test_a_refused_press_is_said_refused_to_a_script_not_ok(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "companion", "emulate", "--keys", "-", "--seats", "5"],
        cwd=ROOT,
        input="SEAT1\nROLL\n",
        capture_output=True,
        text=True,
        check=True,
    )
    ready, joined, refused = result.stdout.splitlines()
    assert ready.startswith("ready ") and joined.startswith("ok 1 ")
    assert refused == "refused Press your seat button to join, then DONE."


def test_the_message_of_a_failed_save_after_a_game_stays_shown(tmp_path: Path) -> None:
    clock = Clock()
    session = table(tmp_path)
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    play_to_the_end(session, clock, seed=4)
    (tmp_path / "setup.jsonl").unlink()
    (tmp_path / "setup.jsonl").mkdir()  # the next set-up's file cannot take its place
    session.handle("ROLL", "press", clock())
    assert session.setup is not None
    assert session.flash is not None and session.flash.startswith("Cannot save the set-up")


def test_a_games_folder_that_is_a_file_is_said_in_words(tmp_path: Path) -> None:
    (tmp_path / "games").write_text("not a folder")
    session = table(tmp_path)
    clock = Clock()
    press_all(session, SETUP_5 + CHARACTERS_5[:-1], clock)
    session.handle(CHARACTERS_5[-1], "press", clock())
    assert (
        session.flash == f"Cannot write the journal ({tmp_path / 'games'} is a file, not a folder)."
    )
    assert session.setup is not None  # nothing changed: the last pick is still to make


def test_a_finished_games_journal_replays_to_its_end(tmp_path: Path) -> None:
    clock = Clock()
    session = table(tmp_path)
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    play_to_the_end(session, clock, seed=4)
    press_all(session, ["ROLL"], clock)
    path = journals(tmp_path / "games")[-1]
    assert TablePlay.replay(read_journal(path), path).game.over
