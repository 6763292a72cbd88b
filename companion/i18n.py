"""The words' catalogues: gettext per package, in the language the box speaks.

Each package that shows words (the core, each module's package, a module from outside) keeps
its own catalogue in its ``locale/`` folder: ``locale/<language>/LC_MESSAGES/messages.mo``,
compiled from the ``.po`` beside it by ``scripts/i18n`` (docs/translating.md) and read here
with the standard library, through importlib.resources so an installed package finds its own.
English is the source language: its words are the msgids themselves. The pseudo-language
``qps`` marks every word that went through a catalogue («like this»), so that a scan can find
one shown without it: every panel and pod draws the marks, and ``scripts/i18n check`` refuses
an English word that holds them. The language is set once at start; the engine knows nothing
of it (its events and the journal carry no words). A word declared at import (a label, a
heading) is a ``Word``: its English and the package that declared it, translated where shown.
"""

from __future__ import annotations

import functools
import gettext
import logging
import struct
from collections.abc import Iterator, Mapping
from importlib import resources
from typing import TypeVar

from .errors import CompanionError

SOURCE = "en"
PSEUDO = "qps"
CORE = "companion"
DOMAIN = "messages"
LOCALE = "locale"
MARKS = ("«", "»")

K = TypeVar("K")
log = logging.getLogger(__name__)
_language = SOURCE


class LanguageError(CompanionError, ValueError):
    """A language with no catalogue."""


def languages(package: str = CORE) -> tuple[str, ...]:
    """The languages `package` can speak: English, each with a compiled catalogue, and the
    pseudo-language, in that order."""
    folder = resources.files(package) / LOCALE
    found = (
        {e.name for e in folder.iterdir() if (e / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()}
        if folder.is_dir()
        else set()
    )
    return (SOURCE, *sorted(found - {SOURCE, PSEUDO}), PSEUDO)


def set_language(code: str) -> None:
    """Speak `code` from now on (the configuration's ``language``, at start)."""
    known = languages()
    if code not in known:
        raise LanguageError(f"language {code!r}: expected one of {', '.join(known)}")
    global _language
    _language = code


def language() -> str:
    """The language in use."""
    return _language


@functools.cache
def translations(package: str, code: str) -> gettext.NullTranslations:
    """`package`'s catalogue in `code`: English (the msgids) when it has none, or when its file
    cannot be read (said in one line of the log: its words stay readable)."""
    if code == PSEUDO:
        return _Pseudo()
    path = resources.files(package) / LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if code == SOURCE or not path.is_file():
        return gettext.NullTranslations()
    try:
        with path.open("rb") as file:
            return gettext.GNUTranslations(file)
    except (OSError, ValueError, LookupError, struct.error) as error:
        log.warning("catalogue %s unreadable (%s): its words stay English", path, error)
        return gettext.NullTranslations()


class Catalogue:
    """One package's words: ``_ = Catalogue(__package__).gettext`` at the top of a module.

    Each call looks up the language then in use (``language``, unless one is given), so a
    module imported before the configuration was read speaks the configured language.
    """

    def __init__(self, package: str, code: str | None = None) -> None:
        self.package = package
        self.code = code

    def _translations(self) -> gettext.NullTranslations:
        return translations(self.package, self.code or _language)

    def gettext(self, message: str) -> str:
        return self._translations().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._translations().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._translations().pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._translations().npgettext(context, singular, plural, n)

    def word(self, message: str) -> Word:
        """``message`` kept as it is, translated each time it is shown (``N_ = _words.word``:
        Babel extracts ``N_("...")``)."""
        return Word(message, self.package)


class Word:
    """A word declared at import, in a table of labels or a module's declarations: its English
    and the package whose catalogue translates it, so that ``str()`` and ``format()`` say it
    in the language in use when it is shown, whatever the language was when it was declared.
    Two are equal when their English and package are."""

    __slots__ = ("message", "package")

    def __init__(self, message: str, package: str) -> None:
        self.message = message
        self.package = package

    def __str__(self) -> str:
        return translations(self.package, _language).gettext(self.message)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Word({self.message!r}, {self.package!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Word):
            return NotImplemented
        return (self.message, self.package) == (other.message, other.package)

    def __hash__(self) -> int:
        return hash((self.message, self.package))


class Labels(Mapping[K, str]):
    """Words declared at import, by key (a role, a face, a module's option), each read in the
    language in use when it is read: ``labels[key]`` is a plain string. A plain string among
    them (a module from outside declared it without a catalogue) is said as it is."""

    def __init__(self, words: Mapping[K, str | Word]) -> None:
        self._words = words

    def __getitem__(self, key: K) -> str:
        return str(self._words[key])

    def __iter__(self) -> Iterator[K]:
        return iter(self._words)

    def __len__(self) -> int:
        return len(self._words)

    def __contains__(self, key: object) -> bool:
        return key in self._words

    def word(self, key: K) -> str | Word:
        """``key``'s word as declared: a ``Word`` names the package that declared it."""
        return self._words[key]


class _Pseudo(gettext.NullTranslations):
    """English, each word between the marks."""

    def gettext(self, message: str) -> str:
        return marked(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return marked(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return marked(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return marked(msgid1 if n == 1 else msgid2)


def marked(text: str) -> str:
    """`text` as the pseudo-language shows it."""
    return f"{MARKS[0]}{text}{MARKS[1]}"
