"""Properties of random games with Undead or Alive Module 4, alone and with the other modules
(the Ghost aside: the two are not played together), 4 to 8 players: the same seed plays the
same game, every game ends with winners that fit the roles and the zombies, and physical role
cards reach the same end as known ones."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Action, ChooseSeat, DecisionKind, Decline, Game, Reveal, Role, deal
from companion.modules.zombies.rules import MASTER, BoneyardGame, is_master, is_zombie

from .test_module_properties import check_invariants, play_out

UNDEAD = "undead_or_alive.4"
# The modules Module 4 may be played with, in groups that stand on their own (UA1 needs UA2).
OTHERS = (
    ("old_saloon.1",),
    ("old_saloon.2",),
    ("old_saloon.3",),
    ("old_saloon.4",),
    ("undead_or_alive.2",),
    ("undead_or_alive.1", "undead_or_alive.2"),
    ("undead_or_alive.3",),
)
RUNS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def winners_fit(game: Game, roles: tuple[Role, ...]) -> None:
    """The winners are exactly the seats of the winning side (all seats' roles known here)."""
    seats = range(len(game.players))
    undead = {s for s in seats if is_zombie(game.players[s]) or is_master(game.players[s])}
    expected = {
        "zombies": undead,
        "survivors": set(seats) - undead,
        "sheriff": {s for s in seats if roles[s] in (Role.SHERIFF, Role.DEPUTY)},
        "outlaws": {s for s in seats if roles[s] is Role.OUTLAW},
        "renegade": {s for s in seats if game.players[s].alive},
    }[game.side or ""]
    assert set(game.winners) == expected
    if game.side in ("zombies", "survivors"):
        assert BoneyardGame.of(game).outbreak == "begun" and undead
        masters = [s for s in seats if is_master(game.players[s])]
        assert all(roles[s] is Role.RENEGADE for s in masters) and len(masters) <= 1
        assert all(is_zombie(game.players[s]) for s in undead if s not in masters)


@RUNS
@given(
    extra=st.sets(st.sampled_from(OTHERS)),
    players=st.integers(4, 8),
    seed=st.integers(0, 2**20),
)
def test_undead_games_replay_end_and_have_consistent_winners(
    extra: set[tuple[str, ...]], players: int, seed: int
) -> None:
    modules = frozenset({UNDEAD, *(m for group in extra for m in group)})
    setup = deal(players, seed, modules=modules)
    game = Game(setup)
    first = play_out(game, seed, probe=seed % 4 == 0)
    assert game.over
    assert setup.roles is not None
    winners_fit(game, setup.roles)
    replay = Game(deal(players, seed, modules=modules))
    assert play_out(replay, seed, probe=False) == first


def _truthful(game: Game, roles: tuple[Role, ...], action: Action) -> Action:
    """The answer a table with physical cards gives where the engine with known roles decides."""
    d = game.pending
    assert d is not None
    if d.kind is DecisionKind.REVEAL_ROLE:
        return Reveal(roles[d.seat])
    if d.kind is MASTER:
        living = [s for s in game.clockwise(list(range(len(roles)))) if game.players[s].alive]
        master = next((s for s in living if roles[s] is Role.RENEGADE), None)
        return Decline() if master is None else ChooseSeat(master)
    return action


@RUNS
@given(players=st.integers(4, 8), seed=st.integers(0, 2**20))
def test_physical_and_known_roles_agree(players: int, seed: int) -> None:
    known_setup = deal(players, seed, modules={UNDEAD})
    physical = Game(deal(players, seed, modules={UNDEAD}, roles_known=False))
    known = Game(known_setup)
    assert known_setup.roles is not None
    rng = random.Random(seed)
    while not known.over:
        action = rng.choice(known.legal_actions())
        known.apply(action)
        physical.apply(action)
        while not physical.over and physical.pending != known.pending:
            physical.apply(_truthful(physical, known_setup.roles, action))
        check_invariants(physical)
    while not physical.over:
        physical.apply(_truthful(physical, known_setup.roles, Decline()))
    assert physical.side == known.side and set(physical.winners) <= set(known.winners)
