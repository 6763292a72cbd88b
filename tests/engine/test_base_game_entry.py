"""The base game is the first entry of the list of rules: a ``ModuleRules`` like any module's,
always in play, never offered or counted as a module, and the turn takes its phases, dice, sides
and end from it by the hooks a module uses (after python-chess, where the standard board is the
first of the variants and a variant overrides its hooks)."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import fields
from itertools import combinations
from pathlib import Path

import pytest

from companion.engine import (
    BASE_DICE,
    BASE_GAME_RULES,
    MODULE_RULES,
    MODULES,
    Game,
    GameSetup,
    Module,
    ModuleInfo,
    ModuleRules,
    SetupError,
    deal,
    declare_module,
    entries,
    in_play,
    module,
    sides,
    turn_order,
)
from tests.test_module_plugins import companion, installed

# It walks the modules installed: run again with the example module (scripts/test).
pytestmark = pytest.mark.walks_modules


def module_sets() -> list[frozenset[Module]]:
    """No module, each module alone, each pair, and every installed module at once."""
    ids = list(Module)
    return [
        frozenset(),
        *(frozenset({m}) for m in ids),
        *(frozenset(pair) for pair in combinations(ids, 2)),
        frozenset(ids),
    ]


def test_the_base_game_is_the_first_entry_of_every_list_of_rules() -> None:
    for modules in module_sets():
        rules = in_play(modules)
        assert rules[0] is BASE_GAME_RULES, sorted(modules)
        assert [r.module for r in rules[1:]] == sorted(modules)
    assert entries() == (BASE_GAME_RULES, *MODULE_RULES.values())


def test_the_base_game_is_always_in_play_and_never_offered_or_counted_as_a_module() -> None:
    base = BASE_GAME_RULES.module
    assert base == "base"
    assert base not in Module and base not in MODULES and base not in MODULE_RULES
    assert len(MODULE_RULES) == len(MODULES) == len(list(Module))
    with pytest.raises(SetupError, match="unknown module 'base'"):
        module("base")
    with pytest.raises(SetupError, match="unknown module 'base'"):
        GameSetup.from_json({**deal(players=5, seed=1).to_json(), "modules": ["base"]})
    with pytest.raises(ValueError, match="'base' is the base game's id"):
        declare_module("base", ModuleInfo("Another base game"))


def test_the_base_game_has_the_hooks_of_any_module() -> None:
    assert type(BASE_GAME_RULES) is ModuleRules
    given = {f.name for f in fields(ModuleRules) if getattr(BASE_GAME_RULES, f.name)}
    assert given == {
        "module",
        "per_roll",
        "resolution",
        "starting_dice",
        "hand_causes",
        "ends",
        "sides",
    }
    per_roll, resolution = turn_order(frozenset())
    assert per_roll == tuple(name for name, _after, _rule in BASE_GAME_RULES.per_roll)
    assert resolution == tuple(name for name, _after, _rule in BASE_GAME_RULES.resolution)
    assert sides()[: len(BASE_GAME_RULES.sides)] == BASE_GAME_RULES.sides


def test_a_game_of_the_base_game_alone_runs_its_entry_s_hooks() -> None:
    game = Game(deal(players=5, seed=3))
    turn = game.turn_rules
    assert turn.per_roll == tuple(rule for _name, _after, rule in BASE_GAME_RULES.per_roll)
    assert turn.resolution == tuple((n, r) for n, _after, r in BASE_GAME_RULES.resolution)
    assert turn.ends is BASE_GAME_RULES.ends
    assert turn.hand_causes == BASE_GAME_RULES.hand_causes
    assert turn.starting_dice == BASE_GAME_RULES.starting_dice == BASE_DICE
    assert game.dice_kinds == list(BASE_DICE)


def test_a_module_s_phase_is_placed_among_the_base_game_s() -> None:
    for modules in module_sets():
        per_roll, resolution = turn_order(modules)
        base_order = [n for n, _after, _rule in BASE_GAME_RULES.resolution]
        assert [n for n in resolution if n in base_order] == base_order, sorted(modules)
        assert per_roll[0] == BASE_GAME_RULES.per_roll[0][0]


# A module that replaces the base game's dice by the hook that gives them: six base dice.
SIX_DICE = """
from companion.engine import ModuleInfo, ModuleRules, declare_module

RULES = ModuleRules(
    declare_module("toy.six", ModuleInfo("Six dice")), starting_dice=("base",) * 6
)
"""
PLAY_SIX = """
import random
from companion.engine import Game, Module, deal

game = Game(deal(players=5, seed=7, modules=frozenset({Module("toy.six")})))
rng = random.Random(7)
sizes = set()
for _ in range(5000):
    if game.over:
        break
    sizes.add(len(game.dice_kinds))
    game.apply(rng.choice(game.legal_actions()))
print(game.over, sorted(sizes), Game.from_json(game.to_json()).dice_kinds == game.dice_kinds)
"""


def test_a_module_replaces_the_base_game_s_dice_by_the_same_hook(tmp_path: Path) -> None:
    installed(tmp_path, "six_dice", "toy.six", SIX_DICE)
    (tmp_path / "play_six.py").write_text(PLAY_SIX, encoding="utf-8")
    done = companion(tmp_path, "simulate", "--games", "1", "--modules", "toy.six")
    assert done.returncode == 0, done.stderr
    played = run_script(tmp_path, "play_six.py")
    assert played == "True [6] True"


def test_a_module_declaring_the_base_game_s_id_is_refused_in_one_line(tmp_path: Path) -> None:
    installed(
        tmp_path,
        "second_base",
        "base",
        "from companion.engine import ModuleInfo, ModuleRules, declare_module\n"
        "RULES = ModuleRules(declare_module('base', ModuleInfo('A second base game')))\n",
    )
    done = companion(tmp_path, "simulate", "--games", "1")
    assert done.returncode == 0, done.stderr
    assert (
        "bang-companion: module base (second_base:RULES) failed to load: "
        "ValueError: Module 'base' is the base game's id"
    ) in done.stderr


def run_script(site: Path, name: str) -> str:
    """What a script in ``site`` prints, run with ``site`` on the path as pip installs there."""
    done = subprocess.run(
        [sys.executable, str(site / name)],
        env={**os.environ, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()
