"""Stand-ins for the Pi's buses, shared by the tests that drive real luma.oled devices."""

from __future__ import annotations

from PIL import Image

MUX = 0x70
PANEL = 0x3C


class MuxBus:
    """An I2C bus with a TCA9548A at 0x70 and an SSD1306 at 0x3C on the given channels."""

    def __init__(self, channels_with_panel: set[int] | None = None) -> None:
        self.channels = set(range(8)) if channels_with_panel is None else channels_with_panel
        self.mask = 0

    def _check(self, address: int) -> None:
        selected = {c for c in range(8) if self.mask & (1 << c)}
        if address != MUX and not (address == PANEL and selected & self.channels):
            raise OSError(121, "Remote I/O error")

    def write_quick(self, address: int) -> None:
        self._check(address)

    def write_byte(self, address: int, value: int) -> None:
        self._check(address)
        if address == MUX:
            self.mask = value

    def write_i2c_block_data(self, address: int, register: int, data: list[int]) -> None:
        self._check(address)

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


def frame_of(image: Image.Image) -> bytes:
    """What an SSD1306 receives for ``image``, worked out independently of luma: page by page,
    one byte per column, least significant bit at the top."""
    out = bytearray()
    for page in range(8):
        for x in range(128):
            byte = 0
            for bit in range(8):
                if image.getpixel((x, page * 8 + bit)):
                    byte |= 1 << bit
            out.append(byte)
    return bytes(out)
