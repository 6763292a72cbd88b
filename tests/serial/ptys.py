"""Pseudo-terminals standing in for USB serial pods, for any test that needs a pod."""

from __future__ import annotations

import os
import select
import time
import tty
from collections.abc import Callable
from pathlib import Path

DEADLINE = 10.0
"""Generous upper bound for anything asynchronous; tests poll and never assert on timing."""


def wait_for(condition: Callable[[], object], timeout: float = DEADLINE) -> bool:
    """Poll condition until it is true or timeout passes; the result says which."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return bool(condition())


class PtyPod:
    """The device end of a pseudo-terminal, reachable through a stable symlink like by-id.

    Writing to the master is the pod talking; closing both ends and removing the link is
    pulling the USB cable.
    """

    def __init__(self, link: Path) -> None:
        self.link = link
        self.master: int | None = None
        self.slave: int | None = None
        self._received = bytearray()
        self.plug()

    def plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)
        os.set_blocking(master, False)
        self.master, self.slave = master, slave
        self._received.clear()
        self.link.symlink_to(os.ttyname(slave))

    def unplug(self) -> None:
        assert self.master is not None and self.slave is not None
        os.close(self.master)
        os.close(self.slave)
        self.master = self.slave = None
        self.link.unlink()

    def write(self, data: bytes) -> None:
        assert self.master is not None
        view = memoryview(data)
        while view:
            select.select([], [self.master], [], DEADLINE)
            view = view[os.write(self.master, view) :]

    def read_lines(self, until: Callable[[list[bytes]], bool]) -> list[bytes]:
        """Complete lines the companion sent since plugging in, once until(lines) holds."""
        assert self.master is not None
        end = time.monotonic() + DEADLINE
        while True:
            lines = bytes(self._received).split(b"\n")[:-1]
            if until(lines) or time.monotonic() > end:
                return lines
            if select.select([self.master], [], [], 0.05)[0]:
                self._received += os.read(self.master, 4096)

    def close(self) -> None:
        if self.master is not None:
            self.unplug()
