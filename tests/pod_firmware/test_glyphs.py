"""The pod firmware's text, run under CPython: every glyph of Italian is drawn (issue 36).

MicroPython's framebuf keeps its 8x8 font in C and draws a checkered block for anything past
ASCII; the firmware must hand it ASCII only and draw the rest from its own table. The frame
buffer here is a Pillow picture with framebuf's two calls: pixel() sets a pixel (clipped, as
framebuf does), text() notes each run it is given for the built-in font.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image

FIRMWARE = Path(__file__).resolve().parents[2] / "hardware" / "pod" / "glyphs.py"
ITALIAN = "àèéìíòóùúÀÈÉÌÍÒÓÙÚ"
MARKS = "«»"


def load_firmware() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pod_firmware_glyphs", FIRMWARE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


glyphs = load_firmware()


class FrameBuffer:
    """A 128x64 1-bit picture with framebuf's pixel() and text()."""

    def __init__(self) -> None:
        self.image = Image.new("1", (128, 64))
        self.runs: list[tuple[str, int, int]] = []

    def pixel(self, x: int, y: int, color: int) -> None:
        if 0 <= x < self.image.width and 0 <= y < self.image.height:
            self.image.putpixel((x, y), color)

    def text(self, text: str, x: int, y: int, color: int = 1) -> None:
        self.runs.append((text, x, y))


def drawn(text: str, x: int = 0, y: int = 0) -> FrameBuffer:
    fb = FrameBuffer()
    glyphs.draw_text(fb, text, x, y)
    return fb


@pytest.mark.parametrize("c", ITALIAN + MARKS)
def test_each_italian_glyph_is_drawn_from_the_table_inside_its_cell(c: str) -> None:
    fb = drawn(c, 8, 8)
    assert fb.runs == []  # nothing for the built-in font, which would draw a block
    box = fb.image.getbbox()
    assert box is not None
    assert box[0] >= 8 and box[2] <= 16 and box[1] >= 8 and box[3] <= 8 + 7  # row 7 blank
    cell = fb.image.crop((8, 8, 16, 16))
    if c in ITALIAN:  # an accent in rows 0-1 above a letter in rows 2-6
        assert cell.crop((0, 0, 8, 2)).getbbox() is not None
        assert cell.crop((0, 2, 8, 7)).getbbox() is not None


def test_the_italian_glyphs_are_all_different() -> None:
    pictures = {drawn(c).image.tobytes() for c in ITALIAN + MARKS}
    assert len(pictures) == len(ITALIAN + MARKS)


def test_a_grave_and_an_acute_letter_share_their_body_and_differ_in_the_accent() -> None:
    for grave, acute in ("èé", "ìí", "òó", "ùú", "ÈÉ", "ÌÍ", "ÒÓ", "ÙÚ"):
        one, other = drawn(grave).image, drawn(acute).image
        assert one.crop((0, 2, 8, 8)).tobytes() == other.crop((0, 2, 8, 8)).tobytes()
        assert one.crop((0, 0, 8, 2)).tobytes() != other.crop((0, 0, 8, 2)).tobytes()


def test_a_capital_differs_from_its_small_letter_and_is_at_least_as_wide() -> None:
    for small in "àèìòù":
        one, other = drawn(small).image, drawn(small.upper()).image
        assert one.tobytes() != other.tobytes()
        low, high = one.getbbox(), other.getbbox()
        assert low is not None and high is not None
        assert high[2] - high[0] >= low[2] - low[0]


def test_a_line_gives_the_built_in_font_its_ascii_runs_in_place_and_draws_the_rest() -> None:
    fb = drawn("È già così «sì» l\u2019uomo \u4e2d!", 0, 32)
    assert fb.runs == [
        (" gi", 8, 32),
        (" cos", 40, 32),
        (" ", 80, 32),
        ("s", 96, 32),
        (" l'uomo ?!", 120, 32),
    ]
    for text, _, _ in fb.runs:
        assert all(32 <= ord(c) <= 126 for c in text)
    for index, c in ((0, "È"), (4, "à"), (9, "ì"), (11, "«"), (13, "ì"), (14, "»")):
        alone = drawn(c, 8 * index, 32).image
        assert (
            fb.image.crop((8 * index, 32, 8 * index + 8, 40)).tobytes()
            == alone.crop((8 * index, 32, 8 * index + 8, 40)).tobytes()
        )
