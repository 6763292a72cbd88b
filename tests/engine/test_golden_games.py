"""The same seed plays the same base game: recorded whole games replayed on today's engine."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.engine import RoleRevealed, action_from_json

from .golden_games import PATH, final_table, new_game

GAMES: list[dict[str, Any]] = json.loads(PATH.read_text())


def _name(game: dict[str, Any]) -> str:
    rules = "+".join(game["house_rules"]) or "rulebook"
    roles = "known" if game["roles_known"] else "secret"
    return f"{game['players']}p-seed{game['seed']}-{rules}-{roles}"


def test_golden_games_cover_every_player_count_house_rule_and_secret_roles() -> None:
    assert {g["players"] for g in GAMES} == set(range(3, 9))
    assert {h for g in GAMES for h in g["house_rules"]} == {
        "dynamite_cancels_actions",
        "bullseye2_up_to_two",
    }
    assert any(not g["roles_known"] for g in GAMES)


@pytest.mark.parametrize("recorded", GAMES, ids=_name)
def test_same_seed_plays_the_same_base_game(recorded: dict[str, Any]) -> None:
    game = new_game(recorded)
    opening, *steps = recorded["steps"]
    assert [e.to_json() for e in game.opening_events] == opening["events"]
    for n, step in enumerate(steps, start=1):
        events = game.apply(action_from_json(step["action"]))
        expected = step["events"]
        if n == len(steps):
            expected = _cards_turned_up(recorded["final"], expected)
        assert [e.to_json() for e in events] == expected, f"action {n}: {step['action']}"
    final = recorded["final"]
    assert final_table(game) == {**final, "players": _players_turned_up(final["players"])}


def _players_turned_up(players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The one change since the recording (issue 34): at the end the table turns every role
    card up to see who won, so each role the engine knows is revealed, the living's too."""
    return [{**p, "revealed": p["revealed"] or p["role"] is not None} for p in players]


def _cards_turned_up(final: dict[str, Any], events: list[Any]) -> list[Any]:
    """The last action's events with the reveals of the cards turned up before the game's
    end is said (``Game.finish``)."""
    turned = [
        RoleRevealed(seat, p["role"]).to_json()
        for seat, p in enumerate(final["players"])
        if p["role"] is not None and not p["revealed"]
    ]
    assert events[-1]["event"] == "game_over", events[-1]
    return [*events[:-1], *turned, events[-1]]
