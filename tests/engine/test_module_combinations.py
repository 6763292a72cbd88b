"""Rules that meet when modules are played together, and the rarely reached corners of each.

Each test names the rule it plays out and the modules it combines; where the rulebook does not
combine them, the docstring says the reading chosen (also listed in docs/rules.md). Seats: 0
Sheriff, 1 Deputy, 2 Outlaw, 3 Renegade, 4 Outlaw. With Undead or Alive 1 dice 0-2 are base
dice, 3 and 4 the Duel dice.
"""

from __future__ import annotations

from companion.engine import ChooseSeat, DecisionKind, Roll, Stop
from companion.engine.events import LifeGained

from .helpers import kinds
from .roles_helpers import reveal, reveals, roles_game

OS3 = "old_saloon.3"
UA1, UA2, UA3, UA4, UA5 = (f"undead_or_alive.{n}" for n in range(1, 6))
ALL5 = (0, 1, 2, 3, 4)
SPECIALS = ["the_bear", "the_doc", "the_bad", "the_left_hand", "the_gambler"]


def test_the_bad_may_cancel_the_life_of_a_whiskey() -> None:
    """The Bad: "Reveal this card when another player is about to gain life points", with
    Undead or Alive 1's Whiskey ("Gain 1 life point"): the gain is The Bad's moment like any
    other; cancelled, the Whiskey still discards a Wound token or draws a Rage card."""
    game = roles_game(SPECIALS, modules=(OS3, UA1, UA2))
    game.players[0].life = 5
    game.apply(Roll(ALL5, ("dynamite", "dynamite", "gatling", "whiskey", "gatling")))
    game.apply(Stop())
    assert (2, "the_bad") in reveals(game)
    events = reveal(game, 2, "the_bad")
    assert "heal_prevented" in kinds(events) and "life_gained" not in kinds(events)
    assert game.players[0].life == 5
    assert "rage_drawn" in kinds(events)  # no Wound token to discard: a Rage card instead


def test_the_bad_may_cancel_sam_the_healers_gift() -> None:
    """The Bad with Undead or Alive 3's SAM THE HEALER ("you may choose one player to gain
    one life point"): that gain is The Bad's moment too."""
    game = roles_game(
        SPECIALS,
        modules=(OS3, UA1, UA2, UA3),
        characters=("sam_the_healer", "calamity_janet", "paul_regret", "lucky_duke", "black_jack"),
    )
    game.players[1].life = 5
    game.apply(Roll(ALL5, ("dynamite", "dynamite", "gatling", "duel", "gatling")))
    game.apply(Stop())
    game.apply(ChooseSeat(4))
    assert (game.pending.kind, game.pending.seat) == (DecisionKind.SAM_HEAL, 0)
    events = game.apply(ChooseSeat(1))
    assert LifeGained(1, 1, 6, "sam_the_healer") in events
    assert (2, "the_bad") in reveals(game)
    events = reveal(game, 2, "the_bad")
    assert "heal_prevented" in kinds(events) and game.players[1].life == 5
    assert game.pending.kind is DecisionKind.DUEL_ROLL and game.pending.seat == 4
