"""The Monte Carlo experiment (``benchmarks/mc_player.py``, outside the product): what it
considers, how it samples roles, that it is repeatable and sees only what its seat may know,
and what its learned value reads. The benchmarks that measure it against the rule-based player
rely on all of it."""

from __future__ import annotations

import importlib
import random
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings

from companion.bots import Observation, RuleBot, observe
from companion.bots.beliefs import beliefs
from companion.engine import (
    ROLE_MIX,
    ChooseSeat,
    Event,
    Game,
    ResultAssigned,
    Role,
    Roll,
    SeededDice,
    Stop,
    deal,
    position,
)
from tests.bots.test_information import advance, twin_games
from tests.engine.helpers import FILLERS, make_game, play

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def experiment(name: str) -> ModuleType:
    """benchmarks/NAME.py, imported as the benchmarks import each other (their folder on the
    path)."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCHMARKS))


mc_player = experiment("mc_player")
mc_value = experiment("mc_value")
MonteCarloBot = mc_player.MonteCarloBot


def test_rerolls_of_dice_showing_the_same_face_are_considered_once() -> None:
    """Two Bull's Eye 1 and two Gatlings: 3 x 3 different re-rolls (Stop among them), not 2^4."""
    game = make_game(
        FILLERS,
        roles=["sheriff", "outlaw", "renegade", "outlaw", "deputy"],
        faces=["bullseye1", "bullseye1", "gatling", "gatling", "dynamite"],
    )
    play(game, Roll((0, 1, 2, 3, 4)))
    obs = observe(game, 0)
    considered = MonteCarloBot(width=20).candidates(obs)
    assert considered[0] == RuleBot()(obs)
    assert len(considered) == 9
    assert Stop() in considered
    rerolled = Counter(
        tuple(sorted(obs.faces[d] for d in a.dice)) for a in considered if a != Stop()
    )
    assert max(rerolled.values()) == 1


def test_the_same_observation_gets_the_same_answer() -> None:
    game = Game(deal(5, 21))
    rng = random.Random(3)
    while game.pending.kind.value not in ("reroll", "bullseye_target"):
        game.apply(rng.choice(game.legal_actions()))
    obs = observe(game, game.pending.seat)
    assert MonteCarloBot(4, samples=3)(obs) == MonteCarloBot(4, samples=3)(obs)


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"samples": 0}, "samples and width must be at least 1"),
        ({"width": 0}, "samples and width must be at least 1"),
        ({"rollout": "smart"}, "rollout policy 'smart': expected one of rules, random"),
    ],
)
def test_a_bad_budget_is_refused_clearly(kwargs: dict, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        MonteCarloBot(**kwargs)


def test_random_playouts_also_give_a_legal_answer() -> None:
    game = Game(deal(4, 9))
    game.apply(game.legal_actions()[0])
    obs = observe(game, game.pending.seat)
    assert MonteCarloBot(1, samples=2, rollout="random", horizon=None)(obs) in obs.legal


def test_samples_lean_the_way_the_guesses_do() -> None:
    """A seat that shot the Sheriff is dealt a Deputy's card in fewer samples than the quiet
    guess would give it."""
    game = Game(deal(6, 2))
    sheriff = next(p.seat for p in game.players if p.role is Role.SHERIFF)
    shooter = (sheriff + 1) % 6
    watcher = next(p.seat for p in game.players if p.seat not in (sheriff, shooter))
    shots = [ResultAssigned(shooter, 0, "bullseye1", sheriff)] * 2
    quiet = beliefs(observe(game, watcher, ()))
    obs = observe(game, watcher, shots)
    rng = random.Random(1)
    drawn = Counter(mc_player.sample_roles(obs, rng, beliefs(obs))[shooter] for _ in range(400))
    assert drawn[Role.DEPUTY] < 400 * quiet.chance(shooter, Role.DEPUTY)


def test_a_sample_deals_exactly_the_roles_still_unaccounted_for() -> None:
    game = Game(deal(8, 4))
    obs = observe(game, 3)
    for i in range(50):
        roles = mc_player.sample_roles(obs, random.Random(i), beliefs(obs))
        assert sorted(roles) == sorted(obs.hidden_seats())
        assert Counter(roles.values()) == obs.hidden_pool()


def test_a_bot_target_is_always_a_legal_seat() -> None:
    game = make_game(
        FILLERS,
        roles=["sheriff", "outlaw", "renegade", "outlaw", "deputy"],
        faces=["bullseye2", "arrow", "dynamite", "arrow", "arrow"],
    )
    play(game, Roll((0, 1, 2, 3, 4)), Stop())
    obs = observe(game, 0)
    answer = MonteCarloBot(2, samples=2)(obs)
    assert isinstance(answer, ChooseSeat) and answer in obs.legal


def a_reroll(seed: int) -> Observation:
    """A re-roll decision some random actions into a 5-player game."""
    game = Game(deal(5, seed))
    rng = random.Random(seed)
    while game.pending.kind.value != "reroll":
        game.apply(rng.choice(game.legal_actions()))
    return observe(game, game.pending.seat)


def test_the_budget_stops_sampling_after_two_samples() -> None:
    """Past its budget of engine actions a decision takes no third sample, however many asked."""
    obs = a_reroll(8)
    bounded, two = MonteCarloBot(1, samples=40, budget=0), MonteCarloBot(1, samples=2)
    assert bounded(obs) == two(obs)
    assert bounded.work == two.work > 0
    unbounded = MonteCarloBot(1, samples=40, budget=10**9)
    unbounded(obs)
    assert unbounded.work > 10 * bounded.work


def test_without_a_clear_margin_the_rule_based_choice_stands() -> None:
    obs = a_reroll(5)
    assert MonteCarloBot(2, confidence=1e9)(obs) == RuleBot()(obs)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(twin_games())
def test_permuting_the_hidden_roles_of_others_changes_nothing_it_does(
    twins: tuple[Game, Game, list[Event], list[Event], int],
) -> None:
    """The information rule, for the experiment too: its figures compare honest players."""
    game, twin, events, twin_events, seat = twins
    seen, twin_seen = observe(game, seat, events), observe(twin, seat, twin_events)
    assert seen == twin_seen
    assert MonteCarloBot(5, samples=2, width=3)(seen) == MonteCarloBot(5, samples=2, width=3)(
        twin_seen
    )


def advanced(players: int, seed: int, steps: int = 60) -> Game:
    """A game some random actions in, not yet over."""
    game = Game(deal(players, seed))
    advance(game, steps, random.Random(seed))
    return game


@pytest.mark.parametrize("players", range(3, 9))
def test_every_table_and_role_has_one_weight_per_feature(players: int) -> None:
    for role in set(ROLE_MIX[players]):
        weights = mc_value.COEFFICIENTS[(players, str(role))]
        assert len(weights) == len(mc_value.FEATURES)


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
        assert mc_value.features(rebuilt, s) == mc_value.features(game, s)
        assert mc_value.win_chance(rebuilt, s) == mc_value.win_chance(game, s)


def test_a_seat_without_a_known_role_has_no_learned_value() -> None:
    game = advanced(5, 3)
    obs = observe(game, 0)
    hidden = obs.hidden_seats()[0]
    assert mc_value.win_chance(obs.game(SeededDice(1)), hidden) is None


def test_a_sheriff_near_death_is_worth_less_to_him_and_more_to_an_outlaw() -> None:
    game = Game(deal(5, 7))
    sheriff = next(p for p in game.players if p.role is Role.SHERIFF)
    outlaw = next(p for p in game.players if p.role is Role.OUTLAW)
    healthy = (mc_value.win_chance(game, sheriff.seat), mc_value.win_chance(game, outlaw.seat))
    game = position(game, players={sheriff.seat: {"life": 1}})
    hurt = (mc_value.win_chance(game, sheriff.seat), mc_value.win_chance(game, outlaw.seat))
    assert hurt[0] < healthy[0] and hurt[1] > healthy[1]
