"""Game.from_json refuses the states no play reaches that the fuzz of changed states found
loading (issue 34, ``reachable.OPEN``): each test takes a state the rules reached, changes the
field its name says, and expects a StateError naming the field; the state play reached loads.

Seats in the states' JSON count from 0; the messages count seats from 1.
"""

from __future__ import annotations

from companion.engine import Role

from .roles_helpers import QUIET_TURN, quiet_turn, reveal, roles_game
from .test_module_combinations import SPECIALS, outbreak_game
from .test_state_refusals import Data, data_of, refused

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
