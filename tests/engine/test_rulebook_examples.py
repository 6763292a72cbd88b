"""The rulebook's worked examples, played action by action."""

from companion.engine import (
    ArrowTaken,
    ChooseSeat,
    DecisionKind,
    IndiansAttacked,
    LifeLost,
    Roll,
    position,
)

from .helpers import kinds, make_game, play


def test_sheriff_gatling_example_played_roll_by_roll():
    """Rulebook, "The Dice": the Sheriff's example with the Indian attack and the Gatling."""
    game = make_game(
        ["slab_the_killer", "jesse_jones", "suzy_lafayette", "lucky_duke", "willy_the_kid"],
        faces=[
            *["gatling", "arrow", "arrow", "bullseye1", "dynamite"],
            *["gatling", "gatling", "beer"],
            *["gatling", "bullseye2"],
        ],
    )
    held = (1, 2, 2, 2, 1)  # the pile keeps one arrow
    players = {s: {"arrows": n} for s, n in enumerate(held)}
    game = position(game, players={**players, 0: {"life": 6, "arrows": 1}})
    sheriff = game.players[0]

    events = game.apply(Roll((0, 1, 2, 3, 4)))
    # The last arrow empties the pile: the Indians attack, then the second arrow is taken.
    assert kinds(events)[:3] == ["dice_rolled", "arrow_taken", "indians_attacked"]
    assert [e for e in events if isinstance(e, LifeLost)][0] == LifeLost(0, 2, 4, "indians", None)
    assert isinstance(events[-1], ArrowTaken) and events[-1].pile == 8
    assert any(isinstance(e, IndiansAttacked) for e in events)
    assert (sheriff.life, sheriff.arrows, game.pile) == (4, 1, 8)

    # Dynamite cannot be re-rolled; he re-rolls the Gatling and both arrows.
    assert game.locked(4)
    play(game, Roll((0, 1, 2)))
    assert game.faces == ["gatling", "gatling", "beer", "bullseye1", "dynamite"]
    play(game, Roll((2, 3)))
    assert game.faces == ["gatling", "gatling", "gatling", "bullseye2", "dynamite"]

    # Out of re-rolls: he shoots a player two places away.
    assert game.pending.kind is DecisionKind.BULLSEYE_TARGET
    assert sorted(a.seat for a in game.legal_actions()) == [2, 3]
    before = [p.life for p in game.players]
    play(game, ChooseSeat(2))
    after = [p.life for p in game.players]
    assert after[0] == 4 and sheriff.arrows == 0
    assert [b - a for b, a in zip(before, after, strict=True)][1:] == [1, 2, 1, 1]
    assert game.turn == 1
