"""The boxes' drawings are made from the parts list's own data (hardware/parts.toml): the
committed SVGs are what hardware/enclosure.py makes now, a size changed in the data changes the
drawing and the parts list alike, and the DIE buttons sit under the dice in their order."""

from __future__ import annotations

import copy
import re
import subprocess
import sys
import tomllib
from typing import Any

from .test_parts_list import HARDWARE, module

DATA = tomllib.loads((HARDWARE / "parts.toml").read_text())
CONFIG = tomllib.loads((HARDWARE / "config.example.toml").read_text())


def panel(svg: str, name: str) -> str:
    """One panel's group of cuts in the cutting sheet."""
    return svg.split(f'<g id="cut-{name.replace(" ", "-")}"')[1].split("</g>")[0]


def outline(svg: str, name: str) -> tuple[float, float]:
    width, height = re.search(
        r'<rect width="([\d.]+)" height="([\d.]+)"/>', panel(svg, name)
    ).groups()
    return float(width), float(height)


def test_the_committed_drawings_are_what_the_command_makes_now() -> None:
    result = subprocess.run(
        [sys.executable, str(HARDWARE / "enclosure.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_size_changed_in_the_parts_data_changes_the_drawing_and_the_parts_list() -> None:
    enclosure, parts = module("enclosure"), module("parts")
    data: dict[str, Any] = copy.deepcopy(DATA)
    data["box"]["console"]["width"] = 260
    data["box"]["pod"]["height"] = 50
    data["cutout"]["button"] = 16
    data["part"][
        [p["name"] for p in data["part"]].index("12 mm momentary push button, normally open")
    ]["name"] = "16 mm momentary push button, normally open"
    before = enclosure.drawings(DATA, CONFIG)["enclosure.svg"]
    after = enclosure.drawings(data, CONFIG)["enclosure.svg"]
    assert outline(before, "console top") == (200, 120)
    assert outline(after, "console top") == (260, 120)
    assert outline(after, "console back") == (260, 54)  # 60 high, less the top and bottom
    assert outline(after, "pod side") == (54, 44)
    holes = re.findall(
        r'<circle cx="[\d.]+" cy="[\d.]+" r="([\d.]+)"/>', panel(after, "console top")
    )
    assert holes == ["8"] * 9  # ROLL, DONE, UNDO, DIE1..DIE6 at 16 mm
    box = next(p for p in data["part"] if p.get("box") == "console")
    assert parts.box_part(box, data)[0] == "console box, 260 x 120 x 60 mm"


def test_each_die_button_sits_under_its_die_left_to_right() -> None:
    enclosure = module("enclosure")
    layout = enclosure.front_layout(DATA, enclosure.console_buttons(CONFIG))
    dice = [x for x, _ in layout.dice]
    holes = [layout.holes[f"DIE{n}"][0] for n in range(1, 7)]
    assert dice == sorted(dice) and holes == sorted(holes)
    window_x, _, window_width, _ = layout.window
    assert window_x < dice[0] and dice[-1] < window_x + window_width / 2  # the dice half
    # The row is centred under the dice it answers.
    assert abs(sum(holes) / 6 - sum(dice) / 6) < 0.01


def test_the_console_has_a_hole_for_each_button_and_an_opening_for_each_seat() -> None:
    enclosure = module("enclosure")
    svg = enclosure.drawings(DATA, CONFIG)["enclosure.svg"]
    buttons = [name for name in CONFIG["buttons"] if name.isupper()]  # not hold_time etc.
    assert svg.count(
        "<circle", svg.index('id="cut-console-top"'), svg.index('id="cut-console-bottom"')
    ) == len(buttons)
    assert panel(svg, "console back").count("<rect") == 1 + 8  # its outline and 8 jacks
    assert panel(svg, "pod back").count("<rect") == 1 + 1
