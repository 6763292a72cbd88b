"""Old Saloon 3's special card is its package's part of the player: the core, the table and
the bots read it through the card reader it declares (``card_of``), each seat seeing its own
card and the others' only once face up."""

from __future__ import annotations

from types import SimpleNamespace

from companion.bots.observation import observe
from companion.engine import NO_SEAT, card_of, face_up_card, parts_seen
from companion.modules.special_roles.rules import SpecialCard, holding

from .roles_helpers import QUIET_TURN, quiet_turn, reveal, roles_game

DEALT = ("the_bear", "the_good", "the_gambler", "the_right_hand", "the_ugly")


def test_the_dealt_cards_are_the_seats_parts_with_the_sheriffs_face_up() -> None:
    game = roles_game(DEALT)
    assert [card_of(p) for p in game.players] == [
        ("the_bear", True),
        *((card, False) for card in DEALT[1:]),
    ]
    assert [face_up_card(p) for p in game.players] == ["the_bear", None, None, None, None]


def test_a_seat_reads_its_own_card_and_the_others_only_once_face_up() -> None:
    game = roles_game(DEALT, faces=QUIET_TURN)
    quiet_turn(game)
    reveal(game, 1, "the_good")
    # The Good took the star and the Sheriff's card; the old Sheriff shows The Good's.
    assert [card_of(p) for p in game.players[:2]] == [("the_good", True), ("the_bear", True)]
    up = {0, 1}
    for seat in (*range(len(game.players)), NO_SEAT):
        for p in game.players:
            card, shown = card_of(SimpleNamespace(parts=parts_seen(p, seat)))
            assert shown is (p.seat in up)
            assert card == (holding(p).special_card if p.seat in (seat, *up) else None)


def test_a_bots_observation_holds_its_own_card_and_the_others_face_up_ones() -> None:
    game = roles_game(DEALT)
    for seat in range(1, len(game.players)):
        obs = observe(game, seat)
        assert card_of(obs) == (DEALT[seat], False)
        assert [card_of(p) for p in obs.players] == [
            ("the_bear", True),
            *((None, False) for _ in DEALT[1:]),
        ]


def test_a_card_changed_on_a_copy_leaves_the_game_it_was_copied_from() -> None:
    game = roles_game(DEALT)
    copy = game.copy()
    SpecialCard.change(copy.players[2], special_shown=True)
    assert card_of(copy.players[2]) == ("the_gambler", True)
    assert card_of(game.players[2]) == ("the_gambler", False)
