"""Text on the pod's OLED, Italian's accented letters included.

MicroPython's framebuf draws ASCII only (its built-in 8x8 font is in the firmware's C code,
and any other character comes out as a checkered block). Runs of ASCII go to it; the accented
letters of Italian and the quotation marks come from the table below, drawn pixel by pixel in
the same 8x8 cell: the accent in rows 0-1, the letter in rows 2-6 (a capital as wide as the
built-in one but only as tall as a small letter, so its accent fits), row 7 left blank.
Anything else is drawn as "?". Runs on MicroPython and on CPython (the companion's tests
import it), so it sticks to what both have.
"""

CELL = 8
FIRST_BUILT_IN = 32  # the built-in font's first and last characters
LAST_BUILT_IN = 126
UNKNOWN = "?"
SUBSTITUTES = {"\u2019": "'"}  # the built-in apostrophe is already the typographic one's shape

_GRAVE = ("..##....", "...##...")
_ACUTE = ("....##..", "...##...")
_BODIES = {
    "a": ("..####..", ".....##.", "..#####.", ".##..##.", "..#####."),
    "e": ("..####..", ".##..##.", ".######.", ".##.....", "..####.."),
    "i": ("..###...", "...##...", "...##...", "...##...", "..####.."),
    "o": ("..####..", ".##..##.", ".##..##.", ".##..##.", "..####.."),
    "u": (".##..##.", ".##..##.", ".##..##.", ".##..##.", "..#####."),
    "A": ("..####..", ".##..##.", ".######.", ".##..##.", ".##..##."),
    "E": (".######.", ".##.....", ".#####..", ".##.....", ".######."),
    "I": (".######.", "...##...", "...##...", "...##...", ".######."),
    "O": (".######.", ".##..##.", ".##..##.", ".##..##.", ".######."),
    "U": (".##..##.", ".##..##.", ".##..##.", ".##..##.", ".######."),
}
_LETTERS = {
    "à": ("a", _GRAVE),
    "è": ("e", _GRAVE),
    "é": ("e", _ACUTE),
    "ì": ("i", _GRAVE),
    "í": ("i", _ACUTE),
    "ò": ("o", _GRAVE),
    "ó": ("o", _ACUTE),
    "ù": ("u", _GRAVE),
    "ú": ("u", _ACUTE),
    "À": ("A", _GRAVE),
    "È": ("E", _GRAVE),
    "É": ("E", _ACUTE),
    "Ì": ("I", _GRAVE),
    "Í": ("I", _ACUTE),
    "Ò": ("O", _GRAVE),
    "Ó": ("O", _ACUTE),
    "Ù": ("U", _GRAVE),
    "Ú": ("U", _ACUTE),
}
_MARKS = {
    "«": ("...#..#.", "..##.##.", ".##.##..", "..##.##.", "...#..#."),
    "»": (".#..#...", ".##.##..", "..##.##.", ".##.##..", ".#..#..."),
}


def _pixels(rows):
    """The (column, row) of each ink pixel in rows of "#" and "."."""
    return [(x, y) for y, row in enumerate(rows) for x, ink in enumerate(row) if ink == "#"]


GLYPHS = {}
for _char, (_base, _accent) in _LETTERS.items():
    GLYPHS[_char] = _pixels(_accent + _BODIES[_base])
for _char, _rows in _MARKS.items():
    GLYPHS[_char] = _pixels(("........", "........") + _rows)


def built_in(char):
    """True for a character the built-in font draws."""
    return FIRST_BUILT_IN <= ord(char) <= LAST_BUILT_IN


def shown(char):
    """The character drawn in char's place: itself, its substitute, or "?"."""
    char = SUBSTITUTES.get(char, char)
    return char if built_in(char) or char in GLYPHS else UNKNOWN


def draw_text(fb, text, x, y, color=1):
    """Draw text on a framebuf (anything with text() and pixel()) at x, y, 8 px a character."""
    run = ""
    start = x
    for char in text:
        char = shown(char)
        if built_in(char):
            if not run:
                start = x
            run += char
        else:
            if run:
                fb.text(run, start, y, color)
                run = ""
            for dx, dy in GLYPHS[char]:
                fb.pixel(x + dx, y + dy, color)
        x += CELL
    if run:
        fb.text(run, start, y, color)
