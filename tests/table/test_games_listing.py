"""``bang-companion games`` speaks as a person would (issue 35): "seat 4" for one winner, and
a series named only for the games of a Wild West Legacy series, with which game of it; and
(issue 32) it lists them from each game's summary, with the series file's own lines, without
loading the engine, leaving to the series file's full reading any folder it cannot answer."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion import games_list
from companion.cli import main
from companion.engine import CHARACTERS, GameResult
from companion.games_list import from_summaries, lines, quick
from companion.modules.legacy.rules import ID as WILD_WEST_LEGACY
from companion.table import series, summaries
from companion.table.journal import SUFFIX, journals
from companion.table.series import SERIES_FILE, SeriesGame, listing, load

from ..web.played import games_with_modules
from .test_series import legacy_session
from .test_session import play_to_the_end, press_all

FIVE = tuple(list(CHARACTERS)[:5])
RENEGADE_ALONE = GameResult(FIVE, 0, False, 3, (0, 1, 2, 4), "renegade", (3,))
OUTLAWS = GameResult(FIVE, 0, False, 1, (0,), "outlaws", (1, 2))
LEGACY = (str(WILD_WEST_LEGACY),)


def game(n: int, series: int, result: GameResult, modules: tuple[str, ...] = ()) -> SeriesGame:
    return SeriesGame(
        journal=f"game-{n:06d}.jsonl",
        finished=f"2026-12-0{n}T20:00:00Z",
        series=series,
        seats=(1, 2, 3, 4, 5),
        modules=modules,
        result=result,
    )


def test_games_says_seat_for_one_winner_and_a_series_only_for_legacy_games() -> None:
    lines = listing(
        [
            game(1, 1, RENEGADE_ALONE),
            game(2, 2, OUTLAWS, LEGACY),
            game(3, 2, RENEGADE_ALONE, LEGACY),
            game(4, 3, OUTLAWS),
            game(5, 4, OUTLAWS, LEGACY),
        ]
    )
    assert lines[0].endswith("  Renegade wins: seat 4")
    assert "series" not in lines[0] and "series" not in lines[3]
    assert lines[1].endswith("Outlaws win: seats 2, 3  (Wild West Legacy series 1, game 1)")
    assert lines[2].endswith("Renegade wins: seat 4  (Wild West Legacy series 1, game 2)")
    assert lines[4].endswith("  (Wild West Legacy series 2, game 1)")
    assert all(line.startswith(f"{n:3d}  2026-12-0{n} 20:00:00  5 players: ") for n, line in
               enumerate(lines, 1))  # fmt: skip


@pytest.fixture(scope="module")
def two_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two finished games (summarized with their records) and a third in play, by presses."""
    state = tmp_path_factory.mktemp("two")
    games_with_modules(state)
    return state


def copied(two_games: Path, tmp_path: Path) -> Path:
    state = tmp_path / "state"
    shutil.copytree(two_games, state)
    return state


def test_games_lists_from_the_summaries_the_lines_the_series_file_gives(
    two_games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summarized = from_summaries(two_games)
    assert summarized is not None and len(summarized) == 2  # the game in play is not listed
    assert lines(summarized) == listing(load(two_games))
    assert main(["games", "--state-dir", str(two_games)]) == 0
    assert capsys.readouterr() == ("\n".join(listing(load(two_games))) + "\n", "")


def test_a_wild_west_legacy_game_is_named_with_its_series_from_its_summary(
    tmp_path: Path,
) -> None:
    session, clock = legacy_session(tmp_path)
    play_to_the_end(session, clock, seed=0)
    press_all(session, ["ROLL"], clock)  # the next set-up: the game's summary is written
    session.close()
    summarized = from_summaries(tmp_path)
    assert summarized is not None
    assert lines(summarized) == listing(load(tmp_path))
    assert lines(summarized)[0].endswith("  (Wild West Legacy series 1, game 1)")


def test_summaries_without_their_series_record_leave_games_to_the_series_file(
    two_games: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = copied(two_games, tmp_path)
    for journal in journals(state / "games")[:2]:  # as summaries were written before
        summaries.write(journal, summaries.read(summaries.summary_path(journal)))
    assert from_summaries(state) is None
    assert main(["games", "--state-dir", str(state)]) == 0
    assert capsys.readouterr() == ("\n".join(listing(load(two_games))) + "\n", "")


def test_a_legacy_summary_written_without_its_series_title_leaves_it_to_the_series_file(
    tmp_path: Path,
) -> None:
    """Summaries written before they kept the title of what makes the series: the list does
    not guess the series from a module's id, the full reading says it."""
    session, clock = legacy_session(tmp_path)
    play_to_the_end(session, clock, seed=0)
    press_all(session, ["ROLL"], clock)
    session.close()
    (path,) = (tmp_path / "games").glob("*" + summaries.SUFFIX)
    kept = json.loads(path.read_text())
    assert kept.pop(games_list.SERIES_OF) == "Wild West Legacy"
    path.write_text(json.dumps(kept))
    assert from_summaries(tmp_path) is None
    assert listing(load(tmp_path))[0].endswith("  (Wild West Legacy series 1, game 1)")


def test_a_series_record_unlike_its_summarys_is_read_and_reported_as_before(
    two_games: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = copied(two_games, tmp_path)
    data = json.loads((state / SERIES_FILE).read_text())
    data["games"][1]["seats"] = [1, 1, 2, 3, 4, 5]
    (state / SERIES_FILE).write_text(json.dumps(data))
    assert from_summaries(state) is None
    assert main(["games", "--state-dir", str(state)]) == 0
    out, err = capsys.readouterr()
    assert out == listing(load(two_games))[0] + "\n"
    assert err.startswith(f"bang-companion: skipped {state / SERIES_FILE}: game 2: seats: ")


def test_games_as_a_command_answers_from_the_summaries_without_loading_the_engine(
    two_games: Path,
) -> None:
    """The command's start is most of its time at thousands of games: the engine, the
    devices and the bots are not loaded to print the list."""
    script = (
        "import sys\n"
        "from companion.launch import main\n"
        "code = main(['games', '--state-dir', sys.argv[1]])\n"
        "print(code, sorted(m for m in sys.modules if m.startswith('companion')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(two_games)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    *listed, loaded = done.stdout.splitlines()
    assert listed == listing(load(two_games))
    assert loaded == "0 ['companion', 'companion.games_list', 'companion.launch']"


def test_any_other_command_line_is_left_to_the_whole_program(two_games: Path) -> None:
    for argv in (
        ["games", "--state-dir", str(two_games), "--json"],
        ["games"],
        ["games", "--state-dir", str(two_games / "nothing here")],
        ["replay", "--state-dir", str(two_games)],
    ):
        assert quick(argv) is None, argv


def test_the_list_names_its_files_as_the_table_does() -> None:
    assert (games_list.SERIES_FILE, games_list.SERIES_VERSION) == (SERIES_FILE, series.VERSION)
    assert (games_list.SUMMARY_SUFFIX, games_list.SUMMARY_VERSION) == (
        summaries.SUFFIX,
        summaries.VERSION,
    )
    assert games_list.JOURNAL_SUFFIX == SUFFIX
