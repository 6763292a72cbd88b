"""Secret role cards change nothing but what the engine knows.

A game played with the roles in the engine is replayed on the same table with only the Sheriff
known; each seat shows its true card when the engine asks. Both games must end after the same
action with the same side, and the unknown game may name only winners it can be sure of.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import (
    Action,
    DecisionKind,
    DiceRolled,
    Event,
    Game,
    GameOver,
    GameSetup,
    PlayerEliminated,
    Reveal,
    Role,
    RoleRevealed,
    Roll,
    deal,
)

MAX_ACTIONS = 2_000
SIDES = {
    "sheriff": {Role.SHERIFF, Role.DEPUTY},
    "outlaws": {Role.OUTLAW},
    "renegade": {Role.RENEGADE},
}


@dataclass
class Known:
    """A game with the roles known: its set-up, actions (Rolls with their faces) and events."""

    game: Game
    actions: list[Action]
    events: list[Event]


def play_known(players: int, seed: int) -> Known:
    """Deal with the roles known and play random legal actions to the end."""
    game = Game(deal(players, seed))
    rng = random.Random(seed)
    actions: list[Action] = []
    events: list[Event] = list(game.opening_events)
    while not game.over:
        assert len(actions) < MAX_ACTIONS, "the game does not end"
        action = rng.choice(game.legal_actions())
        caused = game.apply(action)
        if isinstance(action, Roll):
            # Carry the faces, so the replay rolls the same dice whatever its dice source.
            (rolled,) = [e for e in caused if isinstance(e, DiceRolled)]
            action = Roll(rolled.dice, rolled.faces)
        actions.append(action)
        events += caused
    return Known(game, actions, events)


def unknown_twin(game: Game) -> Game:
    """The same table with the role cards secret: only the Sheriff is known."""
    setup = game.setup
    return Game(
        GameSetup(
            characters=setup.characters,
            roles=None,
            sheriff=setup.sheriff_seat(),
            house_rules=setup.house_rules,
            seed=setup.seed,
        )
    )


def answer_reveals(game: Game, roles: tuple[Role, ...], since: list[Event]) -> list[Event]:
    """Each seat asked shows its true card; the reveal must be one the rules call for.

    ``since`` holds the events since the last non-reveal action: a seat is asked only when it
    has just been eliminated, or when the Sheriff is dead and it is the one unknown survivor.
    """
    events: list[Event] = []
    while game.pending is not None and game.pending.kind is DecisionKind.REVEAL_ROLE:
        seat = game.pending.seat
        player = game.players[seat]
        assert player.role is None and not player.revealed, f"seat {seat} asked twice"
        just_eliminated = any(
            isinstance(e, PlayerEliminated) and e.seat == seat for e in since + events
        )
        sheriff = next(p for p in game.players if p.role is Role.SHERIFF)
        living = [p.seat for p in game.players if p.alive]
        last_unknown = not sheriff.alive and living == [seat]
        assert just_eliminated or last_unknown, f"seat {seat} asked to reveal for no reason"
        assert Reveal(roles[seat]) in game.legal_actions()
        events += game.apply(Reveal(roles[seat]))
    return events


def without_reveals(events: list[Event]) -> list[Event]:
    """The events both games share: role cards and the winners named differ by design."""
    return [e for e in events if not isinstance(e, RoleRevealed | GameOver)]


def check_equivalent(players: int, seed: int) -> None:
    known = play_known(players, seed)
    roles = known.game.setup.roles
    assert roles is not None
    game = unknown_twin(known.game)
    events: list[Event] = list(game.opening_events)
    events += answer_reveals(game, roles, [])
    for action in known.actions:
        assert not game.over, "the unknown game ended before the known one"
        caused = game.apply(action)
        caused += answer_reveals(game, roles, caused)
        events += caused
        for p in game.players:
            if not p.alive:
                assert p.role is roles[p.seat], f"eliminated seat {p.seat} must show its card"
    assert game.over, "the unknown game goes on after the known one ended"
    assert without_reveals(events) == without_reveals(known.events)
    assert game.side == known.game.side
    winners, known_winners = set(game.winners), set(known.game.winners)
    assert winners <= known_winners
    assert game.side is not None
    shown_on_side = {p.seat for p in game.players if p.role in SIDES[game.side]}
    if game.side == "renegade":  # with two Renegades only the last one alive wins
        shown_on_side = {s for s in shown_on_side if game.players[s].alive}
    assert shown_on_side <= winners
    assert shown_on_side == {s for s in known_winners if game.players[s].role is not None}


RUNS = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@RUNS
@given(st.integers(4, 8), st.integers(0, 2**32))
def test_secret_roles_end_the_game_at_the_same_action_with_the_same_side(
    players: int, seed: int
) -> None:
    check_equivalent(players, seed)


@pytest.mark.parametrize("players", range(4, 9))
def test_secret_roles_over_a_fixed_sweep_of_seeds(players: int) -> None:
    """The same 60 games per player count on every run."""
    for seed in range(60):
        check_equivalent(players, seed)
