"""A game's seeded dice survive a copy and a pickle (a saved session, a trial press): the
copy rolls the faces the original rolls, whatever the generator held before."""

from __future__ import annotations

import copy
import pickle

from companion.engine import Game, SeededDice, deal

DICE = [(0, "base"), (1, "base"), (2, "base"), (3, "base"), (4, "base")]


def test_seeded_dice_copied_or_pickled_roll_the_same_faces() -> None:
    dice = SeededDice(41)
    dice.roll(1, DICE)
    for twin in (copy.deepcopy(dice), pickle.loads(pickle.dumps(dice))):
        assert [twin.roll(n, DICE) for n in range(2, 12)] == [
            dice.roll(n, DICE) for n in range(2, 12)
        ]


def test_a_game_deep_copied_plays_on_as_the_original() -> None:
    game = Game(deal(5, 7))
    twin = copy.deepcopy(game)
    for g in (game, twin):
        for _ in range(40):
            if g.pending is None:
                break
            g.apply(g.legal_actions()[0])
    assert twin.to_json() == game.to_json()
