"""The D/C and RESET pins of an SPI panel, for luma, on gpiozero's pins."""

from __future__ import annotations

from collections.abc import Sequence

from gpiozero import DigitalOutputDevice
from gpiozero.pins import Factory


class GpiozeroGPIO:
    """The part of RPi.GPIO luma's SPI interface uses (D/C and RESET), on gpiozero pins.

    RPi.GPIO does not run on the Pi 5; gpiozero picks lgpio there, and mock pins in tests.
    Pins are claimed once and kept across reopenings of the panel.
    """

    OUT = "out"
    LOW = 0
    HIGH = 1

    def __init__(self, pin_factory: Factory | None = None) -> None:
        self._pin_factory = pin_factory
        self._outputs: dict[int, DigitalOutputDevice] = {}

    def setup(self, pin: int, mode: str) -> None:
        if pin not in self._outputs:
            self._outputs[pin] = DigitalOutputDevice(pin, pin_factory=self._pin_factory)

    def output(self, pin: int, value: int) -> None:
        self._outputs[pin].value = bool(value)

    def cleanup(self, pins: Sequence[int] | None = None) -> None:
        for pin in list(self._outputs) if pins is None else pins:
            output = self._outputs.pop(pin, None)
            if output is not None:
                output.close()
