"""The public page itself, in the language the box speaks: its HTML, and the words its script
puts around the table's state (given in the page as JSON, so the script holds no word).

The state's own words (the prompt, the story, the seats' notes) come translated from the table;
these are the page's: its headings, the seats' badges and labels, the stream's status.
"""

from __future__ import annotations

import json
from html import escape
from importlib import resources
from string import Template

from ..i18n import CORE, Catalogue, language

_words = Catalogue(CORE)
_ = _words.gettext


def script_words() -> dict[str, str]:
    """What page.js writes, by the name it looks them up by ({placeholders} filled there)."""
    return {
        "title": _("BANG! Dice"),
        "live": _("live"),
        "reconnecting": _("reconnecting"),
        "free_seat": _("Seat {number} (free)"),
        "seat": _("Seat {number}"),
        "turn": _words.pgettext("a seat's badge on the public page", "TURN"),
        "sheriff": _words.pgettext("a seat's badge on the public page", "SHERIFF"),
        "out": _words.pgettext("a seat's badge on the public page", "OUT"),
        "wins": _words.pgettext("a seat's badge on the public page", "WINS"),
        "press": _words.pgettext("a seat's badge on the public page", "PRESS"),
        "bot": _words.pgettext("a seat's badge on the public page", "BOT"),
        "arrows": _("Arrows {count}"),
        "role": _("Role: {role}"),
        "kept": _words.pgettext("a die on the public page", "kept"),
        "marked": _words.pgettext("a die on the public page", "to re-roll"),
    }


def live_page_html() -> str:
    """The page at ``/`` (static/index.html, its words filled in): the table's state drawn by
    page.js, every word in the box's language."""
    words = json.dumps(script_words(), ensure_ascii=True, sort_keys=True).replace("</", "<\\/")
    said = {
        "lang": language(),
        "head": _("BANG! Dice: the table"),
        "title": _("BANG! Dice"),
        "connecting": _("connecting"),
        "console": _("The console"),
        "seats": _("The seats"),
        "happened": _("What happened"),
        "footer": _("What the whole table sees, as it happens. Nothing here changes the game."),
        "games": _("Finished games"),
    }
    filled = {key: escape(text) for key, text in said.items()}
    return _PAGE.substitute(filled, words=words)


_PAGE = Template(resources.files(__package__).joinpath("static", "index.html").read_text("utf-8"))
