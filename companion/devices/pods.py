"""Seat pods on USB serial: a microcontroller with buttons (and maybe a display) per player.

A pod speaks the line protocol in docs/serial-protocol.md. Each SerialPod owns one reader
thread that survives the pod being unplugged and plugged back in, so a loose cable never needs
a restart of the companion.

Example::

    queue = InputQueue()
    spec = PodSpec("/dev/serial/by-id/usb-MicroPython_Board_e6614c31-if00", {"A": "SEAT3"})
    with SerialPod(spec, queue) as pod:
        event = queue.get(timeout=5)      # ButtonEvent("SEAT3", "press", "pod:/dev/...")
        pod.send_state(5, 8, 2, turn=True, prompt="Bull's Eye 1: press the seat you shoot")
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType, TracebackType
from typing import Any

import serial

from companion.devices.inputs import (
    EXPECTED_BUTTONS,
    ButtonEvent,
    InputQueue,
    PressKind,
    is_button_name,
)
from companion.devices.pod_protocol import (
    Hello,
    Hold,
    LineSplitter,
    OversizedLineError,
    Ping,
    Press,
    ProtocolError,
    SeatState,
    UnknownMessageError,
    format_message,
    format_ping,
    format_seat_state,
    is_pod_token,
    parse_line,
)
from companion.devices.settings import (
    SettingError,
    check_keys,
    key_name,
    require_baudrate,
    require_device_path,
    require_table,
    shown,
)
from companion.i18n import CORE, Catalogue

_ = Catalogue(CORE).gettext

log = logging.getLogger(__name__)

FIRST_RETRY = 0.05
MAX_RETRY = 0.5
"""Seconds between reopen attempts at most: a re-plugged pod is back well within 2 s."""

_SEAT = re.compile(r"^SEAT([1-8])$")


@dataclass(frozen=True)
class PodSpec:
    """Where a pod is plugged in and what its buttons mean at this table.

    path should be stable across re-plugging, e.g. /dev/serial/by-id/..., not /dev/ttyACM0.
    buttons maps the pod's own button ids (as in its HELLO) to table button names.
    """

    path: str
    buttons: Mapping[str, str] = field(default_factory=dict, hash=False)
    baudrate: int = 115200

    def __post_init__(self) -> None:
        require_device_path(self.path, "path")
        require_baudrate(self.baudrate, "baudrate")
        if not isinstance(self.buttons, Mapping):
            raise SettingError(
                "buttons",
                _(
                    "{value}: expected a table of pod button ids to table buttons, such as "
                    "{example}"
                ).format(value=shown(self.buttons), example='{A = "SEAT3"}'),
            )
        for pod_button, table_button in self.buttons.items():
            if not isinstance(pod_button, str) or not is_pod_token(pod_button):
                name = key_name(pod_button) if isinstance(pod_button, str) else shown(pod_button)
                raise SettingError(
                    f"buttons.{name}",
                    _("not a pod button id: expected 1 to 32 of A-Z a-z 0-9 _ -"),
                )
            if not is_button_name(table_button):
                raise SettingError(
                    f"buttons.{pod_button}",
                    _("{value}: expected {buttons}").format(
                        value=shown(table_button), buttons=EXPECTED_BUTTONS
                    ),
                )
        object.__setattr__(self, "buttons", MappingProxyType(dict(self.buttons)))

    @classmethod
    def from_config(cls, table: Any, where: str = "pod") -> PodSpec:
        """Build from one ``[[pod]]`` table of the TOML config: path, buttons, baudrate.

        ``where`` ("pod[2]") is the key every error is placed under.
        """
        table = require_table(table, where)
        check_keys(table, ("path", "buttons", "baudrate"), where)
        if "path" not in table:
            said = _('missing: expected path = "/dev/serial/by-id/..."')
            raise SettingError(f"{where}.path", said)
        try:
            return cls(**table)
        except SettingError as error:
            raise error.within(where) from None

    @property
    def seat(self) -> int | None:
        """The seat whose state the pod's display follows: its only SEATn button, if it has one."""
        seats = {m.group(1) for m in map(_SEAT.match, self.buttons.values()) if m}
        return int(seats.pop()) if len(seats) == 1 else None


@dataclass(frozen=True)
class PodCounters:
    """What a pod has sent and how often things went wrong, since the SerialPod started."""

    lines: int = 0
    presses: int = 0
    holds: int = 0
    malformed: int = 0
    oversized: int = 0
    unknown: int = 0
    unmapped: int = 0
    connects: int = 0
    disconnects: int = 0
    write_errors: int = 0


SerialFactory = Callable[..., serial.Serial]


class SerialPod:
    """One pod on a serial port: presses go to the InputQueue, seat states go to the pod.

    The reader thread starts at once and never raises: open failures, unplugging and garbage
    are logged and counted (see counters) and the port is reopened with a capped back-off.
    """

    def __init__(
        self,
        spec: PodSpec,
        queue: InputQueue,
        *,
        read_timeout: float = 0.1,
        write_timeout: float = 0.2,
        serial_factory: SerialFactory = serial.Serial,
    ) -> None:
        self.spec = spec
        self.source = f"pod:{spec.path}"
        self._queue = queue
        self._read_timeout = read_timeout
        self._write_timeout = write_timeout
        self._serial_factory = serial_factory
        self._lock = threading.Lock()
        self._port: serial.Serial | None = None
        self._hello: Hello | None = None
        self._state: SeatState | None = None
        self._counters = PodCounters()
        self._splitter = LineSplitter()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"pod {spec.path}", daemon=True)
        self._thread.start()

    @property
    def connected(self) -> bool:
        """True while the port is open and reading."""
        return self._port is not None

    @property
    def hello(self) -> Hello | None:
        """What the connected pod last announced; None until it says HELLO after (re)connecting."""
        return self._hello

    @property
    def counters(self) -> PodCounters:
        """A snapshot of this pod's counters."""
        with self._lock:
            return self._counters

    def send_state(
        self,
        life: int,
        max_life: int,
        arrows: int,
        *,
        turn: bool = False,
        legal: bool = False,
        eliminated: bool = False,
        prompt: str = "",
    ) -> None:
        """Show a seat's state on the pod; remembered and re-sent when the pod (re)connects.

        Never raises for I/O: while the pod is unplugged the line is skipped, and a pod that
        does not read blocks the caller for at most write_timeout. A value the protocol cannot
        carry raises ValueError, as that is a bug in the caller.
        """
        line = format_seat_state(
            life, max_life, arrows, turn=turn, legal=legal, eliminated=eliminated, prompt=prompt
        )
        with self._lock:
            self._state = SeatState(life, max_life, arrows, turn, legal, eliminated, prompt)
            self._write_locked(line)

    def close(self) -> None:
        """Stop the reader thread and close the port; safe to call twice."""
        self._stop.set()
        if self._thread is not threading.current_thread():
            self._thread.join()

    def __enter__(self) -> SerialPod:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "connected" if self.connected else "disconnected"
        return f"<SerialPod {self.spec.path} {state}>"

    def _run(self) -> None:
        delay = FIRST_RETRY
        failures = 0
        while not self._stop.is_set():
            port = self._open(failures)
            if port is None:
                failures += 1
                self._stop.wait(delay)
                delay = min(delay * 2, MAX_RETRY)
                continue
            delay, failures = FIRST_RETRY, 0
            try:
                self._read_until_lost(port)
            except Exception:
                log.exception("pod %s: unexpected error; reconnecting", self.spec.path)
            self._disconnect(port)

    def _open(self, failures: int) -> serial.Serial | None:
        try:
            port = self._serial_factory(
                self.spec.path,
                self.spec.baudrate,
                timeout=self._read_timeout,
                write_timeout=self._write_timeout,
                exclusive=True,
            )
        except (OSError, ValueError) as error:
            level = logging.WARNING if failures == 0 else logging.DEBUG
            log.log(level, "pod %s not available (%s); retrying", self.spec.path, error)
            return None
        self._splitter.reset()
        with self._lock:
            self._port = port
            self._counters = replace(self._counters, connects=self._counters.connects + 1)
            log.info("pod %s connected", self.spec.path)
            self._write_locked(format_ping())
            self._resend_state_locked()
        return port

    def _read_until_lost(self, port: serial.Serial) -> None:
        while not self._stop.is_set():
            try:
                data = port.read(1)
                if data and port.in_waiting:
                    data += port.read(port.in_waiting)
            except (OSError, ValueError) as error:
                log.warning("pod %s lost (%s); reconnecting", self.spec.path, error)
                return
            for line in self._splitter.feed(data):
                self._handle(line)

    def _disconnect(self, port: serial.Serial) -> None:
        with self._lock:
            self._port = None
            self._hello = None
            self._counters = replace(self._counters, disconnects=self._counters.disconnects + 1)
        try:
            port.close()
        except OSError as error:
            log.debug("pod %s: error closing the port: %s", self.spec.path, error)

    def _handle(self, line: bytes) -> None:
        if not line.rstrip(b"\r"):
            return
        self._count("lines")
        try:
            message = parse_line(line)
        except OversizedLineError as error:
            self._complain("oversized", error)
            return
        except UnknownMessageError as error:
            self._complain("unknown", error)
            return
        except ProtocolError as error:
            self._complain("malformed", error)
            return
        match message:
            case Press(button=button) | Hold(button=button):
                table_button = self.spec.buttons.get(button)
                if table_button is None:
                    self._complain("unmapped", f"button {button!r} is not in this pod's buttons")
                    return
                kind: PressKind = "press" if isinstance(message, Press) else "hold"
                self._count("presses" if kind == "press" else "holds")
                self._queue.put(ButtonEvent(table_button, kind, self.source))
            case Hello():
                log.info("pod %s says hello: %s", self.spec.path, message)
                with self._lock:
                    self._hello = message
                    self._resend_state_locked()
            case SeatState() | Ping():
                self._complain("unknown", f"{type(message).__name__} is not sent by pods")

    def _count(self, name: str) -> int:
        with self._lock:
            value = getattr(self._counters, name) + 1
            self._counters = replace(self._counters, **{name: value})
        return value

    def _complain(self, name: str, why: object) -> None:
        """Count a bad line; log the 1st, 2nd, 4th, 8th... so a babbling pod can't flood the log."""
        count = self._count(name)
        if count & (count - 1) == 0:
            log.warning("pod %s: %s line ignored (%s so far): %s", self.spec.path, name, count, why)

    def _resend_state_locked(self) -> None:
        if self._state is not None:
            self._write_locked(format_message(self._state))

    def _write_locked(self, line: bytes) -> None:
        if self._port is None:
            return
        try:
            self._port.write(line)
        except (OSError, ValueError) as error:
            self._counters = replace(self._counters, write_errors=self._counters.write_errors + 1)
            log.warning("pod %s: could not send %r: %s", self.spec.path, line[:20], error)
