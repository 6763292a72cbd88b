"""The configuration's reader, fuzzed: whatever a file holds, ``load`` and ``parse`` return a
Config or raise ConfigError with one line naming the file and a key, never anything else."""

from __future__ import annotations

import json
import math
import tomllib
from collections.abc import Callable
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.config import KNOWN_SECTIONS, Config, ConfigError, load, parse

EXAMPLE = Path(__file__).resolve().parents[1] / "hardware" / "config.example.toml"
WHERE = Path("/etc/bang-companion/config.toml")
RUNS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Every key the reader knows, so random data often lands on a real key with a wrong value.
KEYS = sorted(
    set(KNOWN_SECTIONS)
    | {"roles", "house_rules", "expansions", "state_dir", "seats", "console_width"}
    | {"button", "panel", "path", "buttons", "baudrate", "mode", "bus", "address"}
    | {"driver", "rotate", "mux_channel", "port", "device", "gpio_dc", "gpio_rst", "spi_hz"}
    | {"ROLL", "DONE", "UNDO", "DIE1", "SEAT1", "SEAT9", "hold_time", "bounce_time", "pull_up"}
)

keys = st.sampled_from(KEYS) | st.text(max_size=12)
scalars = st.one_of(
    st.booleans(),
    st.integers(),
    st.integers(min_value=-2, max_value=300),
    st.floats(),
    st.text(max_size=30),
    st.sampled_from(["ssd1306", "ssd1322", "userspace", "dealt", "/dev/ttyACM0", "/tmp/x", ""]),
    st.datetimes(),
    st.dates(),
    st.times(),
)
#: Anything TOML can hold: scalars, arrays and tables, nested.
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=16,
)


def check(read: Callable[[], Config], where: Path = WHERE) -> None:
    """``read()`` gives a Config, or a one-line ConfigError naming the file and a key."""
    try:
        config = read()
    except ConfigError as error:
        message = str(error)
        assert error.key and message.startswith(f"{where}: {error.key}: ")
        assert "\n" not in message and message != f"{where}: {error.key}: "
    else:
        assert isinstance(config, Config)
        config.devices()


@RUNS
@given(st.dictionaries(keys, values | st.dictionaries(keys, values, max_size=6), max_size=6))
def test_any_data_in_any_section_is_read_or_refused_with_its_key(data: dict[str, Any]) -> None:
    check(lambda: parse(data, WHERE))


def places(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a parsed document, as the keys and indices that lead to it."""
    found = [prefix] if prefix else []
    if isinstance(node, dict):
        children = list(node.items())
    elif isinstance(node, list):
        children = list(enumerate(node))
    else:
        children = []
    for key, child in children:
        found += places(child, (*prefix, key))
    return found


@RUNS
@given(st.data())
def test_the_example_with_any_value_changed_is_read_or_refused_with_its_key(data) -> None:
    document = tomllib.loads(EXAMPLE.read_text())
    for _ in range(data.draw(st.integers(1, 3))):
        place = data.draw(st.sampled_from(places(document)))
        parent = document
        for step in place[:-1]:
            parent = parent[step]
        action = data.draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            parent[place[-1]] = data.draw(values)
        elif action == "delete":
            del parent[place[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(keys)] = data.draw(values)
        else:
            parent.append(data.draw(values))
        if not places(document):
            break
    check(lambda: parse(document, WHERE))


def toml(value: Any) -> str:
    """A TOML literal for ``value`` (enough of a writer for the fuzz; tomli-w is not needed)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else "inf" if value > 0 else "-inf"
    if isinstance(value, int | float | str):
        return json.dumps(value)
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(toml(item) for item in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml(v)}" for k, v in value.items()) + "}"


LINES = st.sampled_from(["", "[seat]", "[[pod]]", "[stream]", "[mux]", "pth = 1", "[game]"])


@RUNS
@given(st.data())
def test_the_example_file_with_any_line_changed_is_read_or_refused(tmp_path_factory, data) -> None:
    lines = EXAMPLE.read_text().splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        number = data.draw(st.integers(0, len(lines) - 1))
        key, equals, _ = lines[number].partition("=")
        if equals and data.draw(st.booleans()):
            lines[number] = f"{key}= {toml(data.draw(values))}"
        else:
            lines[number] = data.draw(LINES | st.text(max_size=40))
    path = tmp_path_factory.mktemp("fuzz") / "config.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    check(lambda: load(path), path)


@RUNS
@given(st.text() | st.binary())
def test_any_file_at_all_is_read_or_refused(tmp_path_factory, content: str | bytes) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "config.toml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    check(lambda: load(path), path)
