"""The set-up's journal: a power cut during set-up loses none of its presses.

One file, ``<state_dir>/setup.jsonl``: a header with the seed of the set-up's shuffles, the
seats that joined already and those the box plays, the modules chosen, and the game journal it
came after; then each accepted press (and each hold that handed a seat to the box or took it
back). Replaying them with the same seed rebuilds the same set-up.

The file is replaced whole when a new set-up begins and appended to press by press; starting
the box only reads it. The press that finishes the set-up is not appended here: the game's own
journal is created with the whole set-up record in its header (``made_by``), in one step, so
UNDO before anyone's first choice can take the table back into the set-up after any power cut.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import listed, mixed_key, text, truth, whole_number
from . import durable
from .records import JournalError, RecordError, decode_line, encode, seats_list
from .table_language import LANGUAGE_KEY

SETUP_VERSION = 2  # 2: the box's seats in the header, and holds
READABLE = (1, SETUP_VERSION)
NAME = "setup.jsonl"
KINDS = ("press", "hold")


@dataclass
class SetupRecord:
    """What a set-up journal holds: enough to press the same buttons again."""

    seed: int
    joined: list[int]
    modules: list[str] | None  # the set-up's modules when it began (None: the configuration's)
    presses: list[tuple[str, str]] = field(default_factory=list)  # (button, "press" or "hold")
    # Role cards mixed by type (``engine.mixed_key``), likewise: None, no module deals them.
    cards_mixed: bool | None = None
    bots: list[int] = field(default_factory=list)  # seats the box played when it began
    follows: str | None = None  # the game journal this set-up came after, by name
    language: str | None = None  # the table's language when it began (None: the box's)

    def header(self) -> dict[str, Any]:
        header: dict[str, Any] = {
            "type": "header",
            "version": SETUP_VERSION,
            "seed": self.seed,
            "joined": self.joined,
        }
        if self.modules is not None:
            header["modules"] = self.modules
        key = mixed_key()
        if self.cards_mixed is not None and key is not None:
            header[key] = self.cards_mixed
        if self.bots:
            header["bots"] = self.bots
        if self.follows is not None:
            header["follows"] = self.follows
        if self.language is not None:
            header["language"] = self.language
        return header

    def to_json(self) -> dict[str, Any]:
        """The whole record as one object (a game journal's ``made_by``)."""
        return {**self.header(), "presses": [list(p) for p in self.presses]}

    @classmethod
    def from_json(cls, data: Any, buttons: frozenset[str]) -> SetupRecord:
        """A record written by ``to_json``; RecordError names what is wrong."""
        if not isinstance(data, dict):
            raise RecordError(f"expected a set-up record, got {data!r}")
        record = _header(data)
        try:
            presses = listed(data.get("presses"), "presses")
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        for press in presses:
            if not isinstance(press, list) or len(press) != 2:
                raise RecordError(f"expected a press as [button, kind], got {press!r}")
            record.presses.append(_press(press[1], press[0], buttons))
        return record


class SetupJournal:
    """The open set-up journal that presses are appended to, and the record it holds."""

    def __init__(self, path: Path, fd: int, record: SetupRecord) -> None:
        self.path = path
        self.record = record
        self._fd = fd

    @classmethod
    def create(cls, state_dir: Path, record: SetupRecord) -> SetupJournal:
        """A set-up journal in place of any old one, holding ``record`` whole."""
        path = state_dir / NAME
        lines = [encode(record.header())]
        lines += [encode({"type": kind, "button": button}) for button, kind in record.presses]
        durable.replace(path, b"".join(lines))
        return cls(path, durable.open_to_append(path), record)

    @classmethod
    def reopen(cls, path: Path, record: SetupRecord) -> SetupJournal:
        """The set-up journal read at start, for more presses; a torn last line (a press
        never shown) is cut off first, so the next press starts a line of its own."""
        if not path.read_bytes().endswith(b"\n"):
            durable.cut_torn_tail(path)
        return cls(path, durable.open_to_append(path), record)

    def append_press(self, button: str, kind: str = "press") -> None:
        """A press (or a hold, ``kind="hold"``) the set-up accepted, on disk before it shows."""
        durable.append(self._fd, encode({"type": kind, "button": button}))
        self.record.presses.append((button, kind))

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def read_setup(path: Path, buttons: frozenset[str]) -> SetupRecord:
    """The set-up journal's record, a torn last line (a press never shown) left out;
    JournalError (with the line) for anything else wrong."""
    try:
        lines = path.read_bytes().split(b"\n")
    except OSError as exc:
        raise JournalError(path, None, f"cannot be read ({exc.strerror or exc})") from exc
    lines.pop()  # a torn last press is a press that was never shown
    if not lines:
        raise JournalError(path, 1, "empty set-up journal: expected a header line")
    try:
        header = decode_line(lines[0])
        if header["type"] != "header":
            raise RecordError("expected the set-up's header first")
        record = _header(header)
    except RecordError as exc:
        raise JournalError(path, 1, str(exc)) from exc
    for number, raw in enumerate(lines[1:], start=2):
        try:
            line = decode_line(raw)
            record.presses.append(_press(line["type"], line.get("button"), buttons))
        except RecordError as exc:
            raise JournalError(path, number, str(exc)) from exc
    return record


def _header(header: dict[str, Any]) -> SetupRecord:
    """The header's fields, each checked; RecordError says which is wrong."""
    if header.get("version") not in READABLE or isinstance(header.get("version"), bool):
        versions = " or ".join(map(str, READABLE))
        raise RecordError(f"expected a set-up header of version {versions}")
    try:
        seed = whole_number(header.get("seed"), "seed", 0)
        joined = listed(header.get("joined"), "joined")
        joined = seats_list(joined, len(joined))
        modules = header.get("modules")
        if modules is not None:
            modules = [text(m, "a module") for m in listed(modules, "modules")]
        key = mixed_key()
        mixed = None if key is None else header.get(key)
        if key is not None and mixed is not None:
            mixed = truth(mixed, key)
        bots = listed(header.get("bots", []), "bots")
        bots = seats_list(bots, len(bots)) if bots else []
        follows = header.get("follows")
        if follows is not None:
            follows = text(follows, "follows")
        language = header.get("language")
        if language is not None:
            language = text(language, "language")
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    return SetupRecord(seed, joined, modules, [], mixed, bots, follows, language)


def _press(kind: Any, button: Any, buttons: frozenset[str]) -> tuple[str, str]:
    if kind not in KINDS or not isinstance(button, str) or button not in buttons:
        raise RecordError(f"expected a press or hold of a button, got {kind!r} of {button!r}")
    if kind == "hold" and not (button.startswith("SEAT") or button == LANGUAGE_KEY):
        raise RecordError(
            f"only a seat button is held at set-up (and {LANGUAGE_KEY}, the language), not {button}"
        )
    return button, kind
