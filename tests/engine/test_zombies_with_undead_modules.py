"""Undead or Alive 4 with Modules 1 and 2: zombies take no Duel Wound tokens or Rage cards
("Zombies ... do not take Duel Wound tokens or Rage cards"); ``ZombiePlayer.zombie`` is the flag."""

from __future__ import annotations

from companion.engine import STEPS
from companion.modules.duels.rules import DuelsGame, DuelsPlayer
from companion.modules.rage.rules import RageGame, RagePlayer
from companion.modules.zombies.rules import ZombiePlayer

from .test_undead_or_alive import M12, ua

UA4 = "undead_or_alive.4"


def test_zombies_take_no_wound_tokens_or_rage_cards() -> None:
    game = ua(modules=(*M12, UA4), real_wounds=False)
    living, zombie = game.players[1], game.players[2]
    ZombiePlayer.change(zombie, zombie=True)
    for seat in (1, 2):
        STEPS["draw_wound"](game, seat, "duel")
        STEPS["draw_rage"](game, seat, "lost_two")
    assert (
        len(DuelsPlayer.of(living).wounds) == 1 and RagePlayer.of(living).rage_held == 1
    )  # the living draw as usual
    assert DuelsPlayer.of(zombie).wounds == () and RagePlayer.of(zombie).rage_held == 0
    assert len(DuelsGame.of(game).wound_pile) == 14 and RageGame.of(game).rage_pile == 17


def test_zombies_roll_three_base_dice_and_no_duel_dice() -> None:
    """'They only use three basic dice': with Module 1 on, a zombie's turn has no Duel dice."""
    game = ua(modules=(*M12, UA4))
    assert game.dice_kinds.count("duel") == 2  # the living: three base dice and two Duel dice
    ZombiePlayer.change(game.players[game.turn], zombie=True)
    STEPS["start_turn"](game)
    assert game.dice_kinds == ["base"] * 3
