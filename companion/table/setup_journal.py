"""The set-up's journal: a power cut during set-up loses none of its presses.

One file, ``<state_dir>/setup.jsonl``: a header with the seed of the set-up's shuffles, the
seats that joined already and those the box plays, then each accepted press (and each hold that
handed a seat to the box or took it back). Replaying them with the same seed rebuilds the same
set-up. It is replaced when a new set-up begins, and kept after its game's own journal is on
disk: UNDO before anyone's first choice takes the table back into the set-up.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.reading import listed, text, truth, whole_number
from .journal import JournalError
from .records import RecordError, append_record, decode_line, fsync_dir, seats_list

SETUP_VERSION = 2  # 2: the box's seats in the header, and holds
READABLE = (1, SETUP_VERSION)
NAME = "setup.jsonl"


@dataclass
class SetupRecord:
    """What a set-up journal holds: enough to press the same buttons again."""

    seed: int
    joined: list[int]
    modules: list[str] | None  # the set-up's modules when it began (None: the configuration's)
    presses: list[tuple[str, str]]  # (button, "press" or "hold"), in order
    specials_mixed: bool | None = None  # Old Saloon 3's cards mixed by type, likewise
    bots: list[int] = field(default_factory=list)  # seats the box played when it began


class SetupJournal:
    """The open set-up journal that presses are appended to."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def create(
        cls,
        state_dir: Path,
        seed: int,
        joined: list[int],
        modules: list[str] | None = None,
        specials_mixed: bool | None = None,
        bots: list[int] | None = None,
    ) -> SetupJournal:
        """A new set-up journal in place of any old one, its header on disk first."""
        state_dir.mkdir(parents=True, exist_ok=True)
        path = state_dir / NAME
        fresh = path.with_suffix(".new")
        fd = os.open(fresh, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            header = {"type": "header", "version": SETUP_VERSION, "seed": seed, "joined": joined}
            if modules is not None:
                header["modules"] = modules
            if specials_mixed is not None:
                header["specials_mixed"] = specials_mixed
            if bots:
                header["bots"] = bots
            append_record(fd, header)
            os.replace(fresh, path)
            fsync_dir(state_dir)
        except OSError:
            os.close(fd)
            fresh.unlink(missing_ok=True)
            raise
        return cls(path, fd)

    def append_press(self, button: str, kind: str = "press") -> None:
        """A press (or a hold, ``kind="hold"``) the set-up accepted, on disk before it shows."""
        append_record(self._fd, {"type": kind, "button": button})

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def read_setup(path: Path, buttons: frozenset[str]) -> SetupRecord:
    """The set-up journal's contents; JournalError (with the line) for anything wrong."""
    try:
        lines = path.read_bytes().split(b"\n")
    except OSError as exc:
        raise JournalError(path, None, f"cannot be read ({exc.strerror or exc})") from exc
    lines.pop()  # a torn last press is a press that was never shown
    if not lines:
        raise JournalError(path, 1, "empty set-up journal: expected a header line")
    try:
        header = decode_line(lines[0])
        if header["type"] != "header" or header.get("version") not in READABLE:
            versions = " or ".join(map(str, READABLE))
            raise RecordError(f"expected a set-up header of version {versions}")
        seed = whole_number(header.get("seed"), "seed", 0)
        joined = listed(header.get("joined"), "joined")
        joined = seats_list(joined, len(joined))
        modules = header.get("modules")
        if modules is not None:
            modules = [text(m, "a module") for m in listed(modules, "modules")]
        mixed = header.get("specials_mixed")
        if mixed is not None:
            mixed = truth(mixed, "specials_mixed")
        bots = listed(header.get("bots", []), "bots")
        bots = seats_list(bots, len(bots)) if bots else []
    except (RecordError, ValueError) as exc:
        raise JournalError(path, 1, str(exc)) from exc
    presses = []
    for number, raw in enumerate(lines[1:], start=2):
        try:
            record = decode_line(raw)
        except RecordError as exc:
            raise JournalError(path, number, str(exc)) from exc
        button = record.get("button")
        kind = record["type"]
        if kind not in ("press", "hold") or not isinstance(button, str) or button not in buttons:
            raise JournalError(path, number, f"expected a press of a button, got {record!r}")
        if kind == "hold" and not button.startswith("SEAT"):
            raise JournalError(path, number, f"only a seat button is held at set-up: {record!r}")
        presses.append((button, kind))
    return SetupRecord(seed, joined, modules, presses, mixed, bots)
