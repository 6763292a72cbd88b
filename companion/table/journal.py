"""The game's journal: every action on disk before its result is shown.

JSON Lines, append-only, one record a line, each record written whole and fsync'd (format:
docs/journal.md; how: ``durable.py``). A journal appears with its header already whole in it.
A record that cannot be written whole is cut off again, so a refused press leaves no trace. A
power cut can tear only the last line; that line is dropped and logged. Anything else
unreadable is reported with the file and line, and the file is kept as it is.
"""

from __future__ import annotations

import logging
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots import BOTS, RETIRED
from ..engine import (
    Action,
    Decision,
    DecisionKind,
    Declared,
    GameSetup,
    SetupError,
    StateError,
    action_from_json,
    cards_dealt,
    load_layer,
)
from ..i18n import CORE, Catalogue
from . import durable
from .buttons import BUTTONS
from .records import JournalError, RecordError, decode_line, encode, seats_list
from .setup_journal import SetupRecord

log = logging.getLogger(__name__)
_ = Catalogue(CORE).gettext

JOURNAL_VERSION = 1
# A game with seats the box plays: its records say which choices were the box's, which a
# version 1 reader would take for the people's.
BOX_VERSION = 2
# Old Saloon 3 with physical role cards: the table asks whether The Left Hand saves a seat
# about to be eliminated (``left_hand_chance``), which an older reader never asked.
SAVE_FIRST_VERSION = 3
READABLE = (JOURNAL_VERSION, BOX_VERSION, SAVE_FIRST_VERSION)
# Decision kinds added to the rules with a journal version, each with the answer a journal of
# an older version implies where the question arises and its next record does not answer it:
# its release never asked, and did what that answer does. Never implied in a journal of that
# version or newer (``TablePlay.replay``; docs/journal.md, Versions). A module's table part
# adds its own (``declare_added_in``).
ADDED_IN: Declared[DecisionKind, tuple[int, Action]] = Declared(load=lambda: load_layer("table"))


def declare_added_in(kind: DecisionKind, version: int, implied: Action) -> None:
    """A module's kind added with journal ``version``, and the answer older journals imply."""
    ADDED_IN.add(kind, (version, implied), "journal version of the decision kind")


SUFFIX = ".jsonl"
# New journals are numbered: the newest game is the highest number, whatever the clock says.
NUMBERED = re.compile(r"^game-(\d{6,})\.jsonl$")
# Journals of companions before numbering were named by local time; they count as older.
DATED = re.compile(r"^game-\d{8}-\d{6}-\d{3}\.jsonl$")


@dataclass
class JournalEntry:
    """An action taken (``auto`` when the companion made the only legal choice, ``box`` when
    the box chose for a seat it plays), or an undo."""

    kind: str  # "action" or "undo"
    action: Action | None = None
    auto: bool = False
    line: int = 0
    box: bool = False


@dataclass
class JournalContents:
    setup: GameSetup
    version: int = JOURNAL_VERSION
    meta: dict[str, Any] = field(default_factory=dict)
    entries: list[JournalEntry] = field(default_factory=list)
    finished: bool = False
    abandoned: bool = False  # ended on purpose before anyone won
    to_setup: bool = False  # abandoned by UNDO, back into the set-up that made it
    dropped_torn_line: bool = False
    created: str = ""  # when the game began, as the header says (local time, ISO 8601)

    @property
    def made_by(self) -> SetupRecord | None:
        """The set-up that made this game, press by press (journals since it was recorded)."""
        made: SetupRecord | None = self.meta.get("made_by")
        return made

    @property
    def bots(self) -> dict[int, str]:
        """The physical seats the box plays, each with its computer player (checked on read);
        a player an older box named that this one no longer has, by the one taking its seat."""
        return {
            int(seat): RETIRED.get(name, name) for seat, name in self.meta.get("bots", {}).items()
        }

    def retired(self) -> list[str]:
        """One line per seat whose player this box no longer has: who plays it instead."""
        return [
            _("Seat {seat}: its {player} player is retired; the {other} player plays on").format(
                seat=seat, player=name, other=RETIRED[name]
            )
            for seat, name in self.meta.get("bots", {}).items()
            if name in RETIRED
        ]


class Journal:
    """An open journal file that whole records are appended to."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def create(
        cls, directory: Path, setup: GameSetup, meta: dict[str, Any] | None = None
    ) -> Journal:
        """A new journal for a new game, numbered after every other, its header whole in it
        from the moment it has a name (a power cut leaves no journal, or a whole header)."""
        durable.make_folder(directory)
        header = {
            "type": "header",
            "version": version_for(setup, meta),
            "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "setup": setup.to_json(),
            **({"meta": meta} if meta else {}),
        }
        number = next_number(directory)
        while True:
            path = directory / f"game-{number:06d}{SUFFIX}"
            try:
                return cls(path, durable.create(path, encode(header)))
            except FileExistsError:
                number += 1

    @classmethod
    def reopen(cls, path: Path) -> Journal:
        """The journal of a resumed game, for appending; OSError if the disk will not take it."""
        return cls(path, durable.open_to_append(path))

    def append_action(self, action: Action, auto: bool = False, box: bool = False) -> None:
        record: dict[str, Any] = {"type": "action", "action": action.to_json()}
        if auto:
            record["auto"] = True
        if box:
            record["bot"] = True
        self._write(record)

    def append_undo(self) -> None:
        self._write({"type": "undo"})

    def append_end(self, side: str | None) -> None:
        self._write({"type": "end", "side": side})

    def append_abandoned(self, to_setup: bool = False) -> None:
        """The game was ended on purpose before anyone won (``to_setup``: by UNDO, back into
        the set-up that made it); the record stays readable."""
        record: dict[str, Any] = {"type": "end", "side": None, "abandoned": True}
        if to_setup:
            record["to_setup"] = True
        self._write(record)

    def _write(self, record: dict[str, Any]) -> None:
        durable.append(self._fd, encode(record))

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def version_for(setup: GameSetup, meta: dict[str, Any] | None) -> int:
    """The lowest version that reads this game rightly, so an older companion still resumes
    the games it can (docs/journal.md, Versions)."""
    if meta and meta.get("bots"):
        return BOX_VERSION
    if cards_dealt(setup.modules) and not setup.roles_known:
        return SAVE_FIRST_VERSION
    return JOURNAL_VERSION


def implied_answer(version: int, pending: Decision | None) -> Action | None:
    """The answer a journal of ``version`` implies to the question pending, if its release
    never asked it (``ADDED_IN``); None when the journal must answer it itself."""
    added = ADDED_IN.get(pending.kind) if pending is not None else None
    if added is None or version >= added[0]:
        return None
    return added[1]


def read_journal(path: Path) -> JournalContents:
    """Read a journal back, without writing to it; a torn last line is left out and logged.

    Raises JournalError for anything else that is wrong: every field is checked, nothing in
    the file is trusted.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise JournalError(path, None, f"cannot be read ({exc.strerror or exc})") from exc
    lines = data.split(b"\n")
    torn = lines.pop()  # the bytes after the last newline: empty unless the last write tore
    contents = _parse(path, lines, dropped=bool(torn))
    if torn:
        log.warning(
            "%s: dropping a torn last line (%d bytes, power cut mid-write)", path, len(torn)
        )
    return contents


def _parse(path: Path, lines: list[bytes], dropped: bool) -> JournalContents:
    if not lines:
        raise JournalError(path, 1, "empty journal: expected a header line")
    records = []
    for number, raw in enumerate(lines, start=1):
        try:
            records.append(decode_line(raw))
        except RecordError as exc:
            raise JournalError(path, number, str(exc)) from exc
    header = records[0]
    if header.get("type") != "header":
        raise JournalError(path, 1, "expected the header record first")
    version = header.get("version")
    if version not in READABLE or isinstance(version, bool):
        raise JournalError(
            path,
            1,
            f"journal version {version!r}; this companion reads "
            + ", ".join(map(str, READABLE[:-1]))
            + f" and {READABLE[-1]}",
        )
    if "setup" not in header:
        raise JournalError(path, 1, "the header has no 'setup'")
    try:
        setup = GameSetup.from_json(header["setup"])
    except SetupError as exc:
        raise JournalError(path, 1, f"bad game set-up: {exc}") from exc
    meta = header.get("meta", {})
    if not isinstance(meta, dict):
        raise JournalError(path, 1, "the header's 'meta' must be an object")
    if "seats" in meta:
        try:
            meta = {**meta, "seats": seats_list(meta["seats"], setup.players)}
        except RecordError as exc:
            raise JournalError(path, 1, f"meta.seats: {exc}") from exc
    if "bots" in meta:
        try:
            meta = {**meta, "bots": _bots(meta["bots"], meta.get("seats"), setup)}
        except RecordError as exc:
            raise JournalError(path, 1, f"meta.bots: {exc}") from exc
    if "made_by" in meta:
        try:
            meta = {**meta, "made_by": SetupRecord.from_json(meta["made_by"], BUTTONS)}
        except RecordError as exc:
            raise JournalError(path, 1, f"meta.made_by: {exc}") from exc
    created = header.get("created")
    contents = JournalContents(
        setup=setup,
        version=version,
        meta=meta,
        dropped_torn_line=dropped,
        created=created if isinstance(created, str) else "",
    )
    for number, record in enumerate(records[1:], start=2):
        kind = record["type"]
        if contents.finished:
            raise JournalError(path, number, "record after the end of the game")
        if kind == "action":
            try:
                action = action_from_json(record.get("action"))
            except StateError as exc:
                raise JournalError(path, number, str(exc)) from exc
            auto = record.get("auto", False)
            box = record.get("bot", False)
            for key, flag in (("auto", auto), ("bot", box)):
                if not isinstance(flag, bool):
                    raise JournalError(path, number, f"'{key}' must be true or false, not {flag!r}")
            if box and not contents.bots:
                raise JournalError(path, number, "a choice of the box, but it plays no seat")
            contents.entries.append(JournalEntry("action", action, auto, number, box))
        elif kind == "undo":
            contents.entries.append(JournalEntry("undo", line=number))
        elif kind == "end":
            contents.finished = True
            contents.abandoned = record.get("abandoned") is True
            contents.to_setup = contents.abandoned and record.get("to_setup") is True
        else:
            raise JournalError(path, number, f"unknown record type {kind!r}")
    return contents


def _bots(value: Any, seats: Any, setup: GameSetup) -> dict[str, str]:
    """The header's seats the box plays: each a seat of the game, with a known player, and
    only with roles the box dealt (its card must be its own secret)."""
    if not isinstance(value, dict) or not value:
        raise RecordError(f"expected an object of seat numbers and players, got {value!r}")
    playing = seats if isinstance(seats, list) else list(range(1, setup.players + 1))
    for seat, name in value.items():
        if not seat.isdecimal() or int(seat) not in playing:
            raise RecordError(f"seat {seat!r} is not one of the game's seats {playing}")
        if not isinstance(name, str) or (name not in BOTS and name not in RETIRED):
            raise RecordError(
                f"unknown player {name!r} for seat {seat}; expected one of {', '.join(BOTS)}"
            )
    if not setup.roles_known:
        raise RecordError("the box plays a seat, but the roles were not dealt")
    return dict(value)


def _order(path: Path) -> tuple[int, int, str]:
    numbered = NUMBERED.match(path.name)
    if numbered:
        return (1, int(numbered.group(1)), path.name)
    return (0, 0, path.name)


def journals(directory: Path) -> list[Path]:
    """Every journal in ``directory``, oldest first: by number, never by clock."""
    if not directory.is_dir():
        return []
    found = [p for p in directory.iterdir() if NUMBERED.match(p.name) or DATED.match(p.name)]
    return sorted(found, key=_order)


def next_number(directory: Path) -> int:
    """The number the next game's journal takes: one more than the highest so far."""
    numbers = [_order(p)[1] for p in journals(directory)]
    return max(numbers, default=0) + 1
