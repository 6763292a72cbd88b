"""Small models of the SSD1306 and SH1106 display memory, fed the bytes a luma device sends.

Each is a luma serial interface stand-in (``command(*bytes)``, ``data(bytes)``): it decodes
the command stream as the datasheets describe it (multi-byte commands take their arguments,
windows and pointers move as the chip moves them) and writes data into its GDDRAM, so a test
can ask what the glass would show. A command these drivers never send is an error, not a guess.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

PAGES = 8

# Commands with one argument byte, on both chips.
_ONE_ARGUMENT = {0x81, 0xA8, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB}
# Single-byte commands that do not touch the memory pointer.
_PLAIN = {0xA0, 0xA1, 0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF, 0xC0, 0xC8, 0xE3}


class Ssd1306Ram:
    """SSD1306: 128 columns x 8 pages, horizontal or page addressing with a column/page window."""

    columns = 128

    def __init__(self) -> None:
        self.ram = [bytearray(self.columns) for _ in range(PAGES)]
        self.calls: list[tuple[str, bytes]] = []
        self.horizontal = False  # the chip resets to page addressing
        self.window = (0, self.columns - 1, 0, PAGES - 1)
        self.column = 0
        self.page = 0

    def command(self, *cmd: int) -> None:
        self.calls.append(("command", bytes(cmd)))
        queue = list(cmd)
        while queue:
            op = queue.pop(0)
            if op in _PLAIN or 0x40 <= op <= 0x7F:
                continue
            if op in _ONE_ARGUMENT or op == 0x8D:  # 0x8D: charge pump
                queue.pop(0)
            elif op == 0x20:  # memory addressing mode
                self.horizontal = queue.pop(0) == 0x00
            elif op == 0x21:  # column window; the pointer goes to its start
                first, last = queue.pop(0), queue.pop(0)
                self.window = (first, last, *self.window[2:])
                self.column = first
            elif op == 0x22:  # page window
                first, last = queue.pop(0), queue.pop(0)
                self.window = (*self.window[:2], first, last)
                self.page = first
            elif not self._page_or_column(op):
                raise AssertionError(f"SSD1306 model: command 0x{op:02X} not modelled")

    def _page_or_column(self, op: int) -> bool:
        """The page-addressing commands both chips share; False for any other command."""
        if 0xB0 <= op <= 0xB7:
            self.page = op - 0xB0
        elif op <= 0x0F:
            self.column = (self.column & 0xF0) | op
        elif op <= 0x1F:
            self.column = (self.column & 0x0F) | ((op & 0x0F) << 4)
        else:
            return False
        return True

    def data(self, data: Sequence[int]) -> None:
        self.calls.append(("data", bytes(data)))
        first_column, last_column, first_page, last_page = self.window
        for byte in data:
            self.ram[self.page][self.column] = byte
            if not self.horizontal:
                self.column = min(self.column + 1, self.columns - 1)
                continue
            self.column += 1
            if self.column > last_column:
                self.column = first_column
                self.page = first_page if self.page >= last_page else self.page + 1

    def cleanup(self) -> None:
        """Nothing to release."""

    def visible(self, page: int) -> bytes:
        return bytes(self.ram[page])

    def picture(self) -> Image.Image:
        """What the glass shows, as a 128x64 mode "1" picture."""
        image = Image.new("1", (128, 8 * PAGES))
        pixels = image.load()
        for page in range(PAGES):
            for x, byte in enumerate(self.visible(page)):
                for bit in range(8):
                    if byte >> bit & 1:
                        pixels[x, page * 8 + bit] = 1
        return image


class Sh1106Ram(Ssd1306Ram):
    """SH1106: 132 columns x 8 pages, page addressing only; the 128 visible columns are 2..129.

    Its command set has no memory-mode, window or charge-pump command of the SSD1306's kind:
    luma still sends some of those bytes at start-up, and the chip reads each as a one-byte
    command, which is what this model does too.
    """

    columns = 132
    offset = 2

    def command(self, *cmd: int) -> None:
        self.calls.append(("command", bytes(cmd)))
        queue = list(cmd)
        while queue:
            op = queue.pop(0)
            if op in _PLAIN or 0x40 <= op <= 0x7F or op in (0x20, 0x8D) or 0x30 <= op <= 0x33:
                continue
            if op in _ONE_ARGUMENT or op == 0xAD:  # 0xAD: DC-DC control
                queue.pop(0)
            elif not self._page_or_column(op):
                raise AssertionError(f"SH1106 model: command 0x{op:02X} not modelled")

    def data(self, data: Sequence[int]) -> None:
        self.calls.append(("data", bytes(data)))
        for byte in data:
            if self.column >= self.columns:
                raise AssertionError("SH1106 model: data written past column 131")
            self.ram[self.page][self.column] = byte
            self.column += 1

    def visible(self, page: int) -> bytes:
        return bytes(self.ram[page][self.offset : self.offset + 128])
