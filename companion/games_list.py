"""The list of finished games that ``bang-companion games`` prints, made from each game's
summary (``table/summaries.py``) with the standard library alone.

Checking every record of the series file takes the engine (character titles, results) and
about 100 µs a game; the summaries already hold what a line says in the table's words. The
series file still decides which games are listed and in what order (it is only parsed, not
checked record by record); a game is answered from its summary only when the summary keeps
the very record the series file holds. Anything else (a folder from before summaries, a game
on the game over screen whose summary is not written yet, a file not as expected) is left to
the full reading, which checks every record and names what is wrong.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from gettext import NullTranslations
from pathlib import Path
from typing import Any, NamedTuple, Protocol

SERIES_FILE = "series.json"  # as table/series.py names it
SERIES_VERSION = 1
SUMMARY_SUFFIX = ".summary.json"  # as table/summaries.py names them
SUMMARY_VERSION = 1
JOURNAL_SUFFIX = ".jsonl"
LEGACY_MODULE = "undead_or_alive.5"  # Module.WILD_WEST_LEGACY, kept by its name on disk


class Listed(NamedTuple):
    """What one line of the list says of a game (a tuple: made thousands of times, at the
    start of a command)."""

    finished: str  # UTC, ISO 8601, as the series file keeps it
    series: int
    seats: tuple[tuple[int, str], ...]  # (physical seat, character title), clockwise
    side: str  # in the table's words
    winners: tuple[int, ...]  # physical seats, clockwise
    legacy: bool


class Words(Protocol):
    """A catalogue's words (``companion.i18n.Catalogue``), which the quick start never loads."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


def lines(games: Sequence[Listed], words: Words | None = None) -> list[str]:
    """The history, one game a line: date, players, characters, winners, and for a game of
    a Wild West Legacy series, which series and which game of it ("Legacy series 2, game 3");
    in the words given (English without: the quick start answers before any language is read)."""
    w = words or NullTranslations()
    _ = w.gettext
    said = []
    legacy: dict[int, tuple[int, int]] = {}  # series number: its number among Legacy series,
    for n, g in enumerate(games, 1):  # and games of it so far
        who = ", ".join(f"{seat} {title}" for seat, title in g.seats)
        winners = [str(s) for s in g.winners]
        won = ""
        if winners:
            won = w.ngettext(": seat {seats}", ": seats {seats}", len(winners))
            won = won.format(seats=", ".join(winners))
        players = w.ngettext("{count} player: {who}", "{count} players: {who}", len(g.seats))
        line = (
            f"{n:3d}  {g.finished.replace('T', ' ').rstrip('Z')}  "
            f"{players.format(count=len(g.seats), who=who)}  {g.side}{won}"
        )
        if g.legacy:
            number, played = legacy.get(g.series, (len(legacy) + 1, 0))
            legacy[g.series] = (number, played + 1)
            series = _("  (Wild West Legacy series {number}, game {game})")
            line += series.format(number=number, game=played + 1)
        said.append(line)
    return said


def from_summaries(state_dir: Path) -> list[Listed] | None:
    """Every game the series file lists, oldest first, each read from its summary; None when
    one cannot be (the full reading of the series file then answers and names the fault)."""
    try:
        data = json.loads((state_dir / SERIES_FILE).read_bytes())
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("version") != SERIES_VERSION:
        return None
    entries = data.get("games")
    if not isinstance(entries, list):
        return None
    folder = os.path.join(state_dir, "games")  # a string: a path object per game costs more
    games = []
    for entry in entries:
        game = _summarized(folder, entry)
        if game is None:
            return None
        games.append(game)
    return games


def _summarized(folder: str, entry: Any) -> Listed | None:
    """The game of one series record, from the summary that keeps that same record."""
    journal = entry.get("journal") if isinstance(entry, dict) else None
    if not isinstance(journal, str) or not journal.endswith(JOURNAL_SUFFIX) or "/" in journal:
        return None
    try:
        name = journal.removesuffix(JOURNAL_SUFFIX) + SUMMARY_SUFFIX
        with open(os.path.join(folder, name), "rb") as f:
            kept = json.loads(f.read())
    except (OSError, ValueError, RecursionError):
        return None
    if (
        not isinstance(kept, dict)
        or kept.get("version") != SUMMARY_VERSION
        or kept.get("journal") != journal
        or kept.get("listed") != entry
        or not isinstance(kept.get("game"), dict)
    ):
        return None
    return _listed(entry, kept["game"])


def _listed(entry: dict[str, Any], game: dict[str, Any]) -> Listed | None:
    """A line's facts, each of the type it must be (None at the first that is not)."""
    finished, series, modules = entry.get("finished"), entry.get("series"), entry.get("modules")
    seats, side = game.get("seats"), game.get("side")
    if not (
        isinstance(finished, str)
        and isinstance(series, int)
        and isinstance(modules, list)
        and isinstance(seats, list)
        and isinstance(side, str)
        and entry.get("seats") == [s.get("number") if isinstance(s, dict) else None for s in seats]
    ):
        return None
    said = []
    for seat in seats:
        number, title, winner = seat.get("number"), seat.get("character"), seat.get("winner")
        if not (isinstance(number, int) and isinstance(title, str) and isinstance(winner, bool)):
            return None
        said.append((number, title, winner))
    return Listed(
        finished=finished,
        series=series,
        seats=tuple((number, title) for number, title, _ in said),
        side=side,
        winners=tuple(number for number, _, winner in said if winner),
        legacy=LEGACY_MODULE in modules,
    )


def quick(argv: Sequence[str]) -> int | None:
    """``games --state-dir DIR`` answered from the summaries before the rest of the program
    is loaded; None for any other command line, or a folder the full reading must answer."""
    if len(argv) == 3 and argv[:2] == ["games", "--state-dir"]:
        named = argv[2]
    elif len(argv) == 2 and argv[0] == "games" and argv[1].startswith("--state-dir="):
        named = argv[1].removeprefix("--state-dir=")
    else:
        return None
    games = from_summaries(Path(named).expanduser()) if named else None
    if not games:
        return None
    try:
        print("\n".join(lines(games)))
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (``| head``): nothing more written at exit to the pipe.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
