"""The Pi's 40-pin header: which GPIO pins each bus takes, and that no two parts share one.

A button wired to a pin a bus or a display already drives never reports a press, and the part
it shares the pin with stops working too (a button on the console's D/C pin: the console never
lights). So every pin the configuration gives is checked against every other, naming both keys.

Only the lines a part really uses are claimed: an SPI panel writes and never reads, so MISO
and the other chip selects stay free once ``dtoverlay=spi0-1cs,no_miso`` releases them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.devices.settings import SettingError

from ..i18n import CORE, Catalogue

_ = Catalogue(CORE).gettext

#: BCM numbers a part may use: 0 and 1 carry the HAT ID EEPROM, 28+ are not on the header.
MIN_PIN = 2
MAX_PIN = 27

#: The I2C bus on the header: /dev/i2c-1 (bus 0, GPIO 0 and 1, is the HAT ID EEPROM's).
I2C_BUS_PINS: dict[int, dict[int, str]] = {1: {2: "SDA", 3: "SCL"}}


@dataclass(frozen=True)
class SpiPort:
    """The header pins of one SPI controller, /dev/spidevPORT.DEVICE."""

    sclk: int
    mosi: int
    chip_selects: tuple[int, ...]


#: SPI0 (dtparam=spi=on) and SPI1 (dtoverlay=spi1-Ncs), the two on every 40-pin Pi.
SPI_PORTS: dict[int, SpiPort] = {
    0: SpiPort(sclk=11, mosi=10, chip_selects=(8, 7)),
    1: SpiPort(sclk=21, mosi=20, chip_selects=(18, 17, 16)),
}


def i2c_pins(bus: int) -> dict[int, str]:
    """The header pins of /dev/i2c-``bus`` by what they carry.

    None for another bus: its pins depend on an overlay (i2c-gpio, a Pi 4's i2c3..6) this
    table does not know; a channel of the i2c-mux overlay is claimed through the [mux] instead.
    """
    return {pin: f"I2C bus {bus} {line}" for pin, line in I2C_BUS_PINS.get(bus, {}).items()}


def spi_pins(port: int, device: int) -> dict[int, str]:
    """The pins a write-only panel on /dev/spidevPORT.DEVICE drives: SCLK, MOSI, its CE."""
    spi = SPI_PORTS[port]
    return {
        spi.sclk: f"SPI{port} SCLK",
        spi.mosi: f"SPI{port} MOSI",
        spi.chip_selects[device]: f"SPI{port} CE{device}",
    }


@dataclass(frozen=True)
class PinUse:
    """One pin claimed by one configuration key.

    ``shared`` marks a bus line: every part on the same bus uses it, and that is no clash.
    """

    pin: int
    key: str
    what: str
    shared: bool = False


def check_pins(uses: Iterable[PinUse]) -> None:
    """Refuse the first pin claimed twice (other than one bus line shared by its bus's parts)."""
    first: dict[int, PinUse] = {}
    for use in uses:
        earlier = first.setdefault(use.pin, use)
        if earlier is use or (use.shared and earlier.shared and use.what == earlier.what):
            continue
        raise SettingError(
            use.key,
            _(
                "BCM pin {pin} is already used by {owner} ({what}): "
                "expected a pin no other part uses"
            ).format(pin=use.pin, owner=earlier.key, what=earlier.what),
        )
