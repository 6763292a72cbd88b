"""Every glyph of Italian, drawn whole on every kind of panel (issue 36).

Each character is drawn in the real pictures (the 128 and 256 px consoles, the seat panel in
its plain and lit places, the full-panel notice) and compared with the same picture holding
a blank cell of the same width (DEL, which the embedded font leaves blank; a space in the
notice, which measures its lines with the font): the pixels that
differ must be exactly the character's own glyph, so nothing was clipped at a panel's edge,
lost in a lit band or missing from the font.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pytest
from PIL import Image, ImageChops, ImageDraw

from companion.panels import draw_console, draw_seat
from companion.panels.accents import ITALIAN
from companion.panels.notice import draw_notice
from companion.panels.text import FONT, LINE, UNKNOWN, draw_text, missing_glyphs, pillow_text
from companion.table.view import ConsoleView, SeatView

from .test_golden import check

PUNCTUATION = "\u2019«»"  # the typographic apostrophe and the quotation marks
GLYPHS = ITALIAN + PUNCTUATION
BLANK = "\x7f"  # a cell the font leaves blank: draw_text's width, no ink
NOTICE_BLANK = " "  # the notice measures with the font, which gives DEL no width
MARGIN = 4

Scene = Callable[[str], Image.Image]

SCENES: dict[str, Scene] = {
    "console_128_banner": lambda c: draw_console(ConsoleView(title=f"{c}x"), 128),
    "console_128_title": lambda c: draw_console(
        ConsoleView(faces=(None,) * 5, title=f"{c} x", prompt="roll"), 128
    ),
    "console_128_prompt": lambda c: draw_console(ConsoleView(title="t", prompt=f"{c} x"), 128),
    "console_256_title": lambda c: draw_console(
        ConsoleView(faces=(None,) * 5, title=f"{c} x", prompt="roll"), 256
    ),
    "console_256_prompt": lambda c: draw_console(ConsoleView(title="t", prompt=f"{c} x"), 256),
    "console_256_flash": lambda c: draw_console(
        ConsoleView(title="t", prompt="roll", flash=f"{c} x"), 256
    ),
    "seat_name": lambda c: draw_seat(SeatView(1, True, f"{c}x", 5, 8)),
    "seat_name_lit": lambda c: draw_seat(SeatView(1, True, f"{c}x", 5, 8, active=True)),
    "seat_line": lambda c: draw_seat(SeatView(1, True, "Kit", 5, 8, note=f"{c}x")),
    "seat_long_note": lambda c: draw_seat(
        SeatView(1, True, "Kit", 5, 8, note=f"{c} " + "word " * 8)
    ),
    "seat_badge": lambda c: draw_seat(SeatView(1, True, "Kit", 5, 8, chore=f"{c}x")),
    "notice_128": lambda c: draw_notice((128, 64), ["check-hardware", f"{c}x"]),
    "notice_256": lambda c: draw_notice((256, 64), [f"{c}x"]),
}
# Where the seat panel shows its words in capitals; the notice draws whole cells of the font.
CAPITALS = {"seat_name", "seat_name_lit", "seat_line", "seat_badge"}
NOTICES = {"notice_128", "notice_256"}


def lit(image: Image.Image) -> int:
    return image.convert("L").histogram()[255]


def alone(c: str, whole_cells: bool = False) -> Image.Image:
    """`c` drawn by itself with room all round: its full glyph."""
    image = Image.new("1", (6 + 2 * MARGIN, LINE + 2 * MARGIN))
    if whole_cells:
        ImageDraw.Draw(image).text((MARGIN, MARGIN), pillow_text(c), font=FONT, fill=1)
    else:
        draw_text(image, (MARGIN, MARGIN), c)
    return image


def plain(c: str) -> str:
    """The letter without its accent."""
    return unicodedata.normalize("NFD", c)[0]


def test_no_italian_glyph_is_missing_from_the_panel_font() -> None:
    assert missing_glyphs(GLYPHS) == ""
    assert missing_glyphs("Perché è già così? Più città, l\u2019uomo «sì».") == ""


def test_the_missing_glyph_check_names_what_the_font_cannot_draw() -> None:
    assert missing_glyphs("a\u2014b\u201cñ\u4e2dÑ") == "Ññ\u2014\u201c\u4e2d"


@pytest.mark.parametrize("c", GLYPHS)
def test_each_italian_glyph_stays_inside_its_line(c: str) -> None:
    box = alone(c).getbbox()
    assert box is not None
    assert box[1] >= MARGIN and box[3] <= MARGIN + LINE - 1  # ink rows 0..8 of the line


def test_each_italian_glyph_differs_from_its_plain_letter_the_unknown_mark_and_the_others() -> None:
    pictures = {c: alone(c).tobytes() for c in GLYPHS}
    assert len(set(pictures.values())) == len(GLYPHS)
    for c in ITALIAN:
        assert pictures[c] != alone(plain(c)).tobytes(), c
    unknown = alone(UNKNOWN).tobytes()
    empty = Image.new("1", alone(UNKNOWN).size).tobytes()
    assert unknown not in pictures.values() and empty not in pictures.values()


def test_a_character_outside_the_font_is_drawn_as_the_unknown_mark() -> None:
    assert alone("\u4e2d").tobytes() == alone(UNKNOWN).tobytes()
    assert alone("\u2019").tobytes() == alone("'").tobytes()


@pytest.mark.parametrize("scene", sorted(SCENES))
@pytest.mark.parametrize("c", GLYPHS)
def test_each_italian_glyph_is_drawn_whole_on_every_panel(scene: str, c: str) -> None:
    shown = c.upper() if scene in CAPITALS else c
    glyph = alone(shown, whole_cells=scene in NOTICES)
    with_it = SCENES[scene](c)
    without = SCENES[scene](NOTICE_BLANK if scene in NOTICES else BLANK)
    assert lit(ImageChops.logical_xor(with_it, without)) == lit(glyph) > 0
    if c in ITALIAN and scene not in NOTICES:  # the plain letter is drawn, and differently
        assert with_it.tobytes() != SCENES[scene](plain(shown)).tobytes()


# The accented letters' shapes, pixel for pixel (docs/panels.md shows them).
ITALIAN_CONSOLE = ConsoleView(
    faces=("arrow", "beer", "gatling", "dynamite", "bullseye1"),
    rolls_left=2,
    pile=7,
    title="È già così",
    prompt="Perché più città? ÀÈÉÌÍÒÓÙÚ àèéìíòóùú l\u2019uomo «sì»",
)
ITALIAN_SEAT = SeatView(
    2, True, "Perché però", 5, 8, 2, note="è già più", life_change=-1, chore="Così è"
)


@pytest.mark.parametrize("width", [128, 256])
def test_italian_console_golden(width: int) -> None:
    check(f"italian_console_{width}", draw_console(ITALIAN_CONSOLE, width))


def test_italian_seat_golden() -> None:
    check("italian_seat", draw_seat(ITALIAN_SEAT))
