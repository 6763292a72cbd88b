"""Twin tables for the public page's tests: two sessions whose games differ only in what no
player may see (the role and special role cards that stay face down), played by the same
presses, seats opening their menus (a menu shows that seat its own card) now and then."""

from __future__ import annotations

import random
from collections.abc import Iterator

from companion.engine import Game, GameSetup, Module, deal
from companion.modules.special_roles.dealing import SpecialsSetup
from companion.modules.special_roles.rules import holding
from companion.table import TableConfig, TableSession
from companion.table.play import TablePlay
from tests.table.driver import next_buttons
from tests.test_what_a_seat_sees import permuted

Press = tuple[str, str]  # button, kind


def session_of(setup: GameSetup) -> TableSession:
    seats = list(range(1, setup.players + 1))
    return TableSession(TableConfig(seats=setup.players), play=TablePlay(Game(setup), seats))


def recorded(setup: GameSetup, seed: int, limit: int) -> tuple[list[list[Press]], list[int]]:
    """Up to ``limit`` presses of random legal play, grouped by action, stopping before the
    action that ends the game (the end shows every card); and the seats whose cards stayed
    face down throughout."""
    session, rng = session_of(setup), random.Random(seed)
    groups: list[list[Press]] = []
    at = 0.0
    play = session.play
    assert play is not None
    hidden = _face_down(play.game)
    while sum(map(len, groups)) < limit:
        play = session.play
        assert play is not None
        if rng.random() < 0.15:
            seat = f"SEAT{rng.choice(play.seats)}"
            group = [(seat, "hold"), (seat, "hold")]  # its menu opens, then closes
        else:
            group = [(button, "press") for button in next_buttons(session, rng)]
        for button, kind in group:
            at += 1.0
            session.handle(button, kind, at)
        if play.game.over:  # the table turns every card up: the twins part here
            break
        groups.append(group)
        hidden = _face_down(play.game)
    return groups, [s for s in hidden if s != setup.sheriff_seat()]


def _face_down(game: Game) -> list[int]:
    return [p.seat for p in game.players if not p.revealed and not holding(p).special_shown]


def twin_tables(
    modules: frozenset[Module], players: int, seed: int, limit: int
) -> tuple[TableSession, TableSession, list[Press]]:
    """Two tables, roles dealt by the box, the second with the cards of the seats that stay
    face down shuffled among them; the presses both will take. The first seed from ``seed``
    on whose game leaves two different cards face down (alike ones make no twin)."""
    for tried in range(seed, seed + 50):
        setup = deal(players, tried, roles_known=True, modules=modules)
        groups, hidden = recorded(setup, tried, limit)
        for attempt in range(10):  # a shuffle may leave every card where it was
            twin = permuted(setup, hidden, random.Random(tried + attempt))
            if twin.roles != setup.roles or SpecialsSetup.of(twin) != SpecialsSetup.of(setup):
                return session_of(setup), session_of(twin), [p for g in groups for p in g]
    raise AssertionError(f"no game from seed {seed} on leaves two different cards face down")


def both(first: TableSession, second: TableSession, presses: list[Press]) -> Iterator[Press]:
    """Press both tables alike, one second apart; yields each press once both took it."""
    for n, (button, kind) in enumerate(presses, start=1):
        first.handle(button, kind, float(n))
        second.handle(button, kind, float(n))
        yield button, kind
