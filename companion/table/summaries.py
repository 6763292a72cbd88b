"""A finished game in a few hundred bytes: its set-up and its end, kept beside its journal.

The list of finished games (the web page's index) reads these instead of replaying every
journal, so it costs the same with five games or five thousand. A summary is written once, when
its journal has ended (``games/<journal stem>.summary.json``, replaced whole: a power cut leaves
none or all of it), and never changes after. It is derived data: a summary that is missing is
made again from its journal and the series file; one that cannot be read is kept aside, said in
one line, and made again. A journal that holds no finished game (abandoned, or never won) gets a
summary saying so, so it is not read again either.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from ..engine import (
    CHARACTERS,
    MODULES,
    SPECIAL_ROLES,
    CompanionError,
    Module,
    PlayerState,
    Role,
    face_up_card,
    listed,
    text,
    truth,
    whole_number,
)
from ..games_list import SERIES_OF
from ..i18n import CORE, Catalogue
from . import durable
from .journal import SUFFIX as JOURNAL_SUFFIX
from .labels import ROLE_LABELS
from .module_words import became
from .play import TablePlay
from .prompts import SIDE_LABELS, expansions, house_rules_text, module_label
from .records import SEAT_NUMBERS
from .series import SeriesGame, series_title

S = TypeVar("S", bound="GameSummary")

SUFFIX = ".summary.json"
VERSION = 1
_ = Catalogue(CORE).gettext


class SummaryError(CompanionError):
    """A summary file that cannot be used; the message names the file and what is wrong."""


@dataclass(frozen=True, slots=True)
class SeatAtEnd:
    """A seat as the table saw it at the end: ``role`` is the card shown (None: never),
    ``state`` its life or "out", and what it became in the modules."""

    number: int  # the physical seat
    character: str
    role: str | None
    state: str
    winner: bool
    box: bool  # the box played it

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Any) -> SeatAtEnd:
        if not isinstance(data, dict):
            raise ValueError(f"a seat must be an object, not {data!r}")
        role = data.get("role")
        return cls(
            number=whole_number(data.get("number"), "seat number", 1, SEAT_NUMBERS[-1]),
            character=text(data.get("character"), "character"),
            role=None if role is None else text(role, "role"),
            state=text(data.get("state"), "state"),
            winner=truth(data.get("winner"), "winner"),
            box=truth(data.get("box"), "box"),
        )


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One finished game's set-up and end, in the table's words, as the index lists it."""

    id: str  # its journal's name without the suffix
    date: str
    modules: tuple[str, ...]  # in the table's words, one line per expansion
    house_rules: str
    side: str
    seats: tuple[SeatAtEnd, ...]

    @property
    def winners(self) -> tuple[SeatAtEnd, ...]:
        return tuple(s for s in self.seats if s.winner)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "date": self.date,
            "modules": list(self.modules),
            "house_rules": self.house_rules,
            "side": self.side,
            "seats": [s.to_json() for s in self.seats],
        }

    @classmethod
    def from_json(cls, data: Any) -> GameSummary:
        """A summary as its file holds it; ValueError names the field that is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"the game must be an object, not {data!r}")
        seats = tuple(SeatAtEnd.from_json(s) for s in listed(data.get("seats"), "seats"))
        if not 3 <= len(seats) <= 8 or len({s.number for s in seats}) != len(seats):
            raise ValueError("seats: expected 3 to 8 seats, each once")
        return cls(
            id=text(data.get("id"), "id"),
            date=text(data.get("date"), "date"),
            modules=tuple(text(m, "modules") for m in listed(data.get("modules"), "modules")),
            house_rules=text(data.get("house_rules"), "house_rules"),
            side=text(data.get("side"), "side"),
            seats=seats,
        )


def summary_path(journal: Path) -> Path:
    """Where the summary of ``journal`` is kept: beside it."""
    return journal.with_name(journal.name.removesuffix(JOURNAL_SUFFIX) + SUFFIX)


def summarize(play: TablePlay, began: str, listing: SeriesGame | None) -> GameSummary | None:
    """The summary of a game replayed or played to its end, with what the series file adds
    (when it ended, the roles the living entered at the end); None when it is not over."""
    game = play.game
    if not game.over or game.side is None or play.path is None:
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
    setup = game.setup
    summary = GameSummary(
        id=play.path.name.removesuffix(JOURNAL_SUFFIX),
        date=_began(began),
        modules=_modules(setup.modules, setup.cards_mixed),
        house_rules=house_rules_text(setup.house_rules),
        side=SIDE_LABELS.get(game.side) or _("Game over"),
        seats=seats,
    )
    return summary if listing is None else with_listing(summary, listing)


def with_listing(summary: S, listing: SeriesGame) -> S:
    """``summary`` with what only the end of its game told (the series file): when it ended,
    the role cards the living entered on the game over screen, and the winners they made."""
    declared = dict(listing.declared)
    told = set(listing.told)
    seats = tuple(
        replace(
            seat,
            role=seat.role if seat.role is not None else _entered(declared.get(engine_seat)),
            winner=seat.winner or engine_seat in told,
        )
        for engine_seat, seat in enumerate(summary.seats)
    )
    return replace(summary, date=_ended(listing), seats=seats)


def write(journal: Path, summary: GameSummary | None, listing: SeriesGame | None = None) -> None:
    """Keep the summary of ``journal`` (None: it holds no finished game), replaced whole, with
    the game's record in the series file (``listing``) when it has one, and the title of what
    makes its series: ``games`` then lists it from here (``games_list.py``) without checking
    the whole series file or loading a module."""
    data: dict[str, Any] = {
        "version": VERSION,
        "journal": journal.name,
        "game": None if summary is None else summary.to_json(),
    }
    if listing is not None and summary is not None:
        data["listed"] = listing.to_json()
        data[SERIES_OF] = series_title(listing.modules)
    durable.replace(summary_path(journal), json.dumps(data, separators=(",", ":")).encode())


def read(path: Path) -> GameSummary | None:
    """The summary kept in ``path`` (None: its journal holds no finished game).
    SummaryError names the file and what is wrong; FileNotFoundError when there is none."""
    try:
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        raise
    except (OSError, ValueError, RecursionError) as exc:
        raise SummaryError(f"{path}: not readable as a game's summary ({exc})") from None
    journal = path.name.removesuffix(SUFFIX) + JOURNAL_SUFFIX
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise SummaryError(f"{path}: expected a summary of version {VERSION}")
    if data.get("journal") != journal:
        raise SummaryError(f"{path}: expected the summary of {journal}")
    if data.get("game") is None:
        return None
    try:
        summary = GameSummary.from_json(data["game"])
    except ValueError as exc:
        raise SummaryError(f"{path}: {exc}") from None
    if f"{summary.id}{JOURNAL_SUFFIX}" != journal:
        raise SummaryError(f"{path}: id {summary.id!r} is not its journal's")
    return summary


def keep_aside(path: Path) -> str:
    """Keep an unreadable summary for a person to look at; its new name."""
    return durable.keep_aside(path, "a game's summary").name


def _modules(modules: frozenset[Module], cards_mixed: bool) -> tuple[str, ...]:
    """The modules in play in the table's words, by expansion ("Old Saloon: " and its modules'
    labels), a module dealing role cards mixed by type with "(mixed)"."""
    said = []
    for expansion, label in expansions():
        names = [
            _("{module} (mixed)").format(module=module_label(m))
            if cards_mixed and MODULES[m].role_cards
            else module_label(m)
            for m in sorted(modules)
            if m.value.partition(".")[0] == expansion
        ]
        if names:
            said.append(f"{label}: {', '.join(names)}")
    return tuple(said)


def _state(p: PlayerState) -> str:
    """Life or out ("life 3/8"), and what the seat became in each module."""
    said = [_("life {life}/{most}").format(life=p.life, most=p.max_life) if p.alive else _("out")]
    said += became(p)
    return ", ".join(said)


def _entered(role: str | None) -> str | None:
    return ROLE_LABELS[Role(role)] if role is not None else None


def _card(p: PlayerState) -> str | None:
    """The role card face up by the rules: a special card by its title and role; None for a
    card the table has not seen (it may still be entered on the game over screen)."""
    if not p.revealed or p.role is None:
        return None
    card = face_up_card(p)
    if card is not None:
        return _("{card} ({role})").format(card=SPECIAL_ROLES[card].title, role=ROLE_LABELS[p.role])
    return ROLE_LABELS[p.role]


def _ended(listing: SeriesGame) -> str:
    """When the game ended, as the series file says (UTC)."""
    return _("{time} UTC").format(time=listing.finished.replace("T", " ").removesuffix("Z")[:16])


def _began(created: str) -> str:
    """When a game the series file does not list began (its journal's header), in UTC; ''
    when the header does not say."""
    try:
        began = datetime.strptime(created, "%Y-%m-%dT%H:%M:%S%z")
    except ValueError:
        return ""
    return _("{time} UTC (began)").format(time=began.astimezone(UTC).strftime("%Y-%m-%d %H:%M"))
