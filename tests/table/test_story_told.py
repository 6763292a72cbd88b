"""Issue 23: every event the rules make on their own is said in the console's line and kept in
the history; a reveal (Old Saloon 3) takes back from the history what it undid."""

from __future__ import annotations

from companion.engine import Game, position
from companion.table import TableConfig, TableSession
from companion.table.play import TablePlay
from tests.engine.helpers import make_game
from tests.engine.roles_helpers import roles_game

UOA = ("undead_or_alive.1", "undead_or_alive.2")
LEFT_HAND = ["the_bear", "the_doc", "the_bad", "the_left_hand", "the_gambler"]


class Table:
    """A session around ``game``, seats 1.. in engine order; presses a second apart."""

    def __init__(self, game: Game) -> None:
        self.session = TableSession(TableConfig(seats=len(game.players)))
        self.session.start()
        self.session.begin_play(TablePlay(game, list(range(1, len(game.players) + 1))))
        self.now = 0.0

    def press(self, *buttons: str, kind: str = "press") -> None:
        for button in buttons:
            self.now += 1.0
            self.session.handle(button, kind, self.now)
            assert self.session.flash is None, self.session.flash

    def line(self) -> str:
        return self.session.view().console.story

    def pages(self) -> list[str]:
        return self.session.history.lines


def test_a_wound_token_cancelling_a_bullseye_2_is_said() -> None:
    game = make_game(
        ["paul_regret", "jesse_jones", "lucky_duke", "black_jack", "willy_the_kid"],
        faces=["bullseye2", "dynamite", "dynamite", "gatling", "gatling"],
        modules=UOA,
    )
    game = position(game, players={0: {"wounds": ["bullseye2"]}})
    table = Table(game)
    table.press("ROLL", "DONE")
    assert "1's Wound token cancels 1 Bull's Eye 2" in table.line()
    assert "Wound token cancels 1 Bull's Eye 2" in table.pages()[-1]


def test_a_beer_given_to_a_seat_at_full_life_is_said() -> None:
    game = make_game(
        ["paul_regret", "jesse_jones", "lucky_duke", "black_jack", "willy_the_kid"],
        faces=["beer", "dynamite", "dynamite", "gatling", "gatling"],
    )
    table = Table(game)
    table.press("ROLL", "DONE", "SEAT2")
    assert "Beer at full life 2" in table.line()
    assert table.pages() == [
        "Turn 1, seat 1: Beer, Dynamite x2, Gatling x2. Beer at full life 2; seat 2's turn"
    ]


def test_a_left_hand_save_is_told_once_and_the_elimination_it_undid_leaves_the_history() -> None:
    """The Indians hit every seat, seat 2 about to be out; The Left Hand (seat 4) saves him.
    The reveal's line says the save, not every seat's loss again; the history has the attack
    once, the reveal, and no "seat 2 OUT"."""
    game = roles_game(LEFT_HAND, faces=("arrow", "dynamite", "dynamite", "gatling", "gatling"))
    arrows = {0: {"arrows": 2}, 2: {"arrows": 3}, 3: {"arrows": 1}, 4: {"arrows": 1}}
    game = position(game, players={**arrows, 1: {"life": 1, "arrows": 1}}, pile=1)
    table = Table(game)
    table.press("ROLL")
    assert "seat 2 OUT" in table.line()
    table.press("SEAT4", kind="hold")
    table.press("DIE1")
    assert table.line() == "4 reveals The Left Hand of the Devil; The Left Hand saves 2; " + (
        "The Left Hand of the Devil 2: +1"
    )
    table.press("DONE")  # seat 2 keeps his arrows: the attack goes on, said once already
    assert "Indians!" not in table.line() and "-3" not in table.line()
    (page,) = table.pages()
    assert page.count("Indians! 1: -3, 3: -1, 4: -1, 5: -1") == 1 and "OUT" not in page
    assert "The Left Hand saves 2" in page
    table.press("UNDO")
    # UNDO takes the reveal back, and the history is again as before it.
    table.press("UNDO")
    assert "seat 2 OUT" in table.pages()[-1]


def test_a_boneyard_card_drawn_for_the_eliminated_is_said() -> None:
    game = make_game(
        ["paul_regret", "jesse_jones", "lucky_duke", "black_jack", "willy_the_kid"],
        faces=["bullseye1", "dynamite", "dynamite", "gatling", "gatling"],
        modules=("undead_or_alive.4",),
    )
    game = position(game, players={1: {"life": 1}})
    table = Table(game)
    table.press("ROLL", "DONE", "SEAT2")
    assert "2's Boneyard card: " in table.line()
    assert "2's Boneyard card: " in table.pages()[-1]


def test_a_game_of_twelve_turns_is_twelve_pages_newest_first() -> None:
    game = make_game(
        ["paul_regret", "jesse_jones", "lucky_duke", "black_jack", "willy_the_kid"],
        faces=["dynamite", "dynamite", "gatling", "gatling", "arrow"] * 12,
    )
    table = Table(game)
    for _ in range(12):
        table.press("ROLL", "DONE")
    pages = table.pages()
    assert len(pages) == 12
    assert pages[0].startswith("Turn 1, seat 1: Dynamite x2, Gatling x2, Arrow. Arrows 1: +1")
    table.press("DONE", kind="hold")
    assert table.session.view().console.prompt.startswith("Turn 12, seat 2: ")  # the newest


def test_the_bads_reveal_takes_the_beer_it_cancelled_out_of_the_history() -> None:
    game = roles_game(LEFT_HAND, faces=("beer", "dynamite", "dynamite", "gatling", "gatling"))
    game = position(game, players={0: {"life": 5}})
    table = Table(game)
    table.press("ROLL", "DONE", "SEAT1")
    assert table.pages() == [
        "Turn 1, seat 1: Beer, Dynamite x2, Gatling x2. Beer 1: +1; seat 2's turn"
    ]
    table.press("SEAT3", kind="hold")
    table.press("DIE1")
    assert table.line() == "3 reveals The Bad; The Bad: 1 does not gain 1"
    assert table.pages() == [
        "Turn 1, seat 1: Beer, Dynamite x2, Gatling x2. 3 reveals The Bad; "
        "The Bad: 1 does not gain 1; seat 2's turn"
    ]
