"""Fixes found by playing as a new user: the reveal screen, Sid's gift with nobody to gain, a
press too soon after the last, a resumed game bigger than the table."""

from __future__ import annotations

from pathlib import Path

from benchmarks.campaign import module_sets
from companion.engine import DecisionKind, GameSetup, position
from companion.panels import draw_seat
from companion.table import TableConfig, TableSession
from companion.table.play import TablePlay
from tests.engine.helpers import make_game
from tests.table.table_scan import scan_game

FIVE = ("jesse_jones", "suzy_lafayette", "lucky_duke", "willy_the_kid", "black_jack")


def test_the_reveal_screen_tells_the_seat_the_presses_that_work() -> None:
    session = TableSession(TableConfig(seats=5))
    session.start()
    game = make_game(FIVE, sheriff=0, faces=["bullseye1", "dynamite", "gatling", "beer", "arrow"])
    game = position(game, players={1: {"life": 1}})
    session.begin_play(TablePlay(game, [1, 2, 3, 4, 5]))
    for at, button in enumerate(["ROLL", "DONE", "SEAT2"], start=1):
        session.handle(button, "press", float(at))
    assert session.play.game.pending.kind is DecisionKind.REVEAL_ROLE
    view = session.view()
    seat, console = view.seats[1], view.console
    assert not seat.asked and not seat.answer  # no "YES? press me" on the seat
    # The console lists the role cards one per DIE button; the seat's note says the same.
    assert console.prompt == "Seat 2: which role? press its DIE"
    legend = " ".join(choice.replace(" ", ":", 1) for choice in console.choices)
    assert legend.startswith("1:") and seat.note.endswith(legend)
    draw_seat(seat)  # the panel draws the legend
    session.handle("SEAT2", "press", 10.0)
    assert session.flash is not None  # the seat's own press is not what it is told to make
    session.handle("DIE1", "press", 11.0)
    assert session.flash is None
    assert session.play.game.players[1].revealed


def test_sid_ketchum_gives_no_life_by_hand_when_everyone_is_at_full_life() -> None:
    setup = GameSetup(("sid_ketchum", *FIVE[:3]), sheriff=0, seed=1)
    play = TablePlay.new(setup, [1, 2, 3, 4], None)
    assert play.game.pending.kind is DecisionKind.ROLL  # no seat press was asked for
    assert [p.life for p in play.game.players] == [10, 9, 8, 8]


def test_sid_ketchum_still_chooses_when_someone_can_gain() -> None:
    game = make_game(("sid_ketchum", *FIVE[:3]), faces=[])
    play = TablePlay(game, [1, 2, 3, 4])
    assert game.pending.kind is DecisionKind.GIFT_LIFE
    game.players[2].life -= 1
    assert not play._nobody_can_gain(game.pending)
    play.press("SEAT3")
    assert game.players[2].life == game.players[2].max_life
    assert not play.taken[-1].auto  # the table asked, Sid's seat answered


def test_a_press_too_soon_after_the_last_is_ignored_with_a_sign() -> None:
    session = TableSession(TableConfig(seats=5))
    session.start()
    session.handle("SEAT1", "press", 10.0)
    session.handle("SEAT1", "press", 10.05)
    assert session.setup.joined == [1]
    assert "SEAT1 twice within 0.15 s" in session.view().console.flash
    session.handle("SEAT2", "press", 10.06)  # another button is never a bounce
    assert session.setup.joined == [1, 2] and session.flash is None


def test_a_resumed_game_shows_all_its_seats_on_a_smaller_table(tmp_path: Path) -> None:
    session = TableSession(TableConfig(seats=8, state_dir=tmp_path), seed=2)
    session.start()
    presses = [f"SEAT{n}" for n in range(1, 9)] + ["DONE", "SEAT1"] + ["DIE1"] * 8
    for at, button in enumerate(presses, start=1):
        session.handle(button, "press", float(at))
    assert session.play is not None
    session.close()
    smaller = TableSession(TableConfig(seats=6, state_dir=tmp_path))
    smaller.start()
    seats = smaller.view().seats
    assert len(seats) == 8 and all(s.playing for s in seats)


def test_a_gambler_revealed_into_a_loudmouths_six_dice_after_the_next_turn_began_plays_on() -> None:
    """The Gambler re-rolls the six dice of the Loudmouth's roll at his moment, not the five of
    the turn that began since (the table once drew five faces for six dice and the game
    stopped): the game found by the every-module-set scan plays to its end of scan."""
    key = "old_saloon.1+old_saloon.3:mixed+old_saloon.4+undead_or_alive.4+undead_or_alive.5"
    (chosen,) = [m for m in module_sets() if m.key == key]
    found = scan_game(chosen, 1)
    assert found.games == 1 and not found.cut and not found.misnamed
