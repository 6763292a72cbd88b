"""The configuration hands seats to the box and sets its pause and its player; each key is
checked by its own validator and a bad value is one line naming the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import load
from companion.table import TableConfig, TableSession

from .test_config import refusal, write


def test_the_boxs_seats_pause_and_player_reach_the_table(tmp_path: Path) -> None:
    text = '[game]\nseats = 5\nbots = [4, 2]\nbot_pause = 0.5\nbot_player = "random"\n'
    table = load(write(tmp_path, text)).table
    assert (table.bots, table.bot_pause, table.bot_player) == ((2, 4), 0.5, "random")


def test_each_seat_of_the_box_may_have_its_own_player(tmp_path: Path) -> None:
    """A table of seats and players: the seats it names are the box's, with those players."""
    text = '[game]\nseats = 5\nbots = { 4 = "random", 2 = "rules" }\n'
    table = load(write(tmp_path, text)).table
    assert table.bots == (2, 4)
    assert (table.player_for(2), table.player_for(4)) == ("rules", "random")
    assert table.player_for(3) == "rules"  # a seat held at set-up: bot_player's


def test_by_default_the_box_plays_no_seat_pauses_a_second_and_plays_by_rules(
    tmp_path: Path,
) -> None:
    table = load(write(tmp_path, "[game]\nseats = 5\n")).table
    assert (table.bots, table.bot_pause, table.bot_player) == ((), 1.0, "rules")


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("bots = [6]", "game.bots: seat 6, but the table has 5 seats: expected 1 to 5"),
        ("bots = [9]", "game.bots: seat 9: expected seat numbers from 1 to 8"),
        ("bots = [0]", "game.bots: seat 0: expected seat numbers from 1 to 8"),
        ('bots = ["three"]', "game.bots: expected a list of seat numbers such as [3], or seats"),
        (
            "bots = 3",
            "game.bots: expected a list of seat numbers such as [3], "
            'or seats and players such as { 3 = "random" }, got 3',
        ),
        ("bots = [true]", "game.bots: expected a list of seat numbers such as [3], or seats"),
        ('bots = { three = "rules" }', "game.bots.three: expected a seat number from 1 to 8 as"),
        ('bots = { 9 = "rules" }', "game.bots.9: expected a seat number from 1 to 8 as the key"),
        ('bots = { 6 = "rules" }', "game.bots: seat 6, but the table has 5 seats: expected 1 to 5"),
        ('bots = { 3 = "genius" }', 'game.bots.3: expected "random" or "rules", got \'genius\''),
        ("bots = { 3 = 1 }", 'game.bots.3: expected "random" or "rules", got 1'),
        ('bots = { 3 = "mc" }', 'game.bots.3: the "mc" player was removed (docs/bots.md): use'),
        ("bots = [2, 2]", "game.bots: [2, 2] names a seat twice: expected each seat once"),
        ("bots = [1, 2, 3, 4, 5]", "game.bots: every seat of 5 is the box's: leave at least one"),
        ("bot_pause = -1", "game.bot_pause: expected seconds from 0 to 10, got -1"),
        ("bot_pause = 11", "game.bot_pause: expected seconds from 0 to 10, got 11"),
        ('bot_pause = "slow"', "game.bot_pause: expected seconds from 0 to 10, got 'slow'"),
        ("bot_pause = true", "game.bot_pause: expected seconds from 0 to 10, got True"),
        ('bot_player = "genius"', 'game.bot_player: expected "random" or "rules", got'),
        ("bot_player = 1", 'game.bot_player: expected "random" or "rules", got 1'),
        ('bot_player = "mc"', 'game.bot_player: the "mc" player was removed (docs/bots.md): use'),
        ('bot_player = ["mc"]', 'game.bot_player: expected "random" or "rules", got [\'mc\']'),
    ],
)
def test_a_bad_box_setting_names_the_key_and_what_was_expected(
    tmp_path: Path, line: str, says: str
) -> None:
    path = write(tmp_path, f"[game]\nseats = 5\n{line}\n")
    message = refusal(path)
    assert message.startswith(f"{path}: {says}"), message
    assert "\n" not in message


def test_a_seat_from_the_configuration_starts_every_set_up_as_the_boxs(tmp_path: Path) -> None:
    session = TableSession(TableConfig(seats=4, bots=(2,), state_dir=tmp_path), seed=1)
    session.start()
    assert session.setup is not None
    assert (session.setup.joined, session.setup.bots) == ([2], [2])
    assert session.view().seats[1].bot and session.view().seats[1].note == "the box plays"


def test_a_seat_named_with_its_player_is_played_by_it_and_a_held_seat_by_bot_player(
    tmp_path: Path,
) -> None:
    """``bots = { 2 = "rules" }`` with ``bot_player = "random"``: seat 2 plays by the rules, a
    seat held at set-up randomly, and the game's journal says so."""
    config = TableConfig(
        seats=4, bots=(2,), bot_players={2: "rules"}, bot_player="random", state_dir=tmp_path
    )
    session = TableSession(config, seed=1)
    session.start()
    for at, (button, kind) in enumerate(
        [("SEAT1", "press"), ("SEAT3", "hold"), ("SEAT4", "press"), ("DONE", "press")]
        + [("ROLL", "press"), ("ROLL", "press"), ("DONE", "press")],
        start=1,
    ):
        session.handle(button, kind, float(at))
        assert session.flash is None, f"{button}: {session.flash}"
    assert session.play is not None
    assert session.play.bots == {2: "rules", 3: "random"}
    session.close()
    resumed = TableSession(config)
    resumed.start()
    assert resumed.play is not None and resumed.play.bots == {2: "rules", 3: "random"}
    resumed.close()
