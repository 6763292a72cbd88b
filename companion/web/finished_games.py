"""Every finished game on disk, read back from its journal.

The journal is replayed through the engine, so a game played before these pages existed gets
its page too, and nothing is shown that the replay did not give. The series file
(``series.json``) adds what only the end of the game told: when it ended, and the role cards
the living entered on the game over screen. What a page may show of the roles is what the table
saw at the end: the cards face up (the Sheriff's, the eliminated, special cards revealed) and
those entered; a card never shown stays unnamed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path

from ..engine import (
    CHARACTERS,
    SPECIAL_ROLES,
    EngineError,
    Game,
    Module,
    PlayerState,
    Role,
    TurnStarted,
)
from ..table.journal import LEGACY, NUMBERED, SUFFIX, JournalError, journals, read_journal
from ..table.labels import ROLE_LABELS
from ..table.play import TablePlay, Taken
from ..table.prompts import EXPANSION_LABELS, SIDE_LABELS, house_rules_text, module_label
from ..table.series import SeriesGame, read
from ..table.story import History, Tokens, TurnTold, retell, tokens

# Replayed games kept in memory, by journal file and its size and time of change, so a server
# asked again replays nothing: whole games (story and course, about 100 KiB each in memory),
# and the index's summary of many more (under 1 KiB each).
REPLAYS_KEPT = 16
SUMMARIES_KEPT = 4096


@dataclass(frozen=True)
class SeatAtEnd:
    """A seat as the table saw it at the end: ``role`` is the card shown (None: never),
    ``state`` its life or "out", and what it became (a zombie, the Ghost)."""

    number: int  # the physical seat
    character: str
    role: str | None
    state: str
    winner: bool
    box: bool  # the box played it


@dataclass(frozen=True)
class FinishedGame:
    """One finished game: its set-up, its end, its story by turn and its course.

    ``course`` holds every seat's life and arrows at the start (turn 0) and after each turn,
    by turn number: a turn ends where the next one begins, the last where the game ended."""

    id: str
    date: str
    modules: tuple[str, ...]  # in the table's words, one line per expansion
    house_rules: str
    side: str
    seats: tuple[SeatAtEnd, ...]
    turns: tuple[TurnTold, ...]
    course: tuple[tuple[int, Tokens], ...]

    @property
    def winners(self) -> tuple[SeatAtEnd, ...]:
        return tuple(s for s in self.seats if s.winner)


def finished_games(state_dir: Path, whole: bool = True) -> tuple[list[FinishedGame], list[str]]:
    """Every finished game in the state folder, oldest first (without ``whole``, their set-up
    and end only: no turns, no course), and each journal or file that could not be read, one
    line each saying which and why."""
    listed, skipped = read(state_dir)
    by_journal = {g.journal: g for g in listed}
    games = []
    for path in journals(state_dir / "games"):
        try:
            game = _finished(path, by_journal.get(path.name), whole)
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
    if not (NUMBERED.match(name) or LEGACY.match(name)):
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
        raise JournalError(path, None, f"cannot be read ({exc.strerror or exc})") from exc
    version = (path, stat.st_size, stat.st_mtime_ns, listed is not None)
    replayed = _replayed(*version) if whole else _summary(*version)
    if replayed is None or listed is None:
        return replayed
    declared = dict(listed.declared)
    told = set(listed.told)
    seats = tuple(
        replace(
            seat,
            role=seat.role if seat.role is not None else _entered(declared.get(engine_seat)),
            winner=seat.winner or engine_seat in told,
        )
        for engine_seat, seat in enumerate(replayed.seats)
    )
    return replace(replayed, date=_ended(listed), seats=seats)


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
    game = play.game
    if not game.over or game.side is None:
        return None
    seats = tuple(
        SeatAtEnd(
            number=play.seats[p.seat],
            character=CHARACTERS[p.character].title,
            role=_card(p),
            state=_state(p),
            winner=p.seat in game.winners,
            box=play.seats[p.seat] in play.bots,
        )
        for p in game.players
    )
    history = History(keep=None)
    for told in retell([(s.before, s.action, s.auto, s.box) for s in play.taken], play.seats):
        history.add(told.press)
    setup = game.setup
    return FinishedGame(
        id=path.name.removesuffix(SUFFIX),
        date=_began(contents.created),
        modules=_modules(setup.modules, setup.specials_mixed),
        house_rules=house_rules_text(setup.house_rules),
        side=SIDE_LABELS.get(game.side, "Game over"),
        seats=seats,
        turns=tuple(history.turns),
        course=_course(play.taken, game),
    )


def _modules(modules: frozenset[Module], specials_mixed: bool) -> tuple[str, ...]:
    """The modules in play in the table's words, by expansion: "Old Saloon: Chief's Arrow,
    Special roles (mixed)"."""
    said = []
    for expansion, label in EXPANSION_LABELS.items():
        names = [
            module_label(m) + (" (mixed)" if specials_mixed and m is Module.SPECIAL_ROLES else "")
            for m in sorted(modules)
            if m.value.partition(".")[0] == expansion
        ]
        if names:
            said.append(f"{label}: {', '.join(names)}")
    return tuple(said)


def _state(p: PlayerState) -> str:
    """Life or out, and what the seat became: "life 3/8, zombie", "out, the Ghost"."""
    said = [f"life {p.life}/{p.max_life}" if p.alive else "out"]
    said += [name for flag, name in ((p.zombie, "zombie"), (p.master, "Zombie Master")) if flag]
    if p.ghost:
        said.append("the Ghost")
    return ", ".join(said)


def _entered(role: str | None) -> str | None:
    return ROLE_LABELS[Role(role)] if role is not None else None


def _card(p: PlayerState) -> str | None:
    """The role card face up by the rules: a special card by its title and role; None for a
    card the table has not seen (it may still be entered on the game over screen)."""
    if not p.revealed or p.role is None:
        return None
    if p.special is not None and p.special_shown:
        return f"{SPECIAL_ROLES[p.special].title} ({ROLE_LABELS[p.role]})"
    return ROLE_LABELS[p.role]


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


def _ended(listed: SeriesGame) -> str:
    """When the game ended, as the series file says (UTC)."""
    return listed.finished.replace("T", " ").removesuffix("Z")[:16] + " UTC"


def _began(created: str) -> str:
    """When a game the series file does not list began (its journal's header), in UTC; ''
    when the header does not say."""
    try:
        began = datetime.strptime(created, "%Y-%m-%dT%H:%M:%S%z")
    except ValueError:
        return ""
    return began.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC") + " (began)"
