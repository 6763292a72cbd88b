"""The rule-based player's judgement in positions a person would recognise."""

from __future__ import annotations

import pytest

from companion.bots import RuleBot, observe
from companion.engine import Accept, ChooseSeat, Decline, Game, Roll, Stop, position
from tests.engine.helpers import FILLERS, make_game, play

QUIET_ROLL = ["arrow", "dynamite", "dynamite", "arrow", "arrow"]  # no result needs a target


def decide(game: Game, events: list | None = None) -> object:
    assert game.pending is not None
    return RuleBot()(observe(game, game.pending.seat, events or []))


def test_the_sheriff_keeps_a_bullseye_and_a_gatling_and_rerolls_an_unneeded_beer() -> None:
    game = make_game(
        FILLERS,
        roles=["sheriff", "outlaw", "renegade", "outlaw", "deputy"],
        faces=["bullseye1", "beer", "gatling", "dynamite", "arrow"],
    )
    play(game, Roll((0, 1, 2, 3, 4)))
    assert decide(game) == Roll((1, 4))


@pytest.mark.parametrize(
    ("role", "target"),
    [("outlaw", 0), ("deputy", 2), ("renegade", 2)],
    ids=["the outlaw shoots the sheriff", "the deputy spares him", "the renegade spares him"],
)
def test_whom_a_bullseye_hits_depends_on_the_shooters_role(role: str, target: int) -> None:
    others = {"outlaw": ["deputy", "renegade"], "deputy": ["outlaw", "renegade"]}
    rest = others.get(role, ["outlaw", "deputy"])
    roles = ["sheriff", role, rest[0], "outlaw", rest[1]]
    game = make_game(
        FILLERS, roles=roles, faces=[*QUIET_ROLL, "bullseye1", "arrow", "dynamite", "arrow", "beer"]
    )
    play(game, Roll((0, 1, 2, 3, 4)), Stop(), Roll((0, 1, 2, 3, 4)), Stop())
    assert game.pending is not None and game.pending.seat == 1
    assert decide(game) == ChooseSeat(target)


def test_a_beer_goes_to_the_hurt_sheriff_from_his_deputy() -> None:
    roles = ["sheriff", "deputy", "outlaw", "outlaw", "renegade"]
    game = make_game(
        FILLERS,
        roles=roles,
        faces=["bullseye1", "bullseye1", "arrow", "dynamite", "dynamite"]  # sheriff shoots 1 twice
        + ["beer", "arrow", "arrow", "dynamite", "dynamite"],
    )
    events = play(game, Roll((0, 1, 2, 3, 4)), Stop(), ChooseSeat(4), ChooseSeat(4))
    # Seat 1, the deputy, is next; hurt the Sheriff first so the Beer has a use.
    game = position(game, players={0: {"life": game.players[0].life - 3}})
    events += play(game, Roll((0, 1, 2, 3, 4)), Stop())
    assert decide(game, events) == ChooseSeat(0)


def test_pedro_ramirez_always_discards_an_arrow_for_a_life_lost() -> None:
    game = make_game(
        ("jesse_jones", "pedro_ramirez", "lucky_duke", "willy_the_kid"),
        roles=["sheriff", "outlaw", "renegade", "outlaw"],
        faces=["bullseye1", "dynamite", "dynamite", "gatling", "gatling"],
    )
    game = position(game, players={1: {"arrows": 2}}, pile=game.pile - 2)
    play(game, Roll((0, 1, 2, 3, 4)), Stop(), ChooseSeat(1))
    assert game.pending is not None and game.pending.kind == "discard_arrow"
    assert decide(game) == Accept()


def test_with_two_dynamite_and_two_lives_left_the_player_stops_rolling() -> None:
    game = make_game(
        FILLERS,
        roles=["sheriff", "outlaw", "renegade", "outlaw", "deputy"],
        faces=["dynamite", "dynamite", "arrow", "beer", "bullseye2"],
    )
    game = position(game, players={0: {"life": 2}})
    play(game, Roll((0, 1, 2, 3, 4)))
    assert decide(game) == Stop()


def test_a_player_does_not_bring_the_indians_down_on_its_own_side() -> None:
    """One arrow left in the pile, and the Sheriff holds most of the arrows: he keeps his dice."""
    game = make_game(
        FILLERS,
        roles=["sheriff", "outlaw", "renegade", "outlaw", "deputy"],
        faces=["arrow", "arrow", "arrow", "arrow", "arrow"]
        + ["arrow", "arrow", "arrow", "beer", "gatling"],
    )
    play(game, Roll((0, 1, 2, 3, 4)), Roll((0, 1, 2, 3, 4)))
    assert game.pile == 1 and game.players[0].arrows == 8
    assert decide(game) == Stop()


def test_kit_carlson_discards_his_own_arrow_and_never_an_enemys() -> None:
    game = make_game(
        ("kit_carlson", "jesse_jones", "lucky_duke", "willy_the_kid"),
        roles=["sheriff", "outlaw", "renegade", "outlaw"],
        faces=["arrow", "gatling", "dynamite", "dynamite", "beer"],
    )
    play(game, Roll((0, 1, 2, 3, 4)), Stop(), ChooseSeat(0))
    assert game.pending is not None and game.pending.kind == "kit_discard"
    assert decide(game) == ChooseSeat(0)
    # only an outlaw holds one now
    game = position(game, players={0: {"arrows": 0}, 1: {"arrows": 1}})
    assert decide(game) == Decline()
