"""Set-up in a minute: what entering the characters costs in presses, measured by entering
every character at every seat, and a whole 8-player set-up by presses."""

from __future__ import annotations

import random
from statistics import mean

import pytest

from companion.engine import Role
from companion.table import TableConfig, TableSession
from companion.table.setup_flow import SetupFlow, character_order

from .driver import presses_to_pick

CHARACTER_ORDER = character_order(frozenset())  # the base game's sixteen

# The characters of Old Saloon (module 4) and Undead or Alive (rulebook.txt): with the base
# game's sixteen, the 32 names a table with every expansion picks from.
EXPANSIONS = (
    "jose_delgado",
    "tequila_joe",
    "apache_kid",
    "bill_noface",
    "elena_fuente",
    "vera_custer",
    "doc_holyday",
    "molly_stark",
    "belle_star",
    "chuck_wengam",
    "greg_digger",
    "herb_hunter",
    "pat_brennan",
    "pixie_pete",
    "sam_the_healer",
    "sean_mallory",
)
ALL_32 = tuple(sorted(CHARACTER_ORDER + EXPANSIONS))


def at_characters(names: tuple[str, ...], seats: int = 8) -> SetupFlow:
    """A set-up whose seats 1..seats joined and whose Sheriff is seat 1: characters next."""
    flow = SetupFlow(seats=8, names=names)
    for button in [f"SEAT{n}" for n in range(1, seats + 1)] + ["DONE", "SEAT1"]:
        flow.press(button)
    assert flow.stage == "characters"
    return flow


def entry_costs(names: tuple[str, ...]) -> list[int]:
    """Presses to enter each character at each seat, the seats before it having picked."""
    costs = []
    for seat in range(1, 9):
        for name in names:
            flow = at_characters(names)
            for earlier in range(1, seat):
                other = next(n for n in flow.shown() if n != name)
                flow.press(f"DIE{flow.shown().index(other) + 1}")
                assert flow.characters[earlier] == other
            presses = presses_to_pick(flow, seat, name)
            for button in presses[:-1]:
                flow.press(button)
            # The last press (a DIE) would pick it; seat 8's would start the game.
            assert flow.picker == seat and flow.shown()[int(presses[-1][3:]) - 1] == name
            costs.append(len(presses))
    return costs


def test_a_base_game_character_costs_at_most_three_presses_on_average() -> None:
    costs = entry_costs(CHARACTER_ORDER)
    assert len(costs) == 8 * 16
    assert mean(costs) <= 3
    assert max(costs) <= 2  # one DIE, at most one page turn: SEAT the next, DONE the one before


def test_with_all_32_characters_it_costs_at_most_four_on_average() -> None:
    costs = entry_costs(ALL_32)
    assert len(costs) == 8 * 32
    assert mean(costs) <= 4


def test_a_seat_out_of_turn_presses_its_button_first() -> None:
    flow = at_characters(CHARACTER_ORDER)
    assert flow.picker == 1
    flow.press("SEAT4")
    assert flow.picker == 4 and flow.page == 0
    flow.press("SEAT4")
    assert flow.page == 1
    flow.press("DIE1")
    assert flow.characters == {4: CHARACTER_ORDER[6]}
    assert flow.picker == 5  # the next seat clockwise still without a character


@pytest.mark.parametrize("deal", range(40))
def test_an_eight_player_set_up_by_presses_takes_at_most_26(deal: int) -> None:
    """Issue 23's bound: 8 joins, DONE, the Sheriff, and 8 characters picked."""
    session = TableSession(TableConfig(seats=8), seed=deal)
    session.start()
    characters = random.Random(deal).sample(CHARACTER_ORDER, 8)
    sheriff = random.Random(deal).randrange(1, 9)
    presses = [f"SEAT{n}" for n in range(1, 9)] + ["DONE", f"SEAT{sheriff}"]
    for at, button in enumerate(presses, start=1):
        session.handle(button, "press", float(at))
    for seat, name in enumerate(characters, start=1):
        for button in presses_to_pick(session.setup, seat, name):
            presses.append(button)
            session.handle(button, "press", float(len(presses)))
            assert session.flash is None, session.flash
    game = session.play.game
    assert [p.character for p in game.players] == characters
    assert game.players[sheriff - 1].role is Role.SHERIFF
    assert len(presses) <= 26


def test_an_eight_player_set_up_with_characters_dealt_takes_12_presses() -> None:
    session = TableSession(TableConfig(seats=8), seed=3)
    session.start()
    presses = [*(f"SEAT{n}" for n in range(1, 9)), "DONE", "SEAT4", "ROLL", "DONE"]
    for at, button in enumerate(presses, start=1):
        session.handle(button, "press", float(at))
        assert session.refused is None, session.refused
    assert session.play is not None and len(presses) == 12


def test_done_shows_the_page_before_while_a_seat_picks() -> None:
    flow = at_characters(CHARACTER_ORDER)
    flow.press("DONE")  # from the first page round to the last
    assert flow.page == 2 and flow.prompt() == "Seat 1: DIE picks, SEAT1 next, DONE back (3/3)"
    flow.press("DIE1")
    assert flow.characters == {1: CHARACTER_ORDER[12]}
