"""Every file the box reads, mutated field by field, and the box started on each mutant.

A mutant is a real file of its type (a game journal with the box's seats and its set-up, the
set-up journal, the series file, the configuration) with one thing wrong: a value of another
type, a wrong value of the right type, a key missing or one too many, a line dropped or
repeated, or the bytes cut anywhere. Each is checked as the box meets it: the session starts on
the state folder (a real ``TableSession.start``, the one ``run`` and ``emulate`` make) without
a traceback, and the file is used, or kept byte for byte and said in one line. A configuration
is read by ``load``: a Config the box starts with, or one line naming the file and the key.

The mutants are derandomized: mutant N of a type is the same on every machine. The suite runs
a few hundred of each (tests/test_state_schema_fuzz.py); the full run is a command::

    .venv/bin/python -m tests.state_fuzz 5000
"""

from __future__ import annotations

import copy
import functools
import json
import logging
import math
import random
import re
import sys
import tempfile
import time
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import date, datetime
from datetime import time as clock_time
from pathlib import Path
from typing import Any

from companion.config import ConfigError, load
from companion.modules.legacy.rules import ID as WILD_WEST_LEGACY
from companion.table import TableConfig, TableSession, series
from companion.table.buttons import BUTTONS
from companion.table.journal import JournalError, journals, read_journal
from companion.table.play import TablePlay
from companion.table.series import SERIES_FILE
from companion.table.setup_journal import NAME as SETUP_FILE
from companion.table.setup_journal import read_setup

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "hardware" / "config.example.toml"

#: Values of every JSON type, and the wrong values a field of each type meets.
OF_EACH_TYPE: list[Any] = [None, True, False, 0, 3, -1, 1.5, "x", "", [], {}, [[]], {"4": []}]
WRONG: dict[type, list[Any]] = {
    bool: [None, 0, 1, "true"],
    int: [-1, 0, 9, 2**70, 1e300, True, 3.0],
    float: [-1.0, 0.0, 1e308, 2**70],
    str: ["", "zz", "SEAT9", "DIE0", "ROLL", "game-000009.jsonl", "ä" * 40, "1"],
    list: [[], [0], [1, 1], [None], ["rules"], [[1, 2, 3]]],
    dict: [{}, {"type": "header"}, {"1": "nobody"}, {"99": "rules"}],
}
EXTRA_KEYS = ["zz", "type", "version", "bots", "seats", "made_by", "presses", "auto", "bot"]


class Mutant:
    """One file's bytes and what was done to make them."""

    def __init__(self, data: bytes, how: str) -> None:
        self.data, self.how = data, how


def _places(node: Any, route: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document, as the keys and indices that lead to it."""
    found = [route]
    if isinstance(node, dict):
        for key, child in node.items():
            found += _places(child, (*route, key))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            found += _places(child, (*route, index))
    return found


def _get(node: Any, route: tuple[Any, ...]) -> Any:
    for step in route:
        node = node[step]
    return node


def _set(node: Any, route: tuple[Any, ...], value: Any) -> Any:
    if not route:
        return value
    _get(node, route[:-1])[route[-1]] = value
    return node


def mutate(document: Any, rng: random.Random) -> tuple[Any, str]:
    """``document`` (a copy) with one thing wrong, and what it was."""
    document = copy.deepcopy(document)
    route = rng.choice(_places(document))
    value = _get(document, route)
    how = rng.randrange(4)
    if how == 0:
        new = rng.choice([v for v in OF_EACH_TYPE if type(v) is not type(value)])
        return _set(document, route, new), f"{list(route)}: type {new!r}"
    if how == 1:
        new = rng.choice(WRONG.get(type(value), OF_EACH_TYPE))
        return _set(document, route, new), f"{list(route)}: value {new!r}"
    parent = _get(document, route[:-1]) if route else None
    if how == 2 and route and isinstance(parent, dict):
        del parent[route[-1]]
        return document, f"{list(route)}: missing"
    if how == 2 and route and isinstance(parent, list):
        parent.insert(route[-1], copy.deepcopy(parent[route[-1]]))
        return document, f"{list(route)}: repeated"
    target = value if isinstance(value, dict) else parent if isinstance(parent, dict) else None
    if target is None:
        return _set(document, route, None), f"{list(route)}: null"
    key = rng.choice(EXTRA_KEYS)
    target[key] = rng.choice(OF_EACH_TYPE)
    return document, f"{list(route)}: extra {key!r}"


def cut(data: bytes, rng: random.Random) -> Mutant:
    """The bytes cut anywhere, sometimes with noise after them."""
    at = rng.randrange(len(data) + 1)
    noise = rng.choice([b"", b"\x00", b"{", b"\xff\xfe", b'"x"', b"\n\n", b"]}"])
    return Mutant(data[:at] + noise, f"cut at byte {at} + {noise!r}")


def json_lines_mutant(lines: list[Any], rng: random.Random) -> Mutant:
    """A JSON Lines file with one thing wrong: in a line (the header as often as the rest
    together), or a line dropped or repeated, or the bytes cut."""
    whole = "".join(json.dumps(line) + "\n" for line in lines).encode()
    kind = rng.randrange(10)
    if kind == 0:
        return cut(whole, rng)
    lines = copy.deepcopy(lines)
    if kind == 1:
        index = rng.randrange(len(lines))
        if rng.random() < 0.5:
            lines.insert(index, lines[index])
            how = f"line {index + 1} repeated"
        else:
            lines.pop(index)
            how = f"line {index + 1} dropped"
    else:
        index = 0 if kind < 6 else rng.randrange(len(lines))
        lines[index], how = mutate(lines[index], rng)
        how = f"line {index + 1} {how}"
    return Mutant("".join(json.dumps(line) + "\n" for line in lines).encode(), how)


def json_mutant(document: Any, rng: random.Random) -> Mutant:
    if rng.randrange(8) == 0:
        return cut(json.dumps(document, indent=1).encode(), rng)
    changed, how = mutate(document, rng)
    return Mutant(json.dumps(changed, indent=1).encode(), how)


def toml_value(value: Any) -> str:
    """A TOML literal for ``value`` (None, which TOML lacks, as an empty table)."""
    if value is None:
        return "{}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else "inf" if value > 0 else "-inf"
    if isinstance(value, int | float | str):
        return json.dumps(value)
    if isinstance(value, datetime | date | clock_time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def toml_document(document: Any) -> bytes:
    """A whole TOML file: its tables as sections, everything else inline."""
    if not isinstance(document, dict):
        return f"value = {toml_value(document)}\n".encode()
    top = [
        f"{json.dumps(k)} = {toml_value(v)}" for k, v in document.items() if not isinstance(v, dict)
    ]
    sections = []
    for key, table in document.items():
        if isinstance(table, dict):
            sections.append(f"[{json.dumps(key)}]")
            sections += [f"{json.dumps(k)} = {toml_value(v)}" for k, v in table.items()]
    return ("\n".join(top + sections) + "\n").encode()


def config_mutant(rng: random.Random) -> Mutant:
    document = tomllib.loads(EXAMPLE.read_text())
    if rng.randrange(8) == 0:
        return cut(EXAMPLE.read_bytes(), rng)
    changed, how = mutate(document, rng)
    return Mutant(toml_document(changed), how)


# The real files the mutants start from.


@functools.cache
def real_state() -> dict[str, bytes]:
    """A state folder some way into a game the box plays a seat of (dealt roles), after a
    finished Wild West Legacy game listed in the series file; its files by name."""
    from tests.table.driver import CHARACTERS_5, SETUP_5, next_buttons
    from tests.table.test_session import Clock, play_to_the_end, press_all

    files: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory() as scratch:
        state = Path(scratch) / "legacy"
        legacy = TableConfig(seats=6, modules=frozenset({WILD_WEST_LEGACY}), state_dir=state)
        session = TableSession(legacy, seed=3)
        session.start()
        clock = Clock()
        press_all(session, SETUP_5 + CHARACTERS_5, clock)
        play_to_the_end(session, clock, seed=2)
        press_all(session, ["ROLL"], clock)
        assert session.setup is not None and session.setup.follow_up is not None
        appointer = session.setup.follow_up.appointer
        press_all(session, ["SEAT1" if appointer is not None else "DIE1"], clock)
        session.close()
        files[SERIES_FILE] = (state / SERIES_FILE).read_bytes()
        files["legacy-game"] = journals(state / "games")[-1].read_bytes()
        files[SETUP_FILE] = (state / SETUP_FILE).read_bytes()

        state = Path(scratch) / "box"
        config = TableConfig(seats=4, state_dir=state, bots=(2,), bot_pause=0.0)
        session = TableSession(config, seed=3)
        session.start()
        press = functools.partial(_press_and_let_the_box_play, session, clock)
        for button in ["SEAT1", "SEAT3", "SEAT4", "DONE", "ROLL", "ROLL", "DONE"]:
            press(button)
        rng = random.Random(3)
        while session.play is not None and len(session.play.taken) < 40:
            for button in next_buttons(session, rng):
                press(button)
        session.close()
        files["game"] = journals(state / "games")[-1].read_bytes()
    return {name: _timeless(data) for name, data in files.items()}


def _timeless(data: bytes) -> bytes:
    """A file with its clock times fixed, so mutant N is the same bytes on every run."""
    data = re.sub(rb'"created": ?"[^"]*"', b'"created":"2026-01-02T20:00:00+0100"', data)
    return re.sub(rb'"finished": ?"[^"]*"', b'"finished":"2026-01-02T23:00:00Z"', data)


def _press_and_let_the_box_play(
    session: TableSession, clock: Callable[[], float], button: str
) -> None:
    session.handle(button, "press", clock())
    while session.tick() is not None:
        pass


# Each file type: its mutants, and the box started on each.


class Problems(logging.Handler):
    """Every log record with a traceback: the box met something it did not check."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.tracebacks: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.tracebacks.append(record.getMessage())


def started(config: TableConfig) -> tuple[bool, str]:
    """A session started on ``config``'s folder and shown, then pressed once and closed, and
    what the console said at start; the start must leave no traceback in the log."""
    problems = Problems()
    root = logging.getLogger("companion")
    root.addHandler(problems)
    try:
        session = TableSession(config)
        session.start()
        session.view()
        said, resumed = session.flash or "", session.play is not None
        session.handle("UNDO", "press", 1.0)
        session.view()
        session.close()
    finally:
        root.removeHandler(problems)
    assert not problems.tracebacks, problems.tracebacks
    return resumed, said


def kept_and_said(state: Path, flash: str, data: bytes, said: str) -> None:
    """The file is kept byte for byte and the console says so in one line."""
    assert said in flash and "\n" not in flash, flash
    assert any(p.read_bytes() == data for p in state.rglob("*") if p.is_file()), "kept whole"


def check_game_journal(mutant: Mutant, base: str = "game") -> str:
    """A game journal: read and replayed, or refused with JournalError; the box resumes it, or
    keeps it as it is and says so."""
    with tempfile.TemporaryDirectory() as scratch:
        state = Path(scratch)
        path = state / "games" / "game-000001.jsonl"
        path.parent.mkdir()
        path.write_bytes(mutant.data)
        try:
            contents = read_journal(path)
            TablePlay.replay(contents, path)
            readable, unfinished = True, not contents.finished
        except JournalError:
            readable, unfinished = False, False
        seats = 6 if base == "legacy-game" else 4
        resumed, said = started(TableConfig(seats=seats, state_dir=state, bot_pause=0.0))
        if unfinished:
            assert resumed, said
        if readable:
            return "used"
        kept_and_said(state, said, mutant.data, f"Journal unreadable, kept: {path.name}")
        return "kept"


def check_series(mutant: Mutant) -> str:
    """The series file: used, or kept aside whole and said, as the next set-up reads it."""
    with tempfile.TemporaryDirectory() as scratch:
        state = Path(scratch)
        (state / "games").mkdir()
        files = real_state()
        (state / "games" / "game-000001.jsonl").write_bytes(files["legacy-game"])
        (state / SETUP_FILE).write_bytes(files[SETUP_FILE])
        (state / SERIES_FILE).write_bytes(mutant.data)
        config = TableConfig(seats=6, modules=frozenset({WILD_WEST_LEGACY}), state_dir=state)
        usable = not series.read(state)[1]
        _, said = started(config)
        if usable:
            assert not list(state.glob("series-unreadable-*"))
            return "used"
        kept_and_said(state, said, mutant.data, "Series file unreadable, kept: ")
        return "kept"


def check_setup(mutant: Mutant) -> str:
    """The set-up journal: resumed, or kept aside whole and said, and a new set-up begins."""
    with tempfile.TemporaryDirectory() as scratch:
        state = Path(scratch)
        (state / "games").mkdir()
        files = real_state()
        (state / "games" / "game-000001.jsonl").write_bytes(files["legacy-game"])
        (state / SERIES_FILE).write_bytes(files[SERIES_FILE])
        (state / SETUP_FILE).write_bytes(mutant.data)
        config = TableConfig(seats=6, modules=frozenset({WILD_WEST_LEGACY}), state_dir=state)
        try:
            read_setup(state / SETUP_FILE, BUTTONS)
            usable = True
        except JournalError:
            usable = False
        _, said = started(config)
        if usable:
            assert not list(state.glob("setup-unreadable-*"))
            return "used"
        kept_and_said(state, said, mutant.data, "Set-up unreadable, kept: ")
        return "kept"


def check_config(mutant: Mutant) -> str:
    """The configuration: a Config the box starts with, or one line naming the file and key."""
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "config.toml"
        path.write_bytes(mutant.data)
        try:
            config = load(path)
        except ConfigError as error:
            message = str(error)
            assert error.key and message.startswith(f"{path}: {error.key}: "), message
            assert "\n" not in message
            return "refused"
        config.devices()
        config.table.state_dir = Path(scratch) / "state"
        started(config.table)
        return "used"


def _game(rng: random.Random) -> Mutant:
    return json_lines_mutant(_lines("game"), rng)


def _legacy_game(rng: random.Random) -> Mutant:
    return json_lines_mutant(_lines("legacy-game"), rng)


def _setup(rng: random.Random) -> Mutant:
    return json_lines_mutant(_lines(SETUP_FILE), rng)


def _series(rng: random.Random) -> Mutant:
    return json_mutant(json.loads(real_state()[SERIES_FILE]), rng)


@functools.cache
def _lines_cached(name: str) -> tuple[str, ...]:
    return tuple(real_state()[name].decode().splitlines())


def _lines(name: str) -> list[Any]:
    return [json.loads(line) for line in _lines_cached(name)]


#: Each file type: how its mutant N is made, and how the box meets it.
TYPES: dict[str, tuple[Callable[[random.Random], Mutant], Callable[[Mutant], str]]] = {
    "game journal": (_game, check_game_journal),
    "legacy game journal": (
        _legacy_game,
        functools.partial(check_game_journal, base="legacy-game"),
    ),
    "set-up journal": (_setup, check_setup),
    "series file": (_series, check_series),
    "configuration": (config_mutant, check_config),
}


def mutants(kind: str, count: int, first: int = 0) -> Iterator[tuple[int, Mutant]]:
    """Mutants ``first`` to ``first + count - 1`` of a file type, the same on every machine."""
    make = TYPES[kind][0]
    for number in range(first, first + count):
        yield number, make(random.Random(f"{kind} {number}"))


def run(kind: str, count: int, first: int = 0) -> Counter[str]:
    """Check ``count`` mutants of ``kind``: how many the box used, and how many it kept aside
    (a configuration: refused); AssertionError names the first that fails."""
    check = TYPES[kind][1]
    outcomes: Counter[str] = Counter()
    for number, mutant in mutants(kind, count, first):
        try:
            outcomes[check(mutant)] += 1
        except Exception as exc:
            raise AssertionError(f"{kind} mutant {number} ({mutant.how}): {exc!r}") from exc
    return outcomes


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 5000
    logging.disable(logging.WARNING)
    for kind in TYPES:
        began = time.process_time()
        outcomes = run(kind, count)
        said = ", ".join(f"{n} {how}" for how, n in sorted(outcomes.items()))
        spent = time.process_time() - began
        print(f"{kind}: {count} mutants ({said}), no traceback, {spent:.0f} CPU s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
