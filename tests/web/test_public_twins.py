"""Issue 26: the public page shows exactly what the whole table may see. Two games that differ
only in hidden information (roles and special role cards not face up) give byte-identical
public states after every press and every seat's menu (which shows that seat its own card),
and two pages fed by them send identical event streams."""

from __future__ import annotations

import json
import random
import urllib.request
from pathlib import Path

import pytest

from companion.engine import MODULES, Module, Role
from companion.modules.ghost.rules import ID as GHOST
from companion.modules.special_roles.rules import holding
from companion.modules.zombies.rules import ID as ZOMBIES
from companion.table import TableConfig, TableSession
from companion.table.public import public_state
from companion.web.server import PublicPage
from companion.web.settings import WebSettings
from tests.installed_modules import OUTSIDE, OWN
from tests.table.driver import next_buttons

from .twins import both, twin_tables

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules

OLD_SALOON = frozenset(m for m in OWN if m.value.startswith("old_saloon"))
UNDEAD = frozenset(m for m in OWN if m.value.startswith("undead_or_alive"))
TABLES = [
    (OLD_SALOON, 5, 3),
    (UNDEAD, 6, 4),
    ((OLD_SALOON | UNDEAD) - {GHOST}, 7, 5),
    (frozenset(), 4, 6),
    # each module from outside installed, alone and beside the box's
    *((frozenset({m, *map(Module, MODULES[m].requires)}), 5, 7) for m in OUTSIDE),
    *(((OLD_SALOON | UNDEAD) - {GHOST} | {m}, 7, 8) for m in OUTSIDE),
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


def test_from_the_set_up_on_the_box_dealt_roles_are_never_on_the_page(tmp_path: Path) -> None:
    """Two tables set up alike by presses, the box dealing; the second's role cards (but the
    Sheriff's) shuffled once dealt (their special cards follow). Seats peek at their cards in
    their menus, characters are dealt, the game is played: the page is the same at every press
    while every shuffled card is face down."""
    modules = (OLD_SALOON | UNDEAD) - {GHOST, ZOMBIES}
    tables = []
    for name in ("first", "second"):
        config = TableConfig(seats=6, roles="dealt", modules=modules, state_dir=tmp_path / name)
        session = TableSession(config, seed=5)
        session.start()
        tables.append(session)
    first, second = tables
    at = 0.0

    def press(button: str, kind: str = "press") -> None:
        nonlocal at
        at += 1.0
        first.handle(button, kind, at)
        second.handle(button, kind, at)
        assert text(public_state(first)) == text(public_state(second)), (button, kind)

    for button in [*(f"SEAT{n}" for n in range(1, 7)), "DONE", "ROLL"]:
        press(button)
    assert first.setup is not None and second.setup is not None
    roles = second.setup.roles  # dealt: the second table's (but the Sheriff's) shuffled
    hidden = [s for s, r in roles.items() if r is not Role.SHERIFF]
    cards = [roles[s] for s in hidden]
    for seat, card in zip(hidden, cards[1:] + cards[:1], strict=True):
        roles[seat] = card
    differ = [s for s in hidden if roles[s] != first.setup.roles[s]]
    for seat in differ:  # each peeks at its card: its menu shows it, the page does not
        press(f"SEAT{seat}", "hold")
        assert first.view() != second.view()
        press(f"SEAT{seat}", "hold")
    press("ROLL")  # characters dealt
    press("DONE")  # the game starts
    assert first.play is not None and second.play is not None
    rng, compared = random.Random(5), 0
    while not first.play.game.over and compared < PRESSES:
        buttons = next_buttons(first, rng)
        for button in buttons:
            at += 1.0
            first.handle(button, "press", at)
            second.handle(button, "press", at)
        cards = [first.play.game.players[first.play.seats.index(s)] for s in differ]
        if any(p.revealed or holding(p).special_shown for p in cards):
            break  # a shuffled card is face up now: the twins may differ from here
        assert text(public_state(first)) == text(public_state(second)), buttons
        compared += 1
    assert compared > 10
    assert first.play.game.setup.roles != second.play.game.setup.roles
