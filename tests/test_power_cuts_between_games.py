"""Pull the plug at every change the box makes to the disk at the edges of a game: while it
starts with a set-up in progress, as the set-up's last pick begins the game, at ROLL after game
over, at start over, at UNDO back into the set-up, and at the end of a Wild West Legacy game.

Each time a real companion process is stopped dead (SIGKILL) right after its N-th change to the
disk (tests/crash_points.py), for every N in turn, and started again: it shows the table as it
was before the press or as it is after it, never anything else, with the same seats, modules and
series, and nothing the table was shown is lost.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from itertools import count
from pathlib import Path

from companion.config import load
from companion.emulate import digest
from companion.table import TableSession, read_journal
from companion.table.journal import journals
from companion.table.prompts import module_pages
from companion.table.series import SERIES_FILE

from .table.driver import CHARACTERS_5, SETUP_5, next_buttons

ROOT = Path(__file__).resolve().parents[1]
SEED = 7
BASE = "[game]\nseats = 6\n"
LEGACY = '[game]\nseats = 6\nmodules = ["undead_or_alive.5"]\n'


class Box:
    """A real `bang-companion emulate --keys -` that dies after its ``crash_after``-th change
    to the disk (0: never); ``vfat``: on a file system without hard links."""

    def __init__(
        self, config: Path, state_dir: Path, crash_after: int = 0, vfat: bool = False
    ) -> None:
        command = [sys.executable, str(ROOT / "tests" / "crash_points.py")]
        command += ["--vfat"] * vfat + [str(crash_after)]
        command += [str(state_dir)]
        command += ["emulate", "--keys", "-", "--config", str(config)]
        command += ["--state-dir", str(state_dir), "--seed", str(SEED)]
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
        )
        line = self._line()
        self.ready = None if line is None else line.split()[1]

    def _line(self) -> str | None:
        line = self.process.stdout.readline()
        return line.strip() if line else None

    def press(self, key: str) -> str | None:
        """The digest after ``key``, or None if the box died before it said so."""
        try:
            self.process.stdin.write(key + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            return None
        line = self._line()
        if line is None:
            return None
        words = line.split()
        assert words[0] == "ok", line
        return words[2]

    def stop(self) -> str:
        """Stopped (if still running); what it wrote to stderr."""
        if self.process.poll() is None:
            self.process.kill()
        _, err = self.process.communicate(timeout=30)
        return err


def session(config: Path, state_dir: Path) -> TableSession:
    """The same table in this process, started on ``state_dir``."""
    table = load(config).table
    table.state_dir = state_dir
    started = TableSession(table, seed=SEED)
    started.start()
    return started


CLOCK = count(1)  # presses a second apart: never taken for contact bounce


def pressed(table: TableSession, keys: Sequence[str]) -> None:
    for key in keys:
        kind, button = ("hold", key[5:]) if key.startswith("HOLD:") else ("press", key)
        table.handle(button, kind, float(next(CLOCK)))
        assert table.refused is None, (key, table.refused)


def prepared(
    tmp_path: Path, config_text: str, keys: Sequence[str], to_the_end: bool, game_seed: int = 3
) -> Path:
    """A state folder after ``keys`` (and, ``to_the_end``, a random game played to game over),
    left as a power cut leaves it: nothing closed."""
    folder = tmp_path / "prepared"
    config = tmp_path / "config.toml"
    config.write_text(config_text)
    table = session(config, folder)
    pressed(table, keys)
    rng = random.Random(game_seed)
    while to_the_end and table.play is not None and not table.play.game.over:
        pressed(table, next_buttons(table, rng))
    return folder


def digests(tmp_path: Path, folder: Path, keys: Sequence[str]) -> tuple[str, str]:
    """What a restart shows before ``keys``, and after them."""
    config = tmp_path / "config.toml"
    scratch = tmp_path / "reference"
    shutil.copytree(folder, scratch)
    table = session(config, scratch)
    before = digest(table)
    pressed(table, keys)
    after = digest(table)
    shutil.rmtree(scratch)
    return before, after


def cut_at_every_change(
    tmp_path: Path,
    folder: Path,
    keys: Sequence[str],
    check: Callable[[Path, bool], None] = lambda folder, after: None,
    vfat: bool = False,
) -> int:
    """For N = 1, 2, ...: ``keys`` sent to a box on a copy of ``folder`` that dies after its
    N-th change to the disk, then a plain restart, which must show the table before the keys
    or after them (``check`` looks at the folder too). Returns how many changes the keys made
    (the first N the box lives through). ``vfat``: both boxes on a file system without hard
    links."""
    config = tmp_path / "config.toml"
    before, after = digests(tmp_path, folder, keys)
    assert before != after
    for n in count(1):
        copy = tmp_path / f"cut-{n}"
        shutil.copytree(folder, copy)
        box = Box(config, copy, crash_after=n, vfat=vfat)
        if box.ready is None:
            raise AssertionError(f"died as it started ({n}): {box.stop()}")
        assert box.ready == before, f"the start itself changed the disk ({n})"
        shown = [box.press(key) for key in keys]
        box.stop()
        again = Box(config, copy, vfat=vfat)
        err = again.stop()
        assert not any(word in err for word in ("Traceback", "cannot", "unreadable")), err
        if None not in shown:
            assert shown[-1] == after and again.ready == after
            check(copy, True)
            return n - 1
        assert again.ready in (before, after), f"cut after change {n}: neither state"
        check(copy, again.ready == after)
    raise AssertionError("unreachable")


def listed(folder: Path) -> list[str]:
    path = folder / SERIES_FILE
    return [g["journal"] for g in json.loads(path.read_text())["games"]] if path.exists() else []


def test_a_power_cut_at_any_change_of_roll_after_game_over_keeps_the_game_and_the_seats(
    tmp_path: Path,
) -> None:
    folder = prepared(tmp_path, BASE, SETUP_5 + CHARACTERS_5, to_the_end=True)
    name = journals(folder / "games")[-1].name

    def recorded_once(copy: Path, after: bool) -> None:
        assert listed(copy) == [name]  # listed the moment the game ended, and only once
        assert read_journal(copy / "games" / name).finished == after

    changes = cut_at_every_change(tmp_path, folder, ["ROLL"], recorded_once)
    assert changes >= 2  # the end record, the next set-up (the series file: at the end)


def test_a_power_cut_at_any_change_of_a_legacy_games_end_keeps_the_series(tmp_path: Path) -> None:
    folder = prepared(tmp_path, LEGACY, SETUP_5 + CHARACTERS_5, to_the_end=True)
    name = journals(folder / "games")[-1].name

    def followed_up(copy: Path, after: bool) -> None:
        assert listed(copy) == [name]
        if after:
            table = session(tmp_path / "config.toml", copy)
            assert table.setup is not None and table.setup.follow_up is not None
            assert table.setup.joined == [1, 2, 3, 4, 5]

    assert cut_at_every_change(tmp_path, folder, ["ROLL"], followed_up) >= 2


def test_a_power_cut_at_any_change_of_start_over_keeps_the_seats(tmp_path: Path) -> None:
    folder = prepared(tmp_path, BASE, [*SETUP_5, *CHARACTERS_5, "ROLL"], to_the_end=False)
    name = journals(folder / "games")[-1].name

    def abandoned(copy: Path, after: bool) -> None:
        assert read_journal(copy / "games" / name).abandoned == after
        assert listed(copy) == []

    assert cut_at_every_change(tmp_path, folder, ["HOLD:UNDO", "DONE"], abandoned) >= 2


def test_a_power_cut_at_any_change_of_undo_into_the_set_up_keeps_every_set_up_press(
    tmp_path: Path,
) -> None:
    folder = prepared(tmp_path, BASE, SETUP_5 + CHARACTERS_5, to_the_end=False)
    assert cut_at_every_change(tmp_path, folder, ["UNDO"]) >= 2


def test_a_power_cut_at_any_change_as_the_last_pick_begins_the_game_leaves_no_bad_journal(
    tmp_path: Path,
) -> None:
    folder = prepared(tmp_path, BASE, SETUP_5 + CHARACTERS_5[:-1], to_the_end=False)

    def whole(copy: Path, after: bool) -> None:
        found = journals(copy / "games")
        assert len(found) == (1 if after else 0)
        for path in found:
            read_journal(path)  # a whole header, never a torn one

    assert cut_at_every_change(tmp_path, folder, CHARACTERS_5[-1:], whole) >= 2


# A long set-up: modules turned on and off, the box given a seat and back, pages of names.
# DIE6 turns the module pages: from the second page round to the first, past any page of an
# expansion from outside installed.
LONG_SETUP = [
    *["SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "SEAT6", "SEAT6"],
    *["DIE1", "DIE2", "DIE6", "DIE3", "DIE3", *["DIE6"] * (len(module_pages()) - 1)],
    *["DIE2", "DIE1", "DIE1"],
    *["HOLD:SEAT5", "HOLD:SEAT5", "DONE", "SEAT3"],
    *["SEAT4", "SEAT4", "SEAT4", "DIE2", "DIE1", "SEAT1", "SEAT1", "DIE1", "DIE2"],
]


def test_starting_with_a_set_up_in_progress_changes_nothing_on_disk(tmp_path: Path) -> None:
    folder = prepared(tmp_path, BASE, LONG_SETUP, to_the_end=False)
    before = (folder / "setup.jsonl").read_bytes()
    # The start makes no change: the first change the box makes is the next press's.
    assert cut_at_every_change(tmp_path, folder, ["SEAT3"]) == 1
    box = Box(tmp_path / "config.toml", folder, crash_after=1)
    assert box.ready == digests(tmp_path, folder, ["SEAT3"])[0]
    box.stop()
    assert (folder / "setup.jsonl").read_bytes() == before


def test_a_power_cut_while_it_starts_on_a_torn_set_up_journal_keeps_every_press(
    tmp_path: Path,
) -> None:
    folder = prepared(tmp_path, BASE, LONG_SETUP, to_the_end=False)
    with (folder / "setup.jsonl").open("ab") as torn:
        torn.write(b'{"type":"press","butt')  # the last press, cut short by the power
    config = tmp_path / "config.toml"
    before, _ = digests(tmp_path, folder, ["SEAT3"])
    box = Box(config, folder, crash_after=1)  # dies cutting the torn line off
    assert box.ready is None
    box.stop()
    again = Box(config, folder)
    assert again.ready == before
    assert again.press("SEAT3") is not None
    again.stop()
    third = Box(config, folder)
    assert third.ready == digests(tmp_path, folder, [])[0] != before
    third.stop()


def the_last_press(tmp_path: Path, keys: Sequence[str], game_seed: int) -> list[str]:
    """The presses of a random game (``game_seed``) after ``keys``, up to the one ending it."""
    config = tmp_path / "config.toml"
    config.write_text(BASE)
    table = session(config, tmp_path / "rehearsal")
    pressed(table, keys)
    rng, made = random.Random(game_seed), []
    while table.play is not None and not table.play.game.over:
        buttons = next_buttons(table, rng)
        pressed(table, buttons)
        made += buttons
    shutil.rmtree(tmp_path / "rehearsal")
    return made


def test_a_power_cut_at_any_change_of_the_press_that_ends_a_game_lists_it_once(
    tmp_path: Path,
) -> None:
    keys = [*SETUP_5, *CHARACTERS_5]
    game = the_last_press(tmp_path, keys, game_seed=3)
    folder = prepared(tmp_path, BASE, [*keys, *game[:-1]], to_the_end=False)
    name = journals(folder / "games")[-1].name

    def listed_when_over(copy: Path, after: bool) -> None:
        assert listed(copy) == ([name] if after else [])
        assert not read_journal(copy / "games" / name).finished  # UNDO may still take it back

    # The action's record, then the series file (written aside, renamed): a cut between them
    # is mended as the box starts.
    assert cut_at_every_change(tmp_path, folder, game[-1:], listed_when_over) >= 2


def test_a_power_cut_at_any_change_of_leaving_a_set_up_keeps_it_or_sets_up_afresh(
    tmp_path: Path,
) -> None:
    folder = prepared(tmp_path, LEGACY, LONG_SETUP[:20], to_the_end=False)

    def fresh_or_not(copy: Path, after: bool) -> None:
        table = session(tmp_path / "config.toml", copy)
        assert table.fresh() == after

    assert cut_at_every_change(tmp_path, folder, ["HOLD:UNDO", "DONE"], fresh_or_not) >= 1


def test_a_power_cut_at_any_change_of_leaving_a_series_after_its_game_keeps_the_game(
    tmp_path: Path,
) -> None:
    folder = prepared(tmp_path, LEGACY, SETUP_5 + CHARACTERS_5, to_the_end=True)
    name = journals(folder / "games")[-1].name

    def left(copy: Path, after: bool) -> None:
        assert listed(copy) == [name]
        assert read_journal(copy / "games" / name).finished == after
        table = session(tmp_path / "config.toml", copy)
        assert (table.play is None and table.fresh()) == after

    # The fresh set-up's journal first, then the game's end: cut before the end, the game
    # over screen is back.
    assert cut_at_every_change(tmp_path, folder, ["HOLD:UNDO", "DONE"], left) >= 2


def test_a_power_cut_at_any_change_of_leaving_a_series_from_its_game_keeps_the_game(
    tmp_path: Path,
) -> None:
    """Issue 35: one start-over ends a series' game and the series; the fresh set-up's journal
    first, then the game's end: cut before the end, the game is back."""
    folder = prepared(tmp_path, LEGACY, [*SETUP_5, *CHARACTERS_5, "ROLL"], to_the_end=False)
    name = journals(folder / "games")[-1].name

    def left(copy: Path, after: bool) -> None:
        assert read_journal(copy / "games" / name).abandoned == after
        table = session(tmp_path / "config.toml", copy)
        assert (table.play is None and table.fresh()) == after

    assert cut_at_every_change(tmp_path, folder, ["HOLD:UNDO", "DONE"], left) >= 2


def test_a_power_cut_at_any_change_of_a_role_entered_at_the_end_keeps_it_or_asks_again(
    tmp_path: Path,
) -> None:
    six = [f"SEAT{n}" for n in range(1, 7)] + ["DONE", "SEAT2", *["DIE1"] * 6]
    folder = prepared(tmp_path, BASE, six, to_the_end=True, game_seed=0)
    name = journals(folder / "games")[-1].name

    def entered(copy: Path, after: bool) -> None:
        games = json.loads((copy / SERIES_FILE).read_text())["games"]
        assert [g["journal"] for g in games] == [name]
        assert games[0].get("declared", []) == ([[0, "outlaw"]] if after else [])

    assert cut_at_every_change(tmp_path, folder, ["DIE2"], entered) >= 1


def test_a_power_cut_at_any_change_of_undo_after_game_over_keeps_the_list_true(
    tmp_path: Path,
) -> None:
    folder = prepared(tmp_path, BASE, SETUP_5 + CHARACTERS_5, to_the_end=True)
    name = journals(folder / "games")[-1].name

    def listed_while_over(copy: Path, after: bool) -> None:
        assert listed(copy) == ([] if after else [name])

    # The undo record, then the series file without the game: a cut between them is mended
    # as the box starts.
    assert cut_at_every_change(tmp_path, folder, ["UNDO"], listed_while_over) >= 2
