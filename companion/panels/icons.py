"""Pixel icons for the dice faces and the panels' small symbols, as bitmaps written out as data.

Hand-placed pixels stay crisp on a 1-bit 128x64 OLED where scaled drawings would blur into
noise, and they are identical on every machine. Symbols are 14x14; a die is 20x20 with a
rounded frame; a double face adds an "x2" tab in the corner.
"""

from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw

from ..table.view import FACE_DRAWINGS
from .text import big_text, stamp

SYMBOL = 14  # a face's symbol is SYMBOL x SYMBOL pixels
DIE = 20  # a die is DIE x DIE pixels
FACE = DIE - 2  # the inside of a die, within its one-pixel frame
LOCK_BAR = 2  # height of the bar under a locked die
DIE_HEIGHT = DIE + 1 + LOCK_BAR  # a die with the room for its lock bar


def _bitmap(*rows: str) -> Image.Image:
    """A mode "1" image from rows of "#" (lit) and "." (dark)."""
    image = Image.new("1", (len(rows[0]), len(rows)))
    for y, row in enumerate(rows):
        assert len(row) == image.width, row
        for x, c in enumerate(row):
            if c == "#":
                image.putpixel((x, y), 1)
    return image


_ARROW = _bitmap(
    "........######",
    ".........#####",
    "..........####",
    ".........#####",
    "........###.##",
    ".......###...#",
    "......###.....",
    ".....###......",
    "....###.......",
    ".#.###........",
    ".####.........",
    ".###..........",
    "#####.........",
    "#.............",
)

_DYNAMITE = _bitmap(
    ".........#.#.#",
    "..........###.",
    ".........##.##",
    "..........###.",
    ".........#.#.#",
    "........#.....",
    ".......#......",
    "......#.......",
    ".###.###.###..",
    ".###.###.###..",
    "#############.",
    ".###.###.###..",
    ".###.###.###..",
    ".###.###.###..",
)

_RING = _bitmap(
    ".....####.....",
    "...##....##...",
    "..#........#..",
    ".#..........#.",
    ".#..........#.",
    "#............#",
    "#.#........#.#",
    "#.#........#.#",
    "#............#",
    ".#..........#.",
    ".#..........#.",
    "..#........#..",
    "...##....##...",
    ".....####.....",
)

_BEER = _bitmap(
    "..............",
    ".##.##.##.....",
    "##########....",
    "##########....",
    "#........#....",
    "#.#.#.#..####.",
    "#.#.#.#..#..#.",
    "#.#.#.#..#..#.",
    "#.#.#.#..#..#.",
    "#.#.#.#..####.",
    "#........#....",
    "#........#....",
    "##########....",
    "..............",
)

_GATLING = _bitmap(
    "..............",
    ".....#...#....",
    "####.########.",
    "####.#...#....",
    "##############",
    "####.#...#....",
    "####.########.",
    ".##..#...#....",
    "..............",
    "..###.........",
    ".#...#........",
    ".#.#.#........",
    ".#...#........",
    "..###.........",
)


_SMALL: dict[str, Image.Image] = {
    "arrow": _bitmap(
        "##.......#..",
        ".##.......#.",
        "############",
        ".##.......#.",
        "##.......#..",
    ),
    "star": _bitmap(
        ".....#.....",
        "....###....",
        "....###....",
        "###########",
        ".#########.",
        "..#######..",
        "...#####...",
        "..#######..",
        "..###.###..",
        ".##.....##.",
        ".#.......#.",
    ),
    "sheriff": _bitmap(  # the star, small enough for the one-page header
        "...#...",
        "..###..",
        "#######",
        ".#####.",
        "..###..",
        ".##.##.",
        ".#...#.",
    ),
    "die": _bitmap(
        ".#####.",
        "#.....#",
        "#.#...#",
        "#..#..#",
        "#...#.#",
        "#.....#",
        ".#####.",
    ),
    "heart": _bitmap(
        ".##.##.",
        "#######",
        "#######",
        ".#####.",
        "..###..",
        "...#...",
    ),
    "crown": _bitmap(
        "#....#....#",
        "##..###..##",
        "###########",
        "###########",
        "###########",
    ),
}


def _bullseye(digit: str) -> Image.Image:
    """The target with its range digit in the middle, the digit bold so it reads from afar."""
    image = _RING.copy()
    glyph = big_text(digit, 1)
    bold = ImageChops.logical_or(
        glyph.crop((0, 0, glyph.width + 1, glyph.height)),
        glyph.crop((-1, 0, glyph.width, glyph.height)),
    )
    x, y = (SYMBOL - bold.width) // 2, (SYMBOL - bold.height) // 2 - 1  # clear of x2
    stamp(image, bold, (x, y))
    return image


_SYMBOLS: dict[str, Image.Image] = {
    "arrow": _ARROW,
    "dynamite": _DYNAMITE,
    "bullseye1": _bullseye("1"),
    "bullseye2": _bullseye("2"),
    "beer": _BEER,
    "gatling": _GATLING,
}

_DOUBLES: dict[str, str] = {
    "double_bullseye1": "bullseye1",
    "double_bullseye2": "bullseye2",
    "double_gatling": "gatling",
    "double_beer": "beer",
}


_TIMES_TWO = _bitmap(
    "....##.",
    "#.#...#",
    ".#...#.",
    "#.#.#..",
    "....###",
)


def _doubled(symbol: Image.Image) -> Image.Image:
    """The symbol with an "x2" tab in the corner of the die, so a double face reads as two
    results at a glance; the tab covers only the symbol's nearly empty lower right corner."""
    image = Image.new("1", (FACE, FACE))
    image.paste(symbol, (1, 1))
    x, y = FACE - _TIMES_TWO.width - 1, FACE - _TIMES_TWO.height - 1
    draw = ImageDraw.Draw(image)
    draw.rectangle((x - 2, y - 2, FACE - 1, FACE - 1), fill=0)
    draw.rectangle((x - 1, y - 1, FACE - 1, FACE - 1), fill=1)
    stamp(image, _TIMES_TWO, (x, y), fill=0)
    return image


def face_icon(face: str) -> Image.Image:
    """The inside of a die showing `face` (FACE x FACE, lit on dark), without the frame.

    A module's own face is drawn as its table part declares (``table.view.FACE_DRAWINGS``).
    Raises KeyError for a face that has no icon, so a new face cannot go unnoticed.
    """
    if face in _DOUBLES:
        return _doubled(_SYMBOLS[_DOUBLES[face]])
    symbol = _SYMBOLS.get(face)
    if symbol is None:
        symbol = _SYMBOLS[face] = _bitmap(*FACE_DRAWINGS[face])  # a module's own face
    image = Image.new("1", (FACE, FACE))
    image.paste(symbol, (2, 2))
    return image


def die_icon(
    face: str | None, *, locked: bool = False, marked: bool = False, framed: bool = False
) -> Image.Image:
    """A die as the console shows it: DIE wide, DIE_HEIGHT high.

    An unrolled die (None) is an empty rounded square; a die marked for re-roll is inverted; a
    locked die (Dynamite) has a solid bar under it; a die of a kind set apart (a module's dice of
    their own colour) has a double outline.
    """
    image = Image.new("1", (DIE, DIE_HEIGHT))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, DIE - 1, DIE - 1), radius=3, outline=1, fill=1 if marked else 0)
    if framed:
        draw.rounded_rectangle((1, 1, DIE - 2, DIE - 2), radius=2, outline=1)
    if face is not None:
        stamp(image, face_icon(face), (1, 1), fill=0 if marked else 1)
    if locked:
        draw.rectangle((0, DIE + 1, DIE - 1, DIE_HEIGHT - 1), fill=1)
    return image


def small_icon(name: str) -> Image.Image:
    """A small symbol: "arrow", "star", "sheriff" (a 7-row star), "die", "heart" or "crown"."""
    return _SMALL[name].copy()


def small_width(name: str) -> int:
    """A small symbol's pixels across, without a copy to draw on."""
    return _SMALL[name].width
