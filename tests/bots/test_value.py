"""The learned value of a position: what it reads, and that it points the right way."""

from __future__ import annotations

import random

import pytest

from companion.bots import observe
from companion.bots.value import FEATURES, features, win_chance
from companion.bots.value_model import COEFFICIENTS
from companion.engine import ROLE_MIX, Game, Role, SeededDice, deal, position

from .test_information import advance


def advanced(players: int, seed: int, steps: int = 60) -> Game:
    """A game some random actions in, not yet over."""
    game = Game(deal(players, seed))
    advance(game, steps, random.Random(seed))
    return game


@pytest.mark.parametrize("players", range(3, 9))
def test_every_table_and_role_has_one_weight_per_feature(players: int) -> None:
    for role in set(ROLE_MIX[players]):
        assert len(COEFFICIENTS[(players, str(role))]) == len(FEATURES)


@pytest.mark.parametrize("seed", range(5))
def test_the_value_reads_the_public_table_and_the_roles_it_is_given_only(seed: int) -> None:
    """A position rebuilt from one seat's observation, with the true roles filled in and other
    dice, has the same features and value: nothing else of the real game is read."""
    game = advanced(5, seed)
    seat = game.pending.seat
    obs = observe(game, seat)
    truth = {s: game.players[s].role for s in obs.hidden_seats()}
    rebuilt = obs.game(SeededDice(seed + 99), truth)
    for s in range(5):
        assert features(rebuilt, s) == features(game, s)
        assert win_chance(rebuilt, s) == win_chance(game, s)


def test_a_seat_without_a_known_role_has_no_learned_value() -> None:
    game = advanced(5, 3)
    obs = observe(game, 0)
    hidden = obs.hidden_seats()[0]
    assert win_chance(obs.game(SeededDice(1)), hidden) is None


def test_a_sheriff_near_death_is_worth_less_to_him_and_more_to_an_outlaw() -> None:
    game = Game(deal(5, 7))
    sheriff = next(p for p in game.players if p.role is Role.SHERIFF)
    outlaw = next(p for p in game.players if p.role is Role.OUTLAW)
    healthy = (win_chance(game, sheriff.seat), win_chance(game, outlaw.seat))
    game = position(game, players={sheriff.seat: {"life": 1}})
    hurt = (win_chance(game, sheriff.seat), win_chance(game, outlaw.seat))
    assert hurt[0] < healthy[0] and hurt[1] > healthy[1]
