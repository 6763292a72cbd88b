"""The I2C buses the panels share, and the TCA9548A multiplexer in front of the seat panels.

Eight SSD1306 share two addresses, so seat panels sit behind a TCA9548A, either as kernel buses
(``dtoverlay=i2c-mux,pca9548``: each channel is its own /dev/i2c-N) or selected from here
(``[mux] mode = "userspace"``: the channel mask is written to the mux before each transfer,
under one lock per bus). A bus is opened once for every panel on it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Protocol

import smbus2
from luma.core.interface.serial import i2c as LumaI2C

from companion.devices.panel_specs import MuxSpec, PanelSpec

# luma's I2C control byte for a run of display data.
_DATA_MODE = 0x40
# Largest single I2C_RDWR message luma itself sends.
_MAX_WRITE = 4096


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
