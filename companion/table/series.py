"""Games in a row kept on disk (Undead or Alive 5, Wild West Legacy), and the table's history.

``<state_dir>/series.json`` lists every finished game: when it ended, its journal, the seats,
characters and winners, and what the Legacy rules need from it (``legacy.GameResult``). A game
set up from the one before links to it, so the history shows which games form a series. The
file is replaced whole (written aside, fsync'd, renamed), so a power cut leaves the old or the
new list, never half of one.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import CHARACTERS, Module
from ..engine.legacy import GameResult, NextGame, next_game, result_of
from .play import TablePlay
from .prompts import SIDE_LABELS

SERIES_FILE = "series.json"
VERSION = 1


class SeriesError(Exception):
    """The series file cannot be read; the message names the file and what is wrong."""


@dataclass(frozen=True)
class SeriesGame:
    """One finished game: ``series`` numbers the run of games it belongs to."""

    journal: str
    finished: str  # UTC, ISO 8601
    series: int
    seats: tuple[int, ...]  # the physical seats, clockwise, as the engine's seats 0..n-1
    modules: tuple[str, ...]
    result: GameResult

    def to_json(self) -> dict[str, Any]:
        return {
            "journal": self.journal,
            "finished": self.finished,
            "series": self.series,
            "seats": list(self.seats),
            "modules": list(self.modules),
            "result": self.result.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeriesGame:
        return cls(
            journal=str(data["journal"]),
            finished=str(data["finished"]),
            series=int(data["series"]),
            seats=tuple(data["seats"]),
            modules=tuple(data["modules"]),
            result=GameResult.from_json(data["result"]),
        )


def load(state_dir: Path) -> list[SeriesGame]:
    """Every finished game, oldest first ([] before the first)."""
    path = state_dir / SERIES_FILE
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as exc:
        raise SeriesError(f"{path}: not readable as the series' JSON ({exc})") from exc
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise SeriesError(f"{path}: expected a series file of version {VERSION}")
    try:
        return [SeriesGame.from_json(g) for g in data["games"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise SeriesError(f"{path}: a game record is incomplete or malformed ({exc!r})") from exc


def record(state_dir: Path, play: TablePlay, journal: str, when: float | None = None) -> None:
    """Add the finished game once (a game already listed is left as it is).

    With Wild West Legacy at the same seats as the last game it continues that game's series
    (its set-up came from it: ``follow_up``); otherwise it starts a new one.
    """
    games = load(state_dir)
    if journal and any(g.journal == journal for g in games):
        return
    modules = play.game.setup.modules
    follows = bool(games) and follow_up(state_dir, play.seats, modules) is not None
    last = games[-1].series if games else 0
    entry = SeriesGame(
        journal=journal,
        finished=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(when)),
        series=last if follows else last + 1,
        seats=tuple(play.seats),
        modules=tuple(sorted(str(m) for m in play.game.setup.modules)),
        result=result_of(play.game),
    )
    _write(state_dir, [*games, entry])


def _write(state_dir: Path, games: list[SeriesGame]) -> None:
    state_dir.mkdir(parents=True, exist_ok=True)
    path = state_dir / SERIES_FILE
    aside = path.with_suffix(".json.tmp")
    data = {"version": VERSION, "games": [g.to_json() for g in games]}
    with open(aside, "w") as handle:
        json.dump(data, handle, indent=1)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(aside, path)


def follow_up(
    state_dir: Path | None, seats: list[int], modules: frozenset[Module]
) -> NextGame | None:
    """What the last game decides for the next one at these seats, with Wild West Legacy on."""
    if state_dir is None or Module.WILD_WEST_LEGACY not in modules:
        return None
    games = load(state_dir)
    if not games or list(games[-1].seats) != seats:
        return None
    return next_game(games[-1].result)


def listing(games: list[SeriesGame]) -> list[str]:
    """The history, one game a line: series, date, players, characters, winners."""
    lines = []
    for n, g in enumerate(games, 1):
        r = g.result
        who = ", ".join(
            f"{seat} {CHARACTERS[c].title}" for seat, c in zip(g.seats, r.characters, strict=True)
        )
        winners = ", ".join(str(g.seats[s]) for s in r.winners) or "none"
        side = SIDE_LABELS.get(r.side, r.side)
        lines.append(
            f"{n:3d}  series {g.series}  {g.finished.replace('T', ' ').rstrip('Z')}  "
            f"{len(g.seats)} players: {who}  {side}: seats {winners}"
        )
    return lines
