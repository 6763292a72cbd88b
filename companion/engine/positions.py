"""A mid-game position of a test's or a tool's making, held to the rules' checks.

``position`` starts from a set-up (its first turn) or from a game, changes the players' and the
table's fields named, and reads the result back with ``Game.from_position``: whatever the
rules' checks refuse is refused with the field named. A position has no play behind it, so it
is no saved game (``Game.from_json`` refuses it).

>>> from companion.engine import deal, position
>>> setup = deal(players=4, seed=3)
>>> game = position(setup, players={1: {"life": 2, "arrows": 3}})
>>> game.players[1].life, game.pile
(2, 6)
>>> position(game, players={1: {"lfe": 2}})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
companion.engine.errors.StateError: players[1]: no field 'lfe'; expected one of seat, ...
>>> position(game, players={1: {"life": 99}})
Traceback (most recent call last):
...
companion.engine.errors.StateError: seat 2: life 99 is outside 0..8 (max_life 8)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from .decisions import DecisionKind
from .dice import DiceSource
from .errors import StateError
from .game import Game
from .setup import GameSetup
from .state import GameState, PlayerState, field_names


def position(
    start: Game | GameSetup,
    dice: DiceSource | None = None,
    *,
    players: Mapping[int, Mapping[str, Any]] | None = None,
    **table: Any,
) -> Game:
    """``start`` (a game, or a set-up at its first turn) with the fields named changed.

    ``players`` maps a seat (from 0) to its ``PlayerState`` fields: life, arrows, role,
    revealed, special, alive… and its modules' parts' fields; ``table`` names the
    ``GameState`` fields: pile, turn, faces, rolls… and the modules' parts' fields.
    Values are what ``Game.to_json`` writes, or the engine's own enums and tuples.

    The piles follow the players: unless ``pile`` or a module's pile (``declare_pile``) is
    given, what a player gains comes out of its pile and what a player
    loses goes back. A seat eliminated here (``alive`` false) shows its known role card,
    unless ``revealed`` is given. At a turn's first roll, a new ``turn`` moves that roll to
    its seat;
    a new ``turn`` counts the turns round the table to it (``turn_number``, and a roll each
    in ``roll_count``) unless given. The dice stay ``start``'s unless ``dice`` is given.
    """
    game = start if isinstance(start, Game) else Game(start, dice)
    data = game.to_json()
    table_fields = tuple(f for f in field_names(GameState) if f != "players")
    player_fields = field_names(PlayerState)
    wrong = sorted(set(table) - set(table_fields))
    if wrong:
        raise StateError(f"no table field {wrong[0]!r}; expected one of {', '.join(table_fields)}")
    before = [dict(p) for p in data["players"]]
    for seat, changes in (players or {}).items():
        if not isinstance(seat, int) or not 0 <= seat < len(data["players"]):
            raise StateError(f"players: no seat {seat!r}; expected 0..{len(data['players']) - 1}")
        for name, value in changes.items():
            if name not in player_fields:
                expected = ", ".join(player_fields)
                raise StateError(f"players[{seat}]: no field {name!r}; expected one of {expected}")
            data["players"][seat][name] = _json(value)
        p = data["players"][seat]
        if "revealed" not in changes and not p["alive"] and p["role"] is not None:
            p["revealed"] = True  # an eliminated player shows the card
    _follow_piles(data, before, table)
    if "turn" in table and _at_first_roll(data):
        data["pending"]["seat"] = table["turn"]
    if "turn" in table and "turn_number" not in table:
        # the turns between, played round the table as the turn order gives them, each with
        # its roll (unless roll_count is given)
        between = (table["turn"] - data["turn"]) % len(data["players"])
        data["turn_number"] += between
        data["roll_count"] += between if "roll_count" not in table else 0
    data.update({name: _json(value) for name, value in table.items()})
    return Game.from_position(
        json.loads(json.dumps(data)), dice if dice is not None else game.dice_source
    )


def _json(value: Any) -> Any:
    """``value`` as ``to_json`` writes it."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    return value.to_json() if hasattr(value, "to_json") else value


# How a module's pile follows what ``position`` changed of the players' pieces, unless the
# table's field is given: (the state's JSON, the players' JSON before, the table's fields given).
PileFollower = Callable[[dict[str, Any], list[dict[str, Any]], Mapping[str, Any]], None]
PILE_FOLLOWERS: list[PileFollower] = []


def declare_pile(follows: PileFollower) -> None:
    """A module's pile that follows its pieces in ``position``."""
    PILE_FOLLOWERS.append(follows)


def gained(data: dict[str, Any], before: list[dict[str, Any]], name: str) -> int:
    """How much of the players' ``name`` they gained, all together, since ``before``."""
    after = data["players"]
    return sum(int(a[name]) - int(b[name]) for a, b in zip(after, before, strict=True))


def _follow_piles(
    data: dict[str, Any], before: list[dict[str, Any]], table: Mapping[str, Any]
) -> None:
    """Take what the players gained from its pile, and put back what they lost."""
    if "pile" not in table:
        data["pile"] -= gained(data, before, "arrows")
    for follows in PILE_FOLLOWERS:
        follows(data, before, table)


def _at_first_roll(data: dict[str, Any]) -> bool:
    pending = data["pending"]
    return (
        pending is not None
        and pending["kind"] == DecisionKind.ROLL
        and pending["seat"] == data["turn"]
        and data["rolls"] == 0
        and not data["queue"]
    )
