"""The public page under attack (issue 34), real on loopback, with a table pressing throughout:
as many phones as it takes opening it at once, one address holding streams, slow and silent
clients, more connections than the page takes, a flood of requests, malformed requests and
every method. Each press is acknowledged, another address is served within its timeout during
each attack, and the box's log gets one line per bad address, never a traceback."""

from __future__ import annotations

import contextlib
import logging
import socket
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from companion.web.server import PublicPage
from companion.web.settings import WebSettings

from . import attacks
from .attacks import Presser, served, source

# Small limits and short timeouts, so that every attack goes past them in seconds.
SETTINGS = WebSettings(
    True,
    "127.0.0.1",
    0,
    max_clients=12,
    requests_per_minute=30,
    streams_per_address=3,
    max_connections=30,
    connections_per_address=8,
    header_timeout=1.0,
    idle_timeout=2.0,
)
PHONE = source(200)  # the table's phone, served through every attack
WATCHER = source(201)  # another phone, reading the event stream
RPM = SETTINGS.requests_per_minute
PRESSES = 5  # acknowledged during each attack, at least


@pytest.fixture
def page() -> PublicPage:
    page = PublicPage(SETTINGS)
    page.start()
    yield page
    page.close()


def test_no_address_takes_the_page_from_the_table_and_every_press_is_acknowledged(
    page: PublicPage, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    at, timeout = page.address, SETTINGS.idle_timeout
    assert at is not None
    seen: dict[str, dict] = {}
    served_during: dict[str, int] = {}
    phases = {
        "burst": lambda: attacks.burst(at, [source(100 + n % 5) for n in range(30)]),
        "held streams": lambda: attacks.held_streams(at, SETTINGS, source(2)),
        "slow heads": lambda: attacks.slow_heads(
            at, SETTINGS, [source(n) for n in range(10, 30)], pace=0.2
        ),
        "silent": lambda: attacks.silent(at, SETTINGS, [source(n) for n in range(30, 50)]),
        "crowd": lambda: attacks.crowd(
            at, SETTINGS, source(50), [source(n) for n in range(51, 56)]
        ),
        "flood": lambda: attacks.flood(at, SETTINGS, source(60)),
        "bad lines": lambda: attacks.bad_lines(at, SETTINGS, source(70), source(71)),
        "methods": lambda: attacks.every_method(at, source(80)),
    }
    with Presser(page, tmp_path, pace=0.02) as table:
        for name, attack in phases.items():
            table.phase = name
            with attack() as seen[name]:
                served_during[name] = served(at, PHONE, timeout)
                if name == "held streams":
                    assert attacks.hears_a_state(at, WATCHER, timeout)
                assert table.acknowledged(PRESSES, timeout=60), (name, table.failed)
        table.phase = "after"
        served_during["after"] = served(at, PHONE, timeout)
    assert not table.failed, table.failed
    assert served_during == dict.fromkeys(served_during, 200)

    assert seen["burst"]["statuses"] == Counter({200: SETTINGS.max_connections})
    streams = SETTINGS.streams_per_address
    assert seen["held streams"]["statuses"] == [200] * streams + [429] * 4
    for name in ("slow heads", "silent"):
        assert seen[name]["dropped"] == seen[name]["connections"], name
    share = SETTINGS.connections_per_address
    assert seen["crowd"]["one"] == [200] * share + [None] * 3
    assert seen["flood"]["statuses"] == Counter({200: RPM, 429: 2 * RPM})
    assert seen["bad lines"]["flood"] == Counter({400: RPM, 429: 2 * RPM})
    assert seen["bad lines"]["each"] == [expected for _, expected in attacks.MALFORMED]
    methods = seen["methods"]
    assert methods.pop("GET /state") == methods.pop("HEAD /state") == 200
    assert methods == dict.fromkeys(methods, 405)

    said = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not [r for r in said if r.exc_info or r.levelno >= logging.ERROR], said
    lines = [r.getMessage() for r in said if "bad request from" in r.getMessage()]
    for flooder in (source(70), source(71), source(80)):  # one line each, the first
        assert sum(f"from {flooder}," in line for line in lines) == 1, lines
    assert len(lines) == 3, lines


def test_a_malformed_request_is_one_line_without_a_traceback(
    page: PublicPage, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    at = page.address
    assert at is not None
    assert attacks.ask(at, source(90), b"GET * HTTP/1.1\r\nHost: table\r\n\r\n") == 400
    assert attacks.ask(at, source(90), b"FOO / HTTP/1.1\r\nHost: table\r\n\r\n") == 405
    said = [r for r in caplog.records if r.name.startswith(("aiohttp", "companion.web"))]
    assert [r.getMessage() for r in said] == [
        "web page: bad request from 127.0.0.90, answered 400: InvalidURLError in 'GET * HTTP/1.1'"
    ]
    assert said[0].exc_info is None


def test_a_reader_that_takes_nothing_is_dropped_and_its_stream_is_free_again() -> None:
    """A stream whose reader stops taking what it is sent holds its place only for
    ``idle_timeout``: the page drops it, and the address may open a stream again."""
    page = PublicPage(replace(SETTINGS, streams_per_address=1, requests_per_minute=6000))
    page.start()
    at = page.address
    assert at is not None
    stalled = attacks.connect(at, source(95))
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    try:
        stalled.sendall(attacks.EVENTS)
        assert attacks.status(stalled) == 200
        assert attacks.ask(at, source(95), attacks.EVENTS) == 429  # its one stream is taken
        # One state larger than every buffer between them (the kernel's send buffer grows to
        # net.ipv4.tcp_wmem's most, 4 MiB by default): the stream's one message cannot all be
        # taken, whichever of the states published it sends (it sends the latest only).
        page.publish({"filler": 0, "text": "x" * FILLER})
        again = None
        for _ in range(int(20 * SETTINGS.idle_timeout / 0.1)):  # bounded: till it is free
            with contextlib.closing(attacks.connect(at, source(95))) as reader:
                reader.sendall(attacks.EVENTS)
                again = attacks.status(reader)
            if again == 200:
                break
            time.sleep(0.1)
        assert again == 200
        assert attacks.closed_by_page(stalled, 10 * SETTINGS.idle_timeout)
    finally:
        stalled.close()
        page.close()


FILLER = 32 * 1024 * 1024
