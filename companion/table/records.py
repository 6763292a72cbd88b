"""One JSON Lines record: encoded one way, and checked on the way back in.

Shared by the game journal and the set-up journal, so what either reads back is never trusted
(writing them is ``durable.py``'s).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..engine import CompanionError, whole_number

SEAT_NUMBERS = range(1, 9)


class JournalError(CompanionError):
    """A journal that cannot be read back; the message names the file and line."""

    def __init__(self, path: Path, line: int | None, problem: str) -> None:
        where = f"{path}" if line is None else f"{path}, line {line}"
        super().__init__(f"{where}: {problem}")
        self.path = path
        self.line = line


class RecordError(CompanionError, ValueError):
    """A line or field that is not what the journal format says; the message says what."""


def encode(record: dict[str, Any]) -> bytes:
    return (json.dumps(record, separators=(",", ":"), sort_keys=True) + "\n").encode()


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
