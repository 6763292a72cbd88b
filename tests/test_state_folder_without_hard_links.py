"""A state folder on vfat or exFAT (a USB stick): no hard links, ``link`` fails with EPERM.

A real companion process whose ``os.link`` fails as vfat's does (tests/crash_points.py
``--vfat``) plays a game through, and a power cut at each of its changes to the disk, as a game
begins, ends and goes back into its set-up, resumes the table before the press or after it.
A power cut between a file written aside and its rename leaves the aside file; the next start
removes it.
"""

from __future__ import annotations

from pathlib import Path

from companion.table import read_journal
from companion.table.journal import journals

from .table.driver import CHARACTERS_5, SETUP_5
from .test_power_cuts_between_games import BASE, Box, cut_at_every_change, prepared


def no_leftovers(folder: Path) -> None:
    assert not [p for p in folder.rglob("*.tmp")], "files written aside are removed at start"


def test_a_game_plays_on_a_state_folder_without_hard_links(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(BASE)
    state = tmp_path / "stick"
    box = Box(config, state, vfat=True)
    shown = [box.press(key) for key in [*SETUP_5, *CHARACTERS_5, "ROLL"]]
    err = box.stop()
    assert None not in shown and "Traceback" not in err and "Cannot" not in err
    (journal,) = journals(state / "games")
    assert read_journal(journal).entries
    again = Box(config, state, vfat=True)
    assert again.ready == shown[-1]
    again.stop()


def test_on_a_folder_without_hard_links_a_power_cut_as_the_game_begins_leaves_no_bad_journal(
    tmp_path: Path,
) -> None:
    folder = prepared(tmp_path, BASE, SETUP_5 + CHARACTERS_5[:-1], to_the_end=False)

    def whole(copy: Path, after: bool) -> None:
        found = journals(copy / "games")
        assert len(found) == (1 if after else 0)
        for path in found:
            read_journal(path)  # a whole header, never a torn one
        no_leftovers(copy)

    assert cut_at_every_change(tmp_path, folder, CHARACTERS_5[-1:], whole, vfat=True) >= 2


def test_on_a_folder_without_hard_links_a_power_cut_at_roll_after_game_over_keeps_the_game(
    tmp_path: Path,
) -> None:
    folder = prepared(tmp_path, BASE, SETUP_5 + CHARACTERS_5, to_the_end=True)
    name = journals(folder / "games")[-1].name

    def ended(copy: Path, after: bool) -> None:
        assert read_journal(copy / "games" / name).finished == after
        no_leftovers(copy)

    assert cut_at_every_change(tmp_path, folder, ["ROLL"], ended, vfat=True) >= 2


def test_on_a_folder_without_hard_links_a_power_cut_at_undo_into_the_set_up_keeps_it(
    tmp_path: Path,
) -> None:
    folder = prepared(tmp_path, BASE, SETUP_5 + CHARACTERS_5, to_the_end=False)
    assert cut_at_every_change(tmp_path, folder, ["UNDO"], lambda c, a: no_leftovers(c), True) >= 2
