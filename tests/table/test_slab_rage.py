"""Slab the Killer: "Once per turn, you can use a Beer to double a Bull's Eye" (rulebook), and
with Undead or Alive 2 "all of the symbols on those [Rage] cards are added to the results of the
dice". A Rage card's Bull's Eye is numbered past the dice and has no DIE button of its own
(issue 23: result 8 of five dice, no DIE8): the console lists the Bull's Eyes given out, by the
seat each hits, one per DIE button, and the terminal says each one's key."""

from __future__ import annotations

from companion.emulate import text_view
from companion.engine import BullseyeDoubled, DecisionKind, Game, position
from companion.panels.console import shows_whole
from tests.engine.helpers import make_game

from .test_save_before_the_card import Table

CHARACTERS = ["paul_regret", "slab_the_killer", "lucky_duke", "black_jack", "willy_the_kid"]
QUIET_TURN = ["dynamite", "dynamite", "gatling", "gatling", "arrow"]


def slab_with_a_rage_card(second_roll: list[str], symbols: tuple[str, ...]) -> Table:
    """Seat 1 plays a quiet turn; seat 2 (Slab the Killer) reveals his Rage card, enters its
    ``symbols`` by the picker's DIE buttons, rolls ``second_roll`` and keeps it."""
    game: Game = make_game(
        CHARACTERS, faces=QUIET_TURN + second_roll, modules=("undead_or_alive.2",)
    )
    table = Table(position(game, players={1: {"rage_held": 1}}))
    table.press("ROLL", "DONE")  # seat 1's turn
    table.press(*symbols)
    table.press("ROLL", "DONE")
    return table


def test_slab_doubles_a_rage_cards_bullseye_by_a_listed_die_button() -> None:
    # Gatling, Beer, Bull's Eye 2: results 6, 7 and 8, past the five dice
    table = slab_with_a_rage_card(
        ["bullseye1", "beer", "dynamite", "dynamite", "gatling"], ("DIE6", "DIE5", "DIE4")
    )
    table.press("SEAT1")  # die 1's Bull's Eye 1 at seat 1
    assert table.session.view().console.prompt == "Bull's Eye 2 (Rage card): shoot whom? SEAT"
    table.press("SEAT4")  # the Rage card's at seat 4
    assert table.game.pending.kind is DecisionKind.SLAB_DOUBLE
    console = table.session.view().console
    assert console.prompt == "Slab the Killer: double a Bull's Eye? DIE; DONE: no"
    assert console.choices == ("1 seat 1 (die 1)", "2 seat 4 (Rage card)")
    terminal = text_view(table.session.view())
    assert "  DIE1 seat 1 (die 1)" in terminal and "  DIE2 seat 4 (Rage card)" in terminal
    table.session.handle("DIE3", "press", table.now + 1)
    assert table.session.refused is not None and "DIE1 to DIE2" in table.session.refused
    table.now += 1
    life = table.game.players[3].life
    events = table.session.handle("DIE2", "press", table.now + 1)
    assert BullseyeDoubled(1, 7) in events
    assert table.game.players[3].life == life - 2  # the Beer spent: two life from seat 4


def test_without_a_rage_cards_bullseye_each_die_answers_with_its_own_button() -> None:
    table = slab_with_a_rage_card(
        ["bullseye1", "beer", "dynamite", "dynamite", "bullseye1"], ("DIE6", "DIE5", "DIE1")
    )  # Gatling, Beer, an arrow (taken at once)
    table.press("SEAT1", "SEAT3")  # dice 1 and 5
    assert table.game.pending.kind is DecisionKind.SLAB_DOUBLE
    assert table.session.view().console.choices == ()
    life = table.game.players[2].life
    events = table.session.handle("DIE5", "press", table.now + 1)
    assert BullseyeDoubled(1, 4) in events and table.game.players[2].life == life - 2


def test_slabs_question_names_the_dice_that_answer_and_a_wrong_die_is_named_back() -> None:
    """Issue 35: "double a Bull's Eye? DIE; DONE: no", and the Beer's die pressed gave
    "'die' is not an answer". The question names the dice, the refusal the die pressed."""
    table = slab_with_a_rage_card(
        ["bullseye1", "beer", "dynamite", "dynamite", "bullseye1"], ("DIE6", "DIE5", "DIE1")
    )
    table.press("SEAT1", "SEAT3")  # dice 1 and 5
    console = table.session.view().console
    assert console.prompt == "Slab the Killer: double a Bull's Eye? DIE1 or 5; DONE: no"
    assert shows_whole(128)(console) and shows_whole(256)(console)
    table.session.handle("DIE2", "press", table.now + 1)
    refused = table.session.refused
    assert refused is not None and refused.startswith("DIE2 (Beer) does not answer.")
    assert "DIE1 or 5" in refused and "'die'" not in refused
