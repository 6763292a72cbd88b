"""The one loop every front end shares: button events in, session, pictures and events out.

The daemon on the Pi and the emulator both feed an InputQueue and let this pump it, so a test
that presses mock GPIO buttons goes through exactly the path a real press takes.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from PIL import Image

from .devices.inputs import ButtonEvent, InputQueue
from .engine import Event
from .panels import draw_console, draw_seat
from .table import SeatView, TableSession, TableView

log = logging.getLogger(__name__)

PictureSink = Callable[[list[Image.Image], Image.Image], None]
ViewSink = Callable[[TableView], None]
EventSink = Callable[[list[Event]], None]
# An output fed after the pictures are out (the public page): never between a press and its
# picture.
LaterSink = Callable[[], object]


class Companion:
    """Routes presses to the session and its results to every output, which never stop it."""

    def __init__(
        self,
        session: TableSession,
        console_width: int = 128,
        pictures: list[PictureSink] | None = None,
        views: list[ViewSink] | None = None,
        events: list[EventSink] | None = None,
        later: list[LaterSink] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.session = session
        self.clock = clock  # the presses' clock: the box's pauses are measured on it alone
        self.console_width = console_width
        self.pictures = pictures or []
        self.views = views or []
        self.events = events or []
        self.later = later or []
        self._view: TableView | None = None
        self._seats: list[tuple[SeatView, Image.Image]] = []

    def dispatch(self, event: ButtonEvent) -> list[Event]:
        """One button event, then any choice of the box's that is due by now."""
        caused = self.session.handle(event.button, event.kind, event.at)
        self._publish(caused)
        return caused + self.tick(event.at)

    def tick(self, now: float | None = None) -> list[Event]:
        """The box's choices that are due by ``now`` (a press's own time; None: the clock's
        now), with no pause all it owes, else the one whose pause is over, each shown as it is
        made."""
        now = self.clock() if now is None else now
        caused: list[Event] = []
        while (events := self.session.tick(now)) is not None:
            self._publish(events)
            caused += events
        return caused

    def _publish(self, events: list[Event]) -> None:
        for sink in self.events:
            _safely(sink, events)
        self.refresh()
        for later in self.later:
            _safely(later)

    def pump(self, queue: InputQueue, timeout: float | None = 0.0) -> int:
        """Handle every event waiting (waiting up to ``timeout`` for the first, or until an
        event or ``queue.interrupt()`` when None, but never past the box's next choice); how
        many. The box's choices that fall due are made too."""
        wait = self.session.box_wait(self.clock())
        if wait is not None:
            timeout = wait if timeout is None else min(timeout, wait)
        handled = 0
        event = queue.get(timeout=timeout) if timeout is None or timeout > 0 else None
        pending = ([event] if event is not None else []) + queue.drain()
        for event in pending:
            self.dispatch(event)
            handled += 1
        self.tick()
        return handled

    def refresh(self) -> None:
        """Draw the table if what it shows changed (each panel skips an unchanged picture)."""
        view = self.session.view()
        if view == self._view:
            return
        self._view = view
        for sink in self.views:
            _safely(sink, view)
        seats = [self._seat_picture(i, seat) for i, seat in enumerate(view.seats)]
        console = draw_console(view.console, self.console_width)
        for draw in self.pictures:
            _safely(draw, seats, console)

    def _seat_picture(self, index: int, seat: SeatView) -> Image.Image:
        """A seat's picture, drawn again only when what it shows changed (most presses
        change one or two seats; drawing all eight would triple the work on a Pi Zero)."""
        if index < len(self._seats) and self._seats[index][0] == seat:
            return self._seats[index][1]
        picture = draw_seat(seat)
        if index < len(self._seats):
            self._seats[index] = (seat, picture)
        else:
            self._seats.append((seat, picture))
        return picture


def _safely(sink: Callable[..., object], *args: object) -> None:
    """An output that fails is logged; the game goes on."""
    try:
        sink(*args)
    except Exception:
        log.exception("an output failed; the game goes on")
