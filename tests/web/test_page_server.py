"""The public page's server (issue 26), real on loopback: read-only (every method but GET and
HEAD refused, the game unchanged), the page's own files with a strict policy, a cap on open
requests (503) and a rate per address (429), and a reader that never reads holding up no
press."""

from __future__ import annotations

import contextlib
import json
import random
import socket
import urllib.error
import urllib.request
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from companion.devices.inputs import ButtonEvent
from companion.engine import deal
from companion.loop import Companion
from companion.modules.chief_arrow.rules import ID as CHIEF_ARROW
from companion.modules.duels.rules import ID as LOOK_ME_IN_THE_EYES
from companion.modules.loudmouth_coward.rules import ID as LOUDMOUTH_AND_COWARD
from companion.modules.rage.rules import ID as TWO_BULLETS
from companion.table import TableConfig, TableSession
from companion.web.game_pages import game_page_html, games_index_html
from companion.web.server import PublicPage
from companion.web.settings import WebSettings
from tests.table.driver import next_buttons

from .played import Table
from .twins import session_of

MODULES = frozenset({LOUDMOUTH_AND_COWARD, CHIEF_ARROW, TWO_BULLETS})


@pytest.fixture
def table() -> TableSession:
    return session_of(deal(5, 7, roles_known=True, modules=MODULES | {LOOK_ME_IN_THE_EYES}))


def serving(session: TableSession, state_dir: Path | None = None, **settings: int) -> PublicPage:
    page = PublicPage(WebSettings(True, "127.0.0.1", 0, **settings), state_dir)
    page.show(session)
    page.start()
    return page


@pytest.fixture
def page(table: TableSession) -> Iterator[PublicPage]:
    page = serving(table)
    yield page
    page.close()


def request(page: PublicPage, path: str, method: str = "GET", body: bytes | None = None):
    """The status, headers and body of one request (an error status is an answer too)."""
    try:
        with urllib.request.urlopen(
            urllib.request.Request(page.url + path.lstrip("/"), data=body, method=method),
            timeout=30,
        ) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers, refused.read()


def played(session: TableSession, presses: int, companion: Companion | None = None) -> int:
    """Random legal presses, one second apart (through ``companion``, the daemon's loop, when
    given); how many."""
    rng, at, done = random.Random(presses), 0.0, 0
    while done < presses and session.play is not None and not session.play.game.over:
        for button in next_buttons(session, rng):
            at += 1.0
            if companion is None:
                session.handle(button, "press", at)
            else:
                companion.dispatch(ButtonEvent(button, "press", at=at))
            done += 1
    return done


def test_every_method_but_get_is_refused_and_the_game_is_unchanged(
    table: TableSession, page: PublicPage
) -> None:
    """Read-only: no request changes the game; there is no control from the page."""
    played(table, 12)
    page.show(table)
    game = json.dumps(table.play.game.to_json(), sort_keys=True)
    shown = request(page, "/state")[2]
    for path in ("/", "/state", "/events", "/page.js"):
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            status, headers, _ = request(page, path, method, b'{"button": "ROLL"}')
            assert status == 405, (method, path)
            assert {m.strip() for m in headers["Allow"].split(",")} == {"GET", "HEAD"}
    assert request(page, "/roll", "POST", b"")[0] == 405  # whatever the path (issue 34)
    assert request(page, "/roll")[0] == 404
    assert request(page, "/state?button=ROLL")[2] == shown
    assert json.dumps(table.play.game.to_json(), sort_keys=True) == game
    assert request(page, "/state")[2] == shown


def test_the_page_and_its_files_come_from_the_package_under_a_strict_policy(
    page: PublicPage,
) -> None:
    status, headers, body = request(page, "/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert b'src="/page.js"' in body and b'href="/page.css"' in body
    assert b"http" not in body  # nothing fetched from anywhere else
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert "aiohttp" not in headers["Server"]
    assert request(page, "/page.js")[1]["Content-Type"].startswith("text/javascript")
    assert request(page, "/page.css")[1]["Content-Type"].startswith("text/css")
    assert request(page, "/../pyproject.toml")[0] == 404


def test_beyond_max_clients_a_request_is_refused_until_a_reader_leaves(
    table: TableSession,
) -> None:
    page = serving(table, max_clients=2)
    try:
        readers = [urllib.request.urlopen(page.url + "events", timeout=30) for _ in range(2)]
        for reader in readers:
            assert reader.readline() == b"retry: 2000\n"
        status, headers, body = request(page, "/state")
        assert status == 503 and headers["Retry-After"] == "10"
        assert body == b"too many readers\n"
        readers[0].close()
        for _ in range(200):  # the server lets a reader that hung up go: its place is free
            if request(page, "/state")[0] == 200:
                break
        else:
            pytest.fail("the place of the reader that left was never free again")
        readers[1].close()
    finally:
        page.close()


def test_each_address_makes_at_most_requests_per_minute(table: TableSession) -> None:
    page = serving(table, requests_per_minute=3)
    try:
        assert [request(page, "/state")[0] for _ in range(3)] == [200] * 3
        status, headers, body = request(page, "/state")
        assert status == 429 and headers["Retry-After"] == "60"
        assert b"too many requests" in body
    finally:
        page.close()


def test_a_reader_that_never_reads_delays_no_press(table: TableSession) -> None:
    """A stalled stream holds up only itself: with its pipe full (big states fill every
    buffer on the way), every press is taken, the table's feed never waits, a reader beside it
    gets the newest state, and the stalled reader, when it reads at last, has skipped states
    (it only ever holds the newest)."""
    page = serving(table)
    companion = Companion(table, later=[partial(page.show, table)])
    stalled = socket.socket()
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    try:
        stalled.connect(page.address)
        stalled.sendall(b"GET /events HTTP/1.1\r\nHost: table\r\n\r\n")
        for n in range(FILLERS):  # more than loopback's buffers hold
            assert page.publish({"filler": n, "text": "x" * 250_000})
        page.show(table)
        reader = urllib.request.urlopen(page.url + "events", timeout=30)
        presses = played(table, 150, companion)  # each fed to the page after its pictures
        assert presses == 150 or table.play.game.over, presses  # every press was taken
        final = b"data: %s\n\n" % request(page, "/state")[2]
        heard = b""
        while final not in heard[-2 * len(final) :]:
            heard += reader.read1(65536)
        reader.close()
        stalled.settimeout(5)
        late = b""
        with contextlib.suppress(TimeoutError):
            while final not in late[-2 * len(final) :] and (chunk := stalled.recv(1 << 20)):
                late += chunk
        assert late.count(b"\ndata: ") < FILLERS + presses  # it skipped what it could not take
    finally:
        stalled.close()
        page.close()


FILLERS = 60


def test_the_finished_games_are_served_as_their_pages(tmp_path: Path) -> None:
    """``/games/`` is the index of finished games and ``/games/<id>.html`` each one's page,
    as ``games --html`` writes them; no script may run on them."""
    table = Table(TableConfig(seats=4, state_dir=tmp_path), seed=2)
    table.press("SEAT1", "SEAT2", "SEAT3", "SEAT4", "DONE", "SEAT2", "ROLL", "DONE")
    table.play_to_the_end()
    page = serving(table.session, state_dir=tmp_path)
    try:
        status, headers, body = request(page, "/games")
        assert status == 200 and body.decode() == games_index_html(tmp_path)
        assert "script-src" not in headers["Content-Security-Policy"]
        (journal,) = (tmp_path / "games").glob("game-*.jsonl")
        game_id = journal.name.removesuffix(".jsonl")
        assert f'href="{game_id}.html"' in body.decode()
        status, headers, body = request(page, f"/games/{game_id}.html")
        assert status == 200 and body.decode() == game_page_html(tmp_path, game_id)
        assert "default-src 'none'" in headers["Content-Security-Policy"]
        assert request(page, "/games/game-19990101-000000-000.html")[0] == 404
        assert request(page, "/games/%2E%2E%2Fconfig.html")[0] == 404
    finally:
        page.close()
        table.session.close()
