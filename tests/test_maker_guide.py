"""The maker's guide has what a person with a bag of parts asked for: the assembly order, the
front panel and the boxes' drawing, the SSD1322 module's own header agreeing with the example
configuration's pins, and a true way to get the code instead of a placeholder address."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

HARDWARE = Path(__file__).resolve().parents[1] / "hardware"
GUIDE = (HARDWARE / "README.md").read_text()


def section(title: str) -> str:
    return GUIDE.split(f"\n## {title}\n")[1].split("\n## ")[0]


def test_the_guide_gives_an_assembly_order_that_tests_before_closing_the_boxes() -> None:
    steps = re.findall(r"^\d+\. \*\*(.+?)\*\*", section("Assembly order"), re.MULTILINE)
    assert len(steps) >= 6
    order = section("Assembly order")
    assert order.index("check-hardware") < order.index("Close the boxes")


def test_the_guide_shows_the_front_panel_and_the_boxes_drawn_by_their_command() -> None:
    assert "](front-panel.svg)" in section("The front panel")
    assert "DIE1 under the leftmost die" in section("The front panel")
    assert "](enclosure.svg)" in section("The boxes")
    assert ".venv/bin/python hardware/enclosure.py" in GUIDE
    for name in ("front-panel.svg", "enclosure.svg", "wiring.png"):
        assert (HARDWARE / name).is_file()


def test_the_ssd1322_header_table_wires_the_pins_the_configuration_names() -> None:
    block = GUIDE.split("**The SSD1322 module's own header.**")[1].split("\n\n")[1]
    rows = [[c.strip() for c in r.strip("|").split("|")] for r in block.splitlines()[2:]]
    to_pi = {row[1].split()[0]: row[3] for row in rows}
    console = tomllib.loads((HARDWARE / "config.example.toml").read_text())["console"]["panel"]
    assert f"GPIO {console['gpio_dc']}" in to_pi["D/C#"]
    assert f"GPIO {console['gpio_rst']}" in to_pi["RES#"]
    assert "CE0" in to_pi["CS#"] and console["device"] == 0
    assert "MOSI" in to_pi["D1"] and "SCLK" in to_pi["D0"]
    assert [row[0] for row in rows][:6] == ["1", "2", "3", "4", "5", "6"]


def test_the_guide_says_how_to_get_the_code_without_a_made_up_address() -> None:
    install = section("Installing the companion")
    assert "example.org" not in GUIDE and "the-address-you-got" not in GUIDE
    assert "git bundle create" in install and "git archive" in install
