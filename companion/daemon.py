"""``bang-companion run``: the companion on the Pi, from its configuration to a clean stop.

Wires the real devices to the shared loop: GPIO buttons and serial pods in, OLED panels, pods
and the event stream out. Logs go to stderr (journald); systemd hears readiness and watchdog
pings; SIGTERM leaves every panel showing "paused" and the journal closed.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from contextlib import ExitStack
from functools import partial
from typing import TYPE_CHECKING, Any

import smbus2
from gpiozero.pins import Factory
from PIL import Image

from .config import Config
from .devices.buttons import GpioButtons
from .devices.buzzer import Beeper, Pattern
from .devices.displays import Displays
from .devices.event_stream import EventStream
from .devices.inputs import InputQueue
from .devices.pods import SerialPod
from .engine import Event
from .i18n import CORE, Catalogue
from .loop import Companion, LaterSink
from .panels.console import shows_whole
from .panels.notice import draw_paused
from .systemd import Notifier, passed_sockets
from .table import TableSession, TableView
from .table.story import cue_for
from .web.settings import WebPageError

if TYPE_CHECKING:  # imported only when the page is on (aiohttp's memory is not spent else)
    from .web.server import PublicPage

log = logging.getLogger(__name__)
_words = Catalogue(CORE)

# The buzzer's beeps for each cue the table calls for (seconds on, seconds off, beeps).
CUE_PATTERNS: dict[str, Pattern] = {
    "game_over": (0.3, 0.15, 4),
    "eliminated": (0.8, 0.1, 1),
    "indians": (0.08, 0.08, 5),
    "dynamite": (0.4, 0.1, 2),
    "turn": (0.05, 0.05, 1),
}


def run(
    config: Config,
    stop: threading.Event | None = None,
    *,
    open_i2c: Callable[[int], Any] = smbus2.SMBus,
    open_spi: Callable[[], Any] | None = None,
    pin_factory: Factory | None = None,
) -> int:
    """Run until ``stop`` is set (``bang-companion run`` sets it on SIGTERM or SIGINT, from
    its first line: ``systemd.stop_on_signals``); returns the exit status.

    The bus openers and the pin factory are the real ones unless a test hands in others.
    ``stop`` is set when run returns.
    """
    stop = stop or threading.Event()
    notifier = Notifier()
    queue = InputQueue()
    with ExitStack() as stack:
        devices = config.devices()
        pins, specs, mux = devices.buttons, devices.panels, devices.mux
        pod_specs = devices.pods
        buttons = GpioButtons(pins, queue, pin_factory=pin_factory)
        stack.callback(buttons.close)
        displays = stack.enter_context(
            Displays(specs, mux=mux, open_i2c=open_i2c, open_spi=open_spi, pin_factory=pin_factory)
        )
        pods = [stack.enter_context(SerialPod(spec, queue)) for spec in pod_specs]
        stream = None
        if devices.stream is not None:
            stream = stack.enter_context(
                EventStream(devices.stream.path, baudrate=devices.stream.baudrate)
            )

        session = TableSession(config.table, console_fits=shows_whole(config.console_width))
        session.start()
        stack.callback(session.close)

        def show(seats: list[Image.Image], console: Image.Image) -> None:
            for number, image in enumerate(seats, start=1):
                if f"seat{number}" in displays.panels:
                    displays[f"seat{number}"].show(image)
            if "console" in displays.panels:
                displays["console"].show(console)

        def tell_pods(view: TableView) -> None:
            for pod in pods:
                number = pod.spec.seat
                if number is None or number > len(view.seats):
                    continue
                seat = view.seats[number - 1]
                pod.send_state(
                    seat.life,
                    seat.max_life,
                    seat.arrows,
                    turn=seat.active,
                    legal=seat.answer,
                    eliminated=not seat.alive,
                    prompt=seat.pod_prompt(view.console.prompt),
                )

        beeper = None
        if config.buzzer is not None:
            beeper = Beeper(config.buzzer, pin_factory=pin_factory)
            stack.callback(beeper.close)

        def publish(events: list[Event]) -> None:
            if stream is not None:
                for event in events:
                    stream.write(event.to_json())

        def sound(events: list[Event]) -> None:
            cue = cue_for(events)
            if beeper is not None and cue is not None:
                beeper.play(CUE_PATTERNS[cue])

        later: list[LaterSink] = []
        page = _public_page(config, session)
        if page is not None:
            stack.callback(page.close)
            later.append(partial(page.show, session))
        companion = Companion(
            session,
            config.console_width,
            pictures=[show],
            views=[tell_pods],
            events=[publish, sound],
            later=later,
        )
        companion.refresh()

        # The loop sleeps until a press, a due retry or ping, or a stop: this thread sleeps
        # until stop is set (by a signal or the caller), then wakes the loop.
        waker = threading.Thread(target=_wake_on, args=(stop, queue), name="stop waker")
        waker.start()
        stack.callback(waker.join)
        stack.callback(stop.set)
        notifier.ready("table ready")
        log.info("ready: %d panels, %d buttons, %d pods", len(specs), len(pins.pins), len(pods))
        while not stop.is_set():
            companion.pump(queue, timeout=_next_due(notifier, displays))
            displays.poll()
            notifier.watchdog()
        notifier.stopping()
        for name, panel in displays.panels.items():
            panel.show(draw_paused(panel.size, panel_label(name)))
    return 0


def panel_label(name: str) -> str:
    """A panel's name as its paused picture says it: the console, or its seat."""
    if name == "console":
        return _words.pgettext("the console panel's name", "console")
    number = name.removeprefix("seat")
    if number != name and number.isdecimal():
        # Translators: a seat's panel by its name in the configuration ("seat3")
        return _words.gettext("seat{number}").format(number=number)
    return name


def _public_page(config: Config, session: TableSession) -> PublicPage | None:
    """The public page when ``[web]`` turns it on, serving: on the socket systemd passed
    (bang-companion-web.socket), else on the address and port of ``[web]``. A page that
    cannot listen is logged, and the table plays on without it."""
    try:
        passed = passed_sockets()
    except ValueError as exc:
        log.error("web: the socket systemd passed: %s; the table plays on without its page", exc)
        return None
    if not config.web.enabled:
        if passed:
            log.warning(
                "web: systemd passed the page's socket but [web] enabled is false: the page "
                "stays off (sudo systemctl disable --now bang-companion-web.socket)"
            )
        return None
    if len(passed) > 1:
        log.error("web: systemd passed %d sockets, expected one; no page", len(passed))
        return None
    from .web.server import PublicPage

    page = PublicPage(config.web, config.table.state_dir, passed[0] if passed else None)
    page.show(session)
    try:
        page.start()
    except WebPageError as exc:
        log.error("%s; the table plays on without its page", exc)
        return None
    log.info("web page: %s%s", page.url, " (the socket systemd passed)" if passed else "")
    return page


def _wake_on(stop: threading.Event, queue: InputQueue) -> None:
    stop.wait()
    queue.interrupt()


def _next_due(notifier: Notifier, displays: Displays) -> float | None:
    """Seconds until the loop has something to do unprompted (None: only a press or a stop)."""
    waits = [w for w in (notifier.watchdog_due_in(), displays.retry_due_in()) if w is not None]
    return min(waits, default=None)
