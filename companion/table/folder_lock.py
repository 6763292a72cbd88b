"""One box per state folder: two processes appending to one journal would each acknowledge
presses the other's next start finds illegal, and the whole game would be thrown away.

``run`` and ``emulate`` take an exclusive ``flock`` on ``<state_dir>/lock`` as they start and
hold it until the process ends. The kernel lets go of it when the process dies, however it
dies, so a lock of a dead process never blocks; the process id written in the file is only
for the message a second process prints.
"""

from __future__ import annotations

import fcntl
import logging
import os
from pathlib import Path

from ..engine import CompanionError
from . import durable

log = logging.getLogger(__name__)

LOCK_FILE = "lock"


class FolderBusy(CompanionError):
    """Another process holds the state folder; the message names it in one line."""

    def __init__(self, folder: Path, pid: int | None) -> None:
        who = f"process {pid}" if pid is not None else "another process"
        super().__init__(
            f"the state folder {folder} is in use by {who} (another bang-companion run or "
            "emulate); stop it first, or give this one another state folder"
        )
        self.pid = pid


def hold(folder: Path) -> int | None:
    """The lock on ``folder``, held while the returned descriptor stays open; FolderBusy when
    another process holds it. None when the folder cannot be made or locked (a read-only or
    missing disk): the table then says why it cannot save, and nothing can be written twice."""
    try:
        durable.make_folder(folder)
        fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        log.warning("%s: no lock taken (%s)", folder, exc.strerror or exc)
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        pid = _holder(fd)
        os.close(fd)
        raise FolderBusy(folder, pid) from None
    except OSError as exc:
        log.warning("%s: no lock taken (%s)", folder, exc.strerror or exc)
        os.close(fd)
        return None
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    except OSError as exc:  # the lock holds all the same; only the message loses the id
        log.warning("%s: cannot write the process id (%s)", folder / LOCK_FILE, exc)
    return fd


def _holder(fd: int) -> int | None:
    """The process id the holder wrote, if it has and the file says one."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdecimal() else None
