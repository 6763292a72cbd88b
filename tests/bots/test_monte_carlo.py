"""The Monte Carlo player: what it considers, how it guesses roles, and that it is repeatable."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.bots import MonteCarloBot, Observation, RuleBot, observe
from companion.bots.beliefs import beliefs, hostility, sample_roles
from companion.engine import ChooseSeat, Game, ResultAssigned, Role, Roll, Stop, deal
from tests.engine.helpers import FILLERS, make_game, play


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


def test_shooting_the_sheriff_makes_a_seat_look_like_an_outlaw() -> None:
    """The inference rule: shots at the Sheriff tilt guesses and samples towards his enemies."""
    game = Game(deal(6, 2))
    sheriff = next(p.seat for p in game.players if p.role is Role.SHERIFF)
    shooter = (sheriff + 1) % 6
    watcher = next(p.seat for p in game.players if p.seat not in (sheriff, shooter))
    shots = [ResultAssigned(shooter, 0, "bullseye1", sheriff)] * 2
    assert hostility(shots, sheriff, 6)[shooter] > 0
    quiet = beliefs(observe(game, watcher, ()))
    seen = beliefs(observe(game, watcher, shots))
    enemies = (Role.OUTLAW, Role.RENEGADE)
    assert seen.chance(shooter, *enemies) > quiet.chance(shooter, *enemies)
    rng = random.Random(1)
    obs = observe(game, watcher, shots)
    drawn = Counter(sample_roles(obs, rng)[shooter] for _ in range(400))
    assert drawn[Role.DEPUTY] < 400 * quiet.chance(shooter, Role.DEPUTY)


def test_a_sample_deals_exactly_the_roles_still_unaccounted_for() -> None:
    game = Game(deal(8, 4))
    seat = 3
    obs = observe(game, seat)
    for i in range(50):
        roles = sample_roles(obs, random.Random(i))
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
