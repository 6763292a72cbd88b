"""OLED panels through luma.oled: seat panels on I2C (behind a TCA9548A), the console on I2C or SPI.

The game must go on when a seat pod's cable is pulled, so a panel never raises from ``show()``:
it goes offline, logs once, and is tried again at most every ``retry_interval`` seconds, getting
the latest picture as soon as it answers.

luma's ssd1306 and sh1106 send the whole 1,024-byte frame on every ``display()`` (~93 ms at
100 kHz), so a panel sends nothing when the picture is unchanged, and SSD1306/SH1106 panels are
driven by ``partial_oled`` (only the changed windows go on the bus) unless their table says
``full_frames = true`` (for a clone that misbehaves with partial windows).

Eight SSD1306 share two addresses, so seat panels sit behind a TCA9548A multiplexer, either
as kernel buses (``dtoverlay=i2c-mux,pca9548``: each channel is its own /dev/i2c-N and a
panel just names that bus) or selected from here (``[mux] mode = "userspace"``: the channel
mask is written to the mux before each transfer, under one lock per bus).

Example, with a recording bus instead of /dev/i2c-1::

    specs = {"seat1": PanelSpec("ssd1306", bus=1, mux_channel=0)}
    with Displays(specs, mux=MuxSpec(), open_i2c=lambda number: fake_bus) as displays:
        displays["seat1"].show(image)
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import smbus2
from gpiozero import DigitalOutputDevice
from gpiozero.pins import Factory
from luma.core.device import device as LumaDevice
from luma.core.interface.serial import i2c as LumaI2C
from luma.core.interface.serial import spi as LumaSPI
from luma.oled.device import sh1106, ssd1306, ssd1322
from PIL import Image

from companion.devices.header import MAX_PIN, MIN_PIN, SPI_PORTS, PinUse, i2c_pins, spi_pins
from companion.devices.partial_oled import PartialSH1106, PartialSSD1306
from companion.devices.settings import SettingError, check_keys, is_int, require_table, shown

log = logging.getLogger(__name__)

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

# SSD1306/SH1106 "no operation": a cheap way to ask whether a panel answers on the bus.
_NOP = 0xE3
# luma's I2C control byte for a run of display data.
_DATA_MODE = 0x40
# Largest single I2C_RDWR message luma itself sends.
_MAX_WRITE = 4096


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
            raise SettingError(
                "driver", f"{shown(self.driver)}: expected one of {', '.join(PANEL_SIZES)}"
            )
        if not is_int(self.rotate) or self.rotate not in (0, 1, 2, 3):
            raise SettingError(
                "rotate", f"{shown(self.rotate)}: expected 0, 1, 2 or 3 (quarter turns clockwise)"
            )
        if self.is_spi:
            self._check_spi()
        else:
            self._check_i2c()

    def _check_i2c(self) -> None:
        if not is_int(self.bus) or self.bus < 0:
            raise SettingError(
                "bus", f"{shown(self.bus)}: expected the N of /dev/i2c-N (0 or more)"
            )
        if not is_int(self.address) or not MIN_I2C_ADDRESS <= self.address <= MAX_I2C_ADDRESS:
            raise SettingError(
                "address",
                f"{shown(self.address)}: expected a 7-bit I2C address "
                f"0x{MIN_I2C_ADDRESS:02X}..0x{MAX_I2C_ADDRESS:02X} (SSD1306: 0x3C or 0x3D)",
            )
        if self.mux_channel is not None and (
            not is_int(self.mux_channel) or not 0 <= self.mux_channel <= 7
        ):
            raise SettingError(
                "mux_channel", f"{shown(self.mux_channel)}: expected a TCA9548A channel 0..7"
            )
        if not isinstance(self.full_frames, bool):
            raise SettingError("full_frames", f"{shown(self.full_frames)}: expected true or false")

    def _check_spi(self) -> None:
        if not is_int(self.port) or self.port not in SPI_PORTS:
            raise SettingError(
                "port",
                f"{shown(self.port)}: expected 0 (SPI0, /dev/spidev0.D) or 1 (SPI1, "
                "/dev/spidev1.D), the ports whose pins can be checked",
            )
        chip_selects = SPI_PORTS[self.port].chip_selects
        if not is_int(self.device) or not 0 <= self.device < len(chip_selects):
            raise SettingError(
                "device",
                f"{shown(self.device)}: expected a chip select of SPI{self.port}, "
                f"0..{len(chip_selects) - 1}",
            )
        bus_pins = spi_pins(self.port, self.device)
        for key in ("gpio_dc", "gpio_rst"):
            value = getattr(self, key)
            if not is_int(value) or not MIN_PIN <= value <= MAX_PIN:
                raise SettingError(
                    key, f"{shown(value)}: expected a BCM pin number {MIN_PIN}..{MAX_PIN}"
                )
            if value in bus_pins:
                raise SettingError(
                    key,
                    f"BCM pin {value} is this panel's {bus_pins[value]}: expected another pin",
                )
        if self.gpio_dc == self.gpio_rst:
            raise SettingError(
                "gpio_rst", f"BCM pin {self.gpio_rst} is gpio_dc as well: expected two pins"
            )
        if self.spi_hz not in SPI_SPEEDS_HZ or not is_int(self.spi_hz):
            raise SettingError(
                "spi_hz",
                f"{shown(self.spi_hz)}: expected one of "
                f"{', '.join(str(hz) for hz in SPI_SPEEDS_HZ)}",
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
            raise SettingError(
                f"{where}.driver", f"{shown(driver)}: expected one of {', '.join(PANEL_SIZES)}"
            )
        check_keys(
            table,
            _SPI_KEYS if driver in SPI_DRIVERS else _I2C_KEYS,
            where,
            f"not a setting of a {driver} panel",
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
            raise SettingError("mode", f"{shown(self.mode)}: expected 'userspace' or 'overlay'")
        if not is_int(self.bus) or self.bus < 0:
            raise SettingError(
                "bus", f"{shown(self.bus)}: expected the N of /dev/i2c-N (0 or more)"
            )
        if not is_int(self.address) or not 0x70 <= self.address <= 0x77:
            raise SettingError(
                "address", f"{shown(self.address)}: expected 0x70..0x77 (TCA9548A, set by A0-A2)"
            )

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
                    f"{spec.mux_channel} needs [mux] mode = "
                    '"userspace"; with the i2c-mux overlay name the channel\'s /dev/i2c-N '
                    "as bus instead",
                )
            if spec.bus != mux.bus:
                raise SettingError(
                    f"{key}.bus",
                    f"mux_channel on bus {spec.bus} but the mux is on bus {mux.bus}: "
                    "expected the same bus",
                )
        place = (spec.bus, spec.mux_channel, spec.address)
        if place in seen:
            channel = "" if spec.mux_channel is None else f" channel {spec.mux_channel}"
            raise SettingError(
                key,
                f"at bus {spec.bus}{channel} address 0x{spec.address:02X} like {seen[place]}: "
                "expected one panel per place",
            )
        seen[place] = key


class SMBusLike(Protocol):
    """The part of smbus2.SMBus the panels use (``i2c_rdwr`` is used when present)."""

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: Sequence[int]) -> None: ...

    def write_byte(self, i2c_addr: int, value: int) -> None: ...

    def close(self) -> None: ...


class SharedI2CBus:
    """One /dev/i2c-N, opened once for every panel on it, with its lock and mux state.

    With ``mux_address`` set, a transfer first writes the channel mask to the mux unless that
    channel is already selected; a panel without a channel deselects all channels, so a panel
    on the parent bus never collides with a seat panel at the same address.
    """

    def __init__(self, bus: SMBusLike, *, mux_address: int | None = None) -> None:
        self.bus = bus
        self.mux_address = mux_address
        self.lock = threading.RLock()
        self._selected: int | None = None
        self._large_writes = hasattr(bus, "i2c_rdwr")

    @contextmanager
    def transfer(self, channel: int | None) -> Iterator[None]:
        """Hold the bus, with ``channel`` selected, for one or more writes."""
        with self.lock:
            try:
                if self.mux_address is not None:
                    mask = 0 if channel is None else 1 << channel
                    if mask != self._selected:
                        self.bus.write_byte(self.mux_address, mask)
                        self._selected = mask
                yield
            except BaseException:
                # After a failed transfer nobody knows what the mux latched: select again.
                self._selected = None
                raise

    def write_data(self, address: int, data: Sequence[int]) -> bool:
        """Send display data as whole I2C messages when the bus can (one START per frame
        instead of one per 32 bytes); False when only SMBus block writes are available."""
        if not self._large_writes:
            return False
        for start in range(0, len(data), _MAX_WRITE):
            chunk = [_DATA_MODE, *data[start : start + _MAX_WRITE]]
            self.bus.i2c_rdwr(smbus2.i2c_msg.write(address, chunk))  # type: ignore[attr-defined]
        return True

    def close(self) -> None:
        self.bus.close()


class SharedI2C(LumaI2C):
    """luma's I2C interface on a shared bus, selecting its mux channel before each transfer."""

    def __init__(self, shared: SharedI2CBus, address: int, channel: int | None = None) -> None:
        if channel is not None and shared.mux_address is None:
            raise ValueError(f"mux channel {channel} given for a bus without a multiplexer")
        super().__init__(bus=shared.bus, address=address)
        self._shared = shared
        self._address = address
        self._channel = channel

    def command(self, *cmd: int) -> None:
        with self._shared.transfer(self._channel):
            super().command(*cmd)

    def data(self, data: Sequence[int]) -> None:
        with self._shared.transfer(self._channel):
            if not self._shared.write_data(self._address, data):
                super().data(data)

    def whole(self) -> AbstractContextManager[None]:
        """Hold the bus for a whole picture, so its commands and data go out together."""
        return self._shared.transfer(self._channel)

    def cleanup(self) -> None:
        """Nothing to release: the bus belongs to every panel on it and outlives this one."""


class I2CBuses:
    """Every /dev/i2c-N the panels use, each opened on first use and shared."""

    def __init__(
        self,
        mux: MuxSpec | None = None,
        open_bus: Callable[[int], SMBusLike] = smbus2.SMBus,
    ) -> None:
        self._mux = mux if mux is not None and mux.userspace else None
        self._open_bus = open_bus
        self._buses: dict[int, SharedI2CBus] = {}
        self._lock = threading.Lock()

    def shared(self, number: int) -> SharedI2CBus:
        """The shared bus /dev/i2c-``number``, opening it now if needed (may raise OSError)."""
        with self._lock:
            if number not in self._buses:
                mux_address = self._mux.address if self._mux and self._mux.bus == number else None
                self._buses[number] = SharedI2CBus(self._open_bus(number), mux_address=mux_address)
            return self._buses[number]

    def interface(self, spec: PanelSpec) -> SharedI2C:
        return SharedI2C(self.shared(spec.bus), spec.address, spec.mux_channel)

    def close(self) -> None:
        with self._lock:
            for shared in self._buses.values():
                shared.close()
            self._buses.clear()


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


_FULL_FRAME = {"ssd1306": ssd1306, "sh1106": sh1106}
_PARTIAL = {"ssd1306": PartialSSD1306, "sh1106": PartialSH1106}


def open_device(spec: PanelSpec, interface: Any) -> LumaDevice:
    """A luma.oled device for ``spec`` talking through ``interface`` (real or recording).

    SSD1306 and SH1106 send only the changed windows unless ``spec.full_frames``. luma's
    constructors initialise and blank the panel. They ignore a ``persist=`` argument, so
    persist is set afterwards: otherwise luma's atexit hook blanks the panel on exit.
    """
    device: Any  # luma's drivers and ours share no declared type
    if spec.driver in ("ssd1306", "sh1106"):
        kind = (_FULL_FRAME if spec.full_frames else _PARTIAL)[spec.driver]
        device = kind(interface, width=128, height=64, rotate=spec.rotate)
    else:
        device = ssd1322(interface, width=256, height=64, rotate=spec.rotate, mode="RGB")
    device.persist = True
    return device


class Panel:
    """One display that never raises from ``show()`` and comes back by itself.

    ``opener`` makes a ready luma device (it may raise while the panel is missing). One thread
    drives a panel; panels on one bus may be driven from different threads.
    """

    def __init__(
        self,
        spec: PanelSpec,
        opener: Callable[[], LumaDevice],
        *,
        name: str = "panel",
        clock: Callable[[], float] = time.monotonic,
        retry_interval: float = 5.0,
    ) -> None:
        if retry_interval < 0:
            raise ValueError(f"retry_interval {retry_interval}: expected seconds >= 0")
        self.spec = spec
        self.name = name
        self._opener = opener
        self._clock = clock
        self._retry_interval = retry_interval
        self._device: LumaDevice | None = None
        self._wanted: Image.Image | None = None
        self._sent: bytes | None = None
        self._last_attempt = clock()
        self._reported_offline = False
        self._open()

    @property
    def online(self) -> bool:
        return self._device is not None

    @property
    def size(self) -> tuple[int, int]:
        return self.spec.size

    def show(self, image: Image.Image) -> bool:
        """Put ``image`` on the panel; True if the panel now shows it.

        Sends nothing when the picture is unchanged. An offline panel keeps the picture and
        gets it when it answers again.
        """
        frame = self._frame(image)
        self._wanted = frame
        if self._device is None:
            return self._retry_if_due()
        if self._sent == frame.tobytes():
            return True
        return self._send(self._device, frame)

    def poll(self) -> bool:
        """Give an offline panel its due retry even when no new picture comes; True if online."""
        return self._device is not None or self._retry_if_due()

    def retry_due_in(self) -> float | None:
        """Seconds until an offline panel's next retry; None while it is online."""
        if self._device is not None:
            return None
        return max(0.0, self._last_attempt + self._retry_interval - self._clock())

    def close(self) -> None:
        """Let go of the device; the panel keeps its last picture (persist)."""
        device, self._device = self._device, None
        if device is not None:
            device.cleanup()

    def _frame(self, image: Image.Image) -> Image.Image:
        if image.size != self.spec.size:
            raise ValueError(
                f"{self.name}: picture is {image.size[0]}x{image.size[1]}: expected "
                f"{self.spec.size[0]}x{self.spec.size[1]} for a {self.spec.driver}"
            )
        if image.mode == self.spec.mode:
            return image.copy()
        # Thresholding keeps text crisp on the 1-bit panels; dithering would speckle it.
        return image.convert(self.spec.mode, dither=Image.Dither.NONE)

    def _open(self) -> bool:
        self._last_attempt = self._clock()
        try:
            self._device = self._opener()
        except Exception as error:  # any failure of a display must leave the game running
            self._report_offline(error)
            return False
        self._sent = None
        if self._wanted is not None:
            return self._send(self._device, self._wanted)
        self._report_online()
        return True

    def _retry_if_due(self) -> bool:
        if self._clock() - self._last_attempt < self._retry_interval:
            return False
        return self._open()

    def _send(self, device: LumaDevice, frame: Image.Image) -> bool:
        interface = getattr(device, "_serial_interface", None)
        whole = interface.whole() if isinstance(interface, SharedI2C) else nullcontext()
        try:
            with whole:
                device.display(frame)
        except Exception as error:  # any failure of a display must leave the game running
            self._go_offline(error)
            return False
        self._sent = frame.tobytes()
        self._report_online()
        return True

    def _go_offline(self, error: Exception) -> None:
        device, self._device = self._device, None
        self._sent = None
        self._last_attempt = self._clock()
        self._report_offline(error)
        if device is not None:
            try:
                device.cleanup()
            except Exception:  # the bus already failed; nothing more to learn from it
                log.debug("%s: cleanup after failure also failed", self.name, exc_info=True)

    def _report_offline(self, error: Exception) -> None:
        if not self._reported_offline:
            self._reported_offline = True
            log.warning(
                "%s offline (%s: %s); retrying every %g s",
                self.name,
                type(error).__name__,
                error,
                self._retry_interval,
            )

    def _report_online(self) -> None:
        if self._reported_offline:
            self._reported_offline = False
            log.info("%s back online", self.name)


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

    def _opener(self, spec: PanelSpec) -> Callable[[], LumaDevice]:
        def open_panel() -> LumaDevice:
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
            else:
                interface = self._i2c.interface(spec)
                # luma registers an atexit hook per device it builds, so a missing panel is
                # asked with one NOP first instead of building (and leaking) a device per retry.
                interface.command(_NOP)
            try:
                return open_device(spec, interface)
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
