"""Every finished game as a page: its set-up, its winners, its story by turn and a chart of
each seat's life and arrows, and an index of them all.

Plain HTML with its style inline and its charts as inline SVG: the pages need no script and
fetch nothing, so they read the same as files on a computer (``bang-companion games --html``)
and served by the box. Links are relative: the index links each game as ``<id>.html`` and a
game links back to ``index.html``, so a server serves the index at ``/games/`` (and
``/games/index.html``) and a game at ``/games/<id>.html``, ``<id>`` being what
``game_page_html`` takes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path

from ..i18n import CORE, Catalogue, language, set_language
from ..table import durable
from ..table.journal import JournalError
from .finished_games import (
    FinishedGame,
    GameSummary,
    SeatAtEnd,
    finished_game,
    finished_games,
    finished_index,
    forget_replays,
)
from .life_chart import ARROWS_COLOUR, LIFE_COLOUR, seat_chart

log = logging.getLogger(__name__)
_words = Catalogue(CORE)
_ = _words.gettext

INDEX = "index.html"
PER_PAGE = 100  # games on a page of the served index: a phone's page, at any number of games

STYLE = """
body { font-family: sans-serif; margin: 1em auto; max-width: 60em; padding: 0 1em;
       color: #222; background: #fff; line-height: 1.4; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border-bottom: 1px solid #ddd; padding: 0.3em 0.6em; text-align: left;
         vertical-align: top; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; }
figure { margin: 0; }
figcaption { font-size: 0.9em; }
.turn h3 { font-size: 1em; margin: 0.8em 0 0.2em; }
.turn ul { margin: 0.2em 0; }
.wins { font-weight: bold; }
.key { display: inline-block; width: 2em; border-top: 2px solid; vertical-align: middle; }
"""


def in_language(code: str, page: Callable[[Path], str | None], state_dir: Path) -> str | None:
    """A page made in the language `code`: the box's at the moment it was asked for, in a
    process of its own that may have made the last one in another (its replayed stories too)."""
    if code != language():
        set_language(code)
        forget_replays()
    return page(state_dir)


def games_index_html(state_dir: Path, page: int = 1) -> str | None:
    """The list of finished games, newest first, ``PER_PAGE`` a page: date, modules, players,
    winners (read from each game's summary: ``finished_games.finished_index``); None for a
    page past the last."""
    index = finished_index(state_dir)
    for problem in index.skipped:
        log.warning("finished games: skipped %s", problem)
    newest_first = index.games[::-1]
    shown = newest_first[(page - 1) * PER_PAGE : page * PER_PAGE]
    if page < 1 or (page > 1 and not shown):
        return None
    older = len(newest_first) > page * PER_PAGE
    pages = _pages(page, older, len(newest_first))
    return _index(shown[::-1], len(index.skipped), index.unread, pages)


def _pages(page: int, older: bool, total: int) -> str:
    """Where this page is among the index's pages, with links to the newer and older ones;
    '' when one page holds every game."""
    if page == 1 and not older:
        return ""
    first = (page - 1) * PER_PAGE + 1
    last = min(page * PER_PAGE, total)
    links = [
        escape(_("Games {first} to {last} of {total}, newest first.")).format(
            first=first, last=last, total=total
        )
    ]
    if page > 1:
        newer = INDEX if page == 2 else f"{INDEX}?page={page - 1}"
        links.append(_link(newer, _("Newer games")))
    if older:
        links.append(_link(f"{INDEX}?page={page + 1}", _("Older games")))
    return f"<p>{' '.join(links)}</p>"


def game_page_html(state_dir: Path, game_id: str) -> str | None:
    """The page of one finished game; None when there is no such finished game (an id that
    names no journal, a game not over, a journal that cannot be read)."""
    try:
        game = finished_game(state_dir, game_id)
    except JournalError as exc:
        log.warning("finished game %s: %s", game_id, exc)
        return None
    return None if game is None else _page(game)


def write_pages(state_dir: Path, folder: Path) -> tuple[list[str], list[str]]:
    """Write the index and a page per finished game into ``folder``, each file replaced whole
    (a power cut leaves the old page or the new one); the names written, and each journal
    skipped with why."""
    games, skipped = finished_games(state_dir)
    durable.make_folder(folder)
    written = []
    for game in games:
        name = f"{game.id}.html"
        durable.replace(folder / name, _page(game).encode())
        written.append(name)
    durable.replace(folder / INDEX, _index(games, len(skipped)).encode())
    return [INDEX, *written], skipped


def _document(title: str, body: list[str]) -> str:
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{escape(language())}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(title)}</title>",
            f"<style>{STYLE}</style>",
            "</head>",
            "<body>",
            *body,
            "</body>",
            "</html>",
            "",
        ]
    )


def _players(game: GameSummary) -> str:
    return ", ".join(f"{s.number} {s.character}" for s in game.seats)


def _winners(game: GameSummary) -> str:
    seats = ", ".join(str(s.number) for s in game.winners)
    if not seats:
        return game.side
    winners = _words.ngettext("{side}: seat {seats}", "{side}: seats {seats}", len(game.winners))
    return winners.format(side=game.side, seats=seats)


def _modules(game: GameSummary) -> str:
    return "; ".join(game.modules) or _("none (the base game)")


def _tag(tag: str, text: str) -> str:
    """One element holding `text`, escaped."""
    return f"<{tag}>{escape(text)}</{tag}>"


def _link(href: str, text: str) -> str:
    return f'<a href="{href}">{escape(text)}</a>'


def _row(cells: Sequence[str], tag: str = "td") -> str:
    """One row of a table, each cell escaped."""
    return "<tr>" + "".join(f"<{tag}>{escape(c)}</{tag}>" for c in cells) + "</tr>"


def _index(games: Sequence[GameSummary], unreadable: int, unread: int = 0, pages: str = "") -> str:
    title = _("Finished games")
    body = [f"<h1>{escape(title)}</h1>"]
    if games:
        heads = (_("Date"), _("Modules"), _("Players"), _("Winners"))
        body.append(f"<table><thead>{_row(heads, 'th')}</thead><tbody>")
        for game in reversed(games):
            date = game.date or _("a game")
            body.append(
                f'<tr><td><a href="{escape(game.id)}.html">{escape(date)}</a>'
                f"</td><td>{escape(_modules(game))}</td><td>{escape(_players(game))}</td>"
                f"<td>{escape(_winners(game))}</td></tr>"
            )
        body.append("</tbody></table>")
    else:
        body.append(_tag("p", _("No finished game yet.")))
    if pages:
        body.append(pages)
    if unread:
        left = _words.ngettext(
            "{count} older game still to be read: reload the page to list more.",
            "{count} older games still to be read: reload the page to list more.",
            unread,
        )
        body.append(f"<p>{escape(left.format(count=unread))}</p>")
    if unreadable:
        files = _words.ngettext(
            "{count} file of the games could not be read (the log names them).",
            "{count} files of the games could not be read (the log names them).",
            unreadable,
        )
        body.append(f"<p>{escape(files.format(count=unreadable))}</p>")
    return _document(title, body)


def _role(seat: SeatAtEnd) -> str:
    return seat.role if seat.role is not None else _("not shown")


def _end(seat: SeatAtEnd) -> str:
    return _("{state}, wins").format(state=seat.state) if seat.winner else seat.state


def _page(game: FinishedGame) -> str:
    title = _("Game of {date}").format(date=game.date) if game.date else _("A finished game")
    body = [
        "<p>" + _link(INDEX, _("All finished games")) + "</p>",
        _tag("h1", title),
        f'<p class="wins">{escape(_winners(game))}</p>',
        _tag("h2", _("Set-up")),
        _tag("p", _("Modules: {modules}").format(modules=_modules(game))),
    ]
    if game.house_rules:
        body.append(f"<p>{escape(game.house_rules)}</p>")
    heads = (_("Seat"), _("Character"), _("Role card"), _("At the end"))
    body.append(f"<table><thead>{_row(heads, 'th')}</thead><tbody>")
    for seat in game.seats:
        who = _("{seat} (the box played)") if seat.box else "{seat}"
        cells = (who.format(seat=seat.number), seat.character, _role(seat), _end(seat))
        body.append(_row(cells))
    body.append("</tbody></table>")
    life = escape(_words.pgettext("the key of a game's charts", "life"))
    arrows = escape(_("arrows held, after each turn (turn 0: the start)"))
    body += [
        _tag("h2", _("Life and arrows")),
        f'<p><span class="key" style="color:{LIFE_COLOUR}"></span> {life} '
        f'<span class="key" style="color:{ARROWS_COLOUR};border-top-style:dashed"></span> '
        f"{arrows}</p>",
        '<div class="charts">',
    ]
    for engine_seat, seat in enumerate(game.seats):
        caption = _("Seat {number}, {character}").format(
            number=seat.number, character=seat.character
        )
        chart = seat_chart(seat.number, engine_seat, game.course, caption)
        said = _("{caption} (wins)").format(caption=caption) if seat.winner else caption
        body.append(f"<figure>{chart}<figcaption>{escape(said)}</figcaption></figure>")
    body += ["</div>", _tag("h2", _("Turn by turn"))]
    names = {s.number: s.character for s in game.seats}
    for turn in game.turns:
        heading = _("Turn {turn}: seat {seat}, {character}").format(
            turn=turn.turn, seat=turn.seat, character=names.get(turn.seat, "")
        )
        body.append(f'<section class="turn"><h3>{escape(heading)}</h3>')
        if turn.dice:
            body.append(_tag("p", _("Dice kept: {dice}").format(dice=turn.dice)))
        if turn.happened:
            body.append("<ul>" + "".join(f"<li>{escape(t)}</li>" for t in turn.happened) + "</ul>")
        body.append("</section>")
    return _document(title, body)
