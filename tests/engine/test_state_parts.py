"""A module's part of the state: registered from its package, frozen, shared by copies,
written flat in its owner's JSON at the keys and place the state had before, read back."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from companion.engine import (
    MODULE_PARTS,
    NO_SEAT,
    Game,
    GameState,
    Part,
    PlayerState,
    StateError,
    TurnScratch,
    deal,
    field_names,
    parts_seen,
    state_parts,
)
from companion.modules.duels.rules import ID as DUELS_ID
from companion.modules.duels.rules import DuelsGame, DuelsPlayer, DuelsTurn
from companion.modules.rage.rules import ID as RAGE_ID
from companion.modules.rage.rules import RageGame, RagePlayer

BOTH = frozenset({DUELS_ID, RAGE_ID})


def game() -> Game:
    return Game(deal(5, seed=3, modules=BOTH))


def test_a_copy_of_the_state_shares_the_parts_and_a_change_replaces_one() -> None:
    original = game()
    clone = original.copy()
    assert clone.players[0].parts is original.players[0].parts
    RagePlayer.change(clone.players[0], rage_held=2)
    assert RagePlayer.of(clone.players[0]).rage_held == 2
    assert RagePlayer.of(original.players[0]).rage_held == 0
    assert DuelsPlayer.of(clone.players[0]) is DuelsPlayer.of(original.players[0])


def test_a_part_is_frozen() -> None:
    part = RagePlayer.of(game().players[0])
    with pytest.raises(AttributeError):
        part.rage_held = 1  # type: ignore[misc]


def test_a_module_s_fields_are_written_flat_where_the_state_had_them() -> None:
    players = field_names(PlayerState)
    assert players.index("alive") < players.index("wounds") < players.index("rage_held")
    assert players.index("rage_symbols") < players.index("zombie")
    table = field_names(GameState)
    assert table.index("preset") < table.index("wound_pile") < table.index("rage_pile")
    assert table.index("rage_discard") < table.index("eliminated_now")
    scratch = field_names(TurnScratch)
    assert scratch.index("lost") < scratch.index("duels") < scratch.index("beer_rage")
    data = game().to_json()
    assert "parts" not in data and "parts" not in data["players"][0]
    written = list(data["players"][0])  # a renamed field's name is not written, its key is
    assert [name for name in players if name in written] == written
    assert written.index("alive") < written.index("special_shown") < written.index("wounds")


def test_a_state_read_back_holds_each_part_it_wrote() -> None:
    before = game()
    RagePlayer.change(before.players[1], rage_held=1)
    RageGame.change(before, rage_pile=17)
    after = Game.from_position(before.to_json())  # a part changed by hand: a position
    assert RagePlayer.of(after.players[1]).rage_held == 1
    assert RageGame.of(after).rage_pile == 17
    assert after.to_json() == {**before.to_json(), "played": None}


def test_a_turn_s_part_read_back_is_the_one_play_wrote() -> None:
    """The seats challenged to a duel live in the turn's scratch: a game played to a duel
    reads back with them (a state with them while the turn still rolls is refused)."""
    played = game()
    rng = random.Random(5)
    for _ in range(3000):
        if DuelsTurn.of(played.scratch).duels or played.over:
            break
        played.apply(rng.choice(played.legal_actions()))
    challenged = DuelsTurn.of(played.scratch).duels
    assert challenged
    after = Game.from_json(played.to_json())
    assert DuelsTurn.of(after.scratch).duels == challenged
    assert after.to_json() == played.to_json()


def test_a_part_field_read_back_wrong_is_named() -> None:
    data = game().to_json()
    data["wound_pile"] = "beer"
    with pytest.raises(StateError, match=r"state\.wound_pile: expected a list"):
        Game.from_position(data)


def test_a_secret_field_of_a_part_is_blank_to_every_seat() -> None:
    g = game()
    DuelsGame.change(g, wound_draws=3)
    assert g.to_json()["wound_draws"] == 3
    assert all(g.to_json(seat)["wound_draws"] == 0 for seat in (*range(5), NO_SEAT))


def test_the_parts_a_seat_sees_of_a_player_hold_no_secret_of_it() -> None:
    p = game().players[0]
    assert parts_seen(p, NO_SEAT) == p.parts  # the tokens and cards held are public


def test_a_module_lists_the_parts_it_registered() -> None:
    assert MODULE_PARTS[DUELS_ID] == [DuelsPlayer, DuelsGame, DuelsTurn]


@dataclass(frozen=True, slots=True)
class _Clash(Part):
    wounds: tuple[str, ...] = ()


@dataclass(slots=True)
class _Loose(Part):
    count: int = 0


def test_a_part_writing_a_key_another_writes_is_refused() -> None:
    with pytest.raises(StateError, match="both write the key 'wounds'"):
        state_parts("house.clash", player=(_Clash, "alive"))


def test_a_part_that_is_not_frozen_is_refused() -> None:
    with pytest.raises(StateError, match="not a frozen dataclass"):
        state_parts("house.loose", player=(_Loose, "alive"))


def test_a_part_placed_after_no_field_is_refused() -> None:
    with pytest.raises(StateError, match="no field 'nowhere'"):
        state_parts("house.nowhere", game=(_Clash, "nowhere"))
