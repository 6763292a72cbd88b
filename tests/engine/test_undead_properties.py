"""Properties of random games with Undead or Alive, Modules 1-3 (alone, together, and with Old
Saloon's), 3 to 8 players, Rage symbols entered and Wound tokens drawn by a random legal policy:
the 15 Wound tokens, 18 Rage cards and the arrows are conserved, life stays within bounds, every
legal action applies, the same seed plays the same game, every game ends, JSON reads back."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Event, Game, deal
from companion.modules.duels.rules import WOUND_TOKENS, DuelsGame, DuelsPlayer
from companion.modules.rage.rules import RAGE_SYMBOLS_PER_CARD, RageGame, RagePlayer

from .test_module_properties import play_out as module_play_out

UA1, UA2, UA3 = "undead_or_alive.1", "undead_or_alive.2", "undead_or_alive.3"
COMBINATIONS = [
    frozenset(c)
    for c in (
        (UA2,),
        (UA3,),
        (UA1, UA2),
        (UA2, UA3),
        (UA1, UA2, UA3),
        (UA1, UA2, UA3, "old_saloon.1", "old_saloon.2"),
        (UA1, UA2, UA3, "old_saloon.4", "old_saloon.1"),
    )
]
RUNS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def check_invariants(game: Game) -> None:
    modules = game.setup.modules
    assert game.pile + sum(p.arrows for p in game.players) == 9
    tokens = Counter(DuelsGame.of(game).wound_pile) + Counter(
        t for p in game.players for t in DuelsPlayer.of(p).wounds
    )
    assert tokens == (Counter(WOUND_TOKENS) if UA1 in modules else Counter())
    cards = RageGame.of(game).rage_pile + RageGame.of(game).rage_discard
    cards += sum(RagePlayer.of(p).rage_held + RagePlayer.of(p).rage_revealed for p in game.players)
    assert cards == (18 if UA2 in modules else 0) and RageGame.of(game).rage_pile >= 0
    for p in game.players:
        assert 0 <= p.life <= p.max_life
        assert p.alive == (p.life > 0)
        assert len(set(DuelsPlayer.of(p).wounds)) == len(DuelsPlayer.of(p).wounds)
        assert (
            len(RagePlayer.of(p).rage_symbols)
            <= RagePlayer.of(p).rage_revealed * RAGE_SYMBOLS_PER_CARD
        )
        if p.seat != game.turn:
            assert RagePlayer.of(p).rage_revealed == 0 or not game.players[game.turn].alive
    kinds = game.dice_kinds
    assert kinds.count("duel") == (2 if UA1 in modules else 0)


def play_out(game: Game, seed: int, probe: bool) -> list[Event]:
    return module_play_out(game, seed, probe, check=check_invariants)


@RUNS
@given(
    modules=st.sampled_from(COMBINATIONS),
    players=st.integers(3, 8),
    seed=st.integers(0, 2**20),
    real=st.booleans(),
)
def test_undead_games_conserve_tokens_and_cards_and_end(
    modules: frozenset[str], players: int, seed: int, real: bool
) -> None:
    def setup() -> Game:
        piles = frozenset({"wounds"}) if real else frozenset()
        return Game(deal(players, seed, modules=modules, real_piles=piles))

    game = setup()
    check_invariants(game)
    first = play_out(game, seed, probe=True)
    assert game.over and game.side is not None
    assert play_out(setup(), seed, probe=False) == first  # same seed, same game
