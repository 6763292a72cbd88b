"""The table tells its story: after a press, the console says in one line what the rules did on
their own, each seat that changed shows how, hits to come show on their targets, and holding
DONE pages back through the game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from companion.engine import NoLegalAnswer
from companion.table import TableConfig, TableSession
from companion.table.play import TablePlay
from companion.table.story import tell
from tests.engine.helpers import make_game

from .driver import CHARACTERS_5, SETUP_5, next_buttons

FIVE = ("jesse_jones", "suzy_lafayette", "lucky_duke", "willy_the_kid", "black_jack")


class Table:
    """A session around a game with scripted dice; presses a second apart."""

    def __init__(self, characters: Sequence[str], faces: Sequence[str]) -> None:
        self.session = TableSession(TableConfig(seats=len(characters)))
        self.session.start()
        self.game = make_game(characters, faces=faces)
        self.session.begin_play(TablePlay(self.game, list(range(1, len(characters) + 1))))
        self.now = 0.0

    def press(self, *buttons: str, kind: str = "press") -> None:
        for button in buttons:
            self.now += 1.0
            self.session.handle(button, kind, self.now)
            assert self.session.flash is None, self.session.flash

    def hold(self, button: str) -> None:
        self.press(button, kind="hold")

    @property
    def game_now(self):
        return self.session.play.game

    def line(self) -> str:
        return self.session.view().console.story

    def changes(self) -> dict[int, str]:
        return {s.number: s.change for s in self.session.view().seats if s.change}


def test_an_indian_attack_is_told_in_one_line_and_on_every_seat_it_hit() -> None:
    table = Table(FIVE, ["arrow", "beer", "beer", "dynamite", "gatling"])
    game = table.game_now
    game.pile, game.players[0].arrows, game.players[2].arrows = 1, 1, 1
    table.press("ROLL")
    assert table.line() == "Arrows 1: +1; Indians! 1: -2, 3: -1; arrows back"
    assert table.changes() == {1: "-2 -arrow", 3: "-1 -arrow"}
    # The marks last until the next press, which has its own story (none: a die marked).
    table.press("DIE2")
    assert table.line() == "" and table.changes() == {}


def test_the_gatling_gun_is_told_and_each_seat_shows_its_loss() -> None:
    table = Table(FIVE, ["gatling", "gatling", "gatling", "dynamite", "arrow"])
    table.press("ROLL", "DONE")
    assert table.line() == ("Gatling! 2: -1, 3: -1, 4: -1, 5: -1; 1 drops 1 arrow; seat 2's turn")
    assert table.changes() == {1: "-arrow", 2: "-1", 3: "-1", 4: "-1", 5: "-1"}


def test_three_dynamite_are_told_and_the_roller_shows_the_loss() -> None:
    table = Table(FIVE, ["dynamite", "dynamite", "dynamite", "gatling", "arrow"])
    table.press("ROLL")
    assert table.line() == "Arrows 1: +1; 3 Dynamite! 1: -1; seat 2's turn"
    assert table.changes() == {1: "-1 +arrow"}


def test_an_automatic_bulls_eye_names_its_only_target() -> None:
    # Four players: Bull's Eye 2 reaches only the seat opposite.
    four = FIVE[:4]
    table = Table(four, ["bullseye2", "dynamite", "dynamite", "gatling", "beer"])
    table.press("ROLL", "DONE")
    # Bull's Eyes resolve before the Beer, whose target is the next question.
    assert table.line() == "Bull's Eye 2 to 3, the only choice; Shot 3: -1"
    assert table.changes() == {3: "-1"}


def test_hits_assigned_show_on_their_targets_before_they_resolve() -> None:
    table = Table(FIVE, ["bullseye1", "bullseye1", "dynamite", "gatling", "arrow"])
    table.press("ROLL", "DONE", "SEAT2")
    assert table.changes() == {2: "hit x1"}
    table.press("SEAT2")
    assert table.line() == "Shot 2: -2; seat 2's turn"
    assert table.changes() == {2: "-2"}


def test_beers_given_show_on_their_seats_before_they_are_drunk() -> None:
    table = Table(FIVE, ["beer", "beer", "dynamite", "gatling", "arrow"])
    table.game_now.players[2].life -= 2
    table.press("ROLL", "DONE", "SEAT3")
    assert table.changes() == {3: "beer x1"}
    table.press("SEAT3")
    assert table.line() == "Beer 3: +2; seat 2's turn"
    assert table.changes() == {3: "+2"}


def test_holding_done_pages_back_through_the_game_a_turn_a_page() -> None:
    """Issue 23: a page a turn, newest first: its number, whose, the dice kept, its events
    (with no console to measure it by, a turn is one page; tests/panels pages a long one)."""
    table = Table(
        FIVE,
        ["dynamite", "dynamite", "dynamite", "gatling", "arrow"]
        + ["gatling", "gatling", "gatling", "dynamite", "arrow"]
        + ["beer", "beer", "beer", "beer", "beer"],
    )
    table.press("ROLL")  # three Dynamite: the turn passes to seat 2
    table.press("ROLL", "DONE")  # seat 2's Gatling Gun
    newest = table.line()
    table.hold("DONE")
    console = table.session.view().console
    assert console.title == "What happened"
    turn2 = "Turn 2, seat 2: Gatling x3, Dynamite, Arrow. Arrows 2: +1; "
    assert console.prompt.startswith(f"{turn2}{newest}")
    table.press("DONE")
    turn1 = "Turn 1, seat 1: Dynamite x3, Gatling, Arrow. Arrows 1: +1; 3 Dynamite! 1: -1"
    assert table.session.view().console.prompt.startswith(turn1)
    table.press("DONE")  # past the oldest: back to the game
    assert table.session.view().console.title.startswith("Turn 3")
    # Another button leaves the history and does nothing else (issue 35: it counted as a press).
    table.hold("DONE")
    table.press("ROLL")
    assert table.session.view().console.title.startswith("Turn 3")
    assert table.game_now.roll_count == 2
    table.press("ROLL")
    assert table.game_now.roll_count == 3


def test_an_undo_takes_its_lines_out_of_the_history() -> None:
    table = Table(FIVE, ["dynamite", "dynamite", "dynamite", "gatling", "arrow"])
    table.press("ROLL")
    assert len(table.session.history.lines) == 1
    table.press("UNDO")
    assert table.session.history.lines == []
    assert table.changes() == {1: "+1 -arrow"}  # the undo gave back what the roll took


def test_a_resumed_game_still_tells_what_happened(tmp_path: Path) -> None:
    """After a power cut the last press's line and marks are back, and holding DONE pages
    through the whole game as before."""
    session = TableSession(TableConfig(seats=5, state_dir=tmp_path), seed=3)
    session.start()
    rng = random.Random(4)
    presses = [*SETUP_5, *CHARACTERS_5]
    for at, button in enumerate(presses, start=1):
        session.handle(button, "press", float(at))
    at = len(presses)
    while len(session.history.lines) < 6 and not session.play.game.over:
        for button in next_buttons(session, rng):
            at += 1
            session.handle(button, "press", float(at))
    session.close()
    again = TableSession(TableConfig(seats=5, state_dir=tmp_path))
    again.start()
    assert again.history.lines == session.history.lines
    assert (again.story, again.marks) == (session.story, session.marks)


def test_a_question_skipped_for_want_of_an_answer_is_told() -> None:
    """The engine skips a decision no answer fits (``no_legal_answer``): the line says whose
    question it was and why nobody was asked."""
    line = tell([NoLegalAnswer(2, "rage_to")], seats=[1, 2, 3, 4])
    assert line == "seat 3 not asked who gets the Rage card: no answer fits"
