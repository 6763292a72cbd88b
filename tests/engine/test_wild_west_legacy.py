"""Undead or Alive, Module 5 (Wild West Legacy) and ruling UA5: a three-game series.

Game 1: seat 2 shoots the Sheriff, so seat 2 is the next Sheriff. Game 2: the Sheriff survives
and appoints seat 3, so the old Sheriff starts game 3 with one more life. Game 3: the Sheriff
falls to Dynamite, by no one's hand, so the table chooses the next Sheriff as in a first game.
"""

from __future__ import annotations

import pytest

from companion.engine import (
    CHARACTERS,
    Game,
    GameSetup,
    NextGame,
    Role,
    Roll,
    ScriptedDice,
    SetupError,
    deal_roles,
    legacy_setup,
    position,
    result_of,
    unused_characters,
)
from companion.modules.legacy.rules import ID as WILD_WEST_LEGACY
from companion.modules.legacy.rules import LegacySetup, next_game

from .test_undead_or_alive_4 import quiet_turn, shoot

LEGACY = frozenset({WILD_WEST_LEGACY})
FIVE = ("jesse_jones", "black_jack", "paul_regret", "lucky_duke", "jourdonnais")
CALM = ("suzy_lafayette", "vulture_sam", "calamity_janet", "rose_doolan", "el_gringo")


def fresh_for(chars: tuple[str, ...]) -> list[str]:
    """Characters of neither game that ask no questions, for eliminated seats to choose."""
    return [c for c in CALM if c not in chars]


def first_game() -> Game:
    """Seat 2 eliminates the Sheriff (seat 0) with a Bull's Eye 2."""
    roles = (Role.SHERIFF, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE, Role.DEPUTY)
    game = Game(GameSetup(FIVE, roles=roles, modules=LEGACY), ScriptedDice(()))
    quiet_turn(game)  # seat 0
    quiet_turn(game)  # seat 1
    game = position(game, players={0: {"life": 1}})
    shoot(game, 0, face="bullseye2")
    assert game.over and game.side == "outlaws"
    return game


def second_setup(sheriff: int = 2) -> GameSetup:
    nxt = next_game(result_of(first_game()))
    new = fresh_for(FIVE)[0]
    assert new in unused_characters(nxt, LEGACY, ())
    return legacy_setup(
        nxt, sheriff, (new, *FIVE[1:]), modules=LEGACY, seed=7, roles=deal_roles(5, sheriff, 7)
    )


def test_the_series_records_who_eliminated_the_sheriff() -> None:
    result = result_of(first_game())
    assert result.sheriff == 0 and result.sheriff_killer == 2 and not result.sheriff_alive
    assert result.eliminated == (0,)


def test_if_the_sheriff_died_by_another_players_hand_the_killer_is_the_new_sheriff() -> None:
    nxt = next_game(result_of(first_game()))
    assert nxt.sheriff == 2 and nxt.appointer is None
    setup = second_setup()
    assert setup.sheriff_seat() == 2 and LegacySetup.of(setup).legacy_bullet is None
    with pytest.raises(SetupError, match="seat 3 eliminated the Sheriff"):
        second_setup(sheriff=1)


def test_eliminated_players_choose_a_new_character_from_the_unused_ones() -> None:
    nxt = next_game(result_of(first_game()))
    assert nxt.new_character == (0,) and nxt.may_keep == (1, 2, 3, 4)
    assert not set(unused_characters(nxt, LEGACY, ())) & set(FIVE)
    with pytest.raises(SetupError, match="seat 1 was eliminated"):
        legacy_setup(nxt, 2, FIVE, modules=LEGACY, seed=7, roles=deal_roles(5, 2, 7))


def test_survivors_keep_their_character_or_draw_an_unused_one() -> None:
    nxt = next_game(result_of(first_game()))
    free = unused_characters(nxt, LEGACY, ())
    drawn = (free[0], FIVE[1], free[1], *FIVE[3:])  # seat 3 draws anew
    assert (
        legacy_setup(nxt, 2, drawn, modules=LEGACY, seed=7, roles=deal_roles(5, 2, 7)).characters
        == drawn
    )
    swapped = (free[0], FIVE[2], FIVE[1], *FIVE[3:])  # another survivor's old character: no
    with pytest.raises(SetupError, match="seat 2 keeps its own character"):
        legacy_setup(nxt, 2, swapped, modules=LEGACY, seed=7, roles=deal_roles(5, 2, 7))


def second_game() -> Game:
    """The Sheriff (seat 2) eliminates the last of the Outlaws and the Renegade, and survives."""
    setup = second_setup()
    assert setup.roles is not None
    game = Game(setup, ScriptedDice(()))
    deputy = setup.roles.index(Role.DEPUTY)
    others = [s for s in range(5) if s not in (2, deputy)]
    dead = {seat: {"alive": False, "life": 0, "revealed": True} for seat in others[1:]}
    game = position(game, players={others[0]: {"life": 1}, **dead})
    shoot(game, others[0])
    assert game.over and game.side == "sheriff"
    return game


def after_second_game() -> tuple[NextGame, tuple[str, ...]]:
    """What game 3 starts from: the next game's terms, and the characters, each seat keeping
    its own but the eliminated ones, who take the fresh ones in turn."""
    game = second_game()
    nxt = next_game(result_of(game))
    chars = game.setup.characters
    choices = iter(fresh_for(chars))
    return nxt, tuple(next(choices) if s in nxt.new_character else chars[s] for s in range(5))


def test_a_surviving_sheriff_appoints_the_next_one_and_may_choose_themselves() -> None:
    nxt, keep = after_second_game()
    assert nxt.sheriff is None and nxt.appointer == 2
    itself = legacy_setup(nxt, 2, keep, modules=LEGACY, seed=8, roles=deal_roles(5, 2, 8))
    assert itself.sheriff_seat() == 2 and LegacySetup.of(itself).legacy_bullet is None
    assert Game(itself).players[2].life == CHARACTERS[keep[2]].life + 2


def test_ua5_a_sheriff_who_appoints_another_starts_with_one_bullet_more() -> None:
    nxt, keep = after_second_game()
    setup = legacy_setup(nxt, 3, keep, modules=LEGACY, seed=8)
    assert setup.sheriff_seat() == 3 and LegacySetup.of(setup).legacy_bullet == 2
    game = Game(setup)
    assert game.players[2].life == game.players[2].max_life == CHARACTERS[keep[2]].life + 1
    assert game.players[3].life == CHARACTERS[keep[3]].life + 2  # not the new Sheriff's bullet


def test_ua5_the_legacy_bullet_never_goes_to_the_new_sheriff() -> None:
    with pytest.raises(SetupError, match="ruling UA5"):
        GameSetup(FIVE, sheriff=1, modules=LEGACY, parts=(LegacySetup(1),))
    with pytest.raises(SetupError, match="needs module undead_or_alive.5"):
        GameSetup(FIVE, sheriff=1, parts=(LegacySetup(2),))


def test_ua5_a_sheriff_killed_by_no_ones_hand_leaves_the_choice_to_the_table() -> None:
    """Third game: the Sheriff (seat 3) falls to three Dynamite."""
    nxt, keep = after_second_game()
    game = Game(legacy_setup(nxt, 3, keep, modules=LEGACY, seed=9, roles=deal_roles(5, 3, 9)))
    game = position(game, players={3: {"life": 1}})
    game.dice_source = ScriptedDice(("dynamite",) * 3 + ("arrow", "arrow"))
    game.apply(Roll((0, 1, 2, 3, 4)))
    assert game.over
    third = next_game(result_of(game))
    assert third.sheriff is None and third.appointer is None
