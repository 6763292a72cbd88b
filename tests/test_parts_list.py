"""The guide's parts list a person can order from: counts for 4 and 8 seats, each price, totals
that add up, and a seat cable whose table and picture are drawn from the same cores."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image

HARDWARE = Path(__file__).resolve().parents[1] / "hardware"
GUIDE = (HARDWARE / "README.md").read_text()
DATA = tomllib.loads((HARDWARE / "parts.toml").read_text())


def module(name: str) -> ModuleType:
    """hardware/NAME.py, imported as the scripts import each other (hardware/ on the path)."""
    sys.path.insert(0, str(HARDWARE))
    try:
        spec = importlib.util.spec_from_file_location(name, HARDWARE / f"{name}.py")
        assert spec is not None and spec.loader is not None
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[name] = loaded
        spec.loader.exec_module(loaded)
        return loaded
    finally:
        sys.path.remove(str(HARDWARE))


def guide_table(name: str) -> list[list[str]]:
    """The rows of the guide's table between its markers, cells stripped."""
    block = GUIDE.split(f"<!-- {name} table:")[1].split(f"<!-- {name} table end -->")[0]
    rows = [line for line in block.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]


def test_the_guides_tables_are_the_ones_printed_from_the_parts_file() -> None:
    parts = module("parts")
    assert parts.with_blocks(GUIDE, parts.blocks()) == GUIDE, (
        "stale: run .venv/bin/python hardware/parts.py --write"
    )


@pytest.mark.parametrize(("seats", "column"), [(4, 2), (8, 3)])
def test_every_part_has_a_count_and_the_total_adds_up(seats: int, column: int) -> None:
    """Worked out again from parts.toml, apart from parts.py: count = fixed + per_seat * seats."""
    rows = guide_table("parts")[2:]
    body, total_row = rows[: len(DATA["part"])], rows[len(DATA["part"])]
    expected = 0.0
    for part, row in zip(DATA["part"], body, strict=True):
        count = part.get("fixed", 0) + part.get("per_seat", 0) * seats
        assert count >= 1, f"{part['name']}: no count for {seats} seats"
        # A box's name gets its size from [box] (hardware/enclosure.py draws the same sizes).
        assert row[0] == part["name"] or "box" in part and row[0].startswith(part["name"] + ", ")
        assert int(row[column]) == count
        assert float(row[4]) == pytest.approx(part["price"])
        assert float(row[column + 3]) == pytest.approx(count * part["price"])
        expected += count * part["price"]
    assert total_row[0] == "**total**"
    assert float(total_row[column + 3].strip("*")) == pytest.approx(expected)
    assert not re.search(r"\b\d+-\d+ each\b|\| \d+-\d+ \|", GUIDE), "a range where a count goes"


def test_each_seat_gets_its_panel_button_cable_and_pull_ups() -> None:
    per_seat = {p["name"]: p.get("per_seat", 0) for p in DATA["part"]}
    assert per_seat['seat panel: 0.96" SSD1306 128x64 I2C OLED module'] == 1
    assert per_seat["30 mm arcade push button with microswitch"] == 1
    assert per_seat["Cat5e U/UTP patch cable, 1 m, RJ45 plugs"] == 1
    assert per_seat["2.2 kOhm resistor, 1/4 W"] == 2  # SDn and SCn of its mux channel


def test_the_cable_carries_each_signal_with_a_ground_of_its_own() -> None:
    cores = DATA["core"]
    assert [c["pin"] for c in cores] == list(range(1, 9))
    signals = [c["signal"] for c in cores]
    assert sorted(signals) == sorted(["SDA", "SCL", "3V3", "button"] + ["GND"] * 4)
    # T568B pairs: 1-2, 3-6, 4-5, 7-8: every pair is one signal and one ground.
    by_pin = {c["pin"]: c["signal"] for c in cores}
    for a, b in ((1, 2), (3, 6), (4, 5), (7, 8)):
        assert sorted([by_pin[a], by_pin[b]]).count("GND") == 1
    assert [row[:3] for row in guide_table("cable")[2:]] == [
        [str(c["pin"]), c["colour"], c["signal"]] for c in cores
    ]


def test_the_wiring_picture_is_drawn_from_the_same_data(tmp_path: Path) -> None:
    """The committed picture records the pins and cable cores it was drawn from: today's."""
    draw = module("draw_wiring")
    config = tomllib.loads((HARDWARE / "config.example.toml").read_text())
    buttons = draw.ButtonPins.from_config(config["buttons"], config["seat"]).pins
    parts, _, cores = module("parts").load()
    today = draw.drawn_from(buttons, cores, draw.pull_up_value(parts))
    committed = Image.open(HARDWARE / "wiring.png")
    assert committed.text.get("drawn-from") == today, (
        "hardware/wiring.png is stale: run .venv/bin/python hardware/draw_wiring.py"
    )
    assert [c["signal"] for c in json.loads(today)["cable"]] == [c["signal"] for c in DATA["core"]]
    assert json.loads(today)["pull_up"] == "2.2 kOhm"  # the resistors the parts list orders
    out = tmp_path / "wiring.png"
    argv = sys.argv
    sys.argv = ["draw_wiring.py", "--out", str(out)]
    try:
        draw.main()
    finally:
        sys.argv = argv
    drawn = Image.open(out)
    assert drawn.size == committed.size and drawn.text["drawn-from"] == today
