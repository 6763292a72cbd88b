"""The picture every panel keeps while the companion is stopped."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont


def draw_paused(size: tuple[int, int], label: str = "") -> Image.Image:
    """A framed "PAUSED" that says the game is safe and comes back by itself."""
    image = Image.new("1", size, 0)
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default_imagefont()
    draw.rectangle((0, 0, size[0] - 1, size[1] - 1), outline=1)
    lines = ["PAUSED", "game saved", "resumes at power-on"]
    if label:
        lines.insert(0, label)
    top = (size[1] - 11 * len(lines)) // 2
    for i, line in enumerate(lines):
        width = draw.textlength(line, font=font)
        draw.text(((size[0] - width) // 2, top + 11 * i), line, fill=1, font=font)
    return image
