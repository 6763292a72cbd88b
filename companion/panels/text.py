"""Small and big text from Pillow's embedded bitmap font.

The legacy bitmap font is compiled into Pillow, so every machine draws the same pixels and the
golden images stay valid; FreeType output varies between builds. Big text is the same glyphs
scaled up with nearest-neighbour, which keeps them crisp on a 1-bit OLED. Italian's accented
letters come from accents.py, drawn inside the line; ``missing_glyphs`` names what cannot be.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw, ImageFont

from .accents import ACCENTED

FONT = ImageFont.load_default_imagefont()
ADVANCE = 6  # every glyph of the legacy font is 6 px wide
SPACE = 4  # a narrower space fits a few more words on a 128 px line
LINE = 10  # one text line: ink in rows 0..8, then a blank row
_TOP = 2  # the font's cells start with two blank rows
ELLIPSIS = ".."
SUBSTITUTES = {"\u2019": "'"}  # the font's apostrophe is already the typographic one's shape
UNKNOWN = "?"  # in place of a character the font has no cell for


def text_width(text: str) -> int:
    """Width in pixels of `text` as draw_text draws it."""
    return len(text) * ADVANCE - text.count(" ") * (ADVANCE - SPACE)


def draw_text(image: Image.Image, xy: tuple[int, int], text: str, fill: int = 1) -> None:
    """Draw one line with its ink starting at row y (the font's blank top rows are skipped)."""
    draw = ImageDraw.Draw(image)
    x, y = xy
    for c in text:
        if c in ACCENTED:
            draw.bitmap((x, y), ACCENTED[c], fill=fill)
        elif c != " ":
            draw.text((x, y - _TOP), pillow_text(c), font=FONT, fill=fill)
        x += SPACE if c == " " else ADVANCE


def pillow_text(text: str) -> str:
    """`text` as the embedded font can take it: it knows Latin-1 only (and raises on the rest)."""
    if text.isascii():
        return text
    return "".join(_latin1(c) for c in text)


def _latin1(c: str) -> str:
    c = SUBSTITUTES.get(c, c)
    return c if ord(c) < 256 else UNKNOWN


def missing_glyphs(text: str) -> str:
    """The characters of `text` that draw_text cannot draw whole inside a line: outside the
    font, blank in it, or inked above the line (where a panel's edge or the line above cuts
    them). Empty when every one is drawn."""
    return "".join(sorted({c for c in text if not _drawn_whole(c)}))


@functools.cache
def _drawn_whole(c: str) -> bool:
    if c == " " or c in ACCENTED:
        return True
    c = SUBSTITUTES.get(c, c)
    if ord(c) >= 256:
        return False
    box = FONT.getmask(c).getbbox()
    return box is not None and box[1] >= _TOP


def fit(text: str, width: int) -> str:
    """`text` cut to `width` pixels, ending in ".." when something had to go."""
    if text_width(text) <= width:
        return text
    room = width - text_width(ELLIPSIS)
    if room < 0:
        return ""
    x, end = 0, 0
    while x + (SPACE if text[end] == " " else ADVANCE) <= room:  # the longest start that fits
        x += SPACE if text[end] == " " else ADVANCE
        end += 1
    return text[:end].rstrip() + ELLIPSIS


def wrap(text: str, width: int, max_lines: int) -> list[str]:
    """Greedy word wrap into at most `max_lines` lines; the last one is cut with ".." if needed.
    Each word is measured once (a line's width grows with it): the console lays out every
    prompt on each press, and the history packs pages by trying many."""
    return list(_wrapped(text, width, max_lines))


@functools.lru_cache(maxsize=4096)  # the same prompts and asides come back press after press
def _wrapped(text: str, width: int, max_lines: int) -> tuple[str, ...]:
    lines: list[str] = []
    words = text.split()
    start = 0
    while start < len(words) and len(lines) < max_lines:
        if len(lines) == max_lines - 1:
            lines.append(fit(" ".join(words[start:]), width))
            break
        end, used = start, -SPACE
        while end < len(words) and used + SPACE + len(words[end]) * ADVANCE <= width:
            used += SPACE + len(words[end]) * ADVANCE
            end += 1
        if end == start:  # a word longer than the line: split it
            cut = max(1, width // ADVANCE)
            word = words[start]
            lines.append(word[:cut])
            words[start] = word[cut:]
            if not words[start]:
                start += 1
            continue
        lines.append(" ".join(words[start:end]))
        start = end
    return tuple(lines)


@functools.lru_cache(maxsize=4096)
def fits(text: str, width: int, max_lines: int) -> bool:
    """Whether `text` wraps whole into `max_lines` lines of `width` pixels: no word split, no
    line cut with "..". The console's prompt must always fit (tests/panels check every one)."""
    lines = wrap(text, width, len(text.split()) + 1)
    whole = " ".join(lines) == " ".join(text.split())
    return whole and len(lines) <= max_lines and all(text_width(x) <= width for x in lines)


def big_text(text: str, scale: int) -> Image.Image:
    """`text` drawn small, cropped to its ink and scaled up by `scale` (mode "1")."""
    small = Image.new("1", (max(1, text_width(text)), LINE + 1))
    draw_text(small, (0, 0), text)
    box = small.getbbox()
    if box is None:
        return Image.new("1", (1, 1))
    small = small.crop(box)
    return small.resize((small.width * scale, small.height * scale), Image.Resampling.NEAREST)


def stamp(image: Image.Image, bitmap: Image.Image, xy: tuple[int, int], fill: int = 1) -> None:
    """Paint the set pixels of a 1-bit `bitmap` onto `image` in colour `fill`."""
    ImageDraw.Draw(image).bitmap(xy, bitmap, fill=fill)
