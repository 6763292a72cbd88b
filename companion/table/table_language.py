"""The language chosen at the table: a set-up key turns it, and the set-up remembers it.

Holding DIE6 while seats join turns the box to its next language (the pseudo-language only
when the box was started in it: it is for checking, not for playing). The set-up's record keeps
the language it began in and its journal the holds, so a power cut, a game and the set-up after
it all keep the table's choice, as they keep the modules; the configuration's ``language`` is
where a fresh table starts.
"""

from __future__ import annotations

import logging

from ..i18n import CORE, PSEUDO, Catalogue, LanguageError, language, languages, set_language

LANGUAGE_KEY = "DIE6"  # held while seats join

log = logging.getLogger(__name__)


def next_language(code: str) -> str:
    """The language after `code`, round the box's catalogues."""
    spoken = [c for c in languages() if c != PSEUDO or code == PSEUDO]
    return spoken[(spoken.index(code) + 1) % len(spoken)] if code in spoken else spoken[0]


def language_name(code: str) -> str:
    """`code`'s name in its own words ("Italiano"), as its catalogue gives it."""
    # Translators: the name of the language you translate into, in that language
    return Catalogue(CORE, code).pgettext("this language's own name", "English")


def speak(code: str) -> None:
    """Speak the table's language, when it has one ("": the box's as it is); one the box has
    no catalogue for any more (an older record) is said in the log and left."""
    if not code or code == language():
        return
    try:
        set_language(code)
    except LanguageError as exc:
        log.warning("the set-up's language is left: %s", exc)
