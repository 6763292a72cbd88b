"""Old Saloon 3's cards that move a player's arrows move the Chief's Arrow (Old Saloon 2) with
them, through the token's own hooks (``ArrowToken``): The Ugly exchanges it with the arrows,
and a player The Left Hand saves holding only the Chief's Arrow may discard it."""

from __future__ import annotations

from companion.engine import Accept, ChooseSeat, DecisionKind, Stop, position
from companion.modules.chief_arrow.rules import ID as CHIEF_ARROW_MODULE
from companion.modules.chief_arrow.rules import ChiefGame, ChiefPlayer
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_MODULE
from companion.modules.special_roles.rules import LEFT_HAND_DISCARD, UGLY_SWAP

from .helpers import kinds
from .roles_helpers import QUIET_TURN, quiet_turn, reveal, roles_game, roll_all

ALL = ["the_bear", "the_doc", "the_bad", "the_left_hand", "the_gambler"]
MODULES = (str(SPECIAL_ROLES_MODULE), str(CHIEF_ARROW_MODULE))


def test_the_ugly_exchanges_the_chiefs_arrow_with_the_arrows() -> None:
    game = roles_game(
        ["the_bear", "the_doc", "the_ugly", "the_left_hand", "the_bad"],
        faces=QUIET_TURN * 2,
        modules=MODULES,
    )
    game = position(game, players={0: {"chief_arrow": True}}, chief_in_pile=False)
    quiet_turn(game)
    quiet_turn(game)
    reveal(game, 2, "the_ugly")
    assert game.pending is not None and game.pending.kind is UGLY_SWAP
    events = game.apply(ChooseSeat(0))
    events += game.apply(ChooseSeat(4))
    assert "arrows_exchanged" in kinds(events)
    assert (
        not ChiefPlayer.of(game.players[0]).chief_arrow
        and ChiefPlayer.of(game.players[4]).chief_arrow
    )
    assert game.pending is not None and game.pending.kind is DecisionKind.ROLL


def test_the_left_hands_saved_player_holding_only_the_chiefs_arrow_may_discard_it() -> None:
    game = roles_game(
        ALL, faces=("bullseye1", "dynamite", "dynamite", "gatling", "gatling"), modules=MODULES
    )
    game = position(game, players={1: {"life": 1, "chief_arrow": True}}, chief_in_pile=False)
    roll_all(game)
    game.apply(Stop())
    game.apply(ChooseSeat(1))
    reveal(game, 3, "the_left_hand")
    assert game.pending is not None and game.pending.kind is LEFT_HAND_DISCARD
    assert game.pending.seat == 1
    game.apply(Accept())
    assert not ChiefPlayer.of(game.players[1]).chief_arrow and ChiefGame.of(game).chief_in_pile
