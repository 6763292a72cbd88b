"""systemd's notify protocol (Type=notify): readiness, watchdog pings, stopping; and the
sockets it passes (socket activation).

A few lines of each documented protocol, so no extra dependency is needed on the Pi.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import threading
import time
from collections.abc import MutableMapping
from typing import Any

log = logging.getLogger(__name__)


class Notifier:
    """Sends state lines to $NOTIFY_SOCKET; does nothing when not run by systemd."""

    def __init__(self, environ: dict[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        if address.startswith("@"):
            address = "\0" + address[1:]  # an abstract socket
        self._address = address or None
        usec = env.get("WATCHDOG_USEC", "")
        # Ping at half the watchdog interval, as sd_watchdog_enabled(3) advises.
        self.watchdog_interval = int(usec) / 2_000_000 if usec.isdigit() else None
        self._last_ping = 0.0

    @property
    def active(self) -> bool:
        return self._address is not None

    def notify(self, state: str) -> bool:
        if self._address is None:
            return False
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            try:
                sock.sendto(state.encode(), self._address)
            except OSError:
                return False
        return True

    def ready(self, status: str = "") -> None:
        self.notify("READY=1" + (f"\nSTATUS={status}" if status else ""))

    def stopping(self) -> None:
        self.notify("STOPPING=1")

    def watchdog_due_in(self, now: float | None = None) -> float | None:
        """Seconds until the next ping is due; None without a watchdog."""
        if self.watchdog_interval is None:
            return None
        now = time.monotonic() if now is None else now
        return max(0.0, self._last_ping + self.watchdog_interval - now)

    def watchdog(self, now: float | None = None) -> None:
        """Ping the watchdog if half its interval has passed."""
        if self.watchdog_interval is None:
            return
        now = time.monotonic() if now is None else now
        if now - self._last_ping >= self.watchdog_interval:
            self._last_ping = now
            self.notify("WATCHDOG=1")


def stop_on_signals() -> threading.Event:
    """An event SIGTERM and SIGINT set, from now on: a stop that comes while the devices open
    or the game resumes waits for them, then pauses the panels, instead of killing the box
    midway."""
    stop = threading.Event()

    def request_stop(signum: int, _frame: object) -> None:
        stop.set()  # first: no write below may lose the stop
        try:
            log.info("signal %d: pausing", signum)
        except RuntimeError:  # it came while this thread wrote the same stream: reentrant
            said = log.makeRecord(
                log.name, logging.INFO, __file__, 0, "signal %d: pausing", (signum,), None
            )
            _write_beside(said)

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    return stop


def _write_beside(record: logging.LogRecord) -> None:
    """``record`` written straight to each log stream's file, past the stream's own buffer,
    which the write a signal interrupted holds."""
    for handler in logging.getLogger().handlers:
        stream: Any = getattr(handler, "stream", None)
        # a stream with no file of its own (none, or in memory): the stop stands, unsaid
        with contextlib.suppress(AttributeError, OSError, ValueError):
            os.write(stream.fileno(), f"{handler.format(record)}\n".encode())


LISTEN_FDS_START = 3  # sd_listen_fds(3): the first descriptor systemd passes


def passed_sockets(environ: MutableMapping[str, str] | None = None) -> list[socket.socket]:
    """The listening sockets systemd passed, read as sd_listen_fds(3) does: none unless
    $LISTEN_PID is this process, and the variables are unset either way (no child takes them
    for its own). A socket bound outside the service's own network namespace, so the service
    needs none. ValueError, saying which, if they are not what systemd writes."""
    env = os.environ if environ is None else environ
    pid, count = env.pop("LISTEN_PID", None), env.pop("LISTEN_FDS", None)
    env.pop("LISTEN_FDNAMES", None)
    if pid is None or count is None or pid != str(os.getpid()):
        return []
    if not count.isdigit() or not 1 <= int(count) <= 16:
        raise ValueError(f"LISTEN_FDS={count!r}: expected the number of sockets passed, 1 to 16")
    sockets = []
    for fd in range(LISTEN_FDS_START, LISTEN_FDS_START + int(count)):
        try:
            sock = socket.socket(fileno=fd)
        except OSError as exc:
            raise ValueError(f"descriptor {fd} (LISTEN_FDS={count}) is no socket: {exc}") from None
        if sock.type != socket.SOCK_STREAM or not sock.getsockopt(
            socket.SOL_SOCKET, socket.SO_ACCEPTCONN
        ):
            raise ValueError(f"descriptor {fd} is not a listening stream socket: {sock}")
        sock.set_inheritable(False)  # FD_CLOEXEC, as sd_listen_fds sets it
        sockets.append(sock)
    return sockets
