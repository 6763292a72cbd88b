"""``position`` builds a mid-game position with any module's state through the rules' checks
(``Game.from_position``, which ``Game.from_json`` runs before it replays a saved game's play):
what they refuse is refused with the field named, as a state edited by hand and read back
would be."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from companion.engine import (
    DecisionKind,
    Game,
    Role,
    Roll,
    ScriptedDice,
    StateError,
    deal,
    position,
)
from companion.modules.chief_arrow.rules import ID as CHIEF_ARROW
from companion.modules.chief_arrow.rules import ChiefGame, ChiefPlayer
from companion.modules.duels.rules import ID as LOOK_ME_IN_THE_EYES
from companion.modules.duels.rules import DuelsGame, DuelsPlayer
from companion.modules.rage.rules import ID as TWO_BULLETS
from companion.modules.rage.rules import RageGame, RagePlayer

MODULES = {CHIEF_ARROW, LOOK_ME_IN_THE_EYES, TWO_BULLETS}
SETUP = deal(5, 1, modules=MODULES)  # the Sheriff is seat 2


def test_a_position_holds_each_modules_state_and_the_piles_follow_the_players() -> None:
    game = position(
        SETUP,
        players={
            0: {"life": 3, "arrows": 2, "chief_arrow": True, "wounds": ["beer", "dynamite"]},
            1: {"rage_held": 2},
            3: {"life": 0, "alive": False},  # eliminated: its card shown
        },
    )
    p = game.players
    assert (
        p[0].life,
        p[0].arrows,
        ChiefPlayer.of(p[0]).chief_arrow,
        DuelsPlayer.of(p[0]).wounds,
    ) == (
        3,
        2,
        True,
        ("beer", "dynamite"),
    )
    assert RagePlayer.of(p[1]).rage_held == 2 and p[3].revealed and p[3].role is Role.DEPUTY
    assert (
        game.pile == 7
        and not ChiefGame.of(game).chief_in_pile
        and RageGame.of(game).rage_pile == 16
    )
    assert (
        DuelsGame.of(game).wound_pile.count("beer") == 2
        and DuelsGame.of(game).wound_pile.count("dynamite") == 1
    )
    assert game.pending is not None and game.pending.kind is DecisionKind.ROLL


def test_a_position_is_the_game_its_json_edited_by_hand_reads_back_as() -> None:
    data = Game(SETUP).to_json()
    data["players"][4].update(life=2, arrows=4)
    data["pile"] = 5
    by_hand = Game.from_position(json.loads(json.dumps(data)))
    assert position(SETUP, players={4: {"life": 2, "arrows": 4}}).to_json() == by_hand.to_json()


def test_a_new_turn_moves_the_first_roll_to_its_seat() -> None:
    game = position(SETUP, ScriptedDice(["arrow"] * 5), turn=0)
    assert game.turn == 0 and game.pending is not None and game.pending.seat == 0
    game.apply(Roll((0, 1, 2, 3, 4)))
    assert game.pending is not None and game.pending.seat == 0  # seat 1's arrow to take


def test_a_position_mid_turn_keeps_the_turn_and_takes_the_dice_faces() -> None:
    game = Game(SETUP, ScriptedDice(["arrow", "beer", "beer", "gatling", "whiskey"]))
    game.apply(Roll((0, 1, 2, 3, 4)))
    faces = ["dynamite", "beer", "beer", "gatling", "whiskey"]  # the fifth: a Duel die
    moved = position(game, faces=faces, players={2: {"life": 5}})
    assert moved.faces == faces and moved.turn == game.turn and moved.players[2].life == 5
    assert moved.pending == game.pending


def _by_hand(change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(json.dumps(Game(SETUP).to_json()))
    change(data)
    with pytest.raises(StateError) as refused:
        Game.from_position(data)
    return str(refused.value)


@pytest.mark.parametrize(
    ("players", "table", "change"),
    [
        ({1: {"life": 99}}, {}, lambda d: d["players"][1].update(life=99)),
        ({1: {"life": "ten"}}, {}, lambda d: d["players"][1].update(life="ten")),
        ({}, {"pile": 3}, lambda d: d.update(pile=3)),
        ({1: {"alive": False}}, {}, lambda d: d["players"][1].update(alive=False)),
        ({0: {"wounds": ["nothing"]}}, {}, lambda d: d["players"][0].update(wounds=["nothing"])),
        ({}, {"rage_pile": 30}, lambda d: d.update(rage_pile=30)),
    ],
    ids=["life past the maximum", "a wrong type", "arrows", "alive", "a wound", "rage cards"],
)
def test_a_position_is_refused_as_its_json_edited_by_hand_is(
    players: dict[int, dict[str, Any]], table: dict[str, Any], change: Callable[..., None]
) -> None:
    with pytest.raises(StateError) as refused:
        position(SETUP, players=players, **table)
    assert str(refused.value) == _by_hand(change)


@pytest.mark.parametrize(
    ("players", "table", "message"),
    [
        ({9: {"life": 1}}, {}, r"players: no seat 9; expected 0\.\.4"),
        ({1: {"lives": 1}}, {}, r"players\[1\]: no field 'lives'; expected one of seat, "),
        ({}, {"arrow_pile": 1}, r"no table field 'arrow_pile'; expected one of pile, "),
    ],
)
def test_a_position_names_a_field_that_does_not_exist(
    players: dict[int, dict[str, Any]], table: dict[str, Any], message: str
) -> None:
    with pytest.raises(StateError, match=message):
        position(SETUP, players=players, **table)
