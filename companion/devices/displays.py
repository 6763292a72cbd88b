"""Every OLED panel of the table, built from their specs, with the buses and pins they share.

Example, with a recording bus instead of /dev/i2c-1::

    specs = {"seat1": PanelSpec("ssd1306", bus=1, mux_channel=0)}
    with Displays(specs, mux=MuxSpec(), open_i2c=lambda number: fake_bus) as displays:
        displays["seat1"].show(image)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import nullcontext
from typing import Any

import smbus2
from gpiozero.pins import Factory
from luma.core.interface.serial import spi as LumaSPI

from companion.devices.i2c_bus import I2CBuses, SMBusLike
from companion.devices.panel import OpenPanel, Panel, open_device
from companion.devices.panel_specs import MuxSpec, PanelSpec, check_wiring
from companion.devices.spi_gpio import GpiozeroGPIO

# SSD1306/SH1106 "no operation": a cheap way to ask whether a panel answers on the bus.
_NOP = 0xE3


class Displays:
    """Every panel of the table, built from specs, with the buses and pins they share.

    ``open_i2c`` (bus number -> smbus2-like bus), ``open_spi`` (-> spidev-like object) and
    ``pin_factory`` (gpiozero) let tests and benchmarks run without a Pi.
    """

    def __init__(
        self,
        specs: Mapping[str, PanelSpec],
        *,
        mux: MuxSpec | None = None,
        open_i2c: Callable[[int], SMBusLike] = smbus2.SMBus,
        open_spi: Callable[[], Any] | None = None,
        pin_factory: Factory | None = None,
        clock: Callable[[], float] = time.monotonic,
        retry_interval: float = 5.0,
    ) -> None:
        check_wiring(specs, mux)
        self._i2c = I2CBuses(mux, open_i2c)
        self._open_spi = open_spi
        self._gpio = GpiozeroGPIO(pin_factory)
        self.panels: dict[str, Panel] = {
            name: Panel(
                spec,
                self._opener(spec),
                name=name,
                clock=clock,
                retry_interval=retry_interval,
            )
            for name, spec in specs.items()
        }

    def _opener(self, spec: PanelSpec) -> Callable[[], OpenPanel]:
        def open_panel() -> OpenPanel:
            if spec.is_spi:
                interface: Any = LumaSPI(
                    spi=self._open_spi() if self._open_spi else None,
                    gpio=self._gpio,
                    port=spec.port,
                    device=spec.device,
                    bus_speed_hz=spec.spi_hz,
                    gpio_DC=spec.gpio_dc,
                    gpio_RST=spec.gpio_rst,
                )
                hold = nullcontext  # the SPI bus is this panel's alone
            else:
                interface = self._i2c.interface(spec)
                hold = interface.whole
                # luma registers an atexit hook per device it builds, so a missing panel is
                # asked with one NOP first instead of building (and leaking) a device per retry.
                interface.command(_NOP)
            try:
                return OpenPanel(open_device(spec, interface), hold)
            except BaseException:
                interface.cleanup()
                raise

        return open_panel

    def __getitem__(self, name: str) -> Panel:
        return self.panels[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.panels)

    def poll(self) -> None:
        """Retry the offline panels that are due."""
        for panel in self.panels.values():
            panel.poll()

    def retry_due_in(self) -> float | None:
        """Seconds until the next offline panel's retry; None while every panel is online."""
        waits = [w for p in self.panels.values() if (w := p.retry_due_in()) is not None]
        return min(waits, default=None)

    def close(self) -> None:
        for panel in self.panels.values():
            panel.close()
        self._i2c.close()
        self._gpio.cleanup()

    def __enter__(self) -> Displays:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
