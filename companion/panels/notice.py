"""Full-panel notices: the paused picture, and check-hardware's requests."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from ..i18n import CORE, Catalogue
from .text import pillow_text

_ = Catalogue(CORE).gettext

LINE = 11


def draw_notice(size: tuple[int, int], lines: list[str]) -> Image.Image:
    """A framed, centred message in the panel's small font."""
    image = Image.new("1", size, 0)
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default_imagefont()
    draw.rectangle((0, 0, size[0] - 1, size[1] - 1), outline=1)
    top = (size[1] - LINE * len(lines)) // 2
    for i, line in enumerate(map(pillow_text, lines)):
        width = draw.textlength(line, font=font)
        draw.text(((size[0] - width) // 2, top + LINE * i), line, fill=1, font=font)
    return image


def draw_paused(size: tuple[int, int], label: str = "") -> Image.Image:
    """What every panel keeps while the companion is stopped: the game is safe."""
    return draw_notice(size, paused_lines(label))


def paused_lines(label: str = "") -> list[str]:
    """The paused notice's lines, in the language the box spoke when it stopped."""
    lines = [_("PAUSED"), _("game saved"), _("resumes at power-on")]
    return [label, *lines] if label else lines
