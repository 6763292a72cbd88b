"""Each connection to the public page held to its limits (issue 34), so that one address, or a
client slow on purpose, cannot take the page from the rest of the table.

- At most ``max_connections`` connections at once and ``connections_per_address`` from each
  address. At the cap a new connection takes the place of the one idle longest (a kept-alive
  connection, which a browser reopens when it needs it); it is refused only when every
  connection is serving a request.
- A request's head must be whole within ``header_timeout`` of its first byte; a connection may
  say nothing between requests, or take nothing of what it is sent, for ``idle_timeout``.
- At most ``streams_per_address`` event streams from each address, and ``requests_per_minute``.
- A malformed request is answered (400; 405 for a method the page does not serve; 429 past the
  address's rate) and logged in one line, at most one line a minute for each address.

Everything here runs on the server's loop, so nothing is locked.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import socket
import struct
import time
from collections import Counter, deque
from typing import Any, cast

from aiohttp import web
from aiohttp.http_exceptions import BadHttpMethod, HttpProcessingError

from ..i18n import CORE, Catalogue
from .settings import WebSettings

log = logging.getLogger(__name__)
_ = Catalogue(CORE).gettext

MAX_ADDRESSES = 256  # addresses remembered for the rate and the log before quiet ones go
LOG_EVERY = 60.0  # seconds between two lines about one address's bad requests
SERVED = "GET, HEAD"  # the only methods the page answers: it is read-only
TOKEN = re.compile(rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")  # a method as RFC 9110 spells it
FIRST_BYTES = 64  # of a request, kept to name its method when the parser refuses it
RESET = struct.pack("ii", 1, 0)  # SO_LINGER on, for no time: close() resets the connection


class Gate:
    """The book of open connections and streams, each address's rate and its log lines."""

    def __init__(self, settings: WebSettings) -> None:
        self.settings = settings
        self.connections: dict[Connection, str] = {}  # each open connection: its address
        self.idle: dict[Connection, None] = {}  # those serving nothing, idle longest first
        self.per_address: Counter[str] = Counter()
        self.streams: Counter[str] = Counter()
        self._seen: dict[str, deque[float]] = {}  # address: its requests' times this minute
        self._said: dict[str, tuple[float, int]] = {}  # address: its last line, lines unsaid

    def admit(self, connection: Connection, address: str) -> bool:
        """Whether a new connection from ``address`` is taken; at the cap, the connection
        idle longest gives way to it."""
        s = self.settings
        if self.per_address[address] >= s.connections_per_address:
            return False
        if len(self.connections) >= s.max_connections:
            if not self.idle:
                return False
            self.leave(oldest := next(iter(self.idle)))
            oldest.drop()
        self.connections[connection] = address
        self.idle[connection] = None
        self.per_address[address] += 1
        return True

    def leave(self, connection: Connection) -> None:
        """A connection closed (or dropped): its place is free. Idempotent."""
        address = self.connections.pop(connection, None)
        self.idle.pop(connection, None)
        if address is not None:
            self.per_address[address] -= 1
            if not self.per_address[address]:
                del self.per_address[address]

    def busy(self, connection: Connection, busy: bool) -> None:
        """A connection starts (True) or ends a request: only an idle one may give way."""
        self.idle.pop(connection, None)
        if not busy and connection in self.connections:
            self.idle[connection] = None  # idle from now: last in line to give way

    def open_stream(self, address: str) -> bool:
        """Whether ``address`` may open one more event stream (counted till ``close_stream``)."""
        if self.streams[address] >= self.settings.streams_per_address:
            return False
        self.streams[address] += 1
        return True

    def close_stream(self, address: str) -> None:
        self.streams[address] -= 1
        if not self.streams[address]:
            del self.streams[address]

    def allowed(self, address: str) -> bool:
        """Whether ``address`` may make one more request this minute (a sliding minute)."""
        now = time.monotonic()
        times = self._seen.setdefault(address, deque())
        while times and times[0] <= now - 60:
            times.popleft()
        if len(times) >= self.settings.requests_per_minute:
            return False
        times.append(now)
        if len(self._seen) > MAX_ADDRESSES:  # forget addresses quiet for a minute
            self._seen = {a: t for a, t in self._seen.items() if t and t[-1] > now - 60}
        return True

    def bad_request(self, address: str, status: int, what: str) -> None:
        """One line for a malformed request, at most one a minute from each address (the
        journal is on the SD card); the next line says how many went unsaid."""
        now = time.monotonic()
        last, unsaid = self._said.get(address, (-LOG_EVERY, 0))
        if now - last < LOG_EVERY:
            self._said[address] = (last, unsaid + 1)
            return
        more = f" ({unsaid} more from it in the last minute)" if unsaid else ""
        log.warning("web page: bad request from %s, answered %d: %s%s", address, status, what, more)
        self._said[address] = (now, 0)
        if len(self._said) > MAX_ADDRESSES:
            self._said = {a: t for a, t in self._said.items() if t[0] > now - LOG_EVERY}


class Connection(web.RequestHandler):
    """aiohttp's handler of one connection, with the gate's limits and timeouts."""

    __slots__ = (
        "_gate",
        "_address",
        "_admitted",
        "_busy",
        "_head_timer",
        "_stall_timer",
        "_first",
        "_socket",
    )

    def __init__(self, gate: Gate, manager: web.Server, **kwargs: Any) -> None:
        super().__init__(manager, keepalive_timeout=gate.settings.idle_timeout, **kwargs)
        self._gate = gate
        self._address = "?"
        self._admitted = self._busy = False
        self._head_timer: asyncio.TimerHandle | None = None
        self._stall_timer: asyncio.TimerHandle | None = None
        self._first = b""  # the current request's first bytes
        # Its transport, kept: aiohttp forgets it once it closes, which waits for what is left
        # unsent to go, and a client that takes nothing would hold its descriptor forever.
        self._socket: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self._address = str(peer[0]) if isinstance(peer, tuple | list) and peer else "?"
        if not self._gate.admit(self, self._address):
            cast(asyncio.Transport, transport).abort()  # its descriptor is free at once
            return
        self._admitted = True
        self._socket = cast(asyncio.Transport, transport)
        super().connection_made(transport)

    def connection_lost(self, exc: BaseException | None) -> None:
        if not self._admitted:
            return
        self._admitted = False
        for timer in (self._head_timer, self._stall_timer):
            if timer is not None:
                timer.cancel()
        self._gate.leave(self)
        self._socket = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if data and not self._busy:
            if self._head_timer is None:  # a request begins: its head has header_timeout
                loop = asyncio.get_running_loop()
                self._head_timer = loop.call_later(self._gate.settings.header_timeout, self.drop)
            if len(self._first) < FIRST_BYTES:
                self._first += data[: FIRST_BYTES - len(self._first)]
        super().data_received(data)

    def pause_writing(self) -> None:
        """The client takes nothing more for now: it has ``idle_timeout`` to take it."""
        super().pause_writing()
        if self._stall_timer is None:
            loop = asyncio.get_running_loop()
            self._stall_timer = loop.call_later(self._gate.settings.idle_timeout, self.drop)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self._stall_timer is not None:
            self._stall_timer.cancel()
            self._stall_timer = None

    def started(self) -> None:
        """A request's head is whole (the server's middleware says so): it is being served."""
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        self._busy, self._first = True, b""
        self._gate.busy(self, True)

    async def finish_response(
        self, request: web.BaseRequest, resp: web.StreamResponse, start_time: float | None
    ) -> tuple[web.StreamResponse, bool]:
        try:
            return await super().finish_response(request, resp, start_time)
        finally:  # sent: idle again, and the next request's head is timed from its first byte
            self._busy = False
            self._gate.busy(self, False)

    def drop(self) -> None:
        """Close at once, whatever is left unsent (a slow, silent or stalled client): a
        reset, so that the kernel does not go on sending it what it would not take."""
        if self._socket is None:
            return
        sock = self._socket.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, RESET)
        self._socket.abort()

    def handle_error(
        self,
        request: web.BaseRequest,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        """A request the parser refused: answered and logged in one line, without a
        traceback; it counts towards its address's rate. Anything else (a fault of the page's
        own) is aiohttp's to report in full."""
        if not isinstance(exc, HttpProcessingError):
            return super().handle_error(request, status, exc, message)
        method = self._first.split(b" ", 1)[0]
        headers: dict[str, str] = {}
        if not self._gate.allowed(self._address):
            status, text, headers = 429, _("too many requests"), {"Retry-After": "60"}
        elif isinstance(exc, BadHttpMethod) and TOKEN.fullmatch(method):
            status, text, headers = 405, _("method not allowed"), {"Allow": SERVED}
        else:
            text = _("bad request")  # with the parser's status: 400, or 431 for a header too big
        self._gate.bad_request(self._address, status, _one_line(self._first, exc))
        response = web.Response(status=status, text=f"{text}\n", headers=headers)
        response.force_close()
        return response


def _one_line(first: bytes, exc: HttpProcessingError) -> str:
    """What was wrong, in one printable line of bounded length: the parser's complaint by its
    name, and the request's first line as far as it was kept (escaped)."""
    line = first.split(b"\r", 1)[0].split(b"\n", 1)[0]
    return f"{type(exc).__name__} in {ascii(line)[1:]}"[:120]
