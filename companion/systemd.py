"""systemd's notify protocol (Type=notify): readiness, watchdog pings, stopping.

A few lines of the documented datagram protocol, so no extra dependency is needed on the Pi.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import threading
import time

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
        log.info("signal %d: pausing", signum)
        stop.set()

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    return stop
