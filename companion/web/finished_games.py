"""Every finished game on disk, read back from its journal, and the list of them all.

A game's page replays its journal through the engine, so a game played before these pages
existed gets its page too, and nothing is shown that the replay did not give. The series file
(``series.json``) adds what only the end of the game told: when it ended, and the role cards
the living entered on the game over screen. What a page may show of the roles is what the table
saw at the end: the cards face up (the Sheriff's, the eliminated, special cards revealed) and
those entered; a card never shown stays unnamed.

The list reads each game's summary (``table/summaries.py``) instead: the table writes it when
the game ends, and a journal without one (a state folder from before summaries, a summary lost
or unreadable) gets it made here, a few journals a look, so no look replays thousands of them.
"""

from __future__ import annotations

import contextlib
import logging
import os
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from pathlib import Path

from ..engine import EngineError, Game, TurnStarted
from ..i18n import CORE, Catalogue
from ..table import summaries
from ..table.journal import (
    DATED,
    NUMBERED,
    SUFFIX,
    JournalContents,
    JournalError,
    journals,
    read_journal,
)
from ..table.play import TablePlay, Taken
from ..table.series import SeriesGame, read
from ..table.story import History, Tokens, TurnTold, retell, tokens
from ..table.summaries import GameSummary, SeatAtEnd, SummaryError, summarize, with_listing

log = logging.getLogger(__name__)
_ = Catalogue(CORE).gettext

__all__ = [
    "FinishedGame",
    "GameSummary",
    "SeatAtEnd",
    "finished_game",
    "finished_games",
    "forget_replays",
]

# Replayed games kept in memory, by journal file and its size and time of change, so a server
# asked again replays nothing: whole games (story and course, about 100 KiB each in memory),
# and the summaries of the few journals that have none on disk yet (under 1 KiB each).
REPLAYS_KEPT = 16
SUMMARIES_KEPT = 64
# Summaries read from disk kept in memory (about 1 KiB each), so the index's next look reads
# only the new ones.
SUMMARIES_READ = 10_000
# Journals without a summary that one look at the list makes one for: an old state folder's
# thousands of games are summarized over a few looks, each answered in about a second.
MADE_PER_LOOK = 25


@dataclass(frozen=True, slots=True)
class FinishedGame(GameSummary):
    """One finished game: its set-up, its end, its story by turn and its course.

    ``course`` holds every seat's life and arrows at the start (turn 0) and after each turn,
    by turn number: a turn ends where the next one begins, the last where the game ended."""

    turns: tuple[TurnTold, ...]
    course: tuple[tuple[int, Tokens], ...]


@dataclass(frozen=True)
class Index:
    """The list of finished games: ``games`` oldest first, each file that could not be read
    (one line each, which and why), and how many journals are still to be summarized."""

    games: list[GameSummary]
    skipped: list[str]
    unread: int


def finished_index(state_dir: Path) -> Index:
    """Every finished game's summary, oldest first; up to ``MADE_PER_LOOK`` journals without a
    summary get theirs made (and written beside them), an unreadable one kept aside first."""
    directory = state_dir / "games"
    found = journals(directory)
    versions = _summary_versions(directory) if found else {}
    series = _Listing(state_dir)
    games: list[GameSummary] = []
    skipped: list[str] = []
    made = unread = 0
    for path in found:
        kept = summaries.summary_path(path)
        if kept.name in versions:
            try:
                summary = _kept(kept, *versions[kept.name])
            except SummaryError as exc:
                aside = summaries.keep_aside(kept)
                log.warning("%s; kept as %s, made again from its journal", exc, aside)
                said = _("{problem} (kept as {aside}; made again from its journal)")
                skipped.append(said.format(problem=exc, aside=aside))
            except FileNotFoundError:  # taken away since the folder was listed
                continue
            else:
                if summary is not None:
                    games.append(summary)
                continue
        try:
            if path == found[-1]:  # perhaps still in play, or on the game over screen
                summary = _newest(path, series)
            elif made < MADE_PER_LOOK:
                made += 1
                summary = _summarized(path, read_journal(path), series.of(path))
            else:
                unread += 1
                continue
        except JournalError as exc:
            skipped.append(str(exc))
            continue
        if summary is not None:
            games.append(summary)
    return Index(games, skipped + series.problems, unread)


def _summary_versions(directory: Path) -> dict[str, tuple[int, int]]:
    """Each summary file in ``directory`` by name: its size and time of change."""
    versions = {}
    with os.scandir(directory) as entries:
        for entry in entries:
            if entry.name.endswith(summaries.SUFFIX):
                with contextlib.suppress(FileNotFoundError):  # gone since listed: none
                    stat = entry.stat()
                    versions[entry.name] = (stat.st_size, stat.st_mtime_ns)
    return versions


@lru_cache(maxsize=SUMMARIES_READ)
def _kept(path: Path, size: int, changed: int) -> GameSummary | None:
    """A summary file as it is now (``size`` and ``changed`` tell a new version of it): a
    server asked again reads only the summaries written since."""
    return summaries.read(path)


class _Listing:
    """The series file, read only when a game's summary is to be made (it lists every game:
    at thousands of games, reading it is what a look at the list would cost)."""

    def __init__(self, state_dir: Path) -> None:
        self.state_dir = state_dir
        self.problems: list[str] = []
        self._games: dict[str, SeriesGame] | None = None

    def of(self, journal: Path) -> SeriesGame | None:
        if self._games is None:
            games, self.problems = read(self.state_dir)
            self._games = {g.journal: g for g in games}
        return self._games.get(journal.name)


def _newest(path: Path, series: _Listing) -> GameSummary | None:
    """The newest journal's game: summarized on disk once its journal has ended; until then
    (in play, or on the game over screen, where roles may still be entered) only in memory,
    its replay kept while the journal does not change."""
    contents = read_journal(path)
    if contents.finished or contents.abandoned:
        return _summarized(path, contents, series.of(path))
    stat = path.stat()
    over = _summary(path, stat.st_size, stat.st_mtime_ns, True)
    if over is None:
        return None
    listed = series.of(path)
    return over if listed is None else with_listing(over, listed)


def _summarized(
    path: Path, contents: JournalContents, listed: SeriesGame | None
) -> GameSummary | None:
    """The summary of a journal whose game has ended (or never will: a newer game began),
    made from it and kept beside it; one the disk refuses is only logged."""
    summary = None
    if not contents.abandoned and (contents.finished or listed is not None):
        try:
            play = TablePlay.replay(contents, path)
        except EngineError as exc:
            raise JournalError(path, None, str(exc)) from exc
        summary = summarize(play, contents.created, listed)
    try:
        summaries.write(path, summary, listed)
    except OSError as exc:
        log.warning("%s: its summary is not written (%s)", path.name, exc)
    return summary


def finished_games(state_dir: Path) -> tuple[list[FinishedGame], list[str]]:
    """Every finished game in the state folder, whole (story and course), oldest first, and
    each journal or file that could not be read, one line each saying which and why."""
    listed, skipped = read(state_dir)
    by_journal = {g.journal: g for g in listed}
    games = []
    for path in journals(state_dir / "games"):
        try:
            game = _finished(path, by_journal.get(path.name))
        except JournalError as exc:
            skipped.append(str(exc))
            continue
        if game is not None:
            games.append(game)
    return games, skipped


def finished_game(state_dir: Path, game_id: str) -> FinishedGame | None:
    """The finished game of this id, or None: no such journal, or its game is not over.
    JournalError when the journal cannot be read."""
    name = f"{game_id}{SUFFIX}"  # a game's id is its journal's name: nothing else is read
    if not (NUMBERED.match(name) or DATED.match(name)):
        return None
    path = state_dir / "games" / name
    if not path.is_file():
        return None
    listed, _skipped = read(state_dir)
    return _finished(path, next((g for g in listed if g.journal == name), None))


def _finished(path: Path, listed: SeriesGame | None, whole: bool = True) -> FinishedGame | None:
    """The game of a journal that says it ended (its end record) or that the series file
    lists (a game over whose next game has not begun), with what the end told; None for a
    game still in play or abandoned."""
    try:
        stat = path.stat()
    except OSError as exc:
        said = _("cannot be read ({error})").format(error=exc.strerror or exc)
        raise JournalError(path, None, said) from exc
    version = (path, stat.st_size, stat.st_mtime_ns, listed is not None)
    replayed = _replayed(*version) if whole else _summary(*version)
    if replayed is None or listed is None:
        return replayed
    return with_listing(replayed, listed)


@lru_cache(maxsize=SUMMARIES_KEPT)
def _summary(path: Path, size: int, changed: int, listed: bool) -> FinishedGame | None:
    """The game's set-up and end, for the index."""
    game = _replayed(path, size, changed, listed)
    return None if game is None else replace(game, turns=(), course=())


@lru_cache(maxsize=REPLAYS_KEPT)
def _replayed(path: Path, size: int, changed: int, listed: bool) -> FinishedGame | None:
    """The journal's game replayed, as its file is now (``size`` and ``changed`` tell a new
    version of it). JournalError when it cannot be (not kept: the next look reads it again)."""
    contents = read_journal(path)
    if contents.abandoned or not (contents.finished or listed):
        return None  # a game in play is never replayed for the pages
    try:
        play = TablePlay.replay(contents, path)
    except EngineError as exc:
        raise JournalError(path, None, str(exc)) from exc
    summary = summarize(play, contents.created, None)
    if summary is None:
        return None
    history = History(keep=None)
    for told in retell([(s.before, s.action, s.auto, s.box) for s in play.taken], play.seats):
        history.add(told.press)
    return FinishedGame(
        **{f.name: getattr(summary, f.name) for f in fields(GameSummary)},
        turns=tuple(history.turns),
        course=_course(play.taken, play.game),
    )


def forget_replays() -> None:
    """Drop the games replayed so far: their stories were told in the language then in use."""
    _summary.cache_clear()
    _replayed.cache_clear()


def _course(steps: list[Taken], end: Game) -> tuple[tuple[int, Tokens], ...]:
    """Life and arrows at the start and after each turn: a turn is over when the next one
    starts. A special role revealed into a moment still open (Old Saloon 3: an elimination or
    a gain at the end of the turn just over, before the next player acts) changes how that
    turn ended, so the next turn starting again gives its point anew; a reveal that goes back
    further takes the later turns back, as the table did."""
    points: dict[int, Tokens] = {0: tokens(steps[0].before)} if steps else {}
    for step, after in zip(steps, [s.before for s in steps[1:]] + [end], strict=True):
        for event in step.events:
            if isinstance(event, TurnStarted) and event.turn > 1:
                points = {t: v for t, v in points.items() if t < event.turn - 1}
                points[event.turn - 1] = tokens(after)
    points[end.turn_number] = tokens(end)
    return tuple(sorted(points.items()))
