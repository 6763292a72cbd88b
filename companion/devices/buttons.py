"""Real push buttons on the Pi's GPIO header, turned into ButtonEvents.

A press is reported when the button is released, not when it goes down: a seat button that is
held opens that seat's menu, and reporting the press on the way down would also pick the seat as
a target first. So each push yields exactly one event, either "press" or "hold".

Holds are timed from the edges: a push arms one timer and its release cancels it. gpiozero's
Button would instead start a hold thread per button that polls ten times a second for ever,
which keeps a box that waits for hours between games awake.

Example::

    pins = ButtonPins(pins={"ROLL": 5, "DONE": 6, "SEAT1": 17})
    queue = InputQueue()
    with GpioButtons(pins, queue):
        event = queue.get(timeout=10)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gpiozero import DigitalInputDevice
from gpiozero.pins import Factory

from companion.devices.inputs import ButtonEvent, InputQueue, is_button_name

#: BCM numbers a button may use: 0 and 1 carry the HAT ID EEPROM, 28+ are not on the header.
MIN_PIN = 2
MAX_PIN = 27

_SETTINGS_KEYS = ("hold_time", "bounce_time", "pull_up")


@dataclass(frozen=True)
class ButtonPins:
    """Which BCM pin each button is wired to, and how presses are timed.

    ``bounce_time`` is handed to gpiozero (lgpio debounces in its own thread on the Pi);
    ``None`` switches debouncing off.
    """

    pins: dict[str, int]
    hold_time: float = 1.0
    bounce_time: float | None = 0.02
    pull_up: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "pins", dict(self.pins))
        owner_of: dict[int, str] = {}
        for name, pin in self.pins.items():
            if not is_button_name(name):
                raise ValueError(
                    f"buttons: unknown button {name!r}: expected ROLL, DONE, UNDO, "
                    "DIE1..DIE6 or SEAT1..SEAT8"
                )
            if isinstance(pin, bool) or not isinstance(pin, int):
                raise ValueError(
                    f"buttons.{name}: pin {pin!r} is not a BCM pin number: expected an integer "
                    f"{MIN_PIN}..{MAX_PIN}"
                )
            if not MIN_PIN <= pin <= MAX_PIN:
                raise ValueError(
                    f"buttons.{name}: BCM pin {pin} is outside the header: expected "
                    f"{MIN_PIN}..{MAX_PIN}"
                )
            if pin in owner_of:
                raise ValueError(
                    f"buttons.{name}: BCM pin {pin} is already used by {owner_of[pin]}: "
                    "expected one pin per button"
                )
            owner_of[pin] = name
        if isinstance(self.hold_time, bool) or not isinstance(self.hold_time, int | float):
            raise ValueError(f"buttons.hold_time: {self.hold_time!r}: expected seconds > 0")
        if self.hold_time <= 0:
            raise ValueError(f"buttons.hold_time: {self.hold_time}: expected seconds > 0")
        if self.bounce_time is not None and (
            isinstance(self.bounce_time, bool)
            or not isinstance(self.bounce_time, int | float)
            or self.bounce_time <= 0
        ):
            raise ValueError(
                f"buttons.bounce_time: {self.bounce_time!r}: expected seconds > 0 (or leave it out)"
            )
        if not isinstance(self.pull_up, bool):
            raise ValueError(f"buttons.pull_up: {self.pull_up!r}: expected true or false")

    @classmethod
    def from_config(
        cls, buttons: Mapping[str, Any], seats: Sequence[Mapping[str, Any]] = ()
    ) -> ButtonPins:
        """Build from the ``[buttons]`` table and the ``[[seat]]`` list of the TOML config.

        Seat n (1-based, clockwise) becomes SEATn; a seat without ``button`` is served elsewhere
        (a serial pod) and gets no pin here.
        """
        pins = {name: pin for name, pin in buttons.items() if name not in _SETTINGS_KEYS}
        for number, seat in enumerate(seats, start=1):
            if "button" in seat:
                name = f"SEAT{number}"
                if name in pins:
                    raise ValueError(
                        f"seat {number}: button given both in [buttons] and in [[seat]]: "
                        "expected it in one place"
                    )
                pins[name] = seat["button"]
        settings = {key: buttons[key] for key in _SETTINGS_KEYS if key in buttons}
        return cls(pins=pins, **settings)


class GpioButtons:
    """A gpiozero input for every configured pin, feeding one InputQueue.

    gpiozero calls back on the pin's edge thread for press and release; a hold comes from the
    timer the push armed. One lock decides per push whether the hold or the release came
    first, so a push never yields both a hold and a press, nor neither.
    """

    def __init__(
        self,
        settings: ButtonPins,
        queue: InputQueue,
        *,
        pin_factory: Factory | None = None,
        source: str = "gpio",
    ) -> None:
        self._queue = queue
        self._source = source
        self.hold_time = settings.hold_time
        self._lock = threading.Lock()
        self._down: set[str] = set()
        self._held: set[str] = set()
        self._timers: dict[str, threading.Timer] = {}
        self._buttons: dict[str, DigitalInputDevice] = {}
        try:
            for name, pin in settings.pins.items():
                button = DigitalInputDevice(
                    pin,
                    pull_up=settings.pull_up,
                    bounce_time=settings.bounce_time,
                    pin_factory=pin_factory,
                )
                self._buttons[name] = button
                button.when_activated = self._callback(self._pressed, name)
                button.when_deactivated = self._callback(self._released, name)
        except BaseException:
            self.close()
            raise

    @staticmethod
    def _callback(handler: Callable[[str], None], name: str) -> Callable[[], None]:
        # gpiozero inspects the callback's signature; a zero-argument closure is unambiguous.
        def call() -> None:
            handler(name)

        return call

    def _pressed(self, name: str) -> None:
        with self._lock:
            self._down.add(name)
            self._held.discard(name)
            self._disarm(name)
            timer = threading.Timer(self.hold_time, self._hold, args=(name,))
            timer.name = f"hold {name}"
            timer.daemon = True
            self._timers[name] = timer
            timer.start()

    def _hold(self, name: str) -> None:
        with self._lock:
            # A timer that fired while its push was being released is no longer the armed one.
            if self._timers.get(name) is not threading.current_thread():
                return
            del self._timers[name]
            if name in self._down and name not in self._held:
                self._held.add(name)
                self._queue.put(ButtonEvent(name, "hold", self._source))

    def _released(self, name: str) -> None:
        with self._lock:
            self._disarm(name)
            if name in self._down and name not in self._held:
                self._queue.put(ButtonEvent(name, "press", self._source))
            self._down.discard(name)
            self._held.discard(name)

    def _disarm(self, name: str) -> None:
        """Cancel the push's hold timer, if armed (call with the lock held)."""
        timer = self._timers.pop(name, None)
        if timer is not None:
            timer.cancel()

    @property
    def names(self) -> tuple[str, ...]:
        """The buttons that have a pin, in configuration order."""
        return tuple(self._buttons)

    def close(self) -> None:
        """Release every pin and cancel armed hold timers; safe to call twice."""
        for button in self._buttons.values():
            button.close()
        self._buttons.clear()
        with self._lock:
            for name in list(self._timers):
                self._disarm(name)

    def __enter__(self) -> GpioButtons:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
