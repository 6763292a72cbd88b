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
from dataclasses import dataclass, field
from typing import Any

from gpiozero import DigitalInputDevice
from gpiozero.pins import Factory

from companion.devices.header import MAX_PIN, MIN_PIN, PinUse
from companion.devices.inputs import (
    BUTTON_NAMES,
    EXPECTED_BUTTONS,
    ButtonEvent,
    InputQueue,
    is_button_name,
)
from companion.devices.settings import SettingError, check_keys, is_int, key_name, shown

from ..i18n import CORE, Catalogue

_ = Catalogue(CORE).gettext

#: Longest sensible hold and bounce, in seconds: beyond them a button seems dead.
MAX_HOLD_TIME = 60.0
MAX_BOUNCE_TIME = 1.0

SETTINGS_KEYS = ("hold_time", "undo_hold_time", "bounce_time", "pull_up")


@dataclass(frozen=True)
class ButtonPins:
    """Which BCM pin each button is wired to, and how presses are timed.

    ``bounce_time`` is handed to gpiozero (lgpio debounces in its own thread on the Pi);
    ``None`` switches debouncing off. UNDO's hold ends the game in progress, so it takes
    ``undo_hold_time`` (three seconds) where every other button takes ``hold_time``. ``keys``
    says where a pin was set in the configuration ("seat[3].button"), so an error names the
    line to fix; it defaults to ``buttons.NAME``.
    """

    pins: dict[str, int]
    hold_time: float = 1.0
    undo_hold_time: float = 3.0
    bounce_time: float | None = 0.02
    pull_up: bool = True
    keys: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pins", dict(self.pins))
        owner_of: dict[int, str] = {}
        for name, pin in self.pins.items():
            key = self.key_of(name)
            if not is_button_name(name):
                said = _("unknown button {name}: expected {buttons}")
                raise SettingError(key, said.format(name=shown(name), buttons=EXPECTED_BUTTONS))
            if not is_int(pin):
                raise SettingError(
                    key,
                    _(
                        "pin {pin} is not a BCM pin number: expected an integer {least}..{most}"
                    ).format(pin=shown(pin), least=MIN_PIN, most=MAX_PIN),
                )
            if not MIN_PIN <= pin <= MAX_PIN:
                said = _("BCM pin {pin} is outside the header: expected {least}..{most}")
                raise SettingError(key, said.format(pin=pin, least=MIN_PIN, most=MAX_PIN))
            if pin in owner_of:
                raise SettingError(
                    key,
                    _(
                        "BCM pin {pin} is already used by {owner}: expected one pin per button"
                    ).format(pin=pin, owner=owner_of[pin]),
                )
            owner_of[pin] = key
        for setting in ("hold_time", "undo_hold_time"):
            if not _is_seconds(getattr(self, setting), MAX_HOLD_TIME):
                raise SettingError(
                    f"buttons.{setting}",
                    _("{value}: expected seconds, more than 0 and at most {most}").format(
                        value=shown(getattr(self, setting)), most=f"{MAX_HOLD_TIME:g}"
                    ),
                )
        if self.bounce_time is not None and not _is_seconds(self.bounce_time, MAX_BOUNCE_TIME):
            raise SettingError(
                "buttons.bounce_time",
                _(
                    "{value}: expected seconds, more than 0 and at most {most} (or leave it out)"
                ).format(value=shown(self.bounce_time), most=f"{MAX_BOUNCE_TIME:g}"),
            )
        if not isinstance(self.pull_up, bool):
            said = _("{value}: expected true or false")
            raise SettingError("buttons.pull_up", said.format(value=shown(self.pull_up)))

    def key_of(self, name: str) -> str:
        """The configuration key that set ``name``'s pin."""
        return self.keys.get(name, f"buttons.{key_name(name) if isinstance(name, str) else name}")

    @property
    def pin_uses(self) -> list[PinUse]:
        """Every pin a button takes, for the check against the other parts' pins."""
        return [PinUse(pin, self.key_of(name), "a button") for name, pin in self.pins.items()]

    @classmethod
    def from_config(
        cls, buttons: Mapping[str, Any], seats: Sequence[Mapping[str, Any]] = ()
    ) -> ButtonPins:
        """Build from the ``[buttons]`` table and the ``[[seat]]`` list of the TOML config.

        Seat n (1-based, clockwise) becomes SEATn; a seat without ``button`` is served elsewhere
        (a serial pod) and gets no pin here.
        """
        check_keys(buttons, (*BUTTON_NAMES, *SETTINGS_KEYS), "buttons")
        pins = {name: pin for name, pin in buttons.items() if name not in SETTINGS_KEYS}
        keys = {name: f"buttons.{name}" for name in pins}
        for number, seat in enumerate(seats, start=1):
            if "button" in seat:
                name = f"SEAT{number}"
                if name in pins:
                    raise SettingError(
                        f"seat[{number}].button",
                        _(
                            "seat {number}'s button is also given as buttons.{name}: "
                            "expected it in one place"
                        ).format(number=number, name=name),
                    )
                pins[name] = seat["button"]
                keys[name] = f"seat[{number}].button"
        settings = {key: buttons[key] for key in SETTINGS_KEYS if key in buttons}
        return cls(pins=pins, keys=keys, **settings)


def _is_seconds(value: object, most: float) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 < value <= most


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
        # UNDO's hold ends the game in progress: it takes longer than any other button's.
        self._hold_times = {"UNDO": settings.undo_hold_time}
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
            timer = threading.Timer(
                self._hold_times.get(name, self.hold_time), self._hold, args=(name,)
            )
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
