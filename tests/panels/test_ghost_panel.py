"""Old Saloon 5 on the panels: the Ghost's seat says GHOST and what it gave; the token's holder
says so (the words come from the module's ``table.ghost_note``)."""

from __future__ import annotations

from companion.engine import Game, GameSetup, Role, ScriptedDice, position
from companion.modules.ghost.table import ghost_note
from companion.panels import draw_seat
from companion.table.view import SeatView


def test_the_ghosts_seat_and_the_token_holders_seat_say_so() -> None:
    setup = GameSetup(
        characters=("paul_regret", "jourdonnais", "black_jack", "lucky_duke", "calamity_janet"),
        roles=tuple(Role(r) for r in ("sheriff", "renegade", "outlaw", "outlaw", "deputy")),
        modules=frozenset({"old_saloon.5"}),
    )
    game = Game(setup, ScriptedDice([]))
    game = position(game, players={1: {"ghost": True, "alive": False, "life": 0}})
    assert ghost_note(game, 1, [1, 2, 3, 4, 5]) == "GHOST"
    # Given to a seat whose turn is to come (its holder's turn starts with the dice set).
    game = position(game, ghost_token=[2, "arrow", 2])
    assert ghost_note(game, 1, [1, 2, 3, 4, 5]) == "GHOST, gave seat 3 2x arrow"
    assert ghost_note(game, 2, [1, 2, 3, 4, 5]) == "Ghost token: 2x arrow"
    assert ghost_note(game, 0, [1, 2, 3, 4, 5]) == ""
    dead = SeatView(number=2, playing=True, name="Jourdonnais", max_life=7, alive=False)
    ghost = SeatView(
        number=2, playing=True, name="Jourdonnais", max_life=7, alive=False, note="GHOST"
    )
    assert draw_seat(ghost).tobytes() != draw_seat(dead).tobytes()
