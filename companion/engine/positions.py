"""A mid-game position of a test's or a tool's making, checked as a saved game is checked.

``position`` starts from a set-up (its first turn) or from a game, changes the players' and the
table's fields named, and reads the result back with ``Game.from_json``: whatever the rules
cannot reach is refused with the field named, exactly as a saved state would be.

>>> from companion.engine import Module, deal, position
>>> setup = deal(players=4, seed=3, modules={Module("old_saloon.2")})
>>> game = position(setup, players={1: {"life": 2, "arrows": 3, "chief_arrow": True}})
>>> game.players[1].life, game.pile, game.chief_in_pile
(2, 6, False)
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
from collections import Counter
from collections.abc import Mapping
from dataclasses import fields
from enum import Enum
from typing import Any

from .decisions import DecisionKind
from .dice import DiceSource
from .errors import StateError
from .game import Game
from .setup import GameSetup
from .state import GameState, PlayerState

PLAYER_FIELDS = tuple(f.name for f in fields(PlayerState))
TABLE_FIELDS = tuple(f.name for f in fields(GameState) if f.name != "players") + ("windows",)


def position(
    start: Game | GameSetup,
    dice: DiceSource | None = None,
    *,
    players: Mapping[int, Mapping[str, Any]] | None = None,
    **table: Any,
) -> Game:
    """``start`` (a game, or a set-up at its first turn) with the fields named changed.

    ``players`` maps a seat (from 0) to its ``PlayerState`` fields: life, arrows, chief_arrow,
    wounds, rage_held, role, revealed, special, alive, zombie…; ``table`` names the
    ``GameState`` fields: pile, turn, faces, rolls, wound_pile, rage_pile, outbreak… Values are
    what ``Game.to_json`` writes, or the engine's own enums and tuples.

    The piles follow the players: unless ``pile``, ``chief_in_pile``, ``wound_pile`` or
    ``rage_pile`` is given, what a player gains comes out of its pile and what a player loses
    goes back. A seat eliminated here (``alive`` false) shows its known role card, unless
    ``revealed`` is given. At a turn's first roll, a new ``turn`` moves that roll to its seat;
    a new ``turn`` counts the turns round the table to it (``turn_number``, and a roll each
    in ``roll_count``) unless given.
    The dice stay ``start``'s unless ``dice`` is given.
    """
    game = start if isinstance(start, Game) else Game(start, dice)
    data = game.to_json()
    wrong = sorted(set(table) - set(TABLE_FIELDS))
    if wrong:
        raise StateError(f"no table field {wrong[0]!r}; expected one of {', '.join(TABLE_FIELDS)}")
    before = [dict(p) for p in data["players"]]
    for seat, changes in (players or {}).items():
        if not isinstance(seat, int) or not 0 <= seat < len(data["players"]):
            raise StateError(f"players: no seat {seat!r}; expected 0..{len(data['players']) - 1}")
        for name, value in changes.items():
            if name not in PLAYER_FIELDS:
                expected = ", ".join(PLAYER_FIELDS)
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
    return Game.from_json(
        json.loads(json.dumps(data)), dice if dice is not None else game.dice_source
    )


def _json(value: Any) -> Any:
    """``value`` as ``to_json`` writes it."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    return value.to_json() if hasattr(value, "to_json") else value


def _follow_piles(
    data: dict[str, Any], before: list[dict[str, Any]], table: Mapping[str, Any]
) -> None:
    """Take what the players gained from its pile, and put back what they lost."""
    after = data["players"]

    def gained(name: str) -> int:
        return sum(int(a[name]) - int(b[name]) for a, b in zip(after, before, strict=True))

    if "pile" not in table:
        data["pile"] -= gained("arrows")
    chiefs = int(data["chief_in_pile"]) - gained("chief_arrow")
    if "chief_in_pile" not in table and chiefs in (0, 1):
        data["chief_in_pile"] = bool(chiefs)
    if "rage_pile" not in table:
        data["rage_pile"] -= gained("rage_held") + gained("rage_revealed")
    if "wound_pile" not in table:
        held = Counter(t for p in after for t in p["wounds"])
        held_before = Counter(t for p in before for t in p["wounds"])
        pile = Counter(data["wound_pile"]) - (held - held_before) + (held_before - held)
        data["wound_pile"] = sorted(pile.elements())


def _at_first_roll(data: dict[str, Any]) -> bool:
    pending = data["pending"]
    return (
        pending is not None
        and pending["kind"] == DecisionKind.ROLL
        and pending["seat"] == data["turn"]
        and data["rolls"] == 0
        and not data["queue"]
    )
