"""Games in a row kept on disk (a module's series), and the table's history.

``<state_dir>/series.json`` lists every finished game: when it ended, its journal, the seats,
characters and winners, and what a series' rules need from it (``GameResult``). A game
set up from the one before links to it, so the history shows which games form a series. The
file is replaced whole (``durable.replace``), so a power cut leaves the old or the new list,
never half of one. Every field read back is checked; a file that is not what it should be is
kept aside and the table starts a new list.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import (
    CHARACTERS,
    MODULES,
    CompanionError,
    GameResult,
    Module,
    NextGame,
    Role,
    SetupError,
    listed,
    result_of,
    series_module,
    series_next,
    text,
    whole_number,
)
from ..games_list import Listed, lines
from ..i18n import CORE, Catalogue
from . import durable
from .end_roles import Declared
from .play import TablePlay
from .prompts import SIDE_LABELS
from .records import RecordError, seats_list

log = logging.getLogger(__name__)
_ = Catalogue(CORE).gettext

SERIES_FILE = "series.json"
VERSION = 1


class SeriesError(CompanionError):
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
    declared: Declared = ()  # roles the living entered on the game over screen (end_roles)
    told: tuple[int, ...] = ()  # winners learned from them, beside the result's

    def to_json(self) -> dict[str, Any]:
        data = {
            "journal": self.journal,
            "finished": self.finished,
            "series": self.series,
            "seats": list(self.seats),
            "modules": list(self.modules),
            "result": self.result.to_json(),
        }
        if self.declared:
            data["declared"] = [list(d) for d in self.declared]
        if self.told:
            data["told_winners"] = list(self.told)
        return data

    def winners(self) -> tuple[int, ...]:
        """Every winner the table knows of, the roles entered at the end included."""
        return tuple(sorted({*self.result.winners, *self.told}))

    @classmethod
    def from_json(cls, data: Any) -> SeriesGame:
        """A game record as the file holds it; ValueError names the field that is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"expected an object, got {data!r}")
        try:
            result = GameResult.from_json(data.get("result"))
        except SetupError as exc:
            raise ValueError(str(exc)) from None
        try:
            seats = seats_list(data.get("seats"), len(result.characters))
        except RecordError as exc:
            raise ValueError(f"seats: {exc}") from None
        modules = [text(m, "modules") for m in listed(data.get("modules"), "modules")]
        unknown = [m for m in modules if m not in Module]
        if unknown:
            raise ValueError(f"modules: unknown module {unknown[0]!r}")
        return cls(
            journal=text(data.get("journal"), "journal"),
            finished=text(data.get("finished"), "finished"),
            series=whole_number(data.get("series"), "series", 1),
            seats=tuple(seats),
            modules=tuple(modules),
            result=result,
            declared=_declared(data.get("declared", []), len(seats)),
            told=tuple(
                whole_number(s, "told_winners: a seat", 0, len(seats) - 1)
                for s in listed(data.get("told_winners", []), "told_winners")
            ),
        )


def _declared(value: Any, players: int) -> Declared:
    """The roles entered at the end, each ``[seat, role or null]``; ValueError says what is
    wrong."""
    found: list[tuple[int, str | None]] = []
    for entry in listed(value, "declared"):
        if not isinstance(entry, list) or len(entry) != 2:
            raise ValueError(f"declared: expected [seat, role or null], got {entry!r}")
        seat = whole_number(entry[0], "declared: a seat", 0, players - 1)
        role = entry[1]
        if role is not None and (not isinstance(role, str) or role not in set(Role)):
            raise ValueError(f"declared: unknown role {role!r}; expected one of {list(Role)}")
        if any(seat == s for s, _ in found):
            raise ValueError(f"declared: seat {seat} twice")
        found.append((seat, None if role is None else str(role)))
    return tuple(found)


def read(state_dir: Path) -> tuple[list[SeriesGame], list[str]]:
    """Every finished game that can be read, oldest first, and what was skipped and why (one
    line each; the whole file's fault when it cannot be read at all)."""
    path = state_dir / SERIES_FILE
    try:
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        return [], []
    except (OSError, ValueError, RecursionError) as exc:
        return [], [f"{path}: not readable as the series' JSON ({exc})"]
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return [], [f"{path}: expected a series file of version {VERSION}"]
    if not isinstance(data.get("games"), list):
        return [], [f"{path}: 'games' must be a list of game records"]
    games, skipped = [], []
    for number, entry in enumerate(data["games"], start=1):
        try:
            games.append(SeriesGame.from_json(entry))
        except ValueError as exc:
            skipped.append(f"{path}: game {number}: {exc}")
    return games, skipped


def load(state_dir: Path) -> list[SeriesGame]:
    """Every finished game, oldest first ([] before the first); SeriesError names the first
    thing wrong, since a series cannot go on from a list it cannot trust whole."""
    games, skipped = read(state_dir)
    if skipped:
        raise SeriesError(skipped[0])
    return games


def kept_aside(state_dir: Path, problem: str) -> str:
    """Keep an unreadable series file for a person to look at; the one line that says so."""
    kept = durable.keep_aside(state_dir / SERIES_FILE, "the series file")
    log.error("series file unreadable, kept as %s: %s", kept.name, problem)
    return _("Series file unreadable, kept: {file}").format(file=kept.name)


def record(
    state_dir: Path,
    play: TablePlay,
    journal: str,
    when: float | None = None,
    continues: bool = True,
) -> SeriesGame:
    """Add the finished game once (a game already listed is left as it is); its listing.

    With a module whose games make a series at the same seats as the last
    game it continues that game's series (its set-up came from it: ``follow_up``), unless the
    table left the series (``continues`` false: the game was set up afresh); otherwise it
    starts a new one.
    """
    games = load(state_dir)
    known = next((g for g in games if journal and g.journal == journal), None)
    if known is not None:
        return known
    modules = play.game.setup.modules
    follows = continues and bool(games) and follow_up(state_dir, play.seats, modules) is not None
    last = games[-1].series if games else 0
    entry = SeriesGame(
        journal=journal,
        finished=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(when)),
        series=last if follows else last + 1,
        seats=tuple(play.seats),
        modules=tuple(sorted(str(m) for m in play.game.setup.modules)),
        result=result_of(play.game),
    )
    data = {"version": VERSION, "games": [g.to_json() for g in [*games, entry]]}
    durable.replace(state_dir / SERIES_FILE, json.dumps(data, indent=1).encode())
    return entry


def find(state_dir: Path, journal: str) -> SeriesGame | None:
    """The game of ``journal`` in the series file, if listed (SeriesError when unreadable)."""
    return next((g for g in load(state_dir) if g.journal == journal), None)


def declare(state_dir: Path, journal: str, declared: Declared, told: tuple[int, ...]) -> None:
    """The roles entered at the end of a listed game, as they are now (one more, or one
    taken back by UNDO), and the winners learned from them: the file replaced whole."""
    games = [
        dataclasses.replace(g, declared=declared, told=told) if g.journal == journal else g
        for g in load(state_dir)
    ]
    data = {"version": VERSION, "games": [g.to_json() for g in games]}
    durable.replace(state_dir / SERIES_FILE, json.dumps(data, indent=1).encode())


def unlist(state_dir: Path, journal: str) -> None:
    """Take a game out of the list again: UNDO took back the press that ended it."""
    games = load(state_dir)
    kept = [g for g in games if g.journal != journal]
    if len(kept) != len(games):
        data = {"version": VERSION, "games": [g.to_json() for g in kept]}
        durable.replace(state_dir / SERIES_FILE, json.dumps(data, indent=1).encode())


def follow_up(
    state_dir: Path | None, seats: list[int], modules: frozenset[Module], before: str | None = None
) -> NextGame | None:
    """What the last game decides for the next one at these seats, with a module on whose games
    make a series; ``before``: the journal of a game set up already, whose set-up saw only the
    games before it (it may be listed itself by now)."""
    if state_dir is None or series_module(modules) is None:
        return None
    games = before_game(load(state_dir), before)
    if not games or list(games[-1].seats) != seats:
        return None
    return series_next(modules, games[-1].result)


def before_game(games: list[SeriesGame], journal: str | None) -> list[SeriesGame]:
    """The games listed before the one of ``journal`` (all of them for None)."""
    if journal is None:
        return games
    return list(itertools.takewhile(lambda g: g.journal != journal, games))


def series_title(modules: tuple[str, ...]) -> str | None:
    """What the history calls a game's series: the title of the module in play whose games
    make one (None: a game alone)."""
    making = series_module(frozenset(Module(m) for m in modules))
    return None if making is None else MODULES[making].title


def listing(games: list[SeriesGame]) -> list[str]:
    """The history, one game a line (``games_list.lines``), from the series file's records."""
    return lines(
        [
            Listed(
                finished=g.finished,
                series=g.series,
                seats=tuple(
                    (seat, CHARACTERS[c].title)
                    for seat, c in zip(g.seats, g.result.characters, strict=True)
                ),
                side=SIDE_LABELS.get(g.result.side, g.result.side),
                winners=tuple(g.seats[s] for s in g.winners()),
                series_of=series_title(g.modules),
            )
            for g in games
        ]
    )
