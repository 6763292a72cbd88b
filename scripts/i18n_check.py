"""scripts/i18n check's verdict: is a package's catalogue up to date with its source?

Given the package folder and a folder where scripts/i18n has just extracted a fresh template
(messages.pot) and compiled each language's .po (LANG.mo), it compares their messages (not
their bytes: Babel's version and the date are in the headers) with the committed files, says
each one behind and the command that mends it (and any English word holding the
pseudo-language's marks), then prints each language's statistics.
Exits 1 when anything is behind.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO

from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from companion.i18n import MARKS

Key = tuple[object, str | None]


def _frozen(value: object) -> object:
    """A plural message's forms as a tuple (a .mo reads them back as a list)."""
    return tuple(value) if isinstance(value, list | tuple) else value


def keys(catalog: Catalog) -> set[Key]:
    """Each message's id and context (the header left out)."""
    return {(_frozen(m.id), m.context) for m in catalog if m.id}


def texts(catalog: Catalog) -> dict[Key, object]:
    """Each message's translation (the header left out)."""
    return {(_frozen(m.id), m.context): _frozen(m.string) for m in catalog if m.id}


def read(path: Path, reader: Callable[[IO[bytes]], Catalog] = read_po) -> Catalog:
    with path.open("rb") as file:
        return reader(file)


def main(package: Path, fresh: Path) -> int:
    locale = package / "locale"
    pot = locale / "messages.pot"
    mend = f"scripts/i18n {{}} {package}"
    behind: list[str] = []
    if not pot.is_file():
        print(f"{pot}: missing; run {mend.format('extract')}")
        return 1
    template = read(pot)
    extracted = read(fresh / "messages.pot")
    if keys(template) != keys(extracted):
        behind.append(f"{pot}: behind the source; run {mend.format('extract')}")
    for message in extracted:
        words = message.id if isinstance(message.id, tuple) else (message.id,)
        if any(mark in word for word in words for mark in MARKS):
            behind.append(
                f"{pot}: {message.id!r} holds {' or '.join(MARKS)}, the pseudo-language's "
                "marks: write it without them"
            )
    stats = []
    for po in sorted(locale.glob("*/LC_MESSAGES/messages.po")):
        language = po.parent.parent.name
        catalog = read(po)
        if keys(catalog) != keys(template):
            behind.append(f"{po}: behind {pot.name}; run {mend.format('update')}")
        mo = po.with_suffix(".mo")
        compiled = texts(read(fresh / f"{language}.mo", read_mo))
        if not mo.is_file() or texts(read(mo, read_mo)) != compiled:
            behind.append(f"{mo}: behind its .po; run {mend.format('compile')}")
        messages = [m for m in catalog if m.id]
        fuzzy = sum(1 for m in messages if m.fuzzy)
        done = sum(1 for m in messages if not m.fuzzy and all(_filled(m.string)))
        stats.append(
            f"{language}: {done} of {len(messages)} translated, {fuzzy} fuzzy, "
            f"{len(messages) - done - fuzzy} untranslated"
        )
    for line in behind + stats:
        print(line)
    return 1 if behind else 0


def _filled(string: object) -> list[bool]:
    """Whether each form of a translation (one, or one per plural form) is written."""
    return [bool(s) for s in string] if isinstance(string, tuple) else [bool(string)]


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
