"""The game's journal: every action on disk before its result is shown.

JSON Lines, append-only, one record a line, fsync'd per record (format: docs/journal.md). A power
cut can tear only the last line; that line is dropped and logged. Anything else unreadable is
reported with the file and line, and the file is kept as it is.
"""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import Action, GameSetup, SetupError, StateError, action_from_json

log = logging.getLogger(__name__)

JOURNAL_VERSION = 1
SUFFIX = ".jsonl"


class JournalError(Exception):
    """A journal that cannot be read back; the message names the file and line."""

    def __init__(self, path: Path, line: int | None, problem: str) -> None:
        where = f"{path}" if line is None else f"{path}, line {line}"
        super().__init__(f"{where}: {problem}")
        self.path = path
        self.line = line


@dataclass
class JournalEntry:
    """An action taken (``auto`` when the companion made the only legal choice), or an undo."""

    kind: str  # "action" or "undo"
    action: Action | None = None
    auto: bool = False
    line: int = 0


@dataclass
class JournalContents:
    setup: GameSetup
    meta: dict[str, Any] = field(default_factory=dict)
    entries: list[JournalEntry] = field(default_factory=list)
    finished: bool = False
    abandoned: bool = False  # ended on purpose before anyone won
    dropped_torn_line: bool = False


def _encode(record: dict[str, Any]) -> bytes:
    return (json.dumps(record, separators=(",", ":"), sort_keys=True) + "\n").encode()


class Journal:
    """An open journal file that records can be appended to."""

    def __init__(self, path: Path, handle: Any) -> None:
        self.path = path
        self._handle = handle

    @classmethod
    def create(
        cls, directory: Path, setup: GameSetup, meta: dict[str, Any] | None = None
    ) -> Journal:
        """A new journal for a new game, its header written and on disk."""
        directory.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(1000):
            path = directory / f"game-{stamp}-{n:03d}{SUFFIX}"
            try:
                handle = open(path, "xb")  # noqa: SIM115 - kept open for the game's life
            except FileExistsError:
                continue
            break
        else:
            raise OSError(f"no free journal name in {directory}")
        journal = cls(path, handle)
        journal._write(
            {
                "type": "header",
                "version": JOURNAL_VERSION,
                "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                "setup": setup.to_json(),
                **({"meta": meta} if meta else {}),
            }
        )
        _fsync_dir(directory)
        return journal

    @classmethod
    def reopen(cls, path: Path) -> Journal:
        return cls(path, open(path, "ab"))  # noqa: SIM115 - kept open for the game's life

    def append_action(self, action: Action, auto: bool = False) -> None:
        record: dict[str, Any] = {"type": "action", "action": action.to_json()}
        if auto:
            record["auto"] = True
        self._write(record)

    def append_undo(self) -> None:
        self._write({"type": "undo"})

    def append_end(self, side: str | None) -> None:
        self._write({"type": "end", "side": side})

    def append_abandoned(self) -> None:
        """The game was ended on purpose before anyone won; the record stays readable."""
        self._write({"type": "end", "side": None, "abandoned": True})

    def _write(self, record: dict[str, Any]) -> None:
        self._handle.write(_encode(record))
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        self._handle.close()


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def read_journal(path: Path) -> JournalContents:
    """Read a journal back, without writing to it; a torn last line is left out and logged.

    Raises JournalError for anything else that is wrong.
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


def cut_torn_line(path: Path) -> None:
    """Cut a torn last line off a journal that otherwise replayed, so the next record starts
    on a line of its own."""
    data = path.read_bytes()
    with open(path, "r+b") as handle:
        handle.truncate(data.rfind(b"\n") + 1)
        handle.flush()
        os.fsync(handle.fileno())


def _parse(path: Path, lines: list[bytes], dropped: bool) -> JournalContents:
    if not lines:
        raise JournalError(path, 1, "empty journal: expected a header line")
    records = []
    for number, raw in enumerate(lines, start=1):
        try:
            record = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise JournalError(path, number, f"not valid JSON ({exc})") from exc
        if not isinstance(record, dict) or "type" not in record:
            raise JournalError(path, number, "expected an object with a 'type'")
        records.append(record)
    header = records[0]
    if header.get("type") != "header":
        raise JournalError(path, 1, "expected the header record first")
    if header.get("version") != JOURNAL_VERSION:
        raise JournalError(
            path,
            1,
            f"journal version {header.get('version')!r}; this companion reads {JOURNAL_VERSION}",
        )
    try:
        setup = GameSetup.from_json(header["setup"])
    except (KeyError, SetupError) as exc:
        raise JournalError(path, 1, f"bad game set-up: {exc}") from exc
    meta = header.get("meta", {})
    if not isinstance(meta, dict):
        raise JournalError(path, 1, "the header's 'meta' must be an object")
    contents = JournalContents(setup=setup, meta=meta, dropped_torn_line=dropped)
    for number, record in enumerate(records[1:], start=2):
        kind = record["type"]
        if contents.finished:
            raise JournalError(path, number, "record after the end of the game")
        if kind == "action":
            try:
                action = action_from_json(record.get("action"))
            except StateError as exc:
                raise JournalError(path, number, str(exc)) from exc
            contents.entries.append(
                JournalEntry("action", action, bool(record.get("auto")), number)
            )
        elif kind == "undo":
            contents.entries.append(JournalEntry("undo", line=number))
        elif kind == "end":
            contents.finished = True
            contents.abandoned = record.get("abandoned") is True
        else:
            raise JournalError(path, number, f"unknown record type {kind!r}")
    return contents


def journals(directory: Path) -> list[Path]:
    """Every journal in ``directory``, oldest first."""
    if not directory.is_dir():
        return []
    return sorted(directory.glob(f"game-*{SUFFIX}"))
