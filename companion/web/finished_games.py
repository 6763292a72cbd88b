"""Every finished game on disk, read back from its journal.

The journal is replayed through the engine, so a game played before these pages existed gets
its page too, and nothing is shown that the replay did not give. The series file
(``series.json``) adds what only the end of the game told: when it ended, and the role cards
the living entered on the game over screen. What a page may show of the roles is what the table
saw at the end: the cards face up (the Sheriff's, the eliminated, special cards revealed) and
those entered; a card never shown stays unnamed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..engine import CHARACTERS, SPECIAL_ROLES, EngineError, Game, PlayerState, Role
from ..table.journal import LEGACY, NUMBERED, SUFFIX, JournalError, journals, read_journal
from ..table.labels import ROLE_LABELS
from ..table.play import TablePlay
from ..table.prompts import EXPANSION_LABELS, SIDE_LABELS, house_rules_text, module_label
from ..table.series import SeriesGame, read
from ..table.story import History, Tokens, TurnTold, retell, tokens


@dataclass(frozen=True)
class SeatAtEnd:
    """A seat as the table saw it at the end: ``role`` is the card shown (None: never)."""

    number: int  # the physical seat
    character: str
    role: str | None
    life: int
    max_life: int
    alive: bool
    winner: bool
    box: bool  # the box played it


@dataclass(frozen=True)
class FinishedGame:
    """One finished game: its set-up, its end, its story by turn and its course.

    ``course`` holds every seat's life and arrows at the start (turn 0) and after each turn,
    by turn number: a turn ends where the next one begins, the last where the game ended."""

    id: str
    date: str
    modules: tuple[str, ...]  # in the table's words, each with its expansion
    house_rules: str
    side: str
    seats: tuple[SeatAtEnd, ...]
    turns: tuple[TurnTold, ...]
    course: tuple[tuple[int, Tokens], ...]

    @property
    def winners(self) -> tuple[SeatAtEnd, ...]:
        return tuple(s for s in self.seats if s.winner)


def finished_games(state_dir: Path) -> tuple[list[FinishedGame], list[str]]:
    """Every finished game in the state folder, oldest first, and each journal or file that
    could not be read, one line each saying which and why."""
    listed, skipped = read(state_dir)
    by_journal = {g.journal: g for g in listed}
    games = []
    for path in journals(state_dir / "games"):
        try:
            game = _finished(path, by_journal.get(path.name))
        except (JournalError, EngineError) as exc:
            skipped.append(str(exc) if isinstance(exc, JournalError) else f"{path}: {exc}")
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
    try:
        return _finished(path, next((g for g in listed if g.journal == path.name), None))
    except EngineError as exc:
        raise JournalError(path, None, str(exc)) from exc


def _finished(path: Path, listed: SeriesGame | None) -> FinishedGame | None:
    contents = read_journal(path)
    if contents.abandoned:
        return None
    play = TablePlay.replay(contents, path)
    game = play.game
    if not game.over or game.side is None:
        return None
    declared = dict(listed.declared) if listed is not None else {}
    winners = set(listed.winners()) if listed is not None else set(game.winners)
    seats = tuple(
        SeatAtEnd(
            number=play.seats[p.seat],
            character=CHARACTERS[p.character].title,
            role=_card(p, declared.get(p.seat)),
            life=p.life,
            max_life=p.max_life,
            alive=p.alive,
            winner=p.seat in winners,
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
        date=_date(listed, contents.created),
        modules=tuple(
            f"{EXPANSION_LABELS[m.value.partition('.')[0]]}: {module_label(m)}"
            + (" (mixed)" if setup.specials_mixed and m.value == "old_saloon.3" else "")
            for m in sorted(setup.modules)
        ),
        house_rules=house_rules_text(setup.house_rules),
        side=SIDE_LABELS.get(game.side, "Game over"),
        seats=seats,
        turns=tuple(history.turns),
        course=_course([s.before for s in play.taken] + [game]),
    )


def _card(p: PlayerState, entered: str | None) -> str | None:
    """The role card the table saw: face up by the rules (a special card by its title), or
    entered on the game over screen; None for a card never shown."""
    if p.revealed and p.role is not None:
        if p.special is not None and p.special_shown:
            return SPECIAL_ROLES[p.special].title
        return ROLE_LABELS[p.role]
    return ROLE_LABELS[Role(entered)] if entered is not None else None


def _course(states: list[Game]) -> tuple[tuple[int, Tokens], ...]:
    """Life and arrows at the start and after each turn, from the game before each action
    and the game at its end. A reveal that goes back to an earlier turn (Old Saloon 3) takes
    the turns after it back, as the table did."""
    began: dict[int, Tokens] = {}
    turn = 0
    for state in states:
        if state.turn_number != turn:
            turn = state.turn_number
            began = {t: v for t, v in began.items() if t < turn}
            began[turn] = tokens(state)
    points = [(t - 1, v) for t, v in sorted(began.items())]
    return (*points, (turn, tokens(states[-1])))


def _date(listed: SeriesGame | None, created: str) -> str:
    """When the game ended (the series file), or, for a game it does not list, began (the
    journal's header), in UTC; '' when neither says."""
    if listed is not None:
        return listed.finished.replace("T", " ").removesuffix("Z")[:16] + " UTC"
    try:
        began = datetime.strptime(created, "%Y-%m-%dT%H:%M:%S%z")
    except ValueError:
        return ""
    return began.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC") + " (began)"
