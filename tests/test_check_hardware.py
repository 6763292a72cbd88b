"""check-hardware against the example wiring: a recording I2C bus with some panels missing,
gpiozero's mock pins pressed as each button is asked for."""

from __future__ import annotations

from pathlib import Path

from gpiozero.pins.mock import MockFactory

from companion.config import load
from companion.devices.buttons import ButtonPins
from companion.hardware_check import check_hardware

EXAMPLE = Path(__file__).resolve().parents[1] / "hardware" / "config.example.toml"


class Bus:
    """An I2C bus with a TCA9548A at 0x70 and SSD1306 panels at 0x3C on some channels."""

    def __init__(self, channels_with_panel: set[int]) -> None:
        self.channels = channels_with_panel
        self.mask = 0

    def _present(self, address: int) -> bool:
        if address == 0x70:
            return True
        selected = [c for c in range(8) if self.mask & (1 << c)]
        return address == 0x3C and any(c in self.channels for c in selected)

    def write_quick(self, address: int) -> None:
        if not self._present(address):
            raise OSError(121, "Remote I/O error")

    def write_byte(self, address: int, value: int) -> None:
        if address == 0x70:
            self.mask = value
        elif not self._present(address):
            raise OSError(121, "Remote I/O error")

    def write_i2c_block_data(self, address: int, register: int, data: list[int]) -> None:
        if not self._present(address):
            raise OSError(121, "Remote I/O error")

    def close(self) -> None:
        pass


class Spi:
    """A spidev stand-in for the SSD1322 console."""

    max_speed_hz = 0
    mode = 0

    def open(self, port: int, device: int) -> None:
        pass

    def writebytes(self, data: list[int]) -> None:
        pass

    def close(self) -> None:
        pass


def test_check_hardware_reports_buses_panels_and_buttons(mock_factory: MockFactory) -> None:
    config = load(EXAMPLE)
    config.stream = {}
    config.pods = []
    bus = Bus({0, 1, 2, 3, 4, 5, 6})  # seat 8's panel (channel 7) is unplugged
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
    assert "I2C bus 1: 0x70" in text
    assert "  mux channel 0: 0x3C" in text and "  mux channel 7: nothing" in text
    assert "panel seat1 (ssd1306, I2C bus 1 mux channel 0 0x3C): answers" in text
    assert "panel seat8 (ssd1306, I2C bus 1 mux channel 7 0x3C): NO ANSWER" in text
    assert "  ROLL: ok (gpio)" in text and "  SEAT1: ok (gpio)" in text
    assert "  SEAT5: NOT PRESSED within 0.2 s" in text
    assert lines[-1] == "2 part(s) did not answer"
