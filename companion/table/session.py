"""The companion at the table for a whole evening: set-up, play, the end, the next game.

``TableSession`` is one state value and the parts that act on it, each in its own module and
each testable alone: what it holds (``session_state``), the box's seats (``box_seats``), the
files from one game to the next and the resume (``lifecycle``), the presses (``presses``, which
call on the lifecycle); and what the table shows, functions of the state (``showing``). The
session only hands each call to its part and tells the others what followed: after a press or
a start the box's seats when its next choice is due, after the box's choice the lifecycle
whether the game ended.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Generic, TypeVar

from ..engine import Event
from .box_seats import BoxSeats
from .end_roles import Declared
from .lifecycle import Lifecycle
from .play import TablePlay
from .presses import Presses
from .session_state import SessionState
from .setup_flow import SetupFlow
from .showing import play_view, setup_view
from .story import History
from .table_config import TableConfig
from .view import ConsoleView, TableView

T = TypeVar("T")


class _OnState(Generic[T]):
    """A field of the session's state, read and written through the session as ever
    (``session.play``)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, session: TableSession, owner: type | None = None) -> T:
        value: T = getattr(session.state, self.name)
        return value

    def __set__(self, session: TableSession, value: T) -> None:
        setattr(session.state, self.name, value)


class TableSession:
    """Turns button presses into set-up steps and game actions, and says what to show."""

    config = _OnState[TableConfig]()
    seed = _OnState[int | None]()
    play = _OnState[TablePlay | None]()
    setup = _OnState[SetupFlow | None]()
    flash = _OnState[str | None]()
    menu = _OnState[int | None]()
    story = _OnState[str]()
    marks = _OnState[dict[int, str]]()
    history = _OnState[History]()
    looking_back = _OnState[int | None]()
    console_fits = _OnState[Callable[[ConsoleView], bool] | None]()
    asked_to_end = _OnState[bool]()
    refused = _OnState[str | None]()
    declared = _OnState[Declared]()
    series_game = _OnState[int]()

    def __init__(
        self,
        config: TableConfig,
        seed: int | None = None,
        play: TablePlay | None = None,
        console_fits: Callable[[ConsoleView], bool] | None = None,
    ) -> None:
        self.state = SessionState(config, seed, play, console_fits=console_fits)
        self.box_seats = BoxSeats(self.state)
        self.lifecycle = Lifecycle(self.state)
        self.presses = Presses(self.state, self.lifecycle)

    def start(self) -> None:
        """Take the evening up where the disk left it (``Lifecycle.start``); a choice the box
        owes in a resumed game waits its pause from the next time given."""
        self.lifecycle.start()
        self.box_seats.schedule(None)

    def close(self) -> None:
        self.lifecycle.close()

    def handle(self, button: str, kind: str = "press", at: float | None = None) -> list[Event]:
        """One press or hold; returns the engine events it caused. Never raises for bad input.

        A choice the box now owes is made later (``tick``), after the table has seen it coming.
        """
        at = time.monotonic() if at is None else at
        events = self.presses.handle(button, kind, at)
        self.box_seats.schedule(at)
        return events

    def box_wait(self, now: float | None = None) -> float | None:
        """Seconds until the box makes the choice it owes (0: now), None when it owes none or
        waits for the table to say whether the game goes on (UNDO held)."""
        return self.box_seats.wait(time.monotonic() if now is None else now)

    def tick(self, now: float | None = None) -> list[Event] | None:
        """Make the box's choice if it is due: its events, or None when nothing was due.

        Never waits: the loop calls it when ``box_wait`` says, and presses go on meanwhile.
        """
        now = time.monotonic() if now is None else now
        wait = self.box_seats.wait(now)
        if wait is None or wait > 0:
            return None
        return self.box_step(now)

    def box_step(self, now: float | None = None) -> list[Event]:
        """The box's choice at once (``BoxSeats.step``), and the series file told if it ended
        the game."""
        events = self.box_seats.step(time.monotonic() if now is None else now)
        self.lifecycle.note_the_end()
        return events

    def fresh(self) -> bool:
        """Whether the set-up on the table is a fresh one nobody has pressed in yet."""
        return self.lifecycle.fresh()

    def begin_play(self, play: TablePlay) -> None:
        """Play ``play``, a game made elsewhere (a test's, dealt as it needs)."""
        self.lifecycle.begin_play(play)

    def view(self) -> TableView:
        return table_view(self.state)


def table_view(state: SessionState) -> TableView:
    """What the table shows for ``state``: the game in play, else the set-up."""
    if state.play is not None:
        return play_view(state, state.play)
    assert state.setup is not None
    return setup_view(state, state.setup)
