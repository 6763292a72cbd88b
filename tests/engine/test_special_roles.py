"""Old Saloon, Module 3: each special role's power at each of its moments, in the revealer's
own turn and in another's, each "cannot" of the cards, the windows (ruling OS3) and the end of
the game while a window is open. Seats: 0 Sheriff, 1 Deputy, 2 Outlaw, 3 Renegade, 4 Outlaw."""

from __future__ import annotations

import pytest

from companion.engine import (
    Accept,
    Choose,
    ChooseDie,
    ChooseSeat,
    DecisionKind,
    Game,
    IllegalAction,
    RevealSpecial,
    Role,
    ScriptedDice,
    SetupError,
    Stop,
    deal,
    dice_a_reveal_rolls,
    position,
)
from companion.modules.special_roles.dealing import SpecialsSetup
from companion.modules.special_roles.rules import DOC_DIE, LEFT_HAND_DISCARD, UGLY_SWAP, holding
from companion.modules.zombies.rules import BoneyardGame

from .helpers import kinds
from .roles_helpers import QUIET_TURN, quiet_turn, reveal, reveals, roles_game, roll_all

ALL = ["the_bear", "the_doc", "the_bad", "the_left_hand", "the_gambler"]


def test_the_bear_plays_with_three_extra_bullets_instead_of_two() -> None:
    bear = roles_game(ALL)
    normal = roles_game([None, "the_doc", None, None, None], mixed=True)
    assert bear.players[0].max_life == bear.players[0].life == 8 + 3
    assert normal.players[0].max_life == 8 + 2


def test_the_good_at_the_start_of_his_turn_becomes_sheriff_and_both_keep_their_life() -> None:
    game = roles_game(
        ["the_bear", "the_good", "the_bad", "the_left_hand", "the_ugly"], faces=QUIET_TURN
    )
    assert reveals(game) == []  # the Sheriff's own turn: the Good is not his
    quiet_turn(game)
    assert (1, "the_good") in reveals(game)
    events = reveal(game, 1, "the_good")
    assert kinds(events)[:3] == ["rewound", "special_role_revealed", "sheriff_changed"]
    new, old = game.players[1], game.players[0]
    assert new.role is Role.SHERIFF and old.role is Role.DEPUTY
    assert (new.life, new.max_life) == (9, 9)  # no extra bullets for the new Sheriff
    assert (old.life, old.max_life) == (11, 8)  # keeps the life above his new maximum
    assert game.pending is not None and game.pending.kind is DecisionKind.ROLL
    assert game.pending.seat == 1


def test_the_good_cannot_be_revealed_in_another_players_turn() -> None:
    game = roles_game(["the_bear", "the_good", "the_bad", "the_left_hand", "the_ugly"])
    assert game.turn == 0 and all(card != "the_good" for _s, card in reveals(game))


def test_the_ugly_at_the_start_of_his_turn_exchanges_two_players_arrows() -> None:
    game = roles_game(
        ["the_bear", "the_doc", "the_ugly", "the_left_hand", "the_bad"], faces=QUIET_TURN * 2
    )
    quiet_turn(game)
    quiet_turn(game)
    assert (game.players[0].arrows, game.players[4].arrows) == (1, 0)
    reveal(game, 2, "the_ugly")
    assert game.pending is not None and game.pending.kind is UGLY_SWAP
    events = game.apply(ChooseSeat(0))
    events += game.apply(ChooseSeat(4))
    assert "arrows_exchanged" in kinds(events)
    assert (game.players[0].arrows, game.players[4].arrows) == (0, 1)
    assert game.pending is not None and game.pending.kind is DecisionKind.ROLL


def test_the_doc_turns_a_die_after_another_players_roll_before_its_effect() -> None:
    game = roles_game(ALL, faces=("arrow", "arrow", "arrow", "dynamite", "dynamite"))
    roll_all(game)
    assert game.players[0].arrows == 3
    assert (1, "the_doc") in reveals(game)
    reveal(game, 1, "the_doc")
    assert game.players[0].arrows == 0  # back at the moment of the roll
    assert game.pending is not None and game.pending.kind is DOC_DIE
    game.apply(ChooseDie(0))
    events = game.apply(Choose("beer"))
    assert "die_turned" in kinds(events)
    assert game.faces[0] == "beer" and game.players[0].arrows == 2
    assert game.pending is not None and game.pending.kind is DecisionKind.REROLL


def test_the_doc_turns_a_die_after_his_own_roll() -> None:
    game = roles_game(ALL, faces=QUIET_TURN + ("dynamite", "dynamite", "dynamite", "beer", "beer"))
    quiet_turn(game)
    roll_all(game)  # three Dynamite for the Doc himself
    reveal(game, 1, "the_doc")
    game.apply(ChooseDie(0))
    game.apply(Choose("gatling"))
    assert game.pending is not None and game.pending.kind is DecisionKind.REROLL
    assert game.players[1].life == 9  # two Dynamite now: no explosion


def test_the_gambler_after_another_players_last_roll_rerolls_every_die_dynamite_too() -> None:
    faces = ("dynamite", "dynamite", "arrow", "gatling", "gatling")
    again = ("arrow", "dynamite", "dynamite", "dynamite", "gatling")
    game = roles_game(ALL, faces=faces + again)
    roll_all(game)
    game.apply(Stop())
    assert (4, "the_gambler") in reveals(game)
    events = reveal(game, 4, "the_gambler")
    rolled = [e for e in events if e.kind == "dice_rolled"]
    assert len(rolled) == 1 and rolled[0].dice == (0, 1, 2, 3, 4)  # the Dynamite too
    assert rolled[0].faces == again
    # The first roll's arrow stays taken; the new one is taken; three Dynamite explode.
    assert game.players[0].arrows == 2
    assert "dynamite_exploded" in kinds(events)
    assert game.players[0].life == 11 - 1
    assert game.turn == 1  # the new results were accepted: no re-roll, the turn is over


def test_the_gambler_cannot_be_revealed_after_his_own_last_roll() -> None:
    game = roles_game(
        ["the_bear", "the_doc", "the_gambler", "the_left_hand", "the_bad"], faces=QUIET_TURN * 3
    )
    quiet_turn(game)
    quiet_turn(game)
    assert game.turn == 2
    roll_all(game)
    game.apply(Stop())
    assert (2, "the_gambler") not in reveals(game)


def test_the_bad_cancels_another_players_beer_which_cannot_be_given_again() -> None:
    game = roles_game(ALL, faces=("beer", "dynamite", "dynamite", "gatling", "gatling"))
    game = position(game, players={0: {"life": 5}})
    roll_all(game)
    game.apply(Stop())
    game.apply(ChooseSeat(0))
    assert game.players[0].life == 6 and game.turn == 1
    assert (2, "the_bad") in reveals(game)
    events = reveal(game, 2, "the_bad")
    assert "heal_prevented" in kinds(events) and "life_gained" not in kinds(events)
    assert game.players[0].life == 5
    assert game.pending is not None and game.pending.kind is DecisionKind.ROLL  # not re-asked
    assert game.turn == 1


def test_the_bad_in_his_own_turn_cancels_another_players_heal_but_never_his_own() -> None:
    beer = ("beer", "dynamite", "dynamite", "gatling", "gatling")
    game = roles_game(ALL, faces=QUIET_TURN * 2 + beer + beer)
    quiet_turn(game)
    quiet_turn(game)
    game = position(game, players={2: {"life": 3}, 0: {"life": 3}})
    roll_all(game)
    game.apply(Stop())
    game.apply(ChooseSeat(2))  # a Beer for himself
    assert (2, "the_bad") not in reveals(game)
    assert game.players[2].life == 4


def test_the_bad_cancels_a_heal_in_his_own_turn() -> None:
    beer = ("beer", "dynamite", "dynamite", "gatling", "gatling")
    game = roles_game(ALL, faces=QUIET_TURN * 2 + beer)
    quiet_turn(game)
    quiet_turn(game)
    game = position(game, players={0: {"life": 3}})
    roll_all(game)
    game.apply(Stop())
    game.apply(ChooseSeat(0))
    assert game.players[0].life == 4
    reveal(game, 2, "the_bad")
    assert game.players[0].life == 3


def _shoot_seat_one(extra: tuple[str, ...] = ()) -> Game:
    game = roles_game(
        ALL, faces=("bullseye1", "dynamite", "dynamite", "gatling", "gatling", *extra)
    )
    game = position(game, players={1: {"life": 1}})
    roll_all(game)
    game.apply(Stop())
    game.apply(ChooseSeat(1))
    return game


def test_the_left_hand_saves_another_player_at_two_life_in_another_players_turn() -> None:
    game = _shoot_seat_one()
    assert not game.players[1].alive and game.turn == 2
    assert (3, "the_left_hand") in reveals(game)
    events = reveal(game, 3, "the_left_hand")
    assert "elimination_averted" in kinds(events) and "player_eliminated" not in kinds(events)
    assert game.players[1].alive and game.players[1].life == 2
    assert game.turn == 1  # the saved Deputy plays his turn


def test_the_left_hand_lets_the_saved_player_discard_all_his_arrows() -> None:
    game = roles_game(ALL, faces=("bullseye1", "dynamite", "dynamite", "gatling", "gatling"))
    game = position(game, players={1: {"life": 1, "arrows": 2}}, pile=7)
    roll_all(game)
    game.apply(Stop())
    game.apply(ChooseSeat(1))
    reveal(game, 3, "the_left_hand")
    assert game.pending is not None and game.pending.kind is LEFT_HAND_DISCARD
    assert game.pending.seat == 1
    game.apply(Accept())
    assert game.players[1].arrows == 0 and game.pile == 9


def test_the_left_hand_may_save_himself() -> None:
    game = roles_game(ALL, faces=("bullseye2", "dynamite", "dynamite", "gatling", "gatling"))
    game = position(game, players={3: {"life": 1}})
    roll_all(game)
    game.apply(Stop())
    game.apply(ChooseSeat(3))
    assert not game.players[3].alive
    assert (3, "the_left_hand") in reveals(game)
    reveal(game, 3, "the_left_hand")
    assert game.players[3].alive and game.players[3].life == 2


def test_the_right_hand_at_the_end_of_his_turn_takes_another_turn() -> None:
    """Not before: through the others' turns his card is not among the reveals open."""
    right = roles_game(
        ["the_bear", "the_doc", "the_bad", "the_right_hand", "the_gambler"], faces=QUIET_TURN * 4
    )
    for _ in range(2):
        quiet_turn(right)
        assert all(card != "the_right_hand" for _s, card in reveals(right))
    quiet_turn(right)
    quiet_turn(right)  # seat 3's own turn
    assert right.turn == 4 and (3, "the_right_hand") in reveals(right)
    events = reveal(right, 3, "the_right_hand")
    assert "extra_turn" in kinds(events)
    assert right.turn == 3 and right.pending is not None and right.pending.seat == 3


def test_the_judge_cancels_the_reveal_he_follows() -> None:
    game = roles_game(
        ["the_bear", "the_judge", "the_bad", "the_left_hand", "the_gambler"],
        faces=("beer", "dynamite", "dynamite", "gatling", "gatling"),
    )
    game = position(game, players={0: {"life": 5}})
    roll_all(game)
    game.apply(Stop())
    game.apply(ChooseSeat(0))
    reveal(game, 2, "the_bad")
    assert game.players[0].life == 5
    assert (1, "the_judge") in reveals(game)
    events = reveal(game, 1, "the_judge")
    assert "reveal_cancelled" in kinds(events)
    assert game.players[0].life == 6  # the Bad's power had no effect
    assert holding(game.players[2]).special_shown and (2, "the_bad") not in reveals(game)


def test_a_card_is_used_once_and_only_by_its_holder() -> None:
    game = roles_game(ALL, faces=("arrow",) * 5 + ("arrow",) * 5)
    roll_all(game)
    assert reveals(game) == [(1, "the_doc")]  # roles dealt: only the holder is offered it
    reveal(game, 1, "the_doc")
    game.apply(ChooseDie(0))
    game.apply(Choose("beer"))
    game.apply(game.legal_actions()[1])  # re-roll a die
    assert (1, "the_doc") not in reveals(game)
    with pytest.raises(IllegalAction, match="open"):
        game.apply(RevealSpecial(1, 0, "the_doc"))


def test_the_windows_close_when_the_pending_player_acts() -> None:
    game = roles_game(ALL, faces=("arrow", "arrow", "arrow", "dynamite", "dynamite", "arrow"))
    roll_all(game)
    assert game.window_actions()
    game.apply(game.legal_actions()[1])  # the roller's next action
    assert all(a.window == 0 for a in game.window_actions())  # only the new roll's moment


def test_secret_roles_offer_a_reveal_to_every_seat_that_could_hold_the_card() -> None:
    game = roles_game(ALL, faces=("arrow",) * 5, known=False)
    roll_all(game)
    assert [s for s, c in reveals(game) if c == "the_doc"] == [1, 2, 3, 4]
    reveal(game, 2, "the_doc")  # seat 2 declares the Doc: it is the Deputy
    assert game.players[2].role is Role.DEPUTY and game.players[2].revealed
    game.apply(ChooseDie(0))
    game.apply(Choose("beer"))
    # One Deputy in a 5-player game: no other seat can be a Deputy now.
    assert all(c not in ("the_doc", "the_judge", "the_good") for _s, c in reveals(game))


def test_a_win_that_a_reveal_could_still_avert_waits_for_the_pending_player() -> None:
    game = roles_game(ALL, faces=("dynamite",) * 5)
    game = position(game, players={0: {"life": 1}})
    events = roll_all(game)
    assert "game_end_waiting" in kinds(events) and "game_over" not in kinds(events)
    assert not game.over and game.pending is not None
    assert game.pending.kind is DecisionKind.GAME_END
    saved = game.copy()
    assert kinds(game.apply(Accept()))[-1] == "game_over"
    assert game.over and game.side == "outlaws" and game.window_actions() == []
    reveal(saved, 3, "the_left_hand")  # the Renegade averts the Sheriff's death
    assert not saved.over and saved.players[0].life == 2


def test_a_win_no_reveal_could_avert_ends_the_game_at_once() -> None:
    game = roles_game(ALL, faces=("dynamite",) * 5)
    # every other card face up, its power used: no one is left to reveal one
    shown = {
        seat: {"revealed": True, "special_shown": True} for seat in range(1, len(game.players))
    }
    game = position(game, players={0: {"life": 1}, **shown})
    events = roll_all(game)
    assert kinds(events)[-1] == "game_over" and game.over


def test_open_windows_survive_json_and_play_on_identically() -> None:
    game = roles_game(ALL, faces=("arrow", "arrow", "arrow", "dynamite", "dynamite"))
    roll_all(game)
    back = Game.from_json(game.to_json(), ScriptedDice([]))
    assert back.window_actions() == game.window_actions()
    assert [e.to_json() for e in back.apply(RevealSpecial(1, 0, "the_doc"))] == [
        e.to_json() for e in game.apply(RevealSpecial(1, 0, "the_doc"))
    ]


def test_special_role_cards_are_checked_at_set_up() -> None:
    with pytest.raises(SetupError, match="not a outlaw card"):
        roles_game(["the_bear", "the_doc", "the_judge", "the_left_hand", "the_gambler"])
    with pytest.raises(SetupError, match="every card is special"):
        roles_game(["the_bear", None, "the_bad", "the_left_hand", "the_gambler"])
    with pytest.raises(SetupError, match="once"):
        roles_game(["the_bear", "the_doc", "the_bad", "the_left_hand", "the_bad"])


@pytest.mark.parametrize("mixed", [False, True])
def test_dealing_special_roles_both_ways_of_the_rulebook(mixed: bool) -> None:
    for seed in range(20):
        setup = deal(8, seed, modules=frozenset({"old_saloon.3"}), mixed=mixed)
        dealt = SpecialsSetup.of(setup).specials
        assert setup.roles is not None and dealt is not None
        if not mixed:
            assert None not in dealt
        secret = deal(8, seed, roles_known=False, modules=frozenset({"old_saloon.3"}))
        cards = SpecialsSetup.of(secret).specials
        assert cards is not None
        assert [c for i, c in enumerate(cards) if i != secret.sheriff] == [None] * 7


def test_rewound_carries_every_seats_life_and_arrows_as_they_are_again() -> None:
    """The event stream alone follows the table through a reveal's return to its moment."""
    game = roles_game(ALL, faces=("arrow", "arrow", "arrow", "dynamite", "dynamite"))
    roll_all(game)
    events = reveal(game, 1, "the_doc")
    rewound = events[0]
    assert rewound.kind == "rewound" and rewound.moment == "roll"
    assert rewound.arrows == (0, 0, 0, 0, 0) and rewound.pile == 9
    assert rewound.life == tuple(p.life for p in game.players)


def test_the_gamblers_reroll_replays_from_its_record_without_the_dice() -> None:
    faces = ("dynamite", "dynamite", "arrow", "gatling", "gatling")
    game = roles_game(ALL, faces=faces + ("beer",) * 5)
    roll_all(game)
    game.apply(Stop())
    replay = roles_game(ALL, faces=faces)  # no faces left for the re-roll
    roll_all(replay)
    replay.apply(Stop())
    recorded = RevealSpecial(4, 0, "the_gambler", ("beer",) * 5)
    assert [e.to_json() for e in replay.apply(recorded)] == [
        e.to_json() for e in game.apply(RevealSpecial(4, 0, "the_gambler"))
    ]


def test_a_recorded_gambler_roll_must_give_one_face_of_each_die_of_its_moment() -> None:
    """The Gambler re-rolls the dice of the roll at his moment, whatever lies on the table now;
    a record with other faces is refused and changes nothing."""
    faces = ("dynamite", "dynamite", "arrow", "gatling", "gatling")
    game = roles_game(ALL, faces=faces)
    roll_all(game)
    game.apply(Stop())
    offered = RevealSpecial(4, 0, "the_gambler")
    assert dice_a_reveal_rolls(game, offered) == [(i, "base") for i in range(5)]
    before = game.to_json()
    with pytest.raises(IllegalAction, match="re-rolls 5 dice but 4 faces are recorded"):
        game.apply(RevealSpecial(4, 0, "the_gambler", ("beer",) * 4))
    with pytest.raises(IllegalAction, match="die 5 has no face 'bullseye9'"):
        game.apply(RevealSpecial(4, 0, "the_gambler", ("beer",) * 4 + ("bullseye9",)))
    assert game.to_json() == before


def test_special_roles_need_four_players() -> None:
    with pytest.raises(SetupError, match=r"old_saloon.3 \(Special Roles\) needs 4 or more players"):
        deal(3, 1, modules=frozenset({"old_saloon.3"}))


def test_the_judge_cancels_a_reveal_in_his_own_turn() -> None:
    beer = ("beer", "dynamite", "dynamite", "gatling", "gatling")
    game = roles_game(
        ["the_bear", "the_judge", "the_bad", "the_left_hand", "the_gambler"],
        faces=QUIET_TURN + beer,
    )
    quiet_turn(game)
    game = position(game, players={1: {"life": 5}})
    roll_all(game)
    game.apply(Stop())
    game.apply(ChooseSeat(1))  # the Judge's Beer for himself
    reveal(game, 2, "the_bad")
    assert game.players[1].life == 5
    reveal(game, 1, "the_judge")
    assert game.players[1].life == 6


def test_the_left_hand_saves_himself_in_his_own_turn() -> None:
    game = roles_game(ALL, faces=QUIET_TURN * 3 + ("dynamite",) * 5)
    for _ in range(3):
        quiet_turn(game)
    assert game.turn == 3
    game = position(game, players={3: {"life": 1}})
    roll_all(game)  # three Dynamite: his last life
    assert not game.players[3].alive
    reveal(game, 3, "the_left_hand")
    assert game.players[3].alive and game.players[3].life == 2


def test_the_right_hands_extra_turn_with_the_boneyard_still_draws_for_the_eliminated() -> None:
    """Old Saloon 3 with Undead or Alive 4: a player eliminated in the Right Hand's turn
    reveals a Boneyard card at its end, and then the Right Hand plays again."""
    game = roles_game(
        ["the_bear", "the_doc", "the_bad", "the_right_hand", "the_gambler"],
        faces=QUIET_TURN * 3 + ("bullseye1", "dynamite", "dynamite", "arrow", "arrow"),
        modules=("old_saloon.3", "undead_or_alive.4"),
    )
    for _ in range(3):
        quiet_turn(game)
    assert game.turn == 3
    game = position(game, players={4: {"life": 1}})
    roll_all(game)
    game.apply(Stop())
    game.apply(ChooseSeat(4))
    assert not game.players[4].alive and game.turn == 0
    assert (
        BoneyardGame.of(game).boneyard_draws == 2
    )  # at the end of the turn, and at seat 4's would-be turn
    events = reveal(game, 3, "the_right_hand")
    assert kinds(events)[-4:] == ["boneyard_card", "turn_ended", "extra_turn", "turn_started"]
    assert [e.to_json()["seat"] for e in events if e.kind == "boneyard_card"] == [4]
    assert (
        BoneyardGame.of(game).boneyard_draws == 1 and game.turn == 3
    )  # the would-be turn comes after his
    assert game.pending is not None and game.pending.seat == 3
