"""A saved game carries its play (issue 34): ``Game.to_json()`` writes the actions applied since
the set-up (``played``, each roll with the faces it showed), and ``Game.from_json`` replays them
and refuses any field they do not give, naming it. So no state loads that play does not reach,
whatever the field: the history a state alone does not hold (whose hand eliminated a seat, the
life lost in an earlier turn, the turns played) is in its play. A position made by hand
(``position``, a seat's view, a twin) is read with ``Game.from_position``, held to the rules'
checks: it has no play behind it and is no saved game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from companion.engine import (
    Game,
    ScriptedDice,
    StateError,
    deal,
    position,
)
from companion.modules.legacy.rules import ID as WILD_WEST_LEGACY

from .state_samples import new_game

Data = dict[str, Any]


def played_to(game: Game, rng: random.Random, actions: int) -> Game:
    for _ in range(actions):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions() + game.window_actions()))
    return game


def saved(game: Game) -> Data:
    data: Data = json.loads(json.dumps(game.to_json()))
    return data


@pytest.mark.parametrize("seed", range(6))
def test_a_saved_game_reads_back_as_the_game_its_play_reaches(seed: int) -> None:
    rng = random.Random(seed)
    game = new_game(rng)
    while game is None:
        game = new_game(rng)
    for _ in range(8):
        played_to(game, rng, rng.randrange(60))
        again = Game.from_json(saved(game))
        assert again.to_json() == game.to_json()
        assert again.played() == game.played()
        if game.over:
            break


def test_the_killer_of_an_earlier_turn_is_refused_against_the_play() -> None:
    """Whose result eliminated a seat in an earlier turn (Wild West Legacy's record) is history
    the state alone does not hold: the rules' checks take another living seat, the play does
    not."""
    rng = random.Random(7)
    dead: list[Data] = []
    for seed in range(50):
        game = Game(deal(6, seed, modules={WILD_WEST_LEGACY}))
        while not game.over and not dead:
            game.apply(rng.choice(game.legal_actions()))
            data = saved(game)
            dead = [p for p in data["players"] if not p["alive"] and p["killer"] is not None]
        if dead and not game.over and sum(p["alive"] for p in data["players"]) > 2:
            break
        dead = []
    else:
        raise AssertionError("no game with a seat eliminated by another's hand")
    seat, killer = dead[0]["seat"], dead[0]["killer"]
    other = next(
        p["seat"] for p in data["players"] if p["alive"] and p["seat"] not in (seat, killer)
    )
    data["players"][seat]["killer"] = other
    Game.from_position(json.loads(json.dumps(data)))  # the checks alone take it
    refused = rf"state\.players\[{seat}\]\.killer: {other}, but the actions in 'played' give"
    with pytest.raises(StateError, match=refused):
        Game.from_json(data)


def test_life_lost_in_an_earlier_turn_is_refused_against_the_play() -> None:
    rng = random.Random(3)
    game = played_to(Game(deal(5, 4)), rng, 40)
    data = saved(game)
    seat = next(p.seat for p in game.players if p.alive and p.seat != game.turn and p.life > 1)
    data["players"][seat]["life"] -= 1
    with pytest.raises(StateError, match=rf"players\[{seat}\]\.life"):
        Game.from_json(data)


def test_an_action_that_cannot_be_played_there_is_refused_at_its_place_in_the_play() -> None:
    game = played_to(Game(deal(5, 2)), random.Random(2), 30)
    data = saved(game)
    data["played"][0] = {"action": "seat", "seat": 1}  # the first action is the first roll
    with pytest.raises(StateError, match=r"state\.played\[0\]: .* cannot be played there"):
        Game.from_json(data)


def test_a_play_that_is_not_a_list_of_actions_is_refused_naming_it() -> None:
    data = saved(played_to(Game(deal(4, 2)), random.Random(2), 10))
    data["played"][2] = {"action": "jump"}
    with pytest.raises(StateError, match=r"state\.played\[2\]: not an action"):
        Game.from_json(data)


def test_a_position_made_by_hand_is_no_saved_game() -> None:
    made = position(deal(4, 2), players={1: {"life": 2}})
    assert made.played() is None and made.to_json()["played"] is None
    with pytest.raises(StateError, match=r"state\.played: None; a saved game carries"):
        Game.from_json(made.to_json())
    assert Game.from_position(made.to_json()).to_json() == made.to_json()


def test_rolls_go_into_the_play_with_their_faces_so_it_replays_with_any_dice() -> None:
    faces = ["arrow", "beer", "gatling", "bullseye1", "dynamite"] * 40
    game = played_to(Game(deal(5, 9), ScriptedDice(faces)), random.Random(1), 50)
    rolls = [a for a in game.played() or [] if a.kind == "roll"]
    assert rolls and all(a.faces is not None for a in rolls)
    assert Game.from_json(saved(game)).to_json() == game.to_json()


def test_a_seats_view_carries_no_play() -> None:
    game = played_to(Game(deal(5, 9)), random.Random(1), 20)
    assert "played" not in game.to_json(2)
