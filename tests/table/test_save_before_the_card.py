"""Old Saloon 3 with physical cards: "THE LEFT HAND OF THE DEVIL – Reveal this card when any
player is about to be eliminated. That player stays in the game with 2 life points" (rulebook,
Module 3), and a player shows the role card once eliminated. So the table offers the save
first, and asks the dying seat's card only when nobody saves (issue 23: the dying seat was asked
which card is face up before it was offered the save)."""

from __future__ import annotations

from companion.engine import DecisionKind, Game, position
from companion.modules.special_roles.rules import holding
from companion.panels.console import WIDTHS, shows_whole
from companion.table import TableConfig, TableSession
from companion.table.play import TablePlay
from tests.engine.roles_helpers import QUIET, roles_game

LEFT_HAND = ["the_bear", "the_doc", "the_bad", "the_left_hand", "the_gambler"]
INDIANS = ("arrow", "dynamite", "dynamite", "gatling", "gatling")
SAVE = "Save seat 2 with The Left Hand? DONE: no"


def dying_seat_2(known: bool = False) -> Game:
    """Seat 1 rolls the arrow that brings the Indians; seat 2, at 1 life, is about to be out.
    ``known`` False: the role cards are physical (the table knows the Sheriff's only)."""
    game = roles_game(LEFT_HAND, faces=INDIANS, known=known)
    arrows = {0: {"arrows": 2}, 2: {"arrows": 3}, 3: {"arrows": 1}, 4: {"arrows": 1}}
    return position(game, players={**arrows, 1: {"life": 1, "arrows": 1}}, pile=1)


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
            assert self.session.flash is None, (button, self.session.flash)

    @property
    def game(self) -> Game:
        assert self.session.play is not None
        return self.session.play.game

    def prompt(self) -> str:
        return self.session.view().console.prompt

    def aside(self) -> str:
        return self.session.view().console.aside


def test_rule_os3_the_left_hand_is_offered_before_the_dying_seat_shows_its_card() -> None:
    table = Table(dying_seat_2())
    table.press("ROLL")
    # About to be eliminated, not yet out: the save is the question, no card is asked.
    assert table.prompt() == SAVE
    assert "The Left Hand of the Devil" in table.aside()
    seat2 = table.game.players[1]
    assert seat2.alive and seat2.life == 1 and not seat2.revealed
    table.session.handle("DIE2", "press", table.now + 1)  # a role card is not asked yet
    assert table.session.refused == SAVE
    table.now += 1
    table.press("DONE")  # nobody saves: now seat 2 is out and shows the card
    assert table.game.pending.kind is DecisionKind.REVEAL_ROLE
    assert table.prompt() == "Seat 2: which role? press its DIE"
    assert not table.game.players[1].alive
    # The table's DONE is no player's move: the moments stay open until seat 1's next action
    # (ruling OS3), as after an elimination with dealt cards.
    assert {a.card for a in table.game.window_actions()} == {"the_doc", "the_left_hand"}
    table.press("UNDO")  # back to the save, nothing shown
    assert table.prompt() == SAVE and table.game.players[1].alive


def test_rule_os3_a_save_during_the_offer_keeps_the_dying_seats_card_face_down() -> None:
    """Seat 4 holds The Left Hand: held, DIE of its menu; seat 2 stays in with 2 life, and the
    table never learns seat 2's role."""
    table = Table(dying_seat_2())
    table.press("ROLL")
    table.press("SEAT4", kind="hold")
    menu = [a.card for a in table.session.play.reveals_for(4)]
    table.press(f"DIE{menu.index('the_left_hand') + 1}")
    seat2 = table.game.players[1]
    assert seat2.alive and seat2.life == 2 and not seat2.revealed
    assert (
        holding(table.game.players[3]).special_shown
        and holding(table.game.players[3]).special_card == "the_left_hand"
    )
    assert table.game.pending.kind is not DecisionKind.REVEAL_ROLE


def test_rule_os3_the_dying_seat_may_save_itself_before_showing_its_card() -> None:
    """ "You may use this card if you are about to be eliminated yourself.\""""
    table = Table(dying_seat_2())
    table.press("ROLL")
    table.press("SEAT2", kind="hold")
    menu = [a.card for a in table.session.play.reveals_for(2)]
    table.press(f"DIE{menu.index('the_left_hand') + 1}")
    seat2 = table.game.players[1]
    assert seat2.alive and seat2.life == 2 and holding(seat2).special_card == "the_left_hand"


def test_dealt_cards_ask_nothing_at_an_elimination_so_nothing_waits() -> None:
    """The companion knows the dealt cards: seat 2 is out at once, its card face up, and the
    save stays open until seat 1's next press (ruling OS3)."""
    table = Table(dying_seat_2(known=True))
    table.press("ROLL")
    assert table.game.pending.kind is DecisionKind.REROLL
    assert not table.game.players[1].alive
    assert "the_left_hand" in {a.card for a in table.game.window_actions()}


def test_the_save_for_seven_seats_at_once_fits_both_consoles() -> None:
    """An Indian attack at eight seats can leave seven about to be out: the question names them
    all and still fits (the 200-game scan found four seats' question cut at 128 px)."""
    roles = ("sheriff", "renegade", "outlaw", "outlaw", "deputy", "outlaw", "deputy", "renegade")
    specials = [*LEFT_HAND, "the_good", "the_ugly", "the_bad"]
    characters = (*QUIET, "willy_the_kid", "rose_doolan", "suzy_lafayette")
    game = roles_game(specials, roles, INDIANS, characters, known=False)
    dying = {seat: {"life": 1, "arrows": 1} for seat in range(1, 8)}
    table = Table(position(game, players={0: {"arrows": 1}, **dying}, pile=1))
    table.press("ROLL")
    view = table.session.view().console
    assert view.prompt == "Save seats 2, 3, 4, 5, 6, 7, 8 with The Left Hand? DONE: no"
    assert all(shows_whole(width)(view) for width in WIDTHS)
