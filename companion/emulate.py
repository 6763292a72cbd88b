"""The complete companion on an ordinary computer: the same session, panels and journal as the
box, with the keyboard standing in for the buttons."""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import shutil
import sys
import textwrap
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFont

from .config import Config
from .devices.emulator import (
    Recorder,
    Window,
    key_help,
    parse_keys,
    terminal_keys,
    window_available,
)
from .devices.inputs import ButtonEvent
from .i18n import CORE, Catalogue, language
from .panels import compose_table, render
from .panels.console import shows_whole
from .panels.text import pillow_text
from .table import TableSession, TableView
from .table.labels import DIE_LABELS, FACE_LABELS, OPTION_LABELS
from .table.view import DICE_APART, SeatView
from .web.settings import WebPageError

if TYPE_CHECKING:  # imported only when the page is on (aiohttp's memory is not spent else)
    from .web.server import PublicPage

log = logging.getLogger(__name__)
_words = Catalogue(CORE)
_ = _words.gettext


def table_picture(view: TableView, console_width: int) -> Image.Image:
    """Every panel as around the table, with the key map underneath."""
    seats, console = render(view, console_width)
    table = compose_table(seats, console)
    font = ImageFont.load_default_imagefont()
    strip = 18
    picture = Image.new("RGB", (table.width, table.height + strip), (12, 12, 16))
    picture.paste(table, (0, 0))
    keys = pillow_text(key_help())  # the window's font knows Latin-1 only
    ImageDraw.Draw(picture).text((8, table.height + 3), keys, fill=(150, 150, 160), font=font)
    return picture


def text_view(view: TableView, width: int | None = None) -> str:
    """The table as lines of text, for a terminal without a window system: everything the
    panels show (the modules' tokens and cards, what to do with the real ones),
    in words, and the key of every answer the console lists over the DIE buttons. ``width``:
    the terminal's columns, each longer line wrapped to them (None: one line each)."""
    lines = [_seat_line(seat) for seat in view.seats]
    c = view.console
    if c.series:
        lines.insert(0, c.series)
    locked = " " + _words.pgettext("a die in the terminal", "locked")
    dice = "  ".join(
        f"[{i + 1} {_face(face, c.kinds, i)}{locked if c.locked[i] else ''}"
        f"{' *' if c.marked[i] else ''}]"
        for i, face in enumerate(c.faces)
    )
    counts = _("Re-rolls left {rolls}   pile {pile}").format(rolls=c.rolls_left, pile=c.pile)
    lines += ["", c.title, _("Dice: {dice}").format(dice=dice), counts]
    lines += [f"  DIE{choice}" for choice in c.choices]
    if c.picker:
        keys = "   ".join(
            f"{i + 1}: {FACE_LABELS.get(option, option)}" for i, option in enumerate(c.picker)
        )
        lines.append(_("Keys (DIE1-DIE{last}): {keys}").format(last=len(c.picker), keys=keys))
    if c.story:
        lines.append(f"* {c.story}")
    lines.append(f"> {c.prompt}")
    if c.aside:
        lines.append(f"  {c.aside}")
    if c.flash:
        lines.append(f"! {c.flash}")
    if width is None:
        return "\n".join(lines)
    return "\n".join(_wrapped(line, width) for line in lines)


def _wrapped(line: str, width: int) -> str:
    """A line over as many as the terminal needs (a terminal cuts it at its edge), the rest
    indented under its start."""
    if len(line) <= width:
        return line
    indent = " " * min(8, len(line) - len(line.lstrip(" *>!")) + 2)
    return textwrap.fill(line, max(20, width), subsequent_indent=indent)


def _face(face: str | None, kinds: tuple[str, ...], die: int) -> str:
    """A die in words; a die of a kind set apart (a module's, ``DICE_APART``) says its kind, as
    the window draws it apart."""
    said = "-" if face is None else FACE_LABELS.get(face, face)
    if die < len(kinds) and kinds[die] in DICE_APART:
        # Translators: a die of a module's own kind ("Duel die") and the face it shows
        return _("{die} {face}").format(die=DIE_LABELS.get(kinds[die], kinds[die]), face=said)
    return said


def _seat_line(seat: SeatView) -> str:
    """A seat in one line: said once for the same seat in the same language (the terminal
    redraws every seat on each press, most of them unchanged)."""
    try:
        return _seat_line_in(seat, language())
    except TypeError:  # a module's fact on the seat that cannot be a key: said afresh
        return _seat_said(seat)


@functools.lru_cache(maxsize=512)
def _seat_line_in(seat: SeatView, code: str) -> str:
    """``seat``'s line in the language ``code`` (the one in use: part of the cache's key)."""
    return _seat_said(seat)


def _seat_said(seat: SeatView) -> str:
    label = _("Seat {number}").format(number=seat.number)
    if not seat.playing:
        return _("{seat}  (free)").format(seat=label)
    role = _("role: {role}").format(role=seat.role) if seat.role else ""
    if not seat.name:  # at set-up before its character: no life to show yet
        marks = [
            _words.pgettext("a seat's mark", "SHERIFF") if seat.sheriff else "",
            role,
            _words.pgettext("a seat's mark", "<- press") if seat.answer else "",
            _words.pgettext("a seat's mark", "BOT") if seat.bot else "",
            seat.change,
            seat.note or _words.pgettext("a seat's mark", "joined"),
        ]
        return f"{label}  " + "  ".join(m for m in marks if m)
    marks = [
        _words.pgettext("a seat's mark", "TURN") if seat.active else "",
        _words.pgettext("a seat's mark", "SHERIFF") if seat.sheriff else "",
        _words.pgettext("a seat's mark", "OUT") if not seat.alive else "",
        role,
        _words.pgettext("a seat's mark", "<- press") if seat.answer else "",
        _words.pgettext("a seat's mark", "WINNER") if seat.winner else "",
        _words.pgettext("a seat's mark", "BOT") if seat.bot else "",
        f"[{seat.change}]" if seat.change else "",
        seat.note,
        *seat.said,
        seat.chore.upper(),  # what to do with the real cards, as the panel's badge says it
    ]
    bar = "#" * seat.life + "." * max(0, seat.max_life - seat.life)
    if seat.tokens:
        tokens = " + ".join(OPTION_LABELS.get(token, token) for token in seat.tokens)
        arrows = _("arrows {count} + {tokens}").format(count=seat.arrows, tokens=tokens)
    else:
        arrows = _("arrows {count}").format(count=seat.arrows)
    life = _("life {life}/{most}").format(life=f"{seat.life:>2}", most=f"{seat.max_life:<2}")
    return f"{label}  {seat.name:<16} {life} {bar:<12} {arrows}  " + "  ".join(
        m for m in marks if m
    )


def digest(session: TableSession) -> str:
    """A short fingerprint of where the session is, for scripts that drive the emulator."""
    if session.play is not None:
        state = json.dumps(session.play.game.to_json(), sort_keys=True)
        state += repr(session.declared) if session.declared else ""  # roles entered at the end
    else:
        flow = session.setup
        assert flow is not None
        state = "setup:" + repr(
            (flow.stage, flow.joined, flow.bots, sorted(flow.modules), flow.cards_mixed)
            + (sorted(flow.roles.items()), sorted(flow.characters.items()), flow.picker)
            + (flow.page, flow.module_page, sorted(flow.answers.items()), flow.follow_up)
        )
    return hashlib.sha1(state.encode()).hexdigest()[:12]


class Emulator:
    """Runs a table session and draws it after every press and every choice of the box's.

    ``scripted``: presses come from a script, not a person watching, so the box makes its
    choices at once after each press instead of after its pause. With ``[web] enabled`` the
    public page is served too, fed after each frame is drawn.
    """

    def __init__(
        self,
        config: Config,
        record: Path | None = None,
        seed: int | None = None,
        scripted: bool = False,
    ) -> None:
        self.config = config
        self.scripted = scripted
        fits = shows_whole(config.console_width)  # the history pages by it
        self.session = TableSession(config.table, seed=seed, console_fits=fits)
        self.session.start()
        self.page: PublicPage | None = None
        if config.web.enabled:
            from .web.server import PublicPage

            self.page = PublicPage(config.web, config.table.state_dir)
            self.page.show(self.session)
            try:
                self.page.start()
            except WebPageError:
                self.session.close()
                raise
            print(_("web page: {url}").format(url=self.page.url), file=sys.stderr, flush=True)
        self.recorder: Recorder | None = None
        self.frame = table_picture(self.session.view(), config.console_width)
        if record is not None:
            self.recorder = Recorder(record, self.frame.size)
            self.recorder.add(self.frame)
        if scripted:  # the box's choices owed on resume, before the script's first key; a
            # person's loop starts their pause on its own clock as it waits for a key
            self.tick()

    def press(self, event: ButtonEvent, at: float | None = None) -> None:
        """One press at ``at`` (a script's or test's clock; None: the machine's), then the box's
        choices due by that same time."""
        now = time.monotonic() if at is None else at
        self.session.handle(event.button, event.kind, now)
        self._draw()
        self.tick(now)

    def tick(self, now: float | None = None) -> None:
        """The box's choices that are due by ``now`` (all it owes, when scripted), each its own
        frame."""
        while self.session.box_wait(now) is not None:
            if self.scripted:
                self.session.box_step(now)
            elif self.session.tick(now) is None:
                return
            self._draw()
            if self.session.flash is not None:
                return  # the choice could not be saved: tried again later, not in a loop

    def _draw(self) -> None:
        self.frame = table_picture(self.session.view(), self.config.console_width)
        if self.recorder is not None:
            self.recorder.add(self.frame)
        if self.page is not None:
            self.page.show(self.session)

    def close(self, snapshot: Path | None = None) -> None:
        if snapshot is not None:
            self.frame.save(snapshot)
        if self.recorder is not None:
            self.recorder.save()
        if self.page is not None:
            self.page.close()
        self.session.close()


def run(
    config: Config,
    keys: list[ButtonEvent] | None,
    snapshot: Path | None,
    record: Path | None,
    terminal: bool,
    seed: int | None = None,
    keys_from_stdin: bool = False,
) -> int:
    emulator = Emulator(config, record, seed, scripted=keys is not None or keys_from_stdin)
    try:
        if keys_from_stdin:
            _stdin_loop(emulator)
        elif keys is not None:
            for i, event in enumerate(keys):
                emulator.press(event, at=float(i))
            print(text_view(emulator.session.view()))
        elif terminal or not window_available():
            _terminal_loop(emulator)
        else:
            _window_loop(emulator)
    finally:
        emulator.close(snapshot)
    return 0


def _stdin_loop(emulator: Emulator) -> None:
    """Presses read line by line from stdin; each acknowledged once it is on disk
    (``ok N digest``), or said to have changed nothing (``refused why``)."""
    print(f"ready {digest(emulator.session)}", flush=True)
    count = 0
    for line in sys.stdin:
        try:
            events = parse_keys(line)
        except ValueError as exc:
            print(f"error {exc}", flush=True)
            continue
        for event in events:
            count += 1
            # Scripted presses are a second apart: none is mistaken for contact bounce.
            emulator.press(event, at=float(count))
            refused = emulator.session.refused
            if refused is not None:
                print(f"refused {refused}", flush=True)
            else:
                print(f"ok {count} {digest(emulator.session)}", flush=True)


def _window_loop(emulator: Emulator) -> None:
    window = Window(emulator.frame.size)
    shown = None
    try:
        while True:
            for event in window.poll():
                emulator.press(event)
            emulator.tick()
            if emulator.frame is not shown:
                window.show(emulator.frame)
                shown = emulator.frame
            time.sleep(0.02)
    except SystemExit:
        return
    finally:
        window.close()


def _terminal_loop(emulator: Emulator) -> None:
    if not sys.stdin.isatty():
        raise SystemExit(_("no window system and no terminal: use --keys to script the presses"))
    with terminal_keys() as read:
        while True:
            columns = shutil.get_terminal_size().columns
            sys.stdout.write("\x1b[2J\x1b[H" + text_view(emulator.session.view(), columns))
            sys.stdout.write(f"\n\n{_wrapped(key_help(), columns)}\n")
            sys.stdout.flush()
            events: list[ButtonEvent] = []
            while not events:
                wait = emulator.session.box_wait()
                events = read(0.5 if wait is None else min(0.5, wait))
                if not events and wait is not None:
                    break  # the box's choice is due: drawn before the next key
            for event in events:
                emulator.press(event)
            emulator.tick()
