"""Italian's accented letters, redrawn to stay inside a text line.

Pillow's embedded font has every Latin-1 letter, but it puts the accents of à è ì ò ù one
row above the line and those of À È É Ì Ò Ù two rows above it: on a panel they would be
cut off at the top row, lost in a lit band's edge, or run into the line above. Here each
keeps the font's own accent, moved down to the top of the line: a small letter keeps its
body and its accent touches it; a capital takes a body of five rows (the height of a small
letter) under its accent, like the small capitals of any 8-pixel font.
"""

from __future__ import annotations

from PIL import Image, ImageFont

ITALIAN = "àèéìíòóùúÀÈÉÌÍÒÓÙÚ"
ROWS = 9  # a line's ink rows (text.LINE less its blank row)
WIDTH = 6  # every cell of the embedded font
_TOP = 2  # the font's cell rows above a line's first row

_CAPITALS = {
    "A": (".###..", "##.##.", "#####.", "##.##.", "##.###"),
    "E": ("#####.", "##....", "####..", "##....", "#####."),
    "I": ("####..", ".##...", ".##...", ".##...", "####.."),
    "O": (".####.", "##..##", "##..##", "##..##", ".####."),  # wider than o, to tell them apart
    "U": ("##.###", "##.##.", "##.##.", "##.##.", ".###.."),
}
_BASES = {"à": "A", "è": "E", "é": "E", "ì": "I", "í": "I", "ò": "O", "ó": "O", "ù": "U", "ú": "U"}


def _cell(char: str) -> list[str]:
    """The embedded font's cell for `char`, as rows of "#" (ink) and "." (none)."""
    mask = ImageFont.load_default_imagefont().getmask(char)
    return [
        "".join("#" if mask.getpixel((x, y)) else "." for x in range(WIDTH))
        for y in range(mask.size[1])
    ]


def _glyph(char: str) -> list[str]:
    """The line's rows for one accented letter (see the module's docstring)."""
    cell = _cell(char)
    blank = "." * WIDTH
    if char.islower():  # accent in cell rows 1-2, a blank row, the body from row 4
        return [*cell[1:3], *cell[4 : _TOP + ROWS]]
    body = _CAPITALS[_BASES[char.lower()]]  # accent in cell rows 0-1
    return [*cell[0:2], *body, blank, blank]


def _bitmap(rows: list[str]) -> Image.Image:
    image = Image.new("1", (WIDTH, ROWS))
    for y, row in enumerate(rows):
        for x, ink in enumerate(row):
            if ink == "#":
                image.putpixel((x, y), 1)
    return image


#: Each of ITALIAN as a 1-bit bitmap of a line's ink rows, to stamp at the line's top.
ACCENTED: dict[str, Image.Image] = {char: _bitmap(_glyph(char)) for char in ITALIAN}
