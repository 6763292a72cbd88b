"""SSD1306 and SH1106 panels that send only what changed: the changed pages, and in each page
only the changed columns.

luma.oled's drivers send the whole 1,024-byte frame on every ``display()``; with eight seat
panels on one I2C bus that makes the bus the slowest part of a press. These devices are still
luma devices (draw with Pillow, call ``display(image)``), but they remember what the panel's
memory holds and send the few windows that turn it into the new picture:

- SSD1306: a rectangle of pages and columns (COLUMNADDR/PAGEADDR, horizontal addressing), so
  neighbouring changed pages may share one window;
- SH1106: one window per page (page address, then the column with the chip's column offset),
  since its column pointer never moves on to the next page.

A full frame goes out after power-on (luma's constructor blanks the panel through
``display()``), after any failed transfer (the panel may hold anything after a reset or a
brown-out on the bus) and after ``forget()``. The full frame is byte for byte what luma sends.

Example, with a luma serial interface::

    device = PartialSSD1306(i2c(port=1, address=0x3C))
    device.display(picture)          # a full frame the first time
    device.display(picture_changed)  # only the changed windows
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from luma.oled.device import sh1106, ssd1306
from PIL import Image

# SSD1306 commands: column and page window for horizontal addressing.
COLUMNADDR = 0x21
PAGEADDR = 0x22
# SH1106 (and SSD1306 page addressing) commands: page start, low and high column nibble.
SETPAGE = 0xB0
SETLOWCOLUMN = 0x00
SETHIGHCOLUMN = 0x10

# Above this many windows a page's runs become one window, which keeps the merging below (cubic
# in the number of windows) cheap on a Pi Zero for any picture.
MAX_WINDOWS = 32
# Wire bytes a window costs on I2C beyond its data, as command and data messages: the address
# byte and the control byte of each message, plus the command bytes themselves.
SSD1306_WINDOW_COST = (1 + 1 + 6) + (1 + 1)
SH1106_WINDOW_COST = (1 + 1 + 3) + (1 + 1)


@dataclass(frozen=True)
class Window:
    """Pages ``first_page..last_page`` and columns ``first_column..last_column`` (inclusive)."""

    first_page: int
    last_page: int
    first_column: int
    last_column: int

    @property
    def width(self) -> int:
        return self.last_column - self.first_column + 1

    @property
    def pages(self) -> range:
        return range(self.first_page, self.last_page + 1)


def pack_pages(image: Image.Image) -> list[bytes]:
    """A 1-bit picture as the controller's pages: one byte per column, top pixel in bit 0.

    Flipped upside down and transposed, each column becomes a row whose bytes, read last to
    first, are exactly the column's page bytes; Pillow packs them without a per-pixel loop.
    """
    pages = image.height // 8
    raw = image.transpose(Image.Transpose.FLIP_TOP_BOTTOM).transpose(Image.Transpose.TRANSPOSE)
    data = raw.convert("1").tobytes()
    return [data[pages - 1 - page :: pages] for page in range(pages)]


def changed_runs(old: bytes, new: bytes, overhead: int) -> list[tuple[int, int]]:
    """Runs of changed columns in one page, joined when the gap costs less than a new window."""
    runs: list[tuple[int, int]] = []
    for column, (was, now) in enumerate(zip(old, new, strict=True)):
        if was == now:
            continue
        if runs and column - runs[-1][1] - 1 < overhead:
            runs[-1] = (runs[-1][0], column)
        else:
            runs.append((column, column))
    return runs


def plan_windows(
    held: Sequence[bytes], wanted: Sequence[bytes], overhead: int, *, multi_page: bool
) -> list[Window]:
    """The windows that turn ``held`` into ``wanted`` for few wire bytes.

    Every changed run of every page is a window (one per page when there are too many);
    where the chip can address several pages at once, two windows are merged into their
    bounding box while that costs fewer bytes.
    """
    runs = {
        page: changed_runs(old, new, overhead)
        for page, (old, new) in enumerate(zip(held, wanted, strict=True))
        if old != new
    }
    if sum(len(r) for r in runs.values()) > MAX_WINDOWS:
        runs = {page: [(r[0][0], r[-1][1])] for page, r in runs.items()}
    windows = [Window(page, page, first, last) for page, rs in runs.items() for first, last in rs]
    if multi_page:
        windows = _merge(windows, overhead)
    return sorted(windows, key=lambda w: (w.first_page, w.first_column))


def _merge(windows: list[Window], overhead: int) -> list[Window]:
    """Merge the pair that saves most bytes into its bounding box, until no pair saves any.

    Plain tuples (first page, last page, first column, last column) and their costs keep the
    cubic search fast enough for MAX_WINDOWS windows on a Pi Zero.
    """
    boxes = [(w.first_page, w.last_page, w.first_column, w.last_column) for w in windows]
    costs = [overhead + (b[1] - b[0] + 1) * (b[3] - b[2] + 1) for b in boxes]
    while True:
        best = (0, 0, 0)
        for i, (p0, p1, c0, c1) in enumerate(boxes):
            for j in range(i + 1, len(boxes)):
                q0, q1, d0, d1 = boxes[j]
                union = (max(p1, q1) - min(p0, q0) + 1) * (max(c1, d1) - min(c0, d0) + 1)
                saving = costs[i] + costs[j] - overhead - union
                if saving > best[0]:
                    best = (saving, i, j)
        if best[0] == 0:
            return [Window(*box) for box in boxes]
        _, i, j = best
        a, b = boxes[j], boxes[i]
        merged = (min(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), max(a[3], b[3]))
        del boxes[j], costs[j], boxes[i], costs[i]
        boxes.append(merged)
        costs.append(overhead + (merged[1] - merged[0] + 1) * (merged[3] - merged[2] + 1))


class _PartialUpdates:
    """What both chips share: the copy of the panel's memory and the choice of windows."""

    _held: list[bytes] | None
    _overhead: int
    _multi_page: bool
    _send: Callable[[Window, Sequence[bytes]], None]  # each chip's own window commands
    mode: str
    size: tuple[int, int]

    def __init__(
        self,
        serial_interface: Any = None,
        width: int = 128,
        height: int = 64,
        rotate: int = 0,
        **kwargs: Any,
    ) -> None:
        self._held = None  # luma's start-up sends the full frame through display()
        super().__init__(  # type: ignore[call-arg]
            serial_interface, width=width, height=height, rotate=rotate, **kwargs
        )

    def display(self, image: Image.Image) -> None:
        """Show ``image`` (mode "1", the device's size), sending only what changed."""
        if image.mode != self.mode or image.size != self.size:
            raise ValueError(
                f"picture is {image.mode} {image.size[0]}x{image.size[1]}: expected "
                f"{self.mode} {self.size[0]}x{self.size[1]}"
            )
        wanted = pack_pages(self.preprocess(image))  # type: ignore[attr-defined]
        held, self._held = self._held, None  # until every window is sent, the panel is unknown
        pages, last = len(wanted), len(wanted[0]) - 1
        spans = [(0, pages - 1)] if self._multi_page else [(p, p) for p in range(pages)]
        windows = [Window(first, final, 0, last) for first, final in spans]  # the full frame
        if held is not None:
            changed = plan_windows(held, wanted, self._overhead, multi_page=self._multi_page)
            # Many scattered changes (a picture after a fault, on a blank panel) can cost more
            # as windows than as the whole frame: never send more than a full frame.
            if self._cost(changed) <= self._cost(windows):
                windows = changed
        for window in windows:
            self._send(window, wanted)
        self._held = wanted

    def _cost(self, windows: Sequence[Window]) -> int:
        """Wire bytes ``windows`` take: their data and, for each, its commands (on a chip that
        addresses one page at a time, for each of its pages)."""
        return sum(
            len(w.pages) * w.width + self._overhead * (1 if self._multi_page else len(w.pages))
            for w in windows
        )

    def forget(self) -> None:
        """The panel's memory is unknown (e.g. it was power-cycled): send a full frame next."""
        self._held = None


class PartialSSD1306(_PartialUpdates, ssd1306):
    """luma's ssd1306, sending one COLUMNADDR/PAGEADDR window per changed rectangle."""

    _overhead = SSD1306_WINDOW_COST
    _multi_page = True

    def _send(self, window: Window, pages: Sequence[bytes]) -> None:
        start = self._colstart + window.first_column
        end = start + window.width - 1
        self.command(COLUMNADDR, start, end, PAGEADDR, window.first_page, window.last_page)
        data: list[int] = []
        for page in window.pages:
            data += pages[page][window.first_column : window.last_column + 1]
        self.data(data)


class PartialSH1106(_PartialUpdates, sh1106):
    """luma's sh1106, sending each changed page's changed columns (RAM column = column + 2)."""

    _overhead = SH1106_WINDOW_COST
    _multi_page = False

    def _send(self, window: Window, pages: Sequence[bytes]) -> None:
        column = self._page_address_offset + window.first_column
        for page in window.pages:
            self.command(
                SETPAGE | page, SETLOWCOLUMN | (column & 0x0F), SETHIGHCOLUMN | (column >> 4)
            )
            self.data(list(pages[page][window.first_column : window.last_column + 1]))
