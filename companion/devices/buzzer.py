"""An optional buzzer on one GPIO pin: short beep patterns, played without holding up the game.

A plain active buzzer (gpiozero's ``Buzzer``) between a pin and GND, or through a transistor.
Patterns are (seconds on, seconds off, beeps); the names and their meaning belong to the caller.

Example::

    with Beeper(18) as beeper:
        beeper.play((0.1, 0.1, 3))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gpiozero import Buzzer
from gpiozero.pins import Factory

from ..i18n import CORE, Catalogue
from .header import MAX_PIN, MIN_PIN, PinUse
from .settings import SettingError, check_keys, is_int, shown

_ = Catalogue(CORE).gettext

Pattern = tuple[float, float, int]  # seconds on, seconds off, how many beeps


@dataclass(frozen=True)
class BuzzerSpec:
    """The ``[buzzer]`` section: the BCM pin, and whether a high pin sounds it."""

    pin: int
    active_high: bool = True

    @classmethod
    def from_config(cls, table: Mapping[str, Any]) -> BuzzerSpec:
        check_keys(table, ("pin", "active_high"), "buzzer")
        pin = table.get("pin")
        if not is_int(pin) or not MIN_PIN <= pin <= MAX_PIN:
            said = _("{value}: expected a BCM pin number {least}..{most}")
            raise SettingError(
                "buzzer.pin", said.format(value=shown(pin), least=MIN_PIN, most=MAX_PIN)
            )
        active_high = table.get("active_high", True)
        if not isinstance(active_high, bool):
            said = _("{value}: expected true or false")
            raise SettingError("buzzer.active_high", said.format(value=shown(active_high)))
        return cls(pin, active_high)

    @property
    def pin_use(self) -> PinUse:
        return PinUse(self.pin, "buzzer.pin", "the buzzer")


class Beeper:
    """A gpiozero Buzzer that plays one pattern at a time; a new pattern cuts the last short."""

    def __init__(self, spec: BuzzerSpec, *, pin_factory: Factory | None = None) -> None:
        self._buzzer = Buzzer(spec.pin, active_high=spec.active_high, pin_factory=pin_factory)

    def play(self, pattern: Pattern, background: bool = True) -> None:
        on, off, beeps = pattern
        self._buzzer.beep(on_time=on, off_time=off, n=beeps, background=background)

    def close(self) -> None:
        self._buzzer.close()

    def __enter__(self) -> Beeper:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
