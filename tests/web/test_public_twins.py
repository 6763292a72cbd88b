"""Issue 26: the public page shows exactly what the whole table may see. Two games that differ
only in hidden information (roles and special role cards not face up) give byte-identical
public states after every press and every seat's menu (which shows that seat its own card),
and two pages fed by them send identical event streams."""

from __future__ import annotations

import json
import urllib.request

import pytest

from companion.engine import Module
from companion.table.public import public_state
from companion.web.server import PublicPage
from companion.web.settings import WebSettings

from .twins import both, twin_tables

OLD_SALOON = frozenset(m for m in Module if m.value.startswith("old_saloon"))
UNDEAD = frozenset(m for m in Module if m.value.startswith("undead_or_alive"))
TABLES = [
    (OLD_SALOON, 5, 3),
    (UNDEAD, 6, 4),
    ((OLD_SALOON | UNDEAD) - {Module.GHOST}, 7, 5),
    (frozenset(), 4, 6),
]
PRESSES = 220


def text(state: dict) -> bytes:
    return json.dumps(state, sort_keys=True).encode()


@pytest.mark.parametrize(("modules", "players", "seed"), TABLES)
def test_twin_games_show_the_table_the_same_state_after_every_press(
    modules: frozenset[Module], players: int, seed: int
) -> None:
    first, second, presses = twin_tables(modules, players, seed, PRESSES)
    assert len(presses) > 40
    menus_differ = 0
    for button, kind in both(first, second, presses):
        assert text(public_state(first)) == text(public_state(second)), (button, kind)
        if first.menu is not None and first.view() != second.view():
            menus_differ += 1  # the seat's own menu shows its own card: the twins do differ
    assert menus_differ, "no menu showed a card that differs between the twins"


def read_event(stream) -> bytes:
    """One server-sent event: its lines up to the blank line."""
    lines = []
    while (line := stream.readline()) not in (b"\n", b""):
        lines.append(line)
    return b"".join(lines)


def test_twin_games_give_identical_pages_and_event_streams() -> None:
    modules, players, seed = TABLES[2]
    first, second, presses = twin_tables(modules, players, seed, PRESSES)
    pages = [PublicPage(WebSettings(True, "127.0.0.1", 0, 4, 6000)) for _ in range(2)]
    try:
        for page, session in zip(pages, (first, second), strict=True):
            page.show(session)
            page.start()
        streams = [urllib.request.urlopen(p.url + "events", timeout=30) for p in pages]
        assert [read_event(s) for s in streams] == [b"retry: 2000\n"] * 2
        heard: list[list[bytes]] = [[read_event(s)] for s in streams]
        for _ in both(first, second, presses):
            changed = [page.show(s) for page, s in zip(pages, (first, second), strict=True)]
            assert changed[0] == changed[1]
            if changed[0]:  # each page sends the new state once its reader is ready
                for said, stream in zip(heard, streams, strict=True):
                    said.append(read_event(stream))
        assert heard[0] == heard[1] and len(heard[0]) > 20
        states = [urllib.request.urlopen(p.url + "state", timeout=30).read() for p in pages]
        assert states[0] == states[1]
        pages_html = [urllib.request.urlopen(p.url, timeout=30).read() for p in pages]
        assert pages_html[0] == pages_html[1]
        for stream in streams:
            stream.close()
    finally:
        for page in pages:
            page.close()
