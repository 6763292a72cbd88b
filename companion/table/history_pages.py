"""The history as the console pages it (hold DONE): a turn over as many pages as the console
needs, each shown whole, newest first. The console's measure comes from whoever draws it (the
session's ``console_fits``); without one, a turn is one page."""

from __future__ import annotations

import functools
from collections.abc import Callable

from ..i18n import CORE, Catalogue, language
from .session_state import SessionState
from .story import TurnTold
from .view import ConsoleView

_words = Catalogue(CORE)
_ = _words.gettext
N_ = _words.word
TITLE = N_("What happened")
WAY_OUT = N_("(DONE: older, other: back)")


def history_prompt(page: str) -> str:
    return f"{page} {WAY_OUT}"


def history_view(page: str) -> ConsoleView:
    """The console showing one page of the history, without the dice: on the 128 px console
    they would leave it three lines."""
    return ConsoleView(prompt=history_prompt(page), title=str(TITLE))


def history_page(session: SessionState, n: int) -> str | None:
    """Page ``n`` of the history, newest first, or None past the oldest: the turns paged back
    only as far as it (the console shows one page at a time)."""
    measure = session.console_fits
    if measure is None:
        every = session.history.pages(lambda page: True)
        return every[n] if n < len(every) else None
    before = 0  # the pages of the newer turns
    for turn in reversed(session.history.turns):
        pages = _pages(turn, measure, language())
        if n < before + len(pages):
            return pages[n - before]
        before += len(pages)
    return None


@functools.lru_cache(maxsize=512)  # a turn gone by pages the same on every press after it
def _pages(
    turn: TurnTold, measure: Callable[[ConsoleView], bool], language: str
) -> tuple[str, ...]:
    """A turn's pages in ``language`` (the one in use: part of the cache's key)."""
    return tuple(turn.pages(lambda page: measure(history_view(page))))
