"""A machine-readable stream of game events: one JSON object per line (docs/serial-protocol.md).

Anyone may follow the game from another computer through a serial cable, a file or a FIFO.
The stream is a bystander: whatever happens to its cable or file, the game goes on, so write
failures are logged, the stream is marked down and reopened later.

Example::

    with EventStream("/dev/serial/by-id/usb-FTDI_FT232R_USB_UART_A50285BI-if00-port0") as stream:
        stream.write({"type": "life_lost", "seat": 3, "amount": 1})
"""

from __future__ import annotations

import errno
import json
import logging
import os
import select
import stat
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

import serial

from companion.devices.settings import (
    SettingError,
    check_keys,
    require_baudrate,
    require_device_path,
    require_table,
)

from ..i18n import CORE, Catalogue

_ = Catalogue(CORE).gettext

log = logging.getLogger(__name__)

STREAM_VERSION = 1
FIRST_RETRY = 0.05
MAX_RETRY = 1.0
"""Seconds between reopen attempts at most; attempts happen when an event is written."""


@dataclass(frozen=True)
class StreamSpec:
    """Where the stream goes (a serial port, a file or a FIFO) and the port's speed."""

    path: str
    baudrate: int = 115200

    def __post_init__(self) -> None:
        require_device_path(self.path, "path")
        require_baudrate(self.baudrate, "baudrate")

    @classmethod
    def from_config(cls, table: Any, where: str = "stream") -> StreamSpec:
        """Build from the ``[stream]`` table: path and baudrate."""
        table = require_table(table, where)
        check_keys(table, ("path", "baudrate"), where)
        if "path" not in table:
            said = _('missing: expected path = "/dev/ttyUSB0" (or a file or a FIFO)')
            raise SettingError(f"{where}.path", said)
        try:
            return cls(**table)
        except SettingError as error:
            raise error.within(where) from None


def encode_event(event: Mapping[str, Any]) -> bytes:
    """The stream line for event: compact UTF-8 JSON with "v" first, ending in b"\\n".

    Raises ValueError or TypeError for an event JSON cannot carry faithfully (NaN, objects,
    its own "v" key): that is a bug in the caller, not a stream failure.
    """
    if "v" in event:
        raise ValueError(f"event {event!r} has its own 'v' key: 'v' is the stream version")
    text = json.dumps(
        {"v": STREAM_VERSION, **event}, ensure_ascii=False, separators=(",", ":"), allow_nan=False
    )
    return text.encode("utf-8") + b"\n"


def decode_event_line(line: bytes | str) -> dict[str, Any]:
    """The event in one stream line; ValueError if it is not a version-1 event object."""
    event = json.loads(line)
    if not isinstance(event, dict):
        raise ValueError(f"stream line {line!r}: expected a JSON object")
    if event.get("v") != STREAM_VERSION:
        raise ValueError(f"stream line has version {event.get('v')!r}: expected {STREAM_VERSION}")
    return event


def read_event_stream(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Every complete event in a stream file, oldest first.

    A last line without its b"\\n" is left out: the writer may be in the middle of it.
    """
    lines = Path(path).read_bytes().split(b"\n")[:-1]
    events = []
    for number, line in enumerate(lines, start=1):
        try:
            events.append(decode_event_line(line))
        except ValueError as error:
            raise ValueError(f"{path}, line {number}: {error}") from None
    return events


class EventStream:
    """Writes events as JSON lines to a serial port or to a file or FIFO (append mode).

    serial_port=None decides by the path: one that resolves to somewhere under /dev/ is a
    serial port. Events written while the stream is down are dropped, not queued: a follower
    that reconnects sees the game from then on.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        serial_port: bool | None = None,
        baudrate: int = 115200,
        write_timeout: float = 0.2,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.path = os.fspath(path)
        self.serial_port = (
            os.path.realpath(self.path).startswith("/dev/") if serial_port is None else serial_port
        )
        self._baudrate = baudrate
        self._write_timeout = write_timeout
        self._clock = clock
        self._lock = threading.Lock()
        self._port: serial.Serial | None = None
        self._fd: int | None = None
        self._identity: tuple[int, int] | None = None
        self._delay = FIRST_RETRY
        self._next_attempt = 0.0
        self._failures = 0
        with self._lock:
            self._open_locked()

    @property
    def up(self) -> bool:
        """True while the port or file is open and the last write succeeded."""
        return self._port is not None or self._fd is not None

    def write(self, event: Mapping[str, Any]) -> bool:
        """Append one event; True if it went out, False if the stream is down.

        Never raises for I/O and blocks for at most about write_timeout.
        """
        line = encode_event(event)
        with self._lock:
            if self._fd is not None and self._file_replaced():
                log.info("event stream %s was moved or removed; reopening", self.path)
                self._close_locked()
                self._next_attempt = 0.0
            if not self.up and (self._clock() < self._next_attempt or not self._open_locked()):
                return False
            try:
                if self._port is not None:
                    self._port.write(line)
                else:
                    self._write_fd(line)
            except (OSError, ValueError) as error:
                log.warning("event stream %s down (%s); will reopen", self.path, error)
                self._close_locked()
                self._schedule_retry()
                return False
            return True

    def close(self) -> None:
        """Close the port or file; later writes reopen it."""
        with self._lock:
            self._close_locked()

    def __enter__(self) -> EventStream:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<EventStream {self.path} {'up' if self.up else 'down'}>"

    def _open_locked(self) -> bool:
        try:
            if self.serial_port:
                self._port = serial.Serial(
                    self.path, self._baudrate, write_timeout=self._write_timeout
                )
            else:
                fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK)
                info = os.fstat(fd)
                self._fd = fd
                self._identity = (info.st_dev, info.st_ino) if stat.S_ISREG(info.st_mode) else None
        except (OSError, ValueError) as error:
            level = logging.WARNING if self._failures == 0 else logging.DEBUG
            log.log(level, "event stream %s not available (%s); will retry", self.path, error)
            self._failures += 1
            self._schedule_retry()
            return False
        if self._failures:
            log.info("event stream %s is back", self.path)
        self._failures = 0
        self._delay = FIRST_RETRY
        return True

    def _schedule_retry(self) -> None:
        self._next_attempt = self._clock() + self._delay
        self._delay = min(self._delay * 2, MAX_RETRY)

    def _file_replaced(self) -> bool:
        """True when the path no longer names the file we have open (removed, rotated)."""
        if self._identity is None:
            return False
        try:
            info = os.stat(self.path)
        except OSError:
            return True
        return (info.st_dev, info.st_ino) != self._identity

    def _write_fd(self, data: bytes) -> None:
        """Write all of data to the non-blocking fd, waiting at most write_timeout for room."""
        assert self._fd is not None
        deadline = self._clock() + self._write_timeout
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(self._fd, view) :]
                continue
            except BlockingIOError:
                pass
            left = deadline - self._clock()
            if left <= 0 or not select.select([], [self._fd], [], left)[1]:
                raise OSError(errno.ETIMEDOUT, "no reader is keeping up")

    def _close_locked(self) -> None:
        port, fd = self._port, self._fd
        self._port, self._fd, self._identity = None, None, None
        try:
            if port is not None:
                port.close()
            if fd is not None:
                os.close(fd)
        except OSError as error:
            log.debug("event stream %s: error while closing: %s", self.path, error)
