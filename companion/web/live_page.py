"""The public page itself, in the language the box speaks: its HTML, and the words its script
puts around the table's state (given in the page as JSON, so the script holds no word).

The state's own words (the prompt, the story, the seats' notes) come translated from the table;
these are the page's: its headings, the seats' badges and labels, the stream's status.
"""

from __future__ import annotations

import json
from html import escape

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
        "arrows_chief": _("Arrows {count} + the Chief's Arrow"),
        "role": _("Role: {role}"),
        "wounds": _("Wound tokens: {tokens}"),
        "rage_held": _("Rage cards face down: {count}"),
        "rage": _("Rage: {symbols}"),
        "kept": _words.pgettext("a die on the public page", "kept"),
        "marked": _words.pgettext("a die on the public page", "to re-roll"),
    }


def live_page_html() -> str:
    """The page at ``/``: the table's state drawn by page.js, its words in the box's language."""
    words = json.dumps(script_words(), ensure_ascii=True, sort_keys=True).replace("</", "<\\/")
    said = {
        "head": _("BANG! Dice: the table"),
        "title": _("BANG! Dice"),
        "connecting": _("connecting"),
        "console": _("The console"),
        "seats": _("The seats"),
        "happened": _("What happened"),
        "footer": _("What the whole table sees, as it happens. Nothing here changes the game."),
        "games": _("Finished games"),
    }
    e = {key: escape(text) for key, text in said.items()}
    return "\n".join(
        [
            "<!doctype html>",
            f'<html lang="{escape(language())}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{e['head']}</title>",
            '<link rel="stylesheet" href="/page.css">',
            f'<script type="application/json" id="words">{words}</script>',
            '<script src="/page.js" defer></script>',
            "</head>",
            "<body>",
            "<header>",
            f'  <h1 id="title">{e["title"]}</h1>',
            f'  <p id="live" class="live">{e["connecting"]}</p>',
            "</header>",
            "<main>",
            f'  <section id="console" aria-label="{e["console"]}">',
            '    <ol id="dice" class="dice"></ol>',
            '    <p id="series" class="series"></p>',
            '    <p id="counts" class="counts"></p>',
            '    <p id="prompt" class="prompt"></p>',
            '    <ul id="choices" class="choices"></ul>',
            '    <p id="aside" class="aside"></p>',
            '    <p id="story" class="story"></p>',
            '    <p id="rules" class="rules"></p>',
            "  </section>",
            f'  <section id="seats" class="seats" aria-label="{e["seats"]}"></section>',
            f'  <section aria-label="{e["happened"]}">',
            f"    <h2>{e['happened']}</h2>",
            '    <ol id="history" class="history" reversed></ol>',
            "  </section>",
            "</main>",
            "<footer>",
            f"  <p>{e['footer']}",
            f'     <a href="/games/">{e["games"]}</a></p>',
            "</footer>",
            "</body>",
            "</html>",
            "",
        ]
    )
