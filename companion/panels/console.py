"""The console's picture: the dice, re-rolls and arrows left, the title and the prompt.

At 128x64 everything is stacked: a status line, the dice, then the prompt in up to three
lines. At 256x64 the dice and status take the left half and the prompt gets the right half
to itself. A refused press (the flash) is drawn inverted so it stands out from the prompt.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace

from PIL import Image, ImageDraw

from ..i18n import CORE, Catalogue
from ..table.view import DICE_APART, DIE_MARKS, ConsoleView
from .icons import DIE, DIE_HEIGHT, die_icon, small_icon, small_width
from .text import ADVANCE, LINE, draw_text, fit, fits, stamp, text_width, wrap

HEIGHT = 64
WIDTHS = (128, 256)
HALF = 128  # the dice column of the wide console
DICE_TOP = 10
APART_GAP = 5  # pixels between the other dice and those set apart (``DICE_APART``)

_words = Catalogue(CORE)
_ = _words.gettext


def draw_console(view: ConsoleView, width: int = 128) -> Image.Image:
    """The console panel, mode "1", `width` x 64 (128 for an SSD1306, 256 for an SSD1322)."""
    if width not in WIDTHS:
        raise ValueError(f"console width must be one of {WIDTHS}, not {width}")
    image = Image.new("1", (width, HEIGHT))
    if width == HALF:
        _draw_narrow(image, view)
    else:
        _draw_wide(image, view)
    return image


def _draw_narrow(image: Image.Image, view: ConsoleView) -> None:
    """Title and status on top, dice below, then the prompt (or the flash) at the bottom."""
    if view.choices and not view.flash:
        _draw_choices(image, view, HALF)
        return
    if not view.faces:
        _draw_banner(image, view.title, HALF)
        _draw_message(image, view, (2, _message_top(view)), HALF - 4)
        return
    status = _status_line(view)
    stamp(image, status, (HALF - status.width, 0))
    title = layout(view, HALF).title or view.title
    draw_text(image, (0, 0), fit(title, HALF - status.width - 2))
    _draw_dice(image, view, DICE_TOP)
    _draw_message(image, view, (2, _message_top(view)), HALF - 4)


def _draw_wide(image: Image.Image, view: ConsoleView) -> None:
    """Dice and status on the left half, the flash and prompt on the right half."""
    right = image.width - HALF - 6
    for y in range(0, HEIGHT, 2):
        image.putpixel((HALF + 1, y), 1)
    if view.choices:
        _draw_choices(image, view, HALF)
    elif view.faces:
        title = layout(view, image.width).title or view.title
        draw_text(image, (0, 0), fit(title, HALF - 2))
        _draw_dice(image, view, DICE_TOP)
        _draw_status(image, view, DICE_TOP + DIE_HEIGHT + 3)
    else:
        _draw_banner(image, view.title, HALF)
    _draw_message(image, view, (HALF + 5, 0), right)


def _draw_banner(image: Image.Image, title: str, width: int) -> None:
    """Before any die exists (set-up) the title is a centred, underlined headline."""
    title = fit(title, width)
    draw_text(image, ((width - text_width(title)) // 2, 0), title)
    ImageDraw.Draw(image).line((0, LINE, width - 1, LINE), fill=1)


def _draw_dice(image: Image.Image, view: ConsoleView, top: int) -> None:
    """The dice spread evenly across the 128 px column, at most a few pixels apart; a module's
    dice set apart (``DICE_APART``) after the others, each kind its own group; a picker's
    choices in their place, one per DIE button."""
    faces: tuple[str | None, ...] = view.picker or view.faces
    n = len(faces)
    kinds = view.kinds if not view.picker else ()
    apart_at = [i for i, k in enumerate(kinds) if k in DICE_APART and (i == 0 or kinds[i - 1] != k)]
    apart = APART_GAP * len(apart_at)
    gap = min(6, (HALF - n * DIE - apart) // (n + 1))
    left = (HALF - n * DIE - (n - 1) * gap - apart) // 2
    x = left
    for i, face in enumerate(faces):
        if i in apart_at:
            x += APART_GAP
        locked = not view.picker and i < len(view.locked) and view.locked[i]
        marked = not view.picker and i < len(view.marked) and view.marked[i]
        framed = i < len(kinds) and kinds[i] in DICE_APART
        image.paste(die_icon(face, locked=locked, marked=marked, framed=framed), (x, top))
        letter = DIE_MARKS.get(view.kinds[i]) if i < len(view.kinds) else None
        if face is None and letter and not view.picker:  # which die of a module, before it rolls
            draw_text(image, (x + (DIE - ADVANCE) // 2 + 1, top + (DIE - LINE) // 2 + 1), letter)
        x += DIE + gap


def _status_line(view: ConsoleView) -> Image.Image:
    """Re-rolls left (a small die and a number) and arrows left in the pile, as one strip,
    tight enough to leave the title "Turn 12: seat 3" whole beside it."""
    die, arrow = small_icon("die"), small_icon("arrow")
    rolls, pile = str(view.rolls_left), str(view.pile)
    strip = Image.new("1", (_status_width(view), LINE))
    stamp(strip, die, (0, 1))
    draw_text(strip, (die.width + 1, 0), rolls)
    x = die.width + 1 + text_width(rolls) + 3
    stamp(strip, arrow, (x, 2))
    draw_text(strip, (x + arrow.width + 1, 0), pile)
    return strip


def _status_width(view: ConsoleView) -> int:
    """The strip's pixels, measured without drawing it: the title's room is asked often."""
    rolls, pile = str(view.rolls_left), str(view.pile)
    return (
        small_width("die") + 1 + text_width(rolls) + 3 + small_width("arrow") + 1 + text_width(pile)
    )


def _draw_status(image: Image.Image, view: ConsoleView, top: int) -> None:
    """The wide console spells the status out under the dice."""
    die, arrow = small_icon("die"), small_icon("arrow")
    stamp(image, die, (2, top + 1))
    draw_text(image, (18, top), _("re-rolls {count}").format(count=view.rolls_left))
    stamp(image, arrow, (0, top + LINE + 2))
    draw_text(image, (18, top + LINE), _("arrows {count}").format(count=view.pile))


CHOICE_LINE = 9  # six names and a title in 64 rows: ink rows touch, the numbers keep them apart


def _draw_choices(image: Image.Image, view: ConsoleView, width: int) -> None:
    """The question (in a game: the prompt, wrapped whole; at set-up: the title), then up to six
    names, one per DIE button, each behind its button's number (inverted). The narrow console
    shows a refused press's message instead."""
    draw = ImageDraw.Draw(image)
    header, top = _choices_header(view, width)
    for i, text in enumerate(header):
        draw_text(image, (0, i * LINE), text)
    for i, choice in enumerate(view.choices):
        y = top + i * CHOICE_LINE
        number, _, name = choice.partition(" ")
        tab = text_width(number) + 3
        draw.rectangle((0, y - 1, tab - 1, y + CHOICE_LINE - 2), fill=1)
        draw_text(image, (2, y), number, fill=0)
        draw_text(image, (tab + 3, y), fit(name, width - tab - 3))


def _choices_header(view: ConsoleView, width: int) -> tuple[list[str], int]:
    """The lines above the list and the first name's row: a game's prompt takes the lines the
    names leave (the last name's ink ends at the bottom row)."""
    if not view.faces:  # the set-up: its title, one line
        return [fit(view.title, width)], CHOICE_LINE + 1
    room = (HEIGHT - CHOICE_LINE + 1 - (len(view.choices) - 1) * CHOICE_LINE) // LINE
    header = wrap(view.prompt, width, max(1, room))
    return header, len(header) * LINE


def choice_cut(view: ConsoleView, width: int) -> list[str]:
    """The question or the names the list cannot show whole."""
    header, _ = _choices_header(view, width)
    cut = [view.prompt] if view.faces and " ".join(header) != " ".join(view.prompt.split()) else []
    for choice in view.choices:
        number, _, name = choice.partition(" ")
        if text_width(name) > width - text_width(number) - 6:
            cut.append(choice)
    return cut


@dataclass(frozen=True)
class Message:
    """The console's message area laid out: each part's lines, and what did not fit whole.

    The prompt (the question, then its answers) comes first and must fit: ``cut`` names it when
    it does not (a test checks every prompt of every kind of decision), and the aside (who may
    reveal now) when the lines the prompt leaves do not hold it. On the 128 px console a
    shorter form of the aside takes its place when it does not fit, the last one in the
    title's place (``title``) when no line is left. A refused press's flash goes above them;
    the story takes the lines left, and is told whole in the history (hold DONE).
    """

    flash: list[str]
    story: list[str]
    prompt: list[str]
    aside: list[str]
    cut: list[str]
    title: str = ""  # what the narrow console's title line shows instead of the title


@functools.lru_cache(maxsize=256)  # drawing asks twice a press, the fit checks again
def layout(view: ConsoleView, width: int) -> Message:
    """The message area of a console `width` pixels wide, as ``draw_console`` draws it; with a
    list of choices in a game, the prompt heads the list instead (``cut`` says if it cannot);
    at set-up the narrow console shows the list alone."""
    if view.choices and not (width == HALF and view.flash):
        if width == HALF:  # the list fills the narrow console
            return Message([], [], [], [], choice_cut(view, HALF))
        shown = replace(view, prompt="") if view.faces else view  # a game's heads the list
        message = _layout(shown, width - HALF - 6, HEIGHT, 0)  # no title: the list
        return replace(message, cut=message.cut + choice_cut(view, HALF))
    if width == HALF:
        return _layout(view, HALF - 4, HEIGHT - _message_top(view), _title_room(view))
    return _layout(view, width - HALF - 6, HEIGHT, HALF - 2)


def _message_top(view: ConsoleView) -> int:
    """The narrow console's first row of the message: under the banner, or under the dice."""
    return LINE + 3 if not view.faces else DICE_TOP + DIE_HEIGHT + 1


def title_cut(view: ConsoleView, width: int) -> bool:
    """Whether the console's title line is cut to fit (a game's list of choices shows the
    prompt in its place; a short aside may take the title's)."""
    if view.choices and view.faces:
        return False
    title = (layout(view, width).title or view.title) if view.faces else view.title
    return text_width(title) > _title_room(view if width == HALF else None)


def shows_whole(width: int) -> Callable[[ConsoleView], bool]:
    """Whether this console shows a view whole, no line or title cut: the measure a table
    session pages its history by (``console_fits``)."""
    if width not in WIDTHS:
        raise ValueError(f"console width must be one of {WIDTHS}, not {width}")

    @functools.lru_cache(maxsize=4096)  # the history asks again of each page on every press
    def whole(view: ConsoleView) -> bool:
        return not layout(view, width).cut and not title_cut(view, width)

    return whole


def _title_room(view: ConsoleView | None) -> int:
    """The title's pixels: on the narrow console in a game, beside the status strip."""
    if view is None or not view.faces or view.choices:
        return HALF - 2
    return HALF - _status_width(view) - 2


def _layout(view: ConsoleView, width: int, rows: int, title_room: int) -> Message:
    """Lines of LINE rows, the last one's blank row may fall off the panel: ``rows + 1``; an
    aside that does not fit takes a shorter form, the last in the title's place (``title_room``
    pixels wide) if need be."""
    cut: list[str] = []
    lines = (rows + 1) // LINE
    flash = wrap(f"! {view.flash}", width - 2, lines) if view.flash else []
    if flash:  # drawn inverted, a row above and below its lines
        lines = (rows + 1 - len(flash) * LINE - 1) // LINE
    prompt = wrap(view.prompt, width, lines) if view.prompt and lines > 0 else []
    if view.prompt and not flash and not fits(view.prompt, width, lines):
        cut.append(view.prompt)
    lines -= len(prompt)
    title, aside_text, whole = "", view.aside, fits(view.aside, width, lines)
    if not whole and view.shorter:  # "" drops it: what it said is on the seats' panels
        fitting = [a for a in view.shorter if fits(a, width, lines)]
        if fitting:
            aside_text, whole = fitting[0], True
        elif text_width(view.shorter[-1]) <= title_room:
            aside_text, title, whole = "", view.shorter[-1], True
    aside = wrap(aside_text, width, lines) if aside_text and lines > 0 else []
    if not whole and not flash:
        cut.append(view.aside)
    lines -= len(aside)
    story = wrap(view.story, width, lines) if view.story and lines > 0 else []
    return Message(flash, story, prompt, aside, cut, title)


def _draw_message(image: Image.Image, view: ConsoleView, xy: tuple[int, int], width: int) -> None:
    """The flash (inverted), the story of the last press above a dotted rule, the prompt, then
    the aside, in the lines ``layout`` gives each."""
    x, y = xy
    message = layout(view, image.width)
    if message.flash:
        draw = ImageDraw.Draw(image)
        bottom = y + len(message.flash) * LINE - 1
        draw.rectangle((x - 2, y - 1, x + width - 1, bottom), fill=1)
        for i, text in enumerate(message.flash):
            draw_text(image, (x, y + i * LINE), text, fill=0)
        y += len(message.flash) * LINE + 1
    if message.story:
        for i, text in enumerate(message.story):
            draw_text(image, (x, y + i * LINE), text)
        y += len(message.story) * LINE
        for dot in range(x, x + width, 2):  # in the story's last blank row
            image.putpixel((dot, y - 1), 1)
    for i, text in enumerate([*message.prompt, *message.aside]):
        draw_text(image, (x, y + i * LINE), text)
