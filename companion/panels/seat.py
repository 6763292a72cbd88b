"""A seat pod's 128x64 picture: whose seat, how much life, arrows, and what to press now.

Laid out for reading at arm's length, and in the controller's 8-row pages so that the common
events rewrite few of them (the panel driver sends only the changed regions):

- page 0: the header (seat number, name, a lit BOT tag when the box plays the seat, Sheriff
  star, crown); on the seat's turn the number and name are lit: the turn marker is this one
  page, only as wide as the name;
- pages 1-4: the life in big digits; beside them the arrows held (14 px digits), the revealed
  role and the maximum life. Each digit has a fixed cell, so a life lost rewrites only the
  digit that changed;
- page 5: the life bar, one segment per life point;
- page 6: one line for the seat: its last change ("-2", or "+1" and an arrow icon, lit, at
  the left: players look up after the fact and must see why this seat's life moved) and a
  short note;
- page 7: the "press me" badge when pressing this seat answers the console: the highlight
  that comes and goes on most presses is this one page, and only as wide as its words; with
  no badge, what the seat must do with real cards (a module's "draw a card") in its place.

A note too long for its line (a character's ability, in the seat's menu or at set-up) takes
pages 1-6 to itself, wrapped to be read whole.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..i18n import CORE, Catalogue
from ..table.view import SeatView
from .icons import small_icon
from .text import ADVANCE, LINE, big_text, draw_text, fit, stamp, text_width, wrap

WIDTH, HEIGHT = 128, 64
PAGE = 8  # rows per controller page
HEADER = PAGE  # page 0
BODY_TOP = 10  # the big digits, pages 1-4
DIGIT_SCALE = 4  # 7-row glyphs become 28 px tall
COLUMN_X = 58  # arrows, role and maximum beside the digits
ARROW_SCALE = 2  # the arrows held: 14 px digits
ROLE_Y = 31  # role and maximum, level with the bottom of the digits
BAR_TOP = 5 * PAGE  # page 5
BAR_HEIGHT = 7
LINE_Y = 6 * PAGE  # page 6: the seat's line
BADGE_Y = 7 * PAGE  # page 7: the badge
NOTE_LINES = 4  # a long note's lines in pages 1-5
BADGE_MARGIN = 12  # lit columns either side of the badge's words

_words = Catalogue(CORE)
_ = _words.gettext


def draw_seat(view: SeatView) -> Image.Image:
    """The seat's panel, mode "1", 128x64."""
    image = Image.new("1", (WIDTH, HEIGHT))
    if not view.playing:
        _draw_free(image, view.number)
        return image
    _draw_header(image, view)
    line = view.note if not view.winner else ""
    # The modules' tokens and cards (their marks) go on the seat's line: no row of their own.
    line = " ".join(t for t in (*view.marks, line) if t)
    marked = bool(view.life_change or view.arrow_change or view.coming)
    long_note = len(wrap(view.note, WIDTH - 4, 2)) > 1
    if long_note:
        _draw_note(image, view.note, view.role)
        line, marked = "", False
    elif not view.alive:
        _draw_out(image, view.role)
    elif view.max_life > 0:
        if view.role and not _role_fits(view):  # a long card's title takes the seat's line
            line = " ".join(t for t in (role_text(view.role, WIDTH - 4), line) if t)
        _draw_life(image, view)
    else:
        number = big_text(str(view.number), DIGIT_SCALE)
        stamp(image, number, ((WIDTH - number.width) // 2, BODY_TOP))
    _draw_bottom(image, view, line, marked)
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
    label = _("seat {number}").format(number=number)
    free = _words.pgettext("a seat nobody plays", "free")
    draw_text(image, ((WIDTH - text_width(label)) // 2, 22), label)
    draw_text(image, ((WIDTH - text_width(free)) // 2, 34), free)


def _draw_header(image: Image.Image, view: SeatView) -> None:
    """Page 0: number tab, name in capitals (they keep to the page), star and crown at the
    right, and before them BOT, lit, on a seat the box plays; on the seat's turn the number and
    name are lit."""
    draw = ImageDraw.Draw(image)
    right = WIDTH
    for icon, shown in (("sheriff", view.sheriff), ("crown", view.winner)):
        if shown:
            bitmap = small_icon(icon)
            right -= bitmap.width + 2
            stamp(image, bitmap, (right, (HEADER - 1 - bitmap.height) // 2))
    if view.bot:
        bot = _words.pgettext("the tag of a seat the box plays", "BOT")
        tag = text_width(bot) + 4
        right -= tag + 1
        draw.rectangle((right, 0, right + tag - 1, HEADER - 1), fill=1)
        draw_text(image, (right + 2, 0), bot, fill=0)
    number = str(view.number)
    tab = text_width(number) + 3
    name = view.name or _("Seat {number}").format(number=view.number)
    name = fit(name.upper(), right - tab - 7)
    ink = 0 if view.active else 1
    if view.active:
        draw.rectangle((0, 0, tab + 3 + text_width(name) + 2, HEADER - 1), fill=1)
    draw.rectangle((0, 0, tab - 1, HEADER - 1), fill=ink)
    draw_text(image, (2, 0), number, fill=1 - ink)
    draw_text(image, (tab + 3, 0), name, fill=ink)


def _draw_life(image: Image.Image, view: SeatView) -> None:
    """Big life digits; the arrows held, the role and the maximum beside them; the bar below."""
    cells = len(str(max(view.max_life, view.life)))
    life = str(view.life).rjust(cells)
    left = (COLUMN_X - 4 - cells * ADVANCE * DIGIT_SCALE + DIGIT_SCALE) // 2
    _draw_digits(image, life, DIGIT_SCALE, (left, BODY_TOP))
    arrow = small_icon("arrow")
    arrow = arrow.resize((arrow.width * 2, arrow.height * 2), Image.Resampling.NEAREST)
    stamp(image, arrow, (COLUMN_X, BODY_TOP + 4))
    arrows = str(view.arrows)
    arrows += "".join("+" + mark for mark in view.token_marks)
    _draw_digits(image, arrows, ARROW_SCALE, (COLUMN_X + arrow.width + 6, BODY_TOP))
    limit = f"/{view.max_life}"
    draw_text(image, (WIDTH - 2 - text_width(limit), ROLE_Y - 1), limit)
    if view.role and _role_fits(view):
        draw_text(image, (COLUMN_X, ROLE_Y - 1), view.role.upper())
    bar = life_bar(view.life, view.max_life, WIDTH - 4)
    stamp(image, bar, (2, BAR_TOP))


def _draw_digits(image: Image.Image, digits: str, scale: int, xy: tuple[int, int]) -> None:
    """Big digits, each centred in its own fixed cell (a space leaves its cell dark)."""
    x, y = xy
    cell = (ADVANCE - 1) * scale
    for i, digit in enumerate(digits):
        if digit != " ":
            glyph = big_text(digit, scale)
            stamp(image, glyph, (x + i * ADVANCE * scale + (cell - glyph.width) // 2, y))


def _role_fits(view: SeatView) -> bool:
    """Whether the role fits beside the big digits, left of the maximum life."""
    assert view.role is not None
    room = WIDTH - 2 - COLUMN_X - text_width(f"/{view.max_life}") - 4
    return text_width(view.role.upper()) <= room


def role_text(role: str, width: int) -> str:
    """A role card in capitals: a long title without its "of the Devil" where it must (THE
    RIGHT HAND), then cut."""
    text = role.upper()
    if text_width(text) > width:
        # Translators: the end of the role "The Right Hand of the Devil", left off when short
        text = text.removesuffix(_(" of the Devil").upper())
    return fit(text, width)


def _draw_out(image: Image.Image, role: str | None) -> None:
    """An eliminated seat: a bold cross where the life was, OUT, and the role it revealed."""
    draw = ImageDraw.Draw(image)
    left, top, size = 12, BODY_TOP, 27
    draw.line((left, top, left + size, top + size), fill=1, width=4)
    draw.line((left, top + size, left + size, top), fill=1, width=4)
    out = big_text(_words.pgettext("an eliminated seat", "OUT"), 2)
    stamp(image, out, (COLUMN_X, BODY_TOP))
    text = role_text(role or _("role ?"), WIDTH - 2 - COLUMN_X)
    draw_text(image, (COLUMN_X, ROLE_Y - 1), text)


def _draw_note(image: Image.Image, note: str, role: str | None) -> None:
    """A long note, wrapped whole in pages 1-5, and the role (while its owner peeks) in page 6."""
    for i, text in enumerate(wrap(note, WIDTH - 4, NOTE_LINES)):
        draw_text(image, (2, PAGE + 1 + i * LINE), text)
    if role:
        label = _("ROLE: {role}")
        shown = role_text(role, WIDTH - 4 - text_width(label.format(role="")))
        draw_text(image, (2, LINE_Y), label.format(role=shown))


def _draw_mark(image: Image.Image, view: SeatView) -> int:
    """The seat's last change, lit at the left of page 6, from its numbers (any language): the
    arrows' count and an arrow icon; when the life moved too, the life alone (an Indian attack
    marks every seat: few bytes, and the arrows figure beside the life shows the rest); then
    the hits to come. Returns its right edge."""
    pieces: list[str | None] = []  # text, and None where an arrow icon goes
    if view.life_change:
        pieces.append(f"{view.life_change:+d}")
    elif view.arrow_change:
        pieces += [f"{view.arrow_change:+d}", None]
    pieces += view.coming.upper().split()
    icon = small_icon("arrow")
    width = sum(icon.width + 1 if p is None else text_width(p) + 3 for p in pieces) + 1
    width = min(width, WIDTH // 2)
    ImageDraw.Draw(image).rectangle((0, LINE_Y, width, LINE_Y + PAGE - 1), fill=1)
    x = 2
    for piece in pieces:
        if x >= width:
            break
        if piece is None:
            stamp(image, icon, (x - 1, LINE_Y + 1), fill=0)
            x += icon.width + 1
        else:
            draw_text(image, (x, LINE_Y), fit(piece, width - x), fill=0)
            x += text_width(piece) + 3
    return width


def _draw_bottom(image: Image.Image, view: SeatView, line: str, marked: bool) -> None:
    """Page 6: the seat's line; page 7: the badge (answer, yes to its own question, or win)."""
    if view.asked:
        badge = _("YES: ME  NO: DONE")
    elif view.answer:
        badge = _("> PRESS <")
    elif view.winner:
        badge = (view.note or _("WINNER")).upper()
    elif view.chore:
        badge = view.chore.upper()  # what to do with the real cards: until it is done
    else:
        badge = ""
    if view.chore and badge != view.chore.upper():
        line = view.chore  # the badge asks for a press: the chore takes the seat's line
    if marked:
        right = _draw_mark(image, view)
        if line:
            draw_text(image, (right + 5, LINE_Y), fit(line.upper(), WIDTH - right - 7))
    elif line:
        text = fit(line.upper(), WIDTH - 4)
        draw_text(image, ((WIDTH - text_width(text)) // 2, LINE_Y), text)
    if badge:
        margin = BADGE_MARGIN if text_width(badge) <= WIDTH - 2 * BADGE_MARGIN else 2
        text = fit(badge, WIDTH - 2 * margin)
        left = (WIDTH - text_width(text)) // 2
        box = (left - margin, BADGE_Y, left + text_width(text) + margin - 1, HEIGHT - 1)
        ImageDraw.Draw(image).rectangle(box, fill=1)
        draw_text(image, (left, BADGE_Y), text, fill=0)
