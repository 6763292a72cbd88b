"""One OLED panel that never stops the game: offline when its cable is pulled, back by itself.

A panel never raises from ``show()``: it goes offline, logs once, and is tried again at most
every ``retry_interval`` seconds, getting the latest picture as soon as it answers. It sends
nothing when the picture is unchanged, and SSD1306/SH1106 panels are driven by
``partial_oled`` (only the changed windows go on the bus) unless their table says
``full_frames = true`` (for a clone that misbehaves with partial windows): luma's own drivers
send the whole 1,024-byte frame on every ``display()`` (~93 ms at 100 kHz).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from luma.core.device import device as LumaDevice
from luma.oled.device import sh1106, ssd1306, ssd1322
from PIL import Image

from companion.devices.panel_specs import PanelSpec
from companion.devices.partial_oled import PartialSH1106, PartialSSD1306

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class OpenPanel:
    """A ready luma device, and how to hold its bus for a whole picture (its commands and data
    go out together, on a bus other panels share)."""

    device: LumaDevice
    hold: Callable[[], AbstractContextManager[None]]


_FULL_FRAME = {"ssd1306": ssd1306, "sh1106": sh1106}
_PARTIAL = {"ssd1306": PartialSSD1306, "sh1106": PartialSH1106}


def open_device(spec: PanelSpec, interface: Any) -> LumaDevice:
    """A luma.oled device for ``spec`` talking through ``interface`` (real or recording).

    SSD1306 and SH1106 send only the changed windows unless ``spec.full_frames``. luma's
    constructors initialise and blank the panel. They ignore a ``persist=`` argument, so
    persist is set afterwards: otherwise luma's atexit hook blanks the panel on exit.
    """
    device: Any  # luma's drivers and ours share no declared type
    if spec.driver in ("ssd1306", "sh1106"):
        kind = (_FULL_FRAME if spec.full_frames else _PARTIAL)[spec.driver]
        device = kind(interface, width=128, height=64, rotate=spec.rotate)
    else:
        device = ssd1322(interface, width=256, height=64, rotate=spec.rotate, mode="RGB")
    device.persist = True
    return device


class Panel:
    """One display that never raises from ``show()`` and comes back by itself.

    ``opener`` makes a ready luma device with the way to hold its bus (it may raise while the
    panel is missing). One thread drives a panel; panels on one bus may be driven from
    different threads.
    """

    def __init__(
        self,
        spec: PanelSpec,
        opener: Callable[[], OpenPanel],
        *,
        name: str = "panel",
        clock: Callable[[], float] = time.monotonic,
        retry_interval: float = 5.0,
    ) -> None:
        if retry_interval < 0:
            raise ValueError(f"retry_interval {retry_interval}: expected seconds >= 0")
        self.spec = spec
        self.name = name
        self._opener = opener
        self._clock = clock
        self._retry_interval = retry_interval
        self._device: OpenPanel | None = None
        self._wanted: Image.Image | None = None
        self._sent: bytes | None = None
        self._last_attempt = clock()
        self._reported_offline = False
        self._open()

    @property
    def online(self) -> bool:
        return self._device is not None

    @property
    def size(self) -> tuple[int, int]:
        return self.spec.size

    def show(self, image: Image.Image) -> bool:
        """Put ``image`` on the panel; True if the panel now shows it.

        Sends nothing when the picture is unchanged. An offline panel keeps the picture and
        gets it when it answers again.
        """
        frame = self._frame(image)
        self._wanted = frame
        if self._device is None:
            return self._retry_if_due()
        if self._sent == frame.tobytes():
            return True
        return self._send(self._device, frame)

    def poll(self) -> bool:
        """Give an offline panel its due retry even when no new picture comes; True if online."""
        return self._device is not None or self._retry_if_due()

    def retry_due_in(self) -> float | None:
        """Seconds until an offline panel's next retry; None while it is online."""
        if self._device is not None:
            return None
        return max(0.0, self._last_attempt + self._retry_interval - self._clock())

    def close(self) -> None:
        """Let go of the device; the panel keeps its last picture (persist)."""
        device, self._device = self._device, None
        if device is not None:
            device.device.cleanup()

    def _frame(self, image: Image.Image) -> Image.Image:
        if image.size != self.spec.size:
            raise ValueError(
                f"{self.name}: picture is {image.size[0]}x{image.size[1]}: expected "
                f"{self.spec.size[0]}x{self.spec.size[1]} for a {self.spec.driver}"
            )
        if image.mode == self.spec.mode:
            return image.copy()
        # Thresholding keeps text crisp on the 1-bit panels; dithering would speckle it.
        return image.convert(self.spec.mode, dither=Image.Dither.NONE)

    def _open(self) -> bool:
        self._last_attempt = self._clock()
        try:
            self._device = self._opener()
        except Exception as error:  # any failure of a display must leave the game running
            self._report_offline(error)
            return False
        self._sent = None
        if self._wanted is not None:
            return self._send(self._device, self._wanted)
        self._report_online()
        return True

    def _retry_if_due(self) -> bool:
        if self._clock() - self._last_attempt < self._retry_interval:
            return False
        return self._open()

    def _send(self, device: OpenPanel, frame: Image.Image) -> bool:
        try:
            with device.hold():
                device.device.display(frame)
        except Exception as error:  # any failure of a display must leave the game running
            self._go_offline(error)
            return False
        self._sent = frame.tobytes()
        self._report_online()
        return True

    def _go_offline(self, error: Exception) -> None:
        device, self._device = self._device, None
        self._sent = None
        self._last_attempt = self._clock()
        self._report_offline(error)
        if device is not None:
            try:
                device.device.cleanup()
            except Exception:  # the bus already failed; nothing more to learn from it
                log.debug("%s: cleanup after failure also failed", self.name, exc_info=True)

    def _report_offline(self, error: Exception) -> None:
        if not self._reported_offline:
            self._reported_offline = True
            log.warning(
                "%s offline (%s: %s); retrying every %g s",
                self.name,
                type(error).__name__,
                error,
                self._retry_interval,
            )

    def _report_online(self) -> None:
        if self._reported_offline:
            self._reported_offline = False
            log.info("%s back online", self.name)
