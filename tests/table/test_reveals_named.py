"""Special roles: the console names exactly the cards that may be revealed now and that can be
in play, by what the table knows (the player count and its role mix, the cards shown), in the
order the rulebook resolves them; never by a dealt card."""

from __future__ import annotations

import random

import pytest

from companion.engine import SPECIAL_ROLES, RevealSpecial
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.table import TableConfig, TableSession
from companion.table.labels import CARD_EFFECTS
from companion.table.prompts import menu_note

from .driver import next_buttons


def at_second_turn(players: int, roles: str, seed: int = 1) -> TableSession:
    """A game with special roles, played by random presses to the start of the second turn."""
    config = TableConfig(seats=players, roles=roles, modules=frozenset({SPECIAL_ROLES_ID}))
    session = TableSession(config, seed=seed)
    session.start()
    clock = iter(range(1, 10_000))
    sheriff = ["ROLL"] if roles == "dealt" else ["SEAT1"]
    joins = [f"SEAT{n}" for n in range(1, players + 1)]
    for button in [*joins, "DONE", *sheriff, "ROLL", "DONE"]:
        session.handle(button, "press", float(next(clock)))
    play = session.play
    assert play is not None
    first, rng = play.game.turn, random.Random(seed)
    while play.game.turn == first and not play.game.over:
        for button in next_buttons(session, rng):
            session.handle(button, "press", float(next(clock)))
    return session


@pytest.mark.parametrize("roles", ["physical", "dealt"])
def test_four_players_have_no_deputy_so_the_good_is_never_named(roles: str) -> None:
    """Issue 23: "The Good is named in a 4-player game that has no Deputy"."""
    session = at_second_turn(4, roles)
    game = session.play.game
    assert game.pending is not None and game.turn_number == 2
    aside = session.view().console.aside
    assert "The Good" not in aside
    assert "The Ugly" in aside  # an Outlaw may hold it: the start of a hidden seat's turn


@pytest.mark.parametrize("roles", ["physical", "dealt"])
def test_with_a_deputy_the_good_comes_before_the_ugly_as_the_rulebook_lists_them(
    roles: str,
) -> None:
    """Both are revealed at the start of one's own turn; a dealt card never narrows the list
    (the table does not know who holds what)."""
    session = at_second_turn(5, roles)
    aside = session.view().console.aside
    assert aside.startswith("Reveal: The Good, The Ugly"), aside


def test_a_seats_menu_says_each_card_by_its_title_and_what_it_does() -> None:
    """Issue 23: The Ugly's menu said "swap two arrows"; the card exchanges the arrows held by
    any two players."""
    assert set(CARD_EFFECTS) == set(SPECIAL_ROLES)  # every card has its words
    reveals = [RevealSpecial(1, 0, "the_ugly"), RevealSpecial(1, 0, "the_good")]
    assert menu_note(reveals) == (
        "DIE1 The Ugly: swap all arrows of two players; DIE2 The Good: become the Sheriff"
    )
