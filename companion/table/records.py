"""Writing and reading one JSON Lines record: whole or not at all, and checked on the way in.

Shared by the game journal and the set-up journal, so both keep the same promises: a record
that cannot be written whole is cut off again (a refused press leaves no trace), and what is
read back is never trusted.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from ..engine.reading import whole_number

log = logging.getLogger(__name__)

SEAT_NUMBERS = range(1, 9)


class RecordError(ValueError):
    """A line or field that is not what the journal format says; the message says what."""


def encode(record: dict[str, Any]) -> bytes:
    return (json.dumps(record, separators=(",", ":"), sort_keys=True) + "\n").encode()


def append_record(fd: int, record: dict[str, Any]) -> None:
    """Append one record and fsync it; on any failure the file is cut back to where it was.

    A buffered file would keep a failed record in its buffer and write it later, when the
    disk has room again: that is how a refused press once reached the journal.
    """
    data = memoryview(encode(record))
    start = os.lseek(fd, 0, os.SEEK_END)
    try:
        while data:
            data = data[os.write(fd, data) :]
        os.fsync(fd)
    except OSError:
        try:
            os.ftruncate(fd, start)
            os.fsync(fd)
        except OSError as exc:  # the next read reports a torn or bad line; nothing is shown
            log.error("could not cut a failed record off the journal: %s", exc)
        raise


def fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a journal holds")


def decode_line(raw: bytes) -> dict[str, Any]:
    """One line as a record: a JSON object with a string 'type'."""
    try:
        record = json.loads(raw, parse_constant=_no_constant)
    except RecursionError:
        raise RecordError("not valid JSON (nested too deeply)") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise RecordError(f"not valid JSON ({exc})") from None
    if not isinstance(record, dict) or not isinstance(record.get("type"), str):
        raise RecordError("expected an object with a 'type'")
    return record


def seats_list(value: Any, players: int) -> list[int]:
    """The physical seats (1..8) that joined a game, one per player, each once."""
    if not isinstance(value, list):
        raise RecordError(f"expected a list of seat numbers, not {value!r}")
    try:
        seats = [whole_number(s, "a seat", SEAT_NUMBERS[0], SEAT_NUMBERS[-1]) for s in value]
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    if len(seats) != players or len(set(seats)) != len(seats):
        raise RecordError(f"expected {players} different seats from 1 to 8, got {value!r}")
    return seats
