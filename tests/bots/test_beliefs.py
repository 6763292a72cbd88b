"""What a seat infers about hidden roles from public acts (``beliefs.py``)."""

from __future__ import annotations

from companion.bots import observe
from companion.bots.beliefs import beliefs, hostility
from companion.engine import Game, ResultAssigned, Role, deal


def test_shooting_the_sheriff_makes_a_seat_look_like_an_outlaw() -> None:
    """The inference rule: shots at the Sheriff tilt the guesses towards his enemies."""
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


def test_the_guesses_range_over_the_roles_still_unaccounted_for() -> None:
    game = Game(deal(8, 4))
    obs = observe(game, 3)
    guesses = beliefs(obs)
    pool = obs.hidden_pool()
    for seat in obs.hidden_seats():
        assert set(guesses.chances[seat]) == set(pool)
        assert abs(sum(guesses.chances[seat].values()) - 1.0) < 1e-9
    assert guesses.chances[3] == {obs.role: 1.0}
