"""What the configuration says of each OLED panel and of the I2C multiplexer, checked key by key.

A panel is a driver (SSD1306, SH1106 on I2C; SSD1322 on SPI), where it is wired (an I2C bus and
address, maybe a multiplexer channel; or an SPI port and its D/C and RESET pins) and how it is
turned. ``check_wiring`` refuses two panels at one place and pins two parts claim.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from companion.devices.header import MAX_PIN, MIN_PIN, SPI_PORTS, PinUse, i2c_pins, spi_pins
from companion.devices.settings import SettingError, check_keys, is_int, require_table, shown

from ..i18n import CORE, Catalogue

_ = Catalogue(CORE).gettext

Driver = Literal["ssd1306", "sh1106", "ssd1322"]
MuxMode = Literal["userspace", "overlay"]

#: Native (unrotated) size of each driver as this project uses it.
PANEL_SIZES: dict[str, tuple[int, int]] = {
    "ssd1306": (128, 64),
    "sh1106": (128, 64),
    "ssd1322": (256, 64),
}
SPI_DRIVERS = ("ssd1322",)
#: Pillow mode each driver is fed: 1-bit for the monochrome panels, RGB (drawn as 16 greys).
PANEL_MODES: dict[str, str] = {"ssd1306": "1", "sh1106": "1", "ssd1322": "RGB"}
#: SPI clock rates luma accepts (it asserts on anything else).
SPI_SPEEDS_HZ = tuple(
    int(mhz * 1_000_000) for mhz in (0.5, 1, 2, 4, 8, 16, 20, 24, 28, 32, 36, 40, 44, 48, 50, 52)
)
#: 7-bit addresses a device may use (0x00-0x02 and 0x78-0x7F are reserved by the I2C spec).
MIN_I2C_ADDRESS = 0x03
MAX_I2C_ADDRESS = 0x77

_I2C_KEYS = ("driver", "rotate", "bus", "address", "mux_channel", "full_frames")
_SPI_KEYS = ("driver", "rotate", "port", "device", "gpio_dc", "gpio_rst", "spi_hz")


def _is_driver(value: object) -> bool:
    return isinstance(value, str) and value in PANEL_SIZES


@dataclass(frozen=True)
class PanelSpec:
    """One panel: which driver, and where it is wired.

    I2C panels (ssd1306, sh1106) use ``bus`` (/dev/i2c-N), ``address`` and, with a user-space
    multiplexer, ``mux_channel``; ``full_frames`` sends every picture whole, as luma does,
    instead of only the changed windows. The SPI panel (ssd1322) uses ``port``/``device``
    (/dev/spidevP.D) and the BCM pins of its D/C and RESET lines.

    An error is a SettingError keyed by the setting ("address"); ``from_config`` puts it under
    the panel's own key ("seat[3].panel.address").
    """

    driver: Driver
    bus: int = 1
    address: int = 0x3C
    mux_channel: int | None = None
    rotate: int = 0
    port: int = 0
    device: int = 0
    gpio_dc: int = 24
    gpio_rst: int = 25
    spi_hz: int = 8_000_000
    full_frames: bool = False

    def __post_init__(self) -> None:
        if not _is_driver(self.driver):
            said = _("{value}: expected one of {words}")
            raise SettingError(
                "driver", said.format(value=shown(self.driver), words=", ".join(PANEL_SIZES))
            )
        if not is_int(self.rotate) or self.rotate not in (0, 1, 2, 3):
            said = _("{value}: expected 0, 1, 2 or 3 (quarter turns clockwise)")
            raise SettingError("rotate", said.format(value=shown(self.rotate)))
        if self.is_spi:
            self._check_spi()
        else:
            self._check_i2c()

    def _check_i2c(self) -> None:
        if not is_int(self.bus) or self.bus < 0:
            said = _("{value}: expected the N of /dev/i2c-N (0 or more)")
            raise SettingError("bus", said.format(value=shown(self.bus)))
        if not is_int(self.address) or not MIN_I2C_ADDRESS <= self.address <= MAX_I2C_ADDRESS:
            raise SettingError(
                "address",
                _(
                    "{value}: expected a 7-bit I2C address {least}..{most} (SSD1306: 0x3C or 0x3D)"
                ).format(
                    value=shown(self.address),
                    least=f"0x{MIN_I2C_ADDRESS:02X}",
                    most=f"0x{MAX_I2C_ADDRESS:02X}",
                ),
            )
        if self.mux_channel is not None and (
            not is_int(self.mux_channel) or not 0 <= self.mux_channel <= 7
        ):
            said = _("{value}: expected a TCA9548A channel 0..7")
            raise SettingError("mux_channel", said.format(value=shown(self.mux_channel)))
        if not isinstance(self.full_frames, bool):
            said = _("{value}: expected true or false")
            raise SettingError("full_frames", said.format(value=shown(self.full_frames)))

    def _check_spi(self) -> None:
        if not is_int(self.port) or self.port not in SPI_PORTS:
            raise SettingError(
                "port",
                _(
                    "{value}: expected 0 (SPI0, /dev/spidev0.D) or 1 (SPI1, "
                    "/dev/spidev1.D), the ports whose pins can be checked"
                ).format(value=shown(self.port)),
            )
        chip_selects = SPI_PORTS[self.port].chip_selects
        if not is_int(self.device) or not 0 <= self.device < len(chip_selects):
            raise SettingError(
                "device",
                _("{value}: expected a chip select of SPI{port}, 0..{last}").format(
                    value=shown(self.device), port=self.port, last=len(chip_selects) - 1
                ),
            )
        bus_pins = spi_pins(self.port, self.device)
        for key in ("gpio_dc", "gpio_rst"):
            value = getattr(self, key)
            if not is_int(value) or not MIN_PIN <= value <= MAX_PIN:
                said = _("{value}: expected a BCM pin number {least}..{most}")
                raise SettingError(
                    key, said.format(value=shown(value), least=MIN_PIN, most=MAX_PIN)
                )
            if value in bus_pins:
                raise SettingError(
                    key,
                    _("BCM pin {pin} is this panel's {line}: expected another pin").format(
                        pin=value, line=bus_pins[value]
                    ),
                )
        if self.gpio_dc == self.gpio_rst:
            said = _("BCM pin {pin} is gpio_dc as well: expected two pins")
            raise SettingError("gpio_rst", said.format(pin=self.gpio_rst))
        if self.spi_hz not in SPI_SPEEDS_HZ or not is_int(self.spi_hz):
            raise SettingError(
                "spi_hz",
                _("{value}: expected one of {words}").format(
                    value=shown(self.spi_hz), words=", ".join(str(hz) for hz in SPI_SPEEDS_HZ)
                ),
            )

    @property
    def is_spi(self) -> bool:
        return self.driver in SPI_DRIVERS

    @property
    def mode(self) -> str:
        """The Pillow mode the driver draws from."""
        return PANEL_MODES[self.driver]

    @property
    def size(self) -> tuple[int, int]:
        """Size of the picture to draw, after rotation."""
        width, height = PANEL_SIZES[self.driver]
        return (height, width) if self.rotate % 2 else (width, height)

    def pin_uses(self, key: str) -> list[PinUse]:
        """The header pins this panel drives, claimed by ``key`` ("console.panel")."""
        if not self.is_spi:
            return [PinUse(pin, key, what, shared=True) for pin, what in i2c_pins(self.bus).items()]
        lines = spi_pins(self.port, self.device)
        return [
            *(PinUse(pin, key, what, shared=True) for pin, what in lines.items()),
            PinUse(self.gpio_dc, f"{key}.gpio_dc", "the D/C line of an SPI panel"),
            PinUse(self.gpio_rst, f"{key}.gpio_rst", "the RESET line of an SPI panel"),
        ]

    @classmethod
    def from_config(cls, table: Any, where: str = "panel") -> PanelSpec:
        """Build from an inline ``panel = { driver = ..., ... }`` table of the TOML config.

        ``where`` ("seat[3].panel", "console.panel") is the key every error is placed under,
        so the maker knows which line to fix.
        """
        table = require_table(table, where, '{ driver = "ssd1306", address = 0x3C }')
        driver = table.get("driver")
        if not _is_driver(driver):
            said = _("{value}: expected one of {words}")
            raise SettingError(
                f"{where}.driver", said.format(value=shown(driver), words=", ".join(PANEL_SIZES))
            )
        check_keys(
            table,
            _SPI_KEYS if driver in SPI_DRIVERS else _I2C_KEYS,
            where,
            _("not a setting of a {driver} panel").format(driver=driver),
        )
        try:
            return cls(**table)
        except SettingError as error:
            raise error.within(where) from None


@dataclass(frozen=True)
class MuxSpec:
    """The TCA9548A, when its channels are selected from user space (``mode = "userspace"``).

    With ``mode = "overlay"`` the kernel selects channels itself and only ``mode`` matters.
    """

    mode: MuxMode = "userspace"
    bus: int = 1
    address: int = 0x70

    def __post_init__(self) -> None:
        if self.mode not in ("userspace", "overlay"):
            said = _("{value}: expected 'userspace' or 'overlay'")
            raise SettingError("mode", said.format(value=shown(self.mode)))
        if not is_int(self.bus) or self.bus < 0:
            said = _("{value}: expected the N of /dev/i2c-N (0 or more)")
            raise SettingError("bus", said.format(value=shown(self.bus)))
        if not is_int(self.address) or not 0x70 <= self.address <= 0x77:
            said = _("{value}: expected 0x70..0x77 (TCA9548A, set by A0-A2)")
            raise SettingError("address", said.format(value=shown(self.address)))

    @property
    def userspace(self) -> bool:
        return self.mode == "userspace"

    def pin_uses(self, key: str = "mux") -> list[PinUse]:
        """The header pins of the mux's bus; the overlay's mux hangs off /dev/i2c-1."""
        bus = self.bus if self.userspace else 1
        return [PinUse(pin, key, what, shared=True) for pin, what in i2c_pins(bus).items()]

    @classmethod
    def from_config(cls, table: Any, where: str = "mux") -> MuxSpec:
        """Build from the ``[mux]`` table."""
        table = require_table(table, where)
        check_keys(table, ("mode", "bus", "address"), where)
        try:
            return cls(**table)
        except SettingError as error:
            raise error.within(where) from None


def specs_from_config(
    config: Mapping[str, Any],
) -> tuple[dict[str, PanelSpec], MuxSpec | None]:
    """The panels ("console", "seat1".."seat8") and the mux of a parsed TOML configuration.

    A seat without ``panel`` is a serial pod and has no panel here.
    """
    specs: dict[str, PanelSpec] = {}
    console = config.get("console", {})
    if "panel" in console:
        specs["console"] = PanelSpec.from_config(console["panel"], "console.panel")
    for number, seat in enumerate(config.get("seat", []), start=1):
        if "panel" in seat:
            specs[f"seat{number}"] = PanelSpec.from_config(
                seat["panel"], panel_key(f"seat{number}")
            )
    mux = MuxSpec.from_config(config["mux"]) if "mux" in config else None
    check_wiring(specs, mux)
    return specs, mux


def panel_key(name: str) -> str:
    """The configuration key of the panel called ``name`` ("seat3" -> "seat[3].panel")."""
    if name.startswith("seat") and name[4:].isdigit():
        return f"seat[{name[4:]}].panel"
    return f"{name}.panel"


def check_wiring(specs: Mapping[str, PanelSpec], mux: MuxSpec | None) -> None:
    """Refuse panel sets that cannot work together, naming the panels involved."""
    seen: dict[tuple[int, int | None, int], str] = {}
    for name, spec in specs.items():
        key = panel_key(name)
        if spec.is_spi:
            continue
        if spec.mux_channel is not None:
            if mux is None or not mux.userspace:
                raise SettingError(
                    f"{key}.mux_channel",
                    _(
                        '{channel} needs [mux] mode = "userspace"; with the i2c-mux overlay name '
                        "the channel's /dev/i2c-N as bus instead"
                    ).format(channel=spec.mux_channel),
                )
            if spec.bus != mux.bus:
                raise SettingError(
                    f"{key}.bus",
                    _(
                        "mux_channel on bus {bus} but the mux is on bus {mux}: "
                        "expected the same bus"
                    ).format(bus=spec.bus, mux=mux.bus),
                )
        place = (spec.bus, spec.mux_channel, spec.address)
        if place in seen:
            address = f"0x{spec.address:02X}"
            if spec.mux_channel is None:
                said = _(
                    "at bus {bus} address {address} like {other}: expected one panel per place"
                )
            else:
                said = _(
                    "at bus {bus} channel {channel} address {address} like {other}: "
                    "expected one panel per place"
                )
            raise SettingError(
                key,
                said.format(
                    bus=spec.bus, channel=spec.mux_channel, address=address, other=seen[place]
                ),
            )
        seen[place] = key
