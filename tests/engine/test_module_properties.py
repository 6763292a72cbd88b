"""Properties of random games with every combination of Old Saloon modules 1, 2 and 4, 3 to 8
players: tokens conserved (nine arrows and the Chief's Arrow), life within bounds, every legal
action applies, the same seed plays the same game, every game ends, JSON reads back."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import (
    Accept,
    Action,
    Choose,
    ChooseDie,
    ChooseSeat,
    Decline,
    Event,
    Game,
    IllegalAction,
    Stop,
    deal,
)
from companion.modules.chief_arrow.rules import ChiefGame, ChiefPlayer

PLAYABLE = ("old_saloon.1", "old_saloon.2", "old_saloon.4")
COMBINATIONS = [frozenset(c) for n in range(4) for c in combinations(PLAYABLE, n)]
MAX_ACTIONS = 4_000
# One action of each kind that fits no decision of a 5-player game.
NEVER_LEGAL: list[Action] = [ChooseSeat(9), ChooseDie(9), Choose("sideways")]
ANSWERS: list[Action] = [Accept(), Decline(), Stop(), *NEVER_LEGAL]

RUNS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def check_invariants(game: Game) -> None:
    held = sum(p.arrows for p in game.players)
    assert game.pile >= 0 and game.pile + held == 9
    chiefs = (
        sum(ChiefPlayer.of(p).chief_arrow for p in game.players) + ChiefGame.of(game).chief_in_pile
    )
    assert chiefs == (1 if "old_saloon.2" in game.setup.modules else 0)
    for p in game.players:
        assert 0 <= p.life <= p.max_life
        assert p.alive == (p.life > 0)
        if not p.alive:
            assert p.arrows == 0 and not ChiefPlayer.of(p).chief_arrow
    assert len(game.faces) == len(game.dice_kinds) in (3, 5, 6)  # 3: a zombie's turn


def play_out(
    game: Game, seed: int, probe: bool, check: Callable[[Game], None] | None = None
) -> list[Event]:
    """Random legal actions to the end; with ``probe``, every legal action is tried on a copy.
    ``check`` (the invariants of these modules by default) runs after each action."""
    check = check or check_invariants
    rng, probes = random.Random(seed), random.Random(-seed)
    events: list[Event] = list(game.opening_events)
    for taken in range(MAX_ACTIONS):
        if game.over:
            return events
        legal = game.legal_actions()
        assert legal, game.pending
        if probe:
            for action in probes.sample(legal, min(len(legal), 4)):
                game.copy().apply(action)  # raises if a listed action is not legal
        if taken % 17 == 0:
            again = Game.from_json(json.loads(json.dumps(game.to_json())), game.dice_source)
            assert again.to_json() == game.to_json()
        events += game.apply(rng.choice(legal))
        check(game)
    raise AssertionError(f"game did not end within {MAX_ACTIONS} actions")


@RUNS
@given(
    modules=st.sampled_from(COMBINATIONS),
    players=st.integers(3, 8),
    seed=st.integers(0, 2**20),
)
def test_module_games_keep_tokens_and_life_and_end(
    modules: frozenset[str], players: int, seed: int
) -> None:
    game = Game(deal(players, seed, modules=modules, roles_known=seed % 2 == 0))
    check_invariants(game)
    first = play_out(game, seed, probe=True)
    assert game.over and game.side is not None
    replay = Game(deal(players, seed, modules=modules, roles_known=seed % 2 == 0))
    assert play_out(replay, seed, probe=False) == first  # same seed, same game


@settings(RUNS, max_examples=40)
@given(modules=st.sampled_from(COMBINATIONS), seed=st.integers(0, 2**20))
def test_module_games_refuse_what_is_not_legal(modules: frozenset[str], seed: int) -> None:
    """An action of another decision's kind is refused and changes nothing."""
    game = Game(deal(5, seed, modules=modules))
    rng = random.Random(seed)
    for _ in range(60):
        if game.over:
            break
        before = json.dumps(game.to_json())
        legal = game.legal_actions()
        other = [a for a in ANSWERS if a not in legal]
        for action in other:
            try:
                game.apply(action)
            except IllegalAction:
                assert json.dumps(game.to_json()) == before
            else:
                raise AssertionError(f"{action} applied at {game.pending}")
        game.apply(rng.choice(legal))
