"""Undead or Alive 4's flags of a player are its package's part (``ZombiePlayer``): written at
their old keys and place in JSON, and asked by the core, the other modules and the bots only
through the questions the package declares (a player back in play, a role announced with its
card face down, the public sides the bots read)."""

from __future__ import annotations

from companion.bots.observation import observe
from companion.bots.stakes import public_side, read_table
from companion.engine import Game, PlayerState, deal, field_names, returned, role_announced
from companion.modules.zombies.rules import ZombiePlayer, is_master, is_zombie

from .test_module_combinations import outbreak_game
from .test_state_refusals import ZOMBIE_TABLE

UA4 = ("undead_or_alive.4",)


def test_the_zombie_flags_keep_their_place_in_json_after_the_modules_before_them() -> None:
    names = field_names(PlayerState)
    zombie = names.index("zombie")
    assert names[zombie : zombie + 3] == ("zombie", "master", "eliminated_by")
    assert zombie > names.index("special_shown")
    assert zombie > names.index("rage_revealed") and zombie > names.index("wounds")


def test_a_zombie_s_flags_read_back_from_json_into_its_part() -> None:
    game = outbreak_game(UA4, ZOMBIE_TABLE)
    data = game.to_json()
    assert [(p["zombie"], p["master"]) for p in data["players"]] == [
        (False, False),
        (False, False),
        (False, False),
        (False, True),
        (True, False),
    ]
    again = Game.from_position(data)
    assert ZombiePlayer.of(again.players[4]) == ZombiePlayer(zombie=True)
    assert ZombiePlayer.of(again.players[3]) == ZombiePlayer(master=True)


def test_a_zombie_is_a_player_back_in_play_and_the_master_s_role_is_announced() -> None:
    game = outbreak_game(UA4, ZOMBIE_TABLE)
    zombie, master = game.players[4], game.players[3]
    assert returned(zombie) == "a zombie" and not role_announced(zombie)
    assert returned(master) is None and role_announced(master)
    assert not any(returned(p) or role_announced(p) for p in game.players[:3])


def test_a_copy_of_a_player_shares_the_part_until_the_rules_replace_it() -> None:
    game = outbreak_game(UA4, ZOMBIE_TABLE)
    copy = game.copy()
    ZombiePlayer.change(copy.players[2], zombie=True)
    assert is_zombie(copy.players[2]) and not is_zombie(game.players[2])


def test_a_bot_reads_the_zombies_flags_from_the_public_players_it_is_given() -> None:
    game = outbreak_game(UA4, ZOMBIE_TABLE)
    obs = observe(game, game.pending.seat if game.pending else 0)
    assert returned(obs.players[4]) == "a zombie" and is_master(obs.players[3])


def test_the_bots_read_the_undead_side_once_the_dead_come_back_and_none_before() -> None:
    game = outbreak_game(UA4, ZOMBIE_TABLE)
    obs = observe(game, 1)
    assert public_side(obs) == frozenset({3, 4})
    assert read_table(obs).sides and not read_table(obs, sides=False).sides
    before = Game(deal(5, 1, modules=frozenset(UA4)))
    assert public_side(observe(before, 1, position=False)) is None
