"""check-hardware against the example wiring: a recording I2C bus with some panels missing,
gpiozero's mock pins pressed as each button is asked for."""

from __future__ import annotations

from pathlib import Path

from gpiozero.pins.mock import MockFactory

from companion.config import load
from companion.devices.buttons import ButtonPins
from companion.devices.buzzer import BuzzerSpec
from companion.hardware_check import check_hardware

from .fakes import MuxBus, Spi

EXAMPLE = Path(__file__).resolve().parents[1] / "hardware" / "config.example.toml"


def test_check_hardware_reports_buses_panels_and_buttons(mock_factory: MockFactory) -> None:
    config = load(EXAMPLE)
    config.stream = {}
    config.pods = []
    bus = MuxBus({0, 1, 2, 3, 4, 5, 6})  # seat 8's panel (channel 7) is unplugged
    pins = ButtonPins.from_config(config.buttons, config.seats).pins
    lines: list[str] = []

    def say(line: str) -> None:
        lines.append(line)
        if line.startswith("press ") and line != "press SEAT5 ...":  # SEAT5 is never pressed
            pin = mock_factory.pin(pins[line.split()[1]])
            pin.drive_low()
            pin.drive_high()

    code = check_hardware(
        config,
        say,
        open_i2c=lambda number: bus,
        pin_factory=mock_factory,
        open_spi=lambda: Spi(),
        button_timeout=0.2,
    )
    text = "\n".join(lines)
    assert code == 1
    assert "I2C bus 1: 0x70" in text and "  mux TCA9548A 0x70: answers" in text
    assert "  mux channel 0: 0x3C" in text and "  mux channel 7: nothing" in text
    assert "panel seat1 (ssd1306, I2C bus 1 mux channel 0 0x3C): answers" in text
    assert "panel seat8 (ssd1306, I2C bus 1 mux channel 7 0x3C): NO ANSWER" in text
    assert "  ROLL: ok (gpio)" in text and "  SEAT1: ok (gpio)" in text
    assert "  SEAT5: NOT PRESSED within 0.2 s" in text
    assert "buttons: press each one when asked, within 0.2 s" in lines
    assert lines[-1] == "2 part(s) did not answer: panel seat8, button SEAT5"


def test_check_hardware_beeps_a_configured_buzzer(mock_factory: MockFactory) -> None:
    config = load(EXAMPLE)
    config.stream, config.pods, config.buzzer = {}, [], BuzzerSpec(14)
    lines: list[str] = []
    check_hardware(
        config,
        lines.append,
        open_i2c=lambda number: MuxBus(),
        pin_factory=mock_factory,
        open_spi=lambda: Spi(),
        buttons=False,
    )
    assert "buzzer (BCM 14): beeped twice; no sound? check its wiring" in lines
    mock_factory.pin(14).assert_states([False, True, False, True, False])


def test_the_guides_passing_run_is_what_check_hardware_prints(mock_factory: MockFactory) -> None:
    """hardware/README.md shows a passing run of the example wiring: every panel on its channel,
    each button pressed when asked. It must be this program's output, line for line."""
    config = load(EXAMPLE)
    config.stream, config.pods = {}, []
    bus = MuxBus()
    pins = ButtonPins.from_config(config.buttons, config.seats).pins
    lines: list[str] = []

    def say(line: str) -> None:
        lines.append(line)
        if line.startswith("press "):
            pin = mock_factory.pin(pins[line.split()[1]])
            pin.drive_low()
            pin.drive_high()

    code = check_hardware(
        config, say, open_i2c=lambda number: bus, pin_factory=mock_factory, open_spi=lambda: Spi()
    )
    assert code == 0
    guide = (EXAMPLE.parent / "README.md").read_text()
    shown = guide.split("<!-- check-hardware passing run -->\n```\n")[1].split("```")[0]
    assert shown.splitlines() == lines
