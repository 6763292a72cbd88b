"""The public page's server (issue 26): the game as the whole table sees it, read-only.

aiohttp runs in a thread of its own with its own event loop, so the table's loop never waits
on a client: the table hands each new public state to ``publish``, which keeps only the latest
(a slot, not a queue) and wakes the server's loop without blocking. Each reader of ``/events``
gets the state newest when it is ready for one; a slow reader skips states, a stalled one only
ever holds up its own stream, and is dropped once it has taken nothing for ``idle_timeout`` (a
reader that hangs up is let go at once).

Only GET (and HEAD) is served: any other method is refused (405), and nothing a request says
reaches the game. At most ``max_clients`` requests are open at once (beyond: 503), and each
address may make ``requests_per_minute`` (beyond: 429) and hold ``streams_per_address``
streams (beyond: 429); a stream counts as one request. Each connection's own limits and
timeouts are ``connections``'s.

The listening socket is either bound here (``address`` and ``port``), or given: the one
systemd passes (``companion.systemd.passed_sockets``), so that the service needs no network.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import socket
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import web

from ..i18n import CORE, Catalogue, language
from ..table import TableSession
from ..table.public import public_state
from .connections import SERVED, Connection, Gate
from .game_pages import game_page_html, games_index_html, in_language
from .live_page import live_page_html
from .settings import WebPageError, WebSettings

log = logging.getLogger(__name__)
_ = Catalogue(CORE).gettext

KEEP_ALIVE = 15.0  # seconds between comments on a quiet stream (a dead client is found)
RETRY_MS = 2000  # how soon a browser reconnects a dropped stream
BACKLOG = 256  # connections the kernel holds till they are accepted: a room of phones at once
PAGES_NICE = 10  # the pages' process yields the processor to the table on a busy box
STATIC = {  # the page's own files, shipped in the package: nothing is fetched elsewhere
    "/page.js": ("page.js", "text/javascript"),
    "/page.css": ("page.css", "text/css"),
}
LOCKED = "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
HEADERS = {
    "Content-Security-Policy": (
        f"default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; {LOCKED}"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}

# A finished game's page: no script at all, its style and charts inline (``game_pages``).
GAME_PAGE_POLICY = f"default-src 'none'; style-src 'unsafe-inline'; {LOCKED}"
GAME_ID = r"[A-Za-z0-9_.-]+"  # a journal's name without its suffix: nothing else is read

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class PublicPage:
    """Serves the latest public state at ``/state`` and as server-sent events at ``/events``,
    with the page that shows it at ``/``; and the finished games of ``state_dir`` at
    ``/games/``. It listens on ``listener`` when given (a socket systemd passed), else binds
    the settings' address and port."""

    def __init__(
        self,
        settings: WebSettings,
        state_dir: Path | None = None,
        listener: socket.socket | None = None,
    ) -> None:
        self.settings = settings
        self.state_dir = state_dir
        self.listener = listener
        self.gate = Gate(settings)
        # The finished games' pages and their index are made in a process of their own, one at
        # a time, started at the first look and at a lower priority: neither the server's loop
        # (streams go on) nor the table's thread (presses go on) ever waits on them, not even
        # for the interpreter's lock.
        self._pages: ProcessPoolExecutor | None = None
        self.address: tuple[str, int] | None = None  # as bound, once started
        self._latest = b"{}"
        self._version = 0
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._changed: asyncio.Event | None = None
        self._open = 0  # requests open now, streams included
        self._thread: threading.Thread | None = None
        self._stop: asyncio.Event | None = None
        self._files = {path: _read(name) for path, (name, _type) in STATIC.items()}

    # ------------------------------------------------------------- the table's side

    def publish(self, state: dict[str, Any]) -> bool:
        """Hand over a new public state; whether it differs from the last. Never blocks."""
        data = json.dumps(state, sort_keys=True, separators=(",", ":")).encode()
        with self._lock:
            if data == self._latest:
                return False
            self._latest, self._version = data, self._version + 1
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # closed meanwhile: nobody to tell
                loop.call_soon_threadsafe(self._wake)
        return True

    def show(self, session: TableSession) -> bool:
        """Publish what the whole table sees of ``session`` now (its table's thread)."""
        return self.publish(public_state(session))

    def start(self) -> tuple[str, int]:
        """Listen, in a thread of its own; the address bound. WebPageError if it cannot."""
        ready = threading.Event()
        failed: list[BaseException] = []
        self._thread = threading.Thread(
            target=self._serve, args=(ready, failed), name="web page", daemon=True
        )
        self._thread.start()
        ready.wait()
        if failed:
            self._thread.join()
            where = f"{self.settings.address}:{self.settings.port}"
            if self.listener is not None:
                where = "the socket systemd passed"
            raise WebPageError(f"web: cannot listen on {where}: {failed[0]}")
        assert self.address is not None
        return self.address

    def close(self) -> None:
        """Stop serving: open streams end, the thread joins."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # closed meanwhile: stopped already
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self._pages is not None:
            self._pages.shutdown(wait=False, cancel_futures=True)

    @property
    def version(self) -> int:
        """How many states were published: the id of the newest on the event stream."""
        return self._current()[0]

    @property
    def url(self) -> str:
        assert self.address is not None
        host, port = self.address
        return f"http://{f'[{host}]' if ':' in host else host}:{port}/"

    # ------------------------------------------------------------- the server's thread

    def _serve(self, ready: threading.Event, failed: list[BaseException]) -> None:
        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._main(ready))
        except Exception as exc:
            if ready.is_set():  # serving, then broken: the table plays on without its page
                log.exception("web page: stopped; the table plays on")
            else:  # an address in use, or none such: said by start()
                failed.append(exc)
                ready.set()
        finally:
            loop.close()

    async def _main(self, ready: threading.Event) -> None:
        self._loop = asyncio.get_running_loop()
        self._changed, self._stop = asyncio.Event(), asyncio.Event()
        app = web.Application(
            middlewares=[self._guard], client_max_size=1024, handler_args={"max_field_size": 4096}
        )
        app.router.add_get("/", self._live_page)
        for path in STATIC:
            app.router.add_get(path, self._static)
        app.router.add_get("/state", self._state)
        app.router.add_get("/events", self._events)
        app.router.add_get("/games", self._to_games)
        app.router.add_get("/games/", self._games_index)
        app.router.add_get("/games/index.html", self._games_index)
        app.router.add_get(f"/games/{{game_id:{GAME_ID}}}.html", self._game)
        app.on_response_prepare.append(_headers)
        runner = web.AppRunner(
            app,
            access_log=None,  # the journal is for the table, not for each phone's request
            handle_signals=False,
            shutdown_timeout=1,
            handler_cancellation=True,  # a reader that hangs up frees its place at once
        )
        await runner.setup()
        server = runner.server
        assert server is not None

        def connection() -> Connection:
            return Connection(
                self.gate, server, loop=self._loop, access_log=None, max_field_size=4096
            )

        try:
            s, loop = self.settings, self._loop
            if self.listener is not None:
                listening = await loop.create_server(
                    connection, sock=self.listener, backlog=BACKLOG
                )
            else:
                listening = await loop.create_server(
                    connection, s.address, s.port, backlog=BACKLOG, reuse_address=True
                )
            self.address = listening.sockets[0].getsockname()[:2]
            ready.set()
            await self._stop.wait()
            listening.close()
            self._wake()  # every stream sees the stop
        finally:
            await runner.cleanup()

    def _wake(self) -> None:
        """A new state (or the stop): every waiting stream sends."""
        assert self._changed is not None
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    def _current(self) -> tuple[int, bytes]:
        with self._lock:
            return self._version, self._latest

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """The cap on open requests, each address's rate and the methods served, before
        anything is served."""
        if isinstance(request.protocol, Connection):
            request.protocol.started()  # its head came in time
        if self._open >= self.settings.max_clients:
            return _refused(503, _("too many readers"), 10)
        if not self.gate.allowed(request.remote or "?"):
            return _refused(429, _("too many requests"), 60)
        if request.method not in ("GET", "HEAD"):  # CONNECT, OPTIONS * and the unknown too
            said = _("method not allowed") + "\n"
            return web.Response(status=405, text=said, headers={"Allow": SERVED})
        self._open += 1
        try:
            return await handler(request)
        finally:
            self._open -= 1

    async def _static(self, request: web.Request) -> web.Response:
        name, kind = STATIC[request.path]
        return web.Response(body=self._files[request.path], content_type=kind, charset="utf-8")

    async def _live_page(self, request: web.Request) -> web.Response:
        """The page, in the language the box speaks now (a change at the table shows at the
        next load; the state's own words follow at once)."""
        return web.Response(text=live_page_html(), content_type="text/html", charset="utf-8")

    async def _state(self, request: web.Request) -> web.Response:
        return web.Response(body=self._current()[1], content_type="application/json")

    async def _to_games(self, request: web.Request) -> web.Response:
        raise web.HTTPMovedPermanently("/games/")  # its pages link relative to the folder

    async def _games_index(self, request: web.Request) -> web.Response:
        page = request.query.get("page", "1")
        if not (page.isascii() and page.isdecimal() and len(page) <= 6):
            raise web.HTTPNotFound(text=_("no such page of finished games") + "\n")
        return await self._game_page(partial(games_index_html, page=int(page)))

    async def _game(self, request: web.Request) -> web.Response:
        game_id = request.match_info["game_id"]
        return await self._game_page(partial(game_page_html, game_id=game_id))

    async def _game_page(self, page: Callable[[Path], str | None]) -> web.Response:
        """A finished game's page (or the index), made in the pages' own process (started
        again if it died: that look is answered 503)."""
        folder = self.state_dir
        html = None
        if folder is not None:
            if self._pages is None:
                self._pages = ProcessPoolExecutor(
                    1, multiprocessing.get_context("spawn"), os.nice, (PAGES_NICE,)
                )
            try:
                made = partial(in_language, language(), page)
                html = await asyncio.get_running_loop().run_in_executor(self._pages, made, folder)
            except BrokenProcessPool:
                self._pages = None
                log.error("web page: the process making the games' pages stopped; started anew")
                return _refused(503, _("the games' pages are starting again"), 10)
        if html is None:
            raise web.HTTPNotFound(text=_("no such finished game") + "\n")
        response = web.Response(text=html, content_type="text/html")
        response.headers["Content-Security-Policy"] = GAME_PAGE_POLICY
        return response

    async def _events(self, request: web.Request) -> web.StreamResponse:
        """The latest state now, then each newer one as this reader is ready for it; at most
        ``streams_per_address`` from one address."""
        address = request.remote or "?"
        if not self.gate.open_stream(address):
            return _refused(429, _("too many streams from this address"), 10)
        try:
            return await self._stream(request)
        finally:
            self.gate.close_stream(address)

    async def _stream(self, request: web.Request) -> web.StreamResponse:
        assert self._stop is not None
        timeout = self.settings.idle_timeout
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        sent, ok = -1, await _send(response, b"retry: %d\n\n" % RETRY_MS, timeout)
        while ok and not self._stop.is_set():
            changed = self._changed  # taken first: a state published after the read wakes it
            assert changed is not None
            version, data = self._current()
            if version != sent:
                message = b"id: %d\ndata: %s\n\n" % (version, data)
                ok, sent = await _send(response, message, timeout), version
                continue
            try:
                await asyncio.wait_for(changed.wait(), KEEP_ALIVE)
            except TimeoutError:
                ok = await _send(response, b": still here\n\n", timeout)
        return response  # a reader that stalled is dropped: its place is free again


async def _send(response: web.StreamResponse, message: bytes, timeout: float) -> bool:
    """Send on a stream; False if the reader is gone or has not taken it in ``timeout``."""
    try:
        await asyncio.wait_for(response.write(message), timeout)
    except (TimeoutError, ConnectionError, RuntimeError):
        return False
    return True


def _refused(status: int, why: str, retry: int) -> web.Response:
    """A request turned away for now, and when to try again."""
    return web.Response(status=status, text=f"{why}\n", headers={"Retry-After": str(retry)})


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    """What the page may load (its own files only) and that nothing is cached."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    response.headers["Server"] = "bang-companion"  # not the library and its version


def _read(name: str) -> bytes:
    return resources.files(__package__).joinpath("static", name).read_bytes()
