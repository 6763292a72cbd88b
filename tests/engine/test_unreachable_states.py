"""Game.from_json refuses the states no play reaches that the fuzz of changed states found
loading (issue 34, ``reachable.OPEN``): each test takes a state the rules reached, changes the
field its name says, and expects a StateError naming the field; the state play reached loads.

Seats in the states' JSON count from 0; the messages count seats from 1.
"""

from __future__ import annotations

from companion.engine import DecisionKind, Game, Role, Roll, ScriptedDice, Stop

from .helpers import make_game, play
from .roles_helpers import QUIET_TURN, quiet_turn, reveal, roles_game
from .test_module_combinations import SPECIALS, outbreak_game
from .test_state_refusals import ALL5, FIVE, Data, data_of, refused

GOOD = ["the_bear", "the_good", "the_bad", "the_left_hand", "the_ugly"]

# =========================================================================== special_shown


def test_from_json_refuses_the_sheriffs_special_card_face_down() -> None:
    """The Sheriff's card is face up from the deal (The Bear's too)."""
    game = roles_game(SPECIALS, faces=QUIET_TURN)
    quiet_turn(game)
    refused(
        game,
        lambda d: d["players"][0].update(special_shown=False),
        r"seat 1: the Sheriff's card 'the_bear' face down \(special_shown false\)",
    )


def test_from_json_refuses_a_sheriffs_normal_card_shown_unless_the_good_took_the_star() -> None:
    """A Sheriff's normal card (cards mixed by type) is shown only when The Good took the star
    with it, leaving his own card face up with the old Sheriff."""
    mixed = roles_game([None, *SPECIALS[1:]], mixed=True)
    refused(
        mixed,
        lambda d: d["players"][0].update(special_shown=True),
        r"seat 1: the Sheriff's normal card shown \(special None, special_shown true\)",
    )
    game = roles_game([None, *GOOD[1:]], faces=QUIET_TURN, mixed=True)
    quiet_turn(game)
    reveal(game, 1, "the_good")
    sheriff = game.players[1]
    assert sheriff.role is Role.SHERIFF and sheriff.special is None and sheriff.special_shown
    data_of(game)


def test_from_json_refuses_a_zombies_card_face_down() -> None:
    """A zombie was eliminated, and an eliminated player shows the card (Undead or Alive 4
    with Old Saloon 3)."""
    characters = ("paul_regret", "calamity_janet", "jourdonnais", "black_jack", "lucky_duke")
    game = outbreak_game(("old_saloon.3", "undead_or_alive.4"), characters, SPECIALS)

    def face_down(d: Data) -> None:
        d["players"][4]["special_shown"] = False

    refused(game, face_down, r"seat 5: eliminated \(alive false, or a zombie\), but its card is")


# ================================================================================== closed


def rage_game_at_a_beer() -> Game:
    """Undead or Alive 2 (its end-of-turn step draws Rage cards): the Sheriff's first roll
    kept, two Beers to give."""
    game = make_game(FIVE, modules=("undead_or_alive.2",))
    game.dice_source = ScriptedDice(["beer", "beer", "dynamite", "gatling", "arrow"])
    play(game, Roll(ALL5), Stop())
    assert game.pending is not None and game.pending.kind is DecisionKind.BEER_TARGET
    return game


def test_from_json_refuses_a_turn_closed_while_its_results_resolve() -> None:
    """scratch.closed marks the modules' end-of-turn steps as run, which the turn's end_turn
    step does after the results: never while a Beer is still to give."""
    refused(
        rage_game_at_a_beer(),
        lambda d: d["scratch"].update(closed=True),
        r"scratch.closed true, but the queue holds 'resolve_beers'",
    )


def test_from_json_refuses_a_turn_not_closed_at_its_ending_moment() -> None:
    """The moment at a turn's end comes after the modules' end-of-turn steps (Old Saloon 3's
    Right Hand there, Undead or Alive 2's Rage cards): the state kept there is closed."""
    specials = ["the_bear", "the_doc", "the_bad", "the_right_hand", "the_gambler"]
    game = roles_game(specials, faces=QUIET_TURN * 2, modules=("old_saloon.3", "undead_or_alive.2"))
    quiet_turn(game)
    quiet_turn(game)
    moment, _args, kept, _offers = game.open_moments[1]
    assert moment == "turn_end" and kept.scratch.closed and kept.stack == [["end_turn", False]]

    def reopened(d: Data) -> None:
        d["windows"][1][2]["scratch"]["closed"] = False

    refused(
        game, reopened, r"windows\[1\]\[2\]: scratch.closed false, but the queue holds 'end_turn'"
    )
