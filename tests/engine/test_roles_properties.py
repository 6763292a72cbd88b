"""Properties of random games with Old Saloon's special roles (3) and the Ghost (5), with and
without modules 1, 2 and 4, roles dealt and roles secret: the same seed gives the same game,
every game ends with winners consistent with the roles, and a game with secret role cards ends
at the same moment, for the same side, as the same game with the roles dealt."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from companion.engine import (
    Accept,
    Choose,
    DecisionKind,
    Event,
    Game,
    Reveal,
    Role,
    SeededDice,
    deal,
)
from companion.modules.ghost.rules import ghost_team, is_ghost
from companion.modules.special_roles.rules import LEFT_HAND_CHANCE, ROLE_CARD, holding

OTHERS = ("old_saloon.1", "old_saloon.2", "old_saloon.4")
COMBINATIONS = [frozenset(c) for n in range(4) for c in combinations(OTHERS, n)]
MAX_ACTIONS = 4_000
SEEDS = range(6)


def modules_for(seed: int, players: int) -> frozenset[str]:
    extra = COMBINATIONS[seed % len(COMBINATIONS)]
    core = {"old_saloon.3", "old_saloon.5"} if players >= 5 else {"old_saloon.3"}
    return frozenset(core | extra)


def play_mirrored(players: int, seed: int) -> tuple[Game, Game, list[Event]]:
    """Random actions (reveals into windows included) on the dealt game, the same on the game
    with secret cards, whose seats show their true role when the rules make them."""
    mixed = seed % 2 == 1
    modules = modules_for(seed, players)
    known = Game(deal(players, seed, modules=modules, mixed=mixed), SeededDice(seed))
    secret_setup = deal(players, seed, roles_known=False, modules=modules, mixed=mixed)
    secret = Game(secret_setup, SeededDice(seed))
    rng = random.Random(seed)
    events = list(known.opening_events)
    for _ in range(MAX_ACTIONS):
        _show_roles(known, secret)
        if known.over:
            break
        assert secret.pending is not None and known.pending is not None
        assert (secret.pending.kind, secret.pending.seat) == (
            known.pending.kind,
            known.pending.seat,
        )
        windows = known.window_actions()
        assert set(windows) <= set(secret.window_actions())
        if windows and rng.random() < 0.3:
            action = rng.choice(windows)
        else:
            action = rng.choice(known.legal_actions())
        events += known.apply(action)
        secret.apply(action)
    else:
        pytest.fail("the game does not end")
    return known, secret, events


def _show_roles(known: Game, secret: Game) -> None:
    """The secret game's seats show their true role, then which card it is, once the table
    said that nobody saves them (The Left Hand is offered first; the dealt game knows the
    cards and asks nothing)."""
    while secret.pending is not None and secret.pending.kind in SHOWING:
        p = known.players[secret.pending.seat]
        if secret.pending.kind is LEFT_HAND_CHANCE:
            secret.apply(Accept())
        elif secret.pending.kind is DecisionKind.REVEAL_ROLE:
            assert p.role is not None
            secret.apply(Reveal(p.role))
        else:
            card = holding(p).special_card or "normal"
            assert card in secret.pending.options
            secret.apply(Choose(card))


SHOWING = (LEFT_HAND_CHANCE, DecisionKind.REVEAL_ROLE, ROLE_CARD)


def check_winners(game: Game) -> None:
    n = len(game.players)

    def side(seat: int) -> Role | None:
        p = game.players[seat]
        return ghost_team(p.role, n) if is_ghost(p) else p.role

    sheriff = next(p for p in game.players if p.role is Role.SHERIFF)
    living = [p.seat for p in game.players if p.alive]
    if game.side == "sheriff":
        assert sheriff.alive
        assert all(not p.alive for p in game.players if p.role in (Role.OUTLAW, Role.RENEGADE))
        expected = {s for s in range(n) if side(s) in (Role.SHERIFF, Role.DEPUTY)}
    elif game.side == "renegade":
        assert living == list(game.winners) and game.players[living[0]].role is Role.RENEGADE
        expected = set(living)
    else:
        assert game.side == "outlaws" and not sheriff.alive
        expected = {s for s in range(n) if side(s) is Role.OUTLAW}
    assert set(game.winners) == expected


@pytest.mark.parametrize("players", range(4, 9))
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_end_with_winners_consistent_with_the_roles_known_or_secret(
    players: int, seed: int
) -> None:
    known, secret, _events = play_mirrored(players, seed)
    assert known.over and secret.over
    check_winners(known)
    assert secret.side == known.side
    assert set(secret.winners) <= set(known.winners)  # the seats the table can tell
    # Every winner whose card the table has seen is named, as in the base game; others only
    # when the rules leave no doubt.
    assert {s for s in known.winners if secret.players[s].revealed} <= set(secret.winners)


@pytest.mark.parametrize("players", (5, 8))
def test_the_same_seed_gives_the_same_game(players: int) -> None:
    _k, _s, first = play_mirrored(players, 3)
    _k, _s, again = play_mirrored(players, 3)
    assert [e.to_json() for e in first] == [e.to_json() for e in again]


def test_random_games_do_reveal_special_roles_and_make_ghosts() -> None:
    kinds: set[str] = set()
    for seed in SEEDS:
        for players in (5, 7):
            kinds |= {e.kind for e in play_mirrored(players, seed)[2]}
    assert {"special_role_revealed", "became_ghost", "ghost_token_given", "rewound"} <= kinds
