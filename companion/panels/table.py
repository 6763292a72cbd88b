"""The whole table in one picture: every seat's panel around an oval, the console in the middle.

For the emulator window and for screenshots: the 1-bit panels are scaled up and lit in an OLED
blue on black, each with a bezel and its seat label, seats clockwise from the top.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from ..i18n import CORE, Catalogue
from ..table.view import TableView
from .console import draw_console
from .seat import draw_seat
from .text import LINE, big_text

BACKGROUND = (24, 26, 32)
TABLE = (58, 40, 28)
TABLE_EDGE = (92, 64, 42)
BEZEL = (8, 8, 10)
OLED_ON = (150, 210, 255)
OLED_OFF = (0, 0, 0)
LABEL = (190, 190, 200)
BEZEL_WIDTH = 6
MARGIN = 16

_words = Catalogue(CORE)


def render(view: TableView, console_width: int = 128) -> tuple[list[Image.Image], Image.Image]:
    """Every seat's panel, in seat order, and the console panel, as the devices show them."""
    return [draw_seat(seat) for seat in view.seats], draw_console(view.console, console_width)


def compose_table(seats: list[Image.Image], console: Image.Image, scale: int = 2) -> Image.Image:
    """An RGB picture of the table: seat panels clockwise around the console, labelled."""
    label = _words.gettext("Seat {number}")
    tiles = [_tile(p, label.format(number=n), scale) for n, p in enumerate(seats, start=1)]
    middle = _tile(console, _words.pgettext("the box's middle panel", "Console"), scale)
    rx, ry = _radii([t.size for t in tiles], middle.size)
    tile_w = max((t.width for t in tiles), default=0)
    tile_h = max((t.height for t in tiles), default=0)
    width = 2 * (rx + MARGIN) + tile_w
    height = 2 * (ry + MARGIN) + tile_h
    image = Image.new("RGB", (width, height), BACKGROUND)
    cx, cy = width // 2, height // 2
    draw = ImageDraw.Draw(image)
    ox, oy = rx - tile_w // 4, ry - tile_h // 4
    draw.ellipse((cx - ox, cy - oy, cx + ox, cy + oy), fill=TABLE, outline=TABLE_EDGE, width=4)
    image.paste(middle, (cx - middle.width // 2, cy - middle.height // 2))
    for (x, y), tile in zip(_positions(len(tiles), rx, ry), tiles, strict=True):
        image.paste(tile, (cx + x - tile.width // 2, cy + y - tile.height // 2))
    return image


def _tile(panel: Image.Image, label: str, scale: int) -> Image.Image:
    """One panel lit in OLED colours inside a bezel, with its label above."""
    lit = panel.convert("1").resize(
        (panel.width * scale, panel.height * scale), Image.Resampling.NEAREST
    )
    text = big_text(label, scale)
    top = text.height + 2 * scale
    tile = Image.new("RGB", (lit.width + 2 * BEZEL_WIDTH, top + lit.height + 2 * BEZEL_WIDTH))
    tile.paste(BACKGROUND, (0, 0, tile.width, top))
    tile.paste(LABEL, (BEZEL_WIDTH, 0), text)
    tile.paste(BEZEL, (0, top, tile.width, tile.height))
    screen = Image.new("RGB", lit.size, OLED_OFF)
    screen.paste(OLED_ON, (0, 0), lit)
    tile.paste(screen, (BEZEL_WIDTH, top + BEZEL_WIDTH))
    return tile


def _positions(n: int, rx: int, ry: int) -> list[tuple[int, int]]:
    """Centres on an ellipse, seat 1 at the top and the others clockwise (y grows downwards)."""
    return [
        (
            round(rx * math.cos(-math.pi / 2 + 2 * math.pi * i / n)),
            round(ry * math.sin(-math.pi / 2 + 2 * math.pi * i / n)),
        )
        for i in range(n)
    ]


def _radii(sizes: list[tuple[int, int]], middle: tuple[int, int]) -> tuple[int, int]:
    """The smallest ellipse, grown step by step, on which no two tiles overlap the console or
    each other."""
    tile_w = max((w for w, _ in sizes), default=0)
    tile_h = max((h for _, h in sizes), default=0)
    rx, ry = (middle[0] + tile_w) // 2 + MARGIN, (middle[1] + tile_h) // 2 + MARGIN
    while True:
        boxes = [
            (x - w // 2, y - h // 2, x + w // 2, y + h // 2)
            for (x, y), (w, h) in zip(_positions(len(sizes), rx, ry), sizes, strict=True)
        ]
        boxes.append((-middle[0] // 2, -middle[1] // 2, middle[0] // 2, middle[1] // 2))
        if not any(_overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :]):
            return rx, ry
        rx, ry = rx + LINE, ry + LINE // 2


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """Whether two boxes come closer than MARGIN to each other."""
    return not (
        a[2] + MARGIN <= b[0]
        or b[2] + MARGIN <= a[0]
        or a[3] + MARGIN <= b[1]
        or b[3] + MARGIN <= a[1]
    )
