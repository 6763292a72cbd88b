"""Run ``bang-companion`` and pull the plug right after its N-th change to a folder's files.

``python tests/crash_points.py N FOLDER ARGS...`` runs ``bang-companion ARGS...`` in this
process and SIGKILLs it (as a power cut stops it: nothing closed, nothing flushed) the moment
the N-th call that changes a file in FOLDER returns; N = 0 never does. Every file the table
keeps is written through ``os`` (companion/table/durable.py), so counting these calls counts
every change it makes, and a test can stop it after each one in turn. The lock file is not
counted: it holds nothing the table reads back (companion/table/folder_lock.py).

``--vfat`` first: ``os.link`` fails as it does on vfat and exFAT, which have no hard links
(EPERM), so the box writes as it does on a USB stick.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
from collections.abc import Callable
from typing import Any

# Calls that change files, and which of their arguments names the file (a descriptor or a path).
CHANGES = {
    "write": 0,
    "ftruncate": 0,
    "replace": 1,
    "rename": 1,
    "link": 1,
    "unlink": 0,
    "mkdir": 0,
    "open": 0,  # counted only when it creates the file
}


def no_hard_links(*args: Any, **kwargs: Any) -> None:
    """``os.link`` as vfat and exFAT answer it."""
    raise PermissionError(errno.EPERM, os.strerror(errno.EPERM), args[0], None, args[1])


def main() -> int:
    # Run as a script, this folder comes first on the path, where tests/serial would stand in
    # for pyserial: the checkout's root takes its place.
    sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    from companion.cli import main as companion
    from companion.table.folder_lock import LOCK_FILE

    argv = sys.argv[1:]
    if argv[0] == "--vfat":
        os.link = no_hard_links
        argv = argv[1:]
    limit = int(argv[0])
    folder = os.path.realpath(argv[1])
    lock = os.path.join(folder, LOCK_FILE)
    made = 0

    def inside(target: Any) -> bool:
        if isinstance(target, int):
            target = os.readlink(f"/proc/self/fd/{target}")
        path = os.path.realpath(os.fspath(target))
        return path != lock and (path == folder or path.startswith(folder + os.sep))

    def counted(name: str, call: Callable[..., Any], where: int) -> Callable[..., Any]:
        def change(*args: Any, **kwargs: Any) -> Any:
            nonlocal made
            creates = name != "open" or bool(args[1] & os.O_CREAT)
            result = call(*args, **kwargs)
            target = result if name == "open" else args[where]
            if creates and inside(target):
                made += 1
                if made == limit:
                    os.kill(os.getpid(), signal.SIGKILL)
            return result

        return change

    for name, where in CHANGES.items():
        setattr(os, name, counted(name, getattr(os, name), where))
    return companion(argv[2:])


if __name__ == "__main__":
    sys.exit(main())
