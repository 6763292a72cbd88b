"""Issue 26, the load test (loopback only, bounded): 50 readers on the event stream while a game
is played by presses through the daemon's loop, each press once every reader has the state
before it (as at a table, where presses are seconds apart). Every reader gets every state, in
order, and the game goes on: every press is taken."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable

import aiohttp

from companion.devices.inputs import ButtonEvent
from companion.engine import Event, Module, deal
from companion.loop import Companion
from companion.modules.chief_arrow.rules import ID as CHIEF_ARROW
from companion.modules.loudmouth_coward.rules import ID as LOUDMOUTH_AND_COWARD
from companion.modules.rage.rules import ID as TWO_BULLETS
from companion.web.server import PublicPage
from companion.web.settings import WebSettings

from .test_page_server import played
from .twins import session_of

READERS = 50
PRESSES = 120
# Published last: each reader reads up to it.
OVER = json.dumps({"load test": "over"}, separators=(",", ":")).encode()
WAIT = 60.0  # seconds the readers may take to hear a state before the test fails


class Heard:
    """What each reader heard (event ids and data), and the newest id each has."""

    def __init__(self) -> None:
        self.events: list[list[tuple[int, bytes]]] = [[] for _ in range(READERS)]
        self.changed = threading.Condition()

    def add(self, reader: int, event: bytes) -> None:
        fields = dict(line.split(b": ", 1) for line in event.split(b"\n") if b": " in line)
        if b"data" in fields:
            with self.changed:
                self.events[reader].append((int(fields[b"id"]), fields[b"data"]))
                self.changed.notify_all()

    def newest(self) -> int:
        """The newest id every reader has."""
        return min((said[-1][0] if said else 0) for said in self.events)

    def wait_for(self, version: int) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: self.newest() >= version, WAIT), version


async def read_stream(client: aiohttp.ClientSession, url: str, n: int, heard: Heard) -> None:
    """One reader: each whole event as it comes, until the one that says the test is over."""
    async with client.get(url, timeout=aiohttp.ClientTimeout(total=300)) as response:
        assert response.status == 200
        buffer = b""
        async for chunk in response.content.iter_any():
            *whole, buffer = (buffer + chunk).split(b"\n\n")
            for event in whole:
                heard.add(n, event)
            if heard.events[n] and heard.events[n][-1][1] == OVER:
                return


async def readers(url: str, heard: Heard) -> None:
    async with aiohttp.ClientSession() as client:
        await asyncio.gather(*(read_stream(client, url, n, heard) for n in range(READERS)))


def counting(show: Callable[[], bool], versions: list[int]) -> Callable[[], None]:
    """The page's feed, counting the states that were new."""

    def feed() -> None:
        if show():
            versions.append(len(versions) + 1)

    return feed


def test_fifty_readers_get_every_state_while_the_game_goes_on() -> None:
    modules = frozenset({Module("old_saloon.1"), Module("old_saloon.2"), TWO_BULLETS})
    modules = frozenset({LOUDMOUTH_AND_COWARD, CHIEF_ARROW, TWO_BULLETS})
    table = session_of(deal(6, 11, roles_known=True, modules=modules))
    # The readers stand in for 50 phones, from one address: each address's share is theirs.
    one_address = {"streams_per_address": READERS, "connections_per_address": READERS + 10}
    page = PublicPage(WebSettings(True, "127.0.0.1", 0, READERS + 10, 6000, **one_address))
    versions: list[int] = []
    feed = counting(lambda: page.show(table), versions)
    feed()
    page.start()
    heard = Heard()
    thread = threading.Thread(target=asyncio.run, args=(readers(page.url + "events", heard),))
    thread.start()
    try:
        heard.wait_for(1)  # every reader is connected and has the table as it is

        class Paced(Companion):
            """The daemon's loop, each press once every reader has the newest state."""

            def dispatch(self, event: ButtonEvent) -> list[Event]:
                heard.wait_for(len(versions))
                return super().dispatch(event)

        presses = played(table, PRESSES, Paced(table, later=[feed]))
        assert presses == PRESSES or table.play.game.over  # the game went on, press by press
        heard.wait_for(len(versions))
        page.publish({"load test": "over"})
        thread.join(WAIT)
        assert not thread.is_alive(), "a reader never heard the end"
    finally:
        page.close()
    assert len(versions) > 50
    for said in heard.events:
        assert [i for i, _ in said] == [*versions, len(versions) + 1]  # every state, in order
