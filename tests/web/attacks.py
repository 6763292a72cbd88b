"""Attacks on the public page (issue 34), from loopback addresses only (127.0.0.N: every one of
them is this machine's), each bounded in connections, requests and seconds; and a table
pressing all the while. Each attack is a context: the page is under it inside the ``with``,
and what the attacker saw is filled in by its end. Used by tests/web/test_page_attack.py and
benchmarks/web_attack.py."""

from __future__ import annotations

import contextlib
import http.client
import random
import select
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

from companion.devices.inputs import ButtonEvent
from companion.loop import Companion
from companion.table import TableConfig, TableSession
from companion.web.server import PublicPage
from companion.web.settings import WebSettings

from ..table.driver import CHARACTERS_5, SETUP_5, next_buttons

Address = tuple[str, int]
HOST = b"Host: table\r\n"
STATE = b"GET /state HTTP/1.1\r\n" + HOST + b"\r\n"
EVENTS = b"GET /events HTTP/1.1\r\n" + HOST + b"\r\n"
# Every method of RFC 9110 and of WebDAV, CONNECT and OPTIONS * with their own targets, and
# methods nobody defined: all but GET and HEAD are 405.
METHODS = [
    ("GET", "/state"),
    ("HEAD", "/state"),
    ("POST", "/state"),
    ("PUT", "/state"),
    ("DELETE", "/state"),
    ("PATCH", "/state"),
    ("OPTIONS", "*"),
    ("OPTIONS", "/state"),
    ("TRACE", "/"),
    ("CONNECT", "127.0.0.1:443"),
    ("PROPFIND", "/"),
    ("MKCOL", "/x"),
    ("QUERY", "/state"),
    ("FOO", "/"),
    ("BREW", "/pot"),
]
MALFORMED = [  # request heads the parser refuses, and the status each gets
    (b"GET * HTTP/1.1\r\n" + HOST + b"\r\n", 400),
    (b"G@T / HTTP/1.1\r\n" + HOST + b"\r\n", 400),  # not a method: no token
    (b"get / HTTP/1.1\r\n" + HOST + b"\r\n", 405),  # a method (they are case-sensitive)
    (b"GET /state HTTP/9.9\r\n" + HOST + b"\r\n", 400),
    (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", 400),  # TLS
    (b"\x00\x01\x02\x03\r\n\r\n", 400),
    (b"GET /state HTTP/1.1\r\n" + HOST + b"X: " + b"a" * 5000 + b"\r\n\r\n", 400),
    (b"GET /st\x00ate HTTP/1.1\r\n" + HOST + b"\r\n", 400),
    (b"GET /state HTTP/1.1\r\n" + HOST + b"Content-Length: 5\r\nContent-Length: 6\r\n\r\n", 400),
]


def source(n: int) -> str:
    """The n-th attacker's address: 127.0.0.n, loopback like 127.0.0.1."""
    assert 2 <= n <= 254
    return f"127.0.0.{n}"


def connect(page: Address, src: str, timeout: float = 10.0) -> socket.socket:
    sock = socket.socket()
    sock.settimeout(timeout)
    sock.bind((src, 0))
    sock.connect(page)
    return sock


def status(sock: socket.socket) -> int | None:
    """The status of the answer on ``sock`` (its status line only), None if the page closed
    it without one."""
    got = b""
    try:
        while b"\r\n" not in got and len(got) < 1024:
            chunk = sock.recv(1024)
            if not chunk:
                return None
            got += chunk
    except ConnectionResetError:
        return None
    return int(got.split(b" ", 2)[1])


def ask(page: Address, src: str, head: bytes) -> int | None:
    """One request on a connection of its own from ``src``: its status (None: closed)."""
    with contextlib.closing(connect(page, src)) as sock:
        try:
            sock.sendall(head)
        except (BrokenPipeError, ConnectionResetError):
            return None
        return status(sock)


def closed_by_page(sock: socket.socket, wait: float) -> bool:
    """Whether the page closes ``sock`` within ``wait`` seconds (what it sends is read)."""
    deadline = time.monotonic() + wait
    try:
        while (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            if not sock.recv(65536):
                return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return False


def served(page: Address, src: str, timeout: float) -> int:
    """A phone from ``src`` asks for the state: the status, or 0 if none came in ``timeout``."""
    connection = http.client.HTTPConnection(*page, timeout=timeout, source_address=(src, 0))
    try:
        connection.request("GET", "/state")
        return connection.getresponse().status
    except (OSError, http.client.HTTPException):
        return 0
    finally:
        connection.close()


def hears_a_state(page: Address, src: str, timeout: float) -> bool:
    """A phone from ``src`` opens the event stream: whether a state came on it."""
    with contextlib.closing(connect(page, src, timeout)) as sock:
        sock.sendall(EVENTS)
        got = b""
        with contextlib.suppress(OSError):
            while b"\ndata: {" not in got and len(got) < 1 << 20:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                got += chunk
        return b"\ndata: {" in got


# ------------------------------------------------------------------ the attacks


@contextlib.contextmanager
def held_streams(page: Address, settings: WebSettings, src: str) -> Iterator[dict[str, Any]]:
    """Four more event streams from ``src`` than it may hold, opened and never read."""
    seen: dict[str, Any] = {"statuses": []}
    socks = []
    try:
        for _ in range(settings.streams_per_address + 4):
            sock = connect(page, src)
            socks.append(sock)
            sock.sendall(EVENTS)
            seen["statuses"].append(status(sock))
        yield seen
    finally:
        for sock in socks:
            sock.close()


@contextlib.contextmanager
def slow_heads(
    page: Address, settings: WebSettings, sources: list[str], pace: float
) -> Iterator[dict[str, Any]]:
    """A connection from each of ``sources`` sending its request head one byte each ``pace``
    seconds, never ending it, until the page drops it (or twenty times the header timeout)."""
    seen: dict[str, Any] = {"connections": len(sources), "dropped": 0}
    socks = [connect(page, src) for src in sources]
    head = b"GET /state HTTP/1.1\r\n" + HOST + b"X-Slow: " + b"a" * 4000
    stop = threading.Event()

    def trickle() -> None:
        alive = dict.fromkeys(socks, 0)
        steps = int(20 * settings.header_timeout / pace) + 1
        for _ in range(steps):
            for sock, sent in list(alive.items()):
                try:
                    if select.select([sock], [], [], 0)[0] and not sock.recv(1024):
                        raise ConnectionResetError
                    sock.send(head[sent : sent + 1])
                    alive[sock] = sent + 1
                except OSError:
                    del alive[sock]
                    seen["dropped"] += 1
            if not alive or stop.wait(pace):
                break

    thread = threading.Thread(target=trickle, name="slow heads")
    thread.start()
    try:
        yield seen
        thread.join()
    finally:
        stop.set()
        thread.join()
        for sock in socks:
            sock.close()


@contextlib.contextmanager
def silent(page: Address, settings: WebSettings, sources: list[str]) -> Iterator[dict[str, Any]]:
    """A connection from each of ``sources`` that never says a word."""
    seen: dict[str, Any] = {"connections": len(sources), "dropped": 0}
    socks = [connect(page, src) for src in sources]
    try:
        yield seen
        wait = 3 * settings.idle_timeout + 2
        seen["dropped"] = sum(closed_by_page(sock, wait) for sock in socks)
    finally:
        for sock in socks:
            sock.close()


@contextlib.contextmanager
def crowd(
    page: Address, settings: WebSettings, one: str, many: list[str]
) -> Iterator[dict[str, Any]]:
    """Three connections more than one address may hold, from ``one``, each asking for the
    state (those beyond its share were refused: no answer); then, from ``many``, ten more
    idle connections than the page takes in all."""
    seen: dict[str, Any] = {"one": []}
    mine = [connect(page, one) for _ in range(settings.connections_per_address + 3)]
    others: list[socket.socket] = []
    try:
        for sock in mine:
            try:
                sock.sendall(STATE)
                seen["one"].append(status(sock))
            except OSError:
                seen["one"].append(None)
        count = settings.max_connections + 10
        others += [connect(page, many[i % len(many)]) for i in range(count)]
        yield seen
    finally:
        for sock in mine + others:
            sock.close()


@contextlib.contextmanager
def burst(page: Address, sources: list[str]) -> Iterator[dict[str, Any]]:
    """One request from each of ``sources`` (an address may come more than once), all sent at
    the same moment, each on its own connection: a room of phones opening the page."""
    seen: dict[str, Any] = {"statuses": Counter()}
    start = threading.Barrier(len(sources))

    def phone(src: str) -> None:
        start.wait(timeout=60)
        got = ask(page, src, STATE)
        with lock:
            seen["statuses"][got] += 1

    lock = threading.Lock()
    phones = [threading.Thread(target=phone, args=(src,)) for src in sources]
    began = time.perf_counter()
    for thread in phones:
        thread.start()
    for thread in phones:
        thread.join()
    seen["seconds"] = time.perf_counter() - began  # for the benchmark's table, never a test's
    yield seen


@contextlib.contextmanager
def flood(page: Address, settings: WebSettings, src: str) -> Iterator[dict[str, Any]]:
    """Three minutes' worth of requests from ``src``, one after the other, each on its own
    connection."""
    seen: dict[str, Any] = {}
    seen["statuses"] = Counter(
        ask(page, src, STATE) for _ in range(3 * settings.requests_per_minute)
    )
    yield seen


@contextlib.contextmanager
def bad_lines(
    page: Address, settings: WebSettings, flooder: str, src: str
) -> Iterator[dict[str, Any]]:
    """``GET *`` three minutes' worth of times from ``flooder``; each malformed head once from
    ``src``."""
    flooded = (ask(page, flooder, MALFORMED[0][0]) for _ in range(3 * settings.requests_per_minute))
    seen: dict[str, Any] = {"flood": Counter(flooded)}
    seen["each"] = [ask(page, src, head) for head, _ in MALFORMED]
    yield seen


@contextlib.contextmanager
def every_method(page: Address, src: str) -> Iterator[dict[str, Any]]:
    """Each method of METHODS once, from ``src``."""
    seen: dict[str, Any] = {}
    for method, target in METHODS:
        head = f"{method} {target} HTTP/1.1\r\n".encode() + HOST + b"Content-Length: 0\r\n\r\n"
        seen[f"{method} {target}"] = ask(page, src, head)
    yield seen


# ------------------------------------------------------------------ the table


class Presser:
    """A table pressing random legal buttons every ``pace`` seconds in a thread of its own,
    through the daemon's loop (``Companion``) which hands each new state to the page; each
    press's time to be acknowledged (the loop back from it) kept under the current phase.
    Games are played in ``state``, one after the other."""

    def __init__(self, page: PublicPage, state: Path, pace: float) -> None:
        self.page, self.state, self.pace = page, state, pace
        self.phase = "idle"
        self.times: dict[str, list[float]] = {}
        self.failed: list[BaseException] = []
        self._stop = threading.Event()
        self._pressed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="table")

    def __enter__(self) -> Presser:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()

    def acknowledged(self, count: int, timeout: float) -> bool:
        """Wait until ``count`` presses of the current phase were acknowledged (at most
        ``timeout`` seconds); whether they were."""
        with self._pressed:
            return (
                self._pressed.wait_for(
                    lambda: len(self.times.get(self.phase, ())) >= count or bool(self.failed),
                    timeout,
                )
                and not self.failed
            )

    def _run(self) -> None:
        try:
            for seed in range(1_000):
                if not self._game(seed):
                    return
        except BaseException as exc:  # said by the test, which fails on it
            with self._pressed:
                self.failed.append(exc)
                self._pressed.notify_all()

    def _game(self, seed: int) -> bool:
        folder = self.state / f"game-{seed}"
        session = TableSession(TableConfig(seats=8, state_dir=folder), seed=seed)
        session.start()
        companion = Companion(session, 256, later=[partial(self.page.show, session)])
        rng, clock = random.Random(seed), iter(range(1, 1_000_000))
        try:
            for button in SETUP_5 + CHARACTERS_5:
                if not self._press(companion, button, next(clock)):
                    return False
            while session.play is not None and not session.play.game.over:
                for button in next_buttons(session, rng):
                    if not self._press(companion, button, next(clock)):
                        return False
            return True
        finally:
            session.close()

    def _press(self, companion: Companion, button: str, at: int) -> bool:
        start = time.perf_counter()
        companion.dispatch(ButtonEvent(button, "press", at=float(at)))
        with self._pressed:
            self.times.setdefault(self.phase, []).append((time.perf_counter() - start) * 1000)
            self._pressed.notify_all()
        return not self._stop.wait(self.pace)
