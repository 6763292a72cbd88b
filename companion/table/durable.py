"""How the table writes its files: appended to whole, or replaced whole, never rewritten in place.

A power cut may come at any byte. An appended record is written with one ``write`` and fsync'd
before its result is shown, and cut off again if it fails, so a file holds every acknowledged
record and at most a torn last line. A replaced file is written aside, fsync'd, renamed over the
old one and its folder fsync'd, so it is the old file or the new one, never half of either. A
new journal appears the same way, its header already whole inside it.

A new file takes its name by a hard link where the file system has them, so a name already
taken is never overwritten; on vfat and exFAT (a USB stick), which have none, by a rename once
the name is found free: one box per state folder (``folder_lock.py``) makes that safe.

Every change goes through ``os`` here (write, fsync, link, rename, unlink, truncate, mkdir),
so a test can stop the process after any one of them (tests/crash_points.py).
"""

from __future__ import annotations

import errno
import logging
import os
import re
import secrets
from pathlib import Path

log = logging.getLogger(__name__)

ASIDE = ".tmp"  # a file being written before it takes its name
# A table's file written aside, as ``_written_aside`` names it: left behind when a power cut
# stopped it (the set-up journal, the series file, a new game's journal, a game's summary).
LEFTOVER = re.compile(
    r"^\.(setup\.jsonl|series\.json|game-\d{6,}\.(jsonl|summary\.json))\.[0-9a-f]{8}\.tmp$"
)
# What link() says where the file system has no hard links (vfat, exFAT) or refuses them.
NO_HARD_LINKS = (errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP)


def make_folder(folder: Path) -> None:
    """``folder`` and its parents, with an error in words when a file or a symbolic link to
    nothing stands in the place of one, or a parent cannot be made."""
    for part in reversed([folder, *folder.parents]):
        if part.is_symlink() and not part.exists():
            target = os.readlink(part)
            raise FileNotFoundError(
                errno.ENOENT,
                f"{part} is a symbolic link to {target}, which does not exist",
                str(part),
            )
        if part.exists() and not part.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, f"{part} is a file, not a folder", str(part))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        missing = next((p for p in reversed(folder.parents) if not p.exists()), folder)
        raise type(exc)(
            exc.errno, f"{missing} does not exist and cannot be made ({exc.strerror})", str(missing)
        ) from exc


def append(fd: int, data: bytes) -> None:
    """Append ``data`` whole and fsync it; on any failure the file is cut back to where it was.

    A buffered file would keep a failed record in its buffer and write it later, when the
    disk has room again: that is how a refused press once reached the journal.
    """
    view = memoryview(data)
    start = os.lseek(fd, 0, os.SEEK_END)
    try:
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    except OSError:
        try:
            os.ftruncate(fd, start)
            os.fsync(fd)
        except OSError as exc:  # the next read reports a torn or bad line; nothing is shown
            log.error("could not cut a failed record off %s: %s", fd, exc)
        raise


def open_to_append(path: Path) -> int:
    """An open file to append records to; OSError when the disk will not take them."""
    return os.open(path, os.O_WRONLY | os.O_APPEND)


def _written_aside(path: Path, data: bytes) -> Path:
    """``data`` whole and fsync'd in a file beside ``path`` that no reader looks for."""
    aside = path.with_name(f".{path.name}.{secrets.token_hex(4)}{ASIDE}")
    fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        append(fd, data)
    except OSError:
        os.close(fd)
        os.unlink(aside)
        raise
    os.close(fd)
    return aside


def replace(path: Path, data: bytes) -> None:
    """``path`` now holds ``data``: the old contents or the new, whatever the power does."""
    make_folder(path.parent)
    aside = _written_aside(path, data)
    try:
        os.replace(aside, path)
    except OSError:
        os.unlink(aside)
        raise
    sync_folder(path.parent)


def create(path: Path, data: bytes) -> int:
    """A new file holding ``data`` from its first moment, opened to append more to.

    FileExistsError if ``path`` exists: a journal is never overwritten.
    """
    make_folder(path.parent)
    aside = _written_aside(path, data)
    try:
        os.link(aside, path)
    except OSError as exc:
        if exc.errno not in NO_HARD_LINKS:
            os.unlink(aside)
            raise
        _rename_if_free(aside, path)
    else:
        os.unlink(aside)
    sync_folder(path.parent)
    return open_to_append(path)


def _rename_if_free(aside: Path, path: Path) -> None:
    """``aside`` takes the name ``path`` where no hard link can: FileExistsError (and
    ``aside`` gone) when the name is taken."""
    if os.path.lexists(path):
        os.unlink(aside)
        raise FileExistsError(errno.EEXIST, "the name is taken", str(path))
    os.rename(aside, path)


def remove_leftovers(folder: Path) -> list[str]:
    """Remove the files a power cut left written aside in ``folder`` (never a file a reader
    looks for); the names removed. Only at start, when nothing else writes there."""
    try:
        names = [p.name for p in folder.iterdir() if LEFTOVER.match(p.name) and p.is_file()]
    except OSError:
        return []
    removed = []
    for name in names:
        try:
            os.unlink(folder / name)
        except OSError as exc:
            log.warning("%s: cannot remove a file left written aside (%s)", folder / name, exc)
        else:
            removed.append(name)
    return removed


def cut_torn_tail(path: Path) -> None:
    """Cut the bytes after the last newline (a record torn by a power cut, never shown), so
    the next record starts on a line of its own."""
    data = path.read_bytes()
    fd = os.open(path, os.O_WRONLY)
    try:
        os.ftruncate(fd, data.rfind(b"\n") + 1)
        os.fsync(fd)
    finally:
        os.close(fd)


def keep_aside(path: Path, what: str) -> Path:
    """Rename a file that cannot be used to ``<stem>-unreadable-<8 hex digits><suffix>``, so
    the box starts afresh and the file is kept for a person to look at; the new name (or the
    old one, when even the rename fails)."""
    kept = path.with_name(f"{path.stem}-unreadable-{secrets.token_hex(4)}{path.suffix}")
    try:
        os.rename(path, kept)
        sync_folder(path.parent)
    except OSError as exc:
        log.error("%s could not be renamed aside (%s); it stays as it is", what, exc)
        return path
    return kept


def sync_folder(folder: Path) -> None:
    """A rename or a new name in ``folder`` survives a power cut once this returns."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
