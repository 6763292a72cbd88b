"""A seat pod's 128x64 picture: whose seat, how much life, arrows, and what to press now.

Laid out for reading at arm's length: a header with the seat number and character, the life
as big digits with a bar out of the maximum beside them, and two lines at the bottom for what
the seat should do (answer a question, read its menu).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..table.view import SeatView
from .icons import small_icon
from .text import LINE, big_text, draw_text, fit, stamp, text_width, wrap

WIDTH, HEIGHT = 128, 64
HEADER = 12  # rows 0..11: seat number, name, Sheriff star
BODY_TOP = 14  # the big digits and the right-hand column start here
DIGIT_SCALE = 4  # 7-row glyphs become 28 px tall
COLUMN_X = 56  # arrows, role and the life bar
BAR_HEIGHT = 7
TEXT_TOP = HEIGHT - 2 * LINE  # two lines of small text at the bottom


def draw_seat(view: SeatView) -> Image.Image:
    """The seat's panel, mode "1", 128x64."""
    image = Image.new("1", (WIDTH, HEIGHT))
    if not view.playing:
        _draw_free(image, view.number)
        return image
    _draw_header(image, view)
    if not view.alive:
        _draw_out(image, view.role)
    elif view.max_life > 0:
        _draw_life(image, view)
    else:
        number = big_text(str(view.number), DIGIT_SCALE)
        stamp(image, number, ((WIDTH - number.width) // 2, BODY_TOP))
    _draw_lines(image, view)
    if view.answer:
        ImageDraw.Draw(image).rectangle((0, HEADER + 1, WIDTH - 1, HEIGHT - 1), outline=1)
    return image


def life_bar(life: int, max_life: int, width: int, height: int = BAR_HEIGHT) -> Image.Image:
    """An outlined bar with one segment per life point, the first `life` segments lit."""
    image = Image.new("1", (width, height))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width - 1, height - 1), outline=1)
    inner = width - 4
    for i in range(max(0, min(life, max_life))):
        left = 2 + i * inner // max_life
        right = 2 + (i + 1) * inner // max_life - 2
        draw.rectangle((left, 2, max(left, right), height - 3), fill=1)
    return image


def _draw_free(image: Image.Image, number: int) -> None:
    """A seat nobody plays: a dotted outline and its number, dim next to the lit panels."""
    draw = ImageDraw.Draw(image)
    for x in range(0, WIDTH, 2):
        draw.point([(x, 0), (x, HEIGHT - 1)], fill=1)
    for y in range(0, HEIGHT, 2):
        draw.point([(0, y), (WIDTH - 1, y)], fill=1)
    label = f"seat {number}"
    draw_text(image, ((WIDTH - text_width(label)) // 2, 22), label)
    draw_text(image, ((WIDTH - text_width("free")) // 2, 34), "free")


def _draw_header(image: Image.Image, view: SeatView) -> None:
    """Seat number tab, the name cut to fit, Sheriff star and winner's crown; inverted on turn."""
    draw = ImageDraw.Draw(image)
    ink = 0 if view.active else 1
    if view.active:
        draw.rectangle((0, 0, WIDTH - 1, HEADER - 1), fill=1)
    else:
        draw.line((0, HEADER - 1, WIDTH - 1, HEADER - 1), fill=1)
    number = str(view.number)
    tab = text_width(number) + 3
    draw.rectangle((0, 0, tab - 1, HEADER - 2), fill=ink)
    draw_text(image, (2, 1), number, fill=1 - ink)
    right = WIDTH
    for icon, shown in (("star", view.sheriff), ("crown", view.winner)):
        if shown:
            bitmap = small_icon(icon)
            right -= bitmap.width + 2
            stamp(image, bitmap, (right, (HEADER - 1 - bitmap.height) // 2), fill=ink)
    name = view.name or f"Seat {view.number}"
    draw_text(image, (tab + 3, 1), fit(name, right - tab - 5), fill=ink)


def _draw_life(image: Image.Image, view: SeatView) -> None:
    """Big life digits on the left; arrows, role and the life bar in the column beside them."""
    digits = big_text(str(view.life), DIGIT_SCALE)
    stamp(image, digits, (max(0, (COLUMN_X - 4 - digits.width) // 2), BODY_TOP))
    arrow = small_icon("arrow")
    stamp(image, arrow, (COLUMN_X, BODY_TOP + 2))
    arrows = f"{view.arrows}+C" if view.chief_arrow else str(view.arrows)  # C: Chief's Arrow
    draw_text(image, (COLUMN_X + arrow.width + 4, BODY_TOP), arrows)
    width = WIDTH - 2 - COLUMN_X
    if view.role:
        draw_text(image, (COLUMN_X, BODY_TOP + 10), fit(view.role, width))
    limit = f"/{view.max_life}"
    draw_text(image, (WIDTH - 2 - text_width(limit), BODY_TOP), limit)
    bar = life_bar(view.life, view.max_life, width)
    stamp(image, bar, (COLUMN_X, BODY_TOP + 28 - BAR_HEIGHT))


def _draw_out(image: Image.Image, role: str | None) -> None:
    """An eliminated seat: a bold cross where the life was, OUT, and the role it revealed."""
    draw = ImageDraw.Draw(image)
    left, top, size = 12, BODY_TOP, 27
    draw.line((left, top, left + size, top + size), fill=1, width=4)
    draw.line((left, top + size, left + size, top), fill=1, width=4)
    out = big_text("OUT", 2)
    stamp(image, out, (COLUMN_X, BODY_TOP))
    draw_text(image, (COLUMN_X, BODY_TOP + 18), fit(role or "role ?", WIDTH - 2 - COLUMN_X))


def _draw_lines(image: Image.Image, view: SeatView) -> None:
    """The two bottom lines: the question for this seat, a win, the note, or whose turn."""
    width = WIDTH - 4
    badges: list[str] = []
    if view.asked:
        badges = ["YES? press me"]
    elif view.answer:
        badges = ["> PRESS <"]
    elif view.winner:
        badges = [view.note or "WINNER"]
    lines = [("badge", b) for b in badges]
    if view.asked:
        lines.append(("text", "NO? press DONE"))
    elif not view.winner and view.note:
        lines += [("text", t) for t in wrap(view.note, width, 2 - len(lines))]
    if view.active and len(lines) < 2:
        lines.append(("text", "YOUR TURN"))
    draw = ImageDraw.Draw(image)
    for i, (kind, text) in enumerate(lines):
        y = TEXT_TOP + i * LINE
        text = fit(text, width)
        if kind == "badge":
            x = (WIDTH - text_width(text)) // 2
            draw.rectangle((2, y - 1, WIDTH - 3, y + LINE - 2), fill=1)
            draw_text(image, (x, y), text, fill=0)
        else:
            draw_text(image, (2, y), text)
