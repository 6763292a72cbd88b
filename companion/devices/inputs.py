"""One ordered stream of button presses, whatever produced them.

GPIO callbacks arrive on gpiozero's backend thread, serial pods on their reader threads and the
emulator on its event loop; the table session must see one ordered stream on its own thread.
"""

from __future__ import annotations

import queue
import time
from dataclasses import dataclass, field
from typing import Literal

PressKind = Literal["press", "hold"]

#: Every button the table knows, wherever it is wired.
BUTTON_NAMES = (
    "ROLL",
    "DONE",
    "UNDO",
    *(f"DIE{n}" for n in range(1, 7)),
    *(f"SEAT{n}" for n in range(1, 9)),
)
#: The same list, as an error message says it.
EXPECTED_BUTTONS = "ROLL, DONE, UNDO, DIE1..DIE6 or SEAT1..SEAT8"


def is_button_name(name: object) -> bool:
    """True for ROLL, DONE, UNDO, DIE1..DIE6 and SEAT1..SEAT8."""
    return isinstance(name, str) and name in BUTTON_NAMES


@dataclass(frozen=True)
class ButtonEvent:
    """A button pressed (or held) somewhere at the table."""

    button: str
    kind: PressKind = "press"
    source: str = ""
    at: float = field(default_factory=time.monotonic, compare=False)

    def __post_init__(self) -> None:
        if not is_button_name(self.button):
            raise ValueError(f"unknown button {self.button!r}: expected {EXPECTED_BUTTONS}")
        if self.kind not in ("press", "hold"):
            raise ValueError(f"unknown press kind {self.kind!r}: expected 'press' or 'hold'")


class InputQueue:
    """Thread-safe, ordered hand-over of button events to the session thread.

    ``interrupt()`` wakes a ``get()`` that waits with no timeout, so the session thread can
    sleep until a press or a stop instead of waking to look.
    """

    def __init__(self) -> None:
        # SimpleQueue.put is safe even from a signal handler.
        self._queue: queue.SimpleQueue[ButtonEvent | None] = queue.SimpleQueue()

    def put(self, event: ButtonEvent) -> None:
        self._queue.put(event)

    def interrupt(self) -> None:
        """Make the current (or next) ``get()`` return None at once."""
        self._queue.put(None)

    def get(self, timeout: float | None = None) -> ButtonEvent | None:
        """The next event, or None when nothing arrived within timeout (None: wait until an
        event or an interrupt)."""
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def drain(self) -> list[ButtonEvent]:
        """Every event waiting now, oldest first."""
        events: list[ButtonEvent] = []
        while True:
            try:
                event = self._queue.get_nowait()
            except queue.Empty:
                return events
            if event is not None:
                events.append(event)
