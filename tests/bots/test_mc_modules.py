"""The searching player plays with every module set: ``simulate --policy mc`` plays whole games
with each (Old Saloon 3's secret special cards included) and exits 0. One game each, beside
rule-based players to keep the suite short (a game of every expansion at once with the
searching player at every seat takes about a minute); the issue's own case, Old Saloon 3 with
it at every seat, in full. ``simulate --games 200`` plays the long campaigns."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.engine import MODULES, Module

from .test_module_games import MODULE_SETS, _name

SETS = [frozenset(), *MODULE_SETS]


def simulate(capsys: pytest.CaptureFixture[str], modules: frozenset[Module], policy: str) -> dict:
    """``simulate`` in-process, one game at the fewest players the set allows (4 at least)."""
    players = max([4, *(MODULES[m].min_players for m in modules)])
    named = ["--modules", *sorted(m.value for m in modules)] if modules else []
    argv = ["simulate", "--players", str(players), "--games", "1", "--policy", policy, "--json"]
    code = main([*argv, "--seed", str(len(modules)), *named])
    out, err = capsys.readouterr()
    assert code == 0, err
    report: dict = json.loads(out)
    assert report["games"] == 1 and report["modules"] == sorted(m.value for m in modules)
    return report


@pytest.mark.parametrize("modules", SETS, ids=lambda m: _name(m) or "base")
def test_the_searching_player_plays_every_module_set_to_the_end(
    modules: frozenset[Module], capsys: pytest.CaptureFixture[str]
) -> None:
    report = simulate(capsys, modules, "mc,rules")
    assert report["win_rate_by_player"].keys() == {"mc", "rules"}


def test_simulate_with_the_searching_player_at_every_seat_and_special_roles_exits_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report = simulate(capsys, frozenset({Module.SPECIAL_ROLES}), "mc")
    assert report["win_rate_by_player"].keys() == {"mc"}
