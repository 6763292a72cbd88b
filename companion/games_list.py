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
# A summary's name for the title of the module whose games make the game's series, as
# table/summaries.py writes it (the list names a series without loading any module).
SERIES_OF = "series_of"


class Listed(NamedTuple):
    """What one line of the list says of a game (a tuple: made thousands of times, at the
    start of a command)."""

    finished: str  # UTC, ISO 8601, as the series file keeps it
    series: int
    seats: tuple[tuple[int, str], ...]  # (physical seat, character title), clockwise
    side: str  # in the table's words
    winners: tuple[int, ...]  # physical seats, clockwise
    series_of: str | None  # the title of the module whose games make its series (None: none)


class Words(Protocol):
    """A catalogue's words (``companion.i18n.Catalogue``), which the quick start never loads."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


def lines(games: Sequence[Listed], words: Words | None = None) -> list[str]:
    """The history, one game a line: date, players, characters, winners, and for a game of
    a module's series, which series of that module and which game of it ("<the module's
    title> series 2, game 3"); in the words given (English without: the quick start answers
    before any language is read)."""
    w = words or NullTranslations()
    _ = w.gettext
    said = []
    # By module title, by series number: its number among that module's series, and games of
    # it so far.
    numbered: dict[str, dict[int, tuple[int, int]]] = {}
    for n, g in enumerate(games, 1):
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
        if g.series_of is not None:
            of = numbered.setdefault(g.series_of, {})
            number, played = of.get(g.series, (len(of) + 1, 0))
            of[g.series] = (number, played + 1)
            series = _("  ({title} series {number}, game {game})")
            line += series.format(title=g.series_of, number=number, game=played + 1)
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
    """The game of one series record, from the summary that keeps that same record (and the
    title of what makes its series: a summary written without it is left to the full
    reading)."""
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
        or SERIES_OF not in kept
        or not isinstance(kept[SERIES_OF], str | None)
    ):
        return None
    return _listed(entry, kept["game"], kept[SERIES_OF])


def _listed(entry: dict[str, Any], game: dict[str, Any], series_of: str | None) -> Listed | None:
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
        series_of=series_of,
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
