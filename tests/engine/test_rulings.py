"""The rules of the turn and of the dice, the numbered rulings of the errata, the house rules,
illegal actions, set-up, and saving and replaying a game.

Unless a test says otherwise seat 0 is the Sheriff and plays first.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from companion.engine import (
    CHARACTERS,
    DICE,
    FACES,
    ROLE_MIX,
    Accept,
    Action,
    ArrowsDiscarded,
    ArrowTaken,
    ChooseSeat,
    DecisionKind,
    Decline,
    DiceRolled,
    DynamiteExploded,
    Event,
    Game,
    GameOver,
    GameSetup,
    GatlingFired,
    HouseRule,
    IllegalAction,
    IndiansAttacked,
    LastOneStanding,
    LifeGained,
    LifeLost,
    PlayerEliminated,
    ResultAssigned,
    Reveal,
    Role,
    RoleRevealed,
    Roll,
    SeededDice,
    SetupError,
    StateError,
    Stop,
    Symbol,
    TurnEnded,
    TurnStarted,
    deal,
    position,
)

from .helpers import kinds, make_game, play

ALL = (0, 1, 2, 3, 4)
# Characters whose abilities do nothing outside their own turn (seat 0 plays first).
FIVE = ["paul_regret", "black_jack", "lucky_duke", "kit_carlson", "calamity_janet"]
FOUR = FIVE[:4]
# A first roll that asks nothing and changes nothing but one arrow taken.
QUIET = ["dynamite", "dynamite", "gatling", "gatling", "arrow"]


def of(events: list[Event], cls: type[Event]) -> list[Event]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, cls)]


def roll_and_stop(game: Game) -> list[Event]:
    return play(game, Roll(ALL), Stop())


def kill(game: Game, *seats: int) -> Game:
    """Arrange a position in which these seats were eliminated on an earlier turn."""
    dead = {"alive": False, "life": 0, "revealed": True}
    return position(game, players=dict.fromkeys(seats, dead))


# --------------------------------------------------------------------- rolling


def test_turn_first_roll_is_all_five_dice() -> None:
    """The Game: "Roll all five dice" — the only legal first action rolls all of them."""
    game = make_game(FIVE, faces=QUIET)
    assert game.pending.kind is DecisionKind.ROLL
    assert game.legal_actions() == [Roll(ALL)]
    unchanged_after(game, Roll((0, 1)), "The first roll of the turn rolls all 5 dice")


def test_turn_reroll_any_or_all_unlocked_dice_or_stop() -> None:
    """The Game: re-roll some or all of the dice, or keep them (Stop)."""
    game = make_game(FIVE, faces=["gatling", "beer", "beer", "arrow", "gatling"])
    play(game, Roll(ALL))
    actions = game.legal_actions()
    assert Stop() in actions and Roll(ALL) in actions and Roll((2,)) in actions
    assert len(actions) == 1 + 31  # Stop and every non-empty set of the five dice


def test_turn_two_rerolls_and_the_third_roll_may_reroll_dice_kept_on_the_second() -> None:
    """The Game: up to two re-rolls; the third roll may re-roll dice kept on the second;
    the third roll must be accepted."""
    game = make_game(
        FIVE, faces=["gatling", "beer", "beer", "arrow", "gatling", "gatling", "arrow", "gatling"]
    )
    play(game, Roll(ALL))
    assert game.rolls_left == 2
    play(game, Roll((1,)))  # keeps die 2
    assert (game.pending.kind, game.rolls_left) == (DecisionKind.REROLL, 1)
    events = game.apply(Roll((2, 3)))  # die 2 was kept on the second roll
    rolled = of(events, DiceRolled)[0]
    assert rolled.roll == 3
    assert rolled.all_faces == ("gatling", "gatling", "arrow", "gatling", "gatling")
    # Out of re-rolls: four Gatlings fire the Gun at once, no fourth roll is offered.
    assert GatlingFired(0) in events
    assert game.turn == 1


def test_turn_dynamite_cannot_be_rerolled() -> None:
    """The Dice, Dynamite: "This die cannot be re-rolled!" (it is locked)."""
    game = make_game(FIVE, faces=["dynamite", "beer", "beer", "gatling", "gatling"])
    play(game, Roll(ALL))
    assert game.locked(0)
    assert all(0 not in a.dice for a in game.legal_actions() if isinstance(a, Roll))
    before = game.to_json()
    with pytest.raises(IllegalAction, match="Die 1 shows Dynamite and cannot be re-rolled"):
        game.apply(Roll((0, 1)))
    assert game.to_json() == before


def test_turn_arrows_resolve_on_each_roll_for_newly_rolled_dice_only() -> None:
    """The Dice, Indian arrow: resolved immediately when rolled, re-rolls included; an arrow
    kept from an earlier roll is not taken again."""
    game = make_game(FIVE, faces=["arrow", "beer", "beer", "gatling", "gatling", "arrow", "beer"])
    events = game.apply(Roll(ALL))
    assert kinds(events) == ["dice_rolled", "arrow_taken"]
    assert events[1] == ArrowTaken(0, 8, "dice")
    assert game.pending.kind is DecisionKind.REROLL  # taken before any decision
    events = game.apply(Roll((1,)))  # die 0 keeps its arrow
    assert of(events, ArrowTaken) == [ArrowTaken(0, 7, "dice")]
    events = game.apply(Roll((0,)))  # the arrow die re-rolled shows Beer: nothing taken
    assert not of(events, ArrowTaken)
    assert game.players[0].arrows == 2


def test_turn_three_dynamite_end_rolling_cost_one_life_then_other_dice_resolve() -> None:
    """The Dice, Dynamite (ruling 2): three Dynamite, no more re-rolls, lose one life, then
    the other dice resolve as normal."""
    game = make_game(FIVE, faces=["dynamite", "dynamite", "dynamite", "bullseye1", "beer"])
    events = game.apply(Roll(ALL))
    assert kinds(events) == ["dice_rolled", "dynamite_exploded", "life_lost"]
    assert events[2] == LifeLost(0, 1, 10, "dynamite", None)
    assert (game.pending.kind, game.pending.die) == (DecisionKind.BULLSEYE_TARGET, 3)
    play(game, ChooseSeat(1))
    assert game.pending.kind is DecisionKind.BEER_TARGET


def test_turn_three_dynamite_collected_over_rerolls_explode() -> None:
    """The Dice, Dynamite: Dynamite kept from earlier rolls count towards three."""
    game = make_game(FIVE, faces=["dynamite", "dynamite", "gatling", "gatling", "beer", "dynamite"])
    play(game, Roll(ALL))
    events = game.apply(Roll((4,)))
    assert of(events, DiceRolled)[0].roll == 2
    assert DynamiteExploded(0) in events
    assert game.pending.kind is DecisionKind.ROLL and game.turn == 1


def test_turn_you_cannot_pass_on_a_bullseye_or_a_beer() -> None:
    """The Dice: "You cannot pass on a rolled die" — no Decline for a Bull's Eye or a Beer."""
    game = make_game(FIVE, faces=["bullseye1", "beer", "dynamite", "dynamite", "gatling"])
    roll_and_stop(game)
    assert game.legal_actions() == [ChooseSeat(1), ChooseSeat(4)]
    play(game, ChooseSeat(1))
    assert game.pending.kind is DecisionKind.BEER_TARGET
    assert Decline() not in game.legal_actions()


def test_turn_results_resolve_in_rule_order() -> None:
    """The Dice: arrows, Dynamite, Bull's Eyes, Beer, then the Gatling Gun, in that order."""
    game = make_game(
        ["willy_the_kid", *FIVE[1:]],
        faces=["gatling", "gatling", "bullseye1", "beer", "arrow"],
    )
    events = roll_and_stop(game)
    events += play(game, ChooseSeat(1), ChooseSeat(0))
    order = kinds(events)
    assert order.index("arrow_taken") < order.index("result_assigned")
    assert order.index("life_lost") < order.index("gatling_fired")
    beer = events.index(ResultAssigned(0, 3, "beer", 0))
    assert beer < order.index("gatling_fired")


def test_turn_passes_to_the_next_living_player_clockwise() -> None:
    """The Game: play passes to the player on the left, skipping the eliminated."""
    game = make_game(FIVE, faces=QUIET)
    game = kill(game, 1)
    events = roll_and_stop(game)
    assert events[-2:] == [TurnEnded(0), TurnStarted(2, 2)]
    assert game.pending == game.pending.__class__(DecisionKind.ROLL, 2)


def test_turn_from_the_last_seat_passes_back_to_seat_zero() -> None:
    """The Game: clockwise order wraps round the table."""
    game = make_game(["paul_regret", "black_jack", "lucky_duke", "calamity_janet"], faces=QUIET * 4)
    for seat in range(4):
        assert game.turn == seat
        roll_and_stop(game)
    assert (game.turn, game.turn_number) == (0, 5)


# ------------------------------------------------------------------ dice effects


def test_bullseye1_hits_a_neighbour_bullseye2_two_places_away() -> None:
    """The Dice 3A/3B: Bull's Eye 1 hits a neighbour; Bull's Eye 2 hits two places away."""
    game = make_game(FIVE, faces=["bullseye1", "bullseye2", "dynamite", "dynamite", "gatling"])
    roll_and_stop(game)
    assert [a.seat for a in game.legal_actions()] == [1, 4]
    play(game, ChooseSeat(4))
    assert [a.seat for a in game.legal_actions()] == [2, 3]
    events = game.apply(ChooseSeat(2))
    assert of(events, LifeLost) == [
        LifeLost(2, 1, 7, "bullseye", 0),
        LifeLost(4, 1, 7, "bullseye", 0),
    ]


def test_beer_may_go_to_anyone_including_yourself() -> None:
    """The Dice, Beer: "Choose any player ... You may choose yourself"."""
    game = make_game(FIVE, faces=["beer", "beer", "dynamite", "dynamite", "gatling"])
    game = position(game, players={0: {"life": 7}, 3: {"life": 3}})
    roll_and_stop(game)
    assert game.legal_actions() == [ChooseSeat(s) for s in range(5)]
    events = play(game, ChooseSeat(0), ChooseSeat(3))
    assert of(events, LifeGained) == [LifeGained(0, 1, 8, "beer"), LifeGained(3, 1, 4, "beer")]


def test_beer_on_a_player_at_maximum_is_wasted() -> None:
    """The Dice, Beer (ruling 10): never above the starting life; the result is wasted."""
    game = make_game(FIVE, faces=["beer", "dynamite", "dynamite", "gatling", "gatling"])
    roll_and_stop(game)
    events = game.apply(ChooseSeat(2))
    assert not of(events, LifeGained)
    assert game.players[2].life == 8


def test_gatling_gun_three_gatlings_hit_everyone_else_and_discard_your_arrows() -> None:
    """The Dice, Gatling: three or more fire the Gun: every other player loses one life and
    the shooter discards all his arrows."""
    game = make_game(
        ["jourdonnais", *FIVE[1:]], faces=["gatling", "gatling", "gatling", "arrow", "dynamite"]
    )
    game = position(game, players={0: {"arrows": 2}}, pile=7)
    events = roll_and_stop(game)
    assert GatlingFired(0) in events
    assert ArrowsDiscarded(0, 3, 9, "gatling") in events
    assert [(e.seat, e.amount, e.cause) for e in of(events, LifeLost)] == [
        (1, 1, "gatling"),
        (2, 1, "gatling"),
        (3, 1, "gatling"),
        (4, 1, "gatling"),
    ]
    assert game.players[0].life == 9


def test_gatling_two_gatlings_do_nothing() -> None:
    """The Dice, Gatling: fewer than three Gatlings have no effect."""
    game = make_game(FIVE, faces=["gatling", "gatling", "dynamite", "dynamite", "arrow"])
    events = roll_and_stop(game)
    assert not of(events, GatlingFired) and not of(events, LifeLost)
    assert game.players[0].arrows == 1


def test_elimination_returns_arrows_and_reveals_the_role() -> None:
    """Running Out of Life Points: show your role, discard all your arrows, act no more."""
    game = make_game(FIVE, faces=["bullseye2", "dynamite", "dynamite", "gatling", "gatling"])
    game = position(game, players={2: {"life": 1, "arrows": 3}}, pile=6)
    roll_and_stop(game)
    events = game.apply(ChooseSeat(2))
    assert events[1:5] == [
        LifeLost(2, 1, 0, "bullseye", 0),
        PlayerEliminated(2, "bullseye", 0),
        ArrowsDiscarded(2, 3, 9, "eliminated"),
        RoleRevealed(2, "renegade"),
    ]
    assert game.players[2].revealed and not game.players[2].alive
    assert game.pile == 9
    # He no longer takes part: not a target, not a Beer drinker, his turn is skipped.
    assert 2 not in game.living()


# --------------------------------------------------------------- the rulings 1-11


def test_ruling_1_arrows_taken_one_at_a_time_the_rest_from_the_refilled_pile() -> None:
    """Ruling 1: the last arrow of the pile starts the Indian attack at once; everyone
    discards; the other arrows of the roll come from the refilled pile."""
    game = make_game(FOUR, faces=["arrow", "arrow", "arrow", "dynamite", "gatling"])
    game = position(game, players={1: {"arrows": 4}, 2: {"arrows": 3}}, pile=2)
    events = game.apply(Roll(ALL))
    assert events[1:4] == [
        ArrowTaken(0, 1, "dice"),
        ArrowTaken(0, 0, "dice"),
        IndiansAttacked(0),
    ]
    assert of(events, LifeLost) == [
        LifeLost(0, 2, 9, "indians", None),
        LifeLost(1, 4, 4, "indians", None),
        LifeLost(2, 3, 5, "indians", None),
    ]
    assert events[-1] == ArrowTaken(0, 8, "dice")
    assert [p.arrows for p in game.players] == [1, 0, 0, 0] and game.pile == 8


def test_ruling_2_three_dynamite_that_kill_you_end_your_turn() -> None:
    """Ruling 2: if the Dynamite eliminate the active player, nothing else of his resolves
    and the turn passes."""
    game = make_game(
        FIVE, faces=[*QUIET, "dynamite", "dynamite", "dynamite", "bullseye1", "gatling"]
    )
    roll_and_stop(game)
    game = position(game, players={1: {"life": 1}})
    events = game.apply(Roll(ALL))
    assert kinds(events) == [
        "dice_rolled",
        "dynamite_exploded",
        "life_lost",
        "player_eliminated",
        "role_revealed",
        "turn_ended",
        "turn_started",
    ]
    assert (game.turn, game.pending.kind) == (2, DecisionKind.ROLL)


def test_ruling_2_active_player_killed_by_indians_ends_the_turn() -> None:
    """Ruling 2: an active player eliminated during his turn ends it; his remaining arrows
    and results do not resolve."""
    game = make_game(FIVE, faces=[*QUIET, "arrow", "arrow", "bullseye1", "dynamite", "gatling"])
    roll_and_stop(game)  # seat 0 takes one arrow (pile 8)
    game = position(game, players={1: {"life": 2, "arrows": 1}, 2: {"arrows": 6}}, pile=1)
    events = game.apply(Roll(ALL))
    assert of(events, ArrowTaken) == [ArrowTaken(1, 0, "dice")]
    assert PlayerEliminated(1, "indians", None) in events
    assert events[-2:] == [TurnEnded(1), TurnStarted(2, 3)]
    assert game.pile == 9


def test_ruling_3_a_player_eliminated_in_another_turn_does_not_end_that_turn() -> None:
    """Ruling 3: the active player goes on after eliminating someone."""
    game = make_game(FIVE, faces=["bullseye1", "beer", "dynamite", "dynamite", "gatling"])
    game = position(game, players={1: {"life": 1}})
    roll_and_stop(game)
    events = game.apply(ChooseSeat(1))
    assert PlayerEliminated(1, "bullseye", 0) in events
    assert (game.turn, game.pending.kind) == (0, DecisionKind.BEER_TARGET)
    assert ChooseSeat(1) not in game.legal_actions()


def test_ruling_4_bullseyes_assigned_first_then_resolved_together() -> None:
    """Ruling 4 / The Dice: Bull's Eyes are all assigned, then resolved at the same time;
    several may go to one player, even more than his life."""
    game = make_game(FIVE, faces=["bullseye1", "bullseye1", "bullseye2", "dynamite", "gatling"])
    game = position(game, players={1: {"life": 2}})
    roll_and_stop(game)
    events = play(game, ChooseSeat(1))
    assert events == [ResultAssigned(0, 0, "bullseye1", 1)]  # nothing lost yet
    events = play(game, ChooseSeat(1), ChooseSeat(2))
    assert kinds(events)[:3] == ["result_assigned", "result_assigned", "life_lost"]
    assert of(events, LifeLost) == [
        LifeLost(1, 2, 0, "bullseye", 0),
        LifeLost(2, 1, 7, "bullseye", 0),
    ]


def test_ruling_4_deaths_of_one_resolution_are_simultaneous() -> None:
    """Ruling 4: players killed by the same Bull's Eye resolution die together."""
    game = make_game(FIVE, faces=["bullseye1", "bullseye2", "dynamite", "dynamite", "gatling"])
    game = position(game, players={1: {"life": 1}, 2: {"life": 1}})
    roll_and_stop(game)
    events = play(game, ChooseSeat(1), ChooseSeat(2))
    order = kinds(events)
    assert order[2:6] == ["life_lost", "life_lost", "player_eliminated", "player_eliminated"]


def test_ruling_4_vulture_sam_gains_nothing_for_a_death_simultaneous_with_his_own() -> None:
    """Ruling 4: Vulture Sam killed with another player by the same Bull's Eyes gains nothing."""
    game = make_game(
        ["paul_regret", "vulture_sam", "lucky_duke", "kit_carlson", "calamity_janet"],
        faces=["bullseye1", "bullseye2", "dynamite", "dynamite", "gatling"],
    )
    game = position(game, players={1: {"life": 1}, 2: {"life": 1}})
    roll_and_stop(game)
    events = play(game, ChooseSeat(1), ChooseSeat(2))
    assert len(of(events, PlayerEliminated)) == 2
    assert not of(events, LifeGained)


def test_ruling_5_el_gringo_arrow_empties_the_pile_and_starts_an_indian_attack() -> None:
    """Ruling 5: the shooter's arrow for hitting El Gringo can start an Indian attack; the
    Gatling counts as one result."""
    game = make_game(
        ["jourdonnais", "el_gringo", "lucky_duke", "kit_carlson"],
        faces=["gatling", "gatling", "gatling", "dynamite", "dynamite"],
    )
    game = position(game, players={2: {"arrows": 8}}, pile=1)
    events = roll_and_stop(game)
    assert ArrowTaken(0, 0, "el_gringo") in events
    assert IndiansAttacked(0) in events
    assert LifeLost(0, 1, 8, "indians", None) in events  # Jourdonnais, 9 life, 1 arrow
    assert LifeLost(2, 7, 0, "indians", None) in events  # 8 arrows, 7 life after the Gun


def test_ruling_6_jesse_jones_four_life_two_beers_gains_four() -> None:
    """Ruling 6: Jesse Jones' four-or-less test is made once, when the Beers are used."""
    game = make_game(
        ["jesse_jones", *FIVE[1:]], faces=["beer", "beer", "dynamite", "dynamite", "gatling"]
    )
    game = position(game, players={0: {"life": 4}})
    roll_and_stop(game)
    events = play(game, ChooseSeat(0), ChooseSeat(0))
    assert of(events, LifeGained) == [LifeGained(0, 4, 8, "beer")]


def test_ruling_7_bart_cassidy_per_life_point_never_the_last_arrow() -> None:
    """Ruling 7: Bart Cassidy decides per life point and never takes the last arrow."""
    game = make_game(
        ["paul_regret", "bart_cassidy", "lucky_duke", "kit_carlson"],
        faces=["bullseye1", "bullseye1", "bullseye1", "dynamite", "dynamite"],
    )
    game = position(game, players={2: {"arrows": 6}}, pile=3)
    roll_and_stop(game)
    play(game, ChooseSeat(1), ChooseSeat(1), ChooseSeat(1))
    assert (game.pending.kind, game.pending.remaining) == (DecisionKind.ARROW_INSTEAD, 3)
    play(game, Accept())
    assert game.pending.remaining == 2
    events = game.apply(Accept())  # one arrow left in the pile: no third question
    assert of(events, LifeLost) == [LifeLost(1, 1, 7, "bullseye", 0)]
    assert (game.players[1].arrows, game.pile) == (2, 1)


def test_ruling_8_the_game_ends_the_instant_the_sheriff_falls_to_indians() -> None:
    """Ruling 8: the game ends the moment a win condition holds, even mid-roll."""
    game = make_game(FIVE, faces=["arrow", "arrow", "bullseye1", "beer", "gatling"])
    game = position(game, players={0: {"life": 1, "arrows": 0}, 1: {"arrows": 8}}, pile=1)
    events = game.apply(Roll(ALL))
    assert events[-1] == GameOver("outlaws", (1, 3))
    assert of(events, ArrowTaken) == [ArrowTaken(0, 0, "dice")]  # the second never taken
    assert game.over and game.pending is None and game.legal_actions() == []


def test_ruling_9_range_counts_living_players_only() -> None:
    """Ruling 9 / The Dice: places are counted over living players only."""
    game = make_game(FIVE, faces=["bullseye1", "bullseye2", "dynamite", "dynamite", "gatling"])
    game = kill(game, 1)
    roll_and_stop(game)
    assert [a.seat for a in game.legal_actions()] == [2, 4]  # seat 2 is now a neighbour
    play(game, ChooseSeat(2))
    assert [a.seat for a in game.legal_actions()] == [3]


def test_ruling_9_bullseye2_counts_as_bullseye1_with_three_alive() -> None:
    """Ruling 9 / The Dice 3B: with three or fewer alive, Bull's Eye 2 is Bull's Eye 1."""
    game = make_game(FIVE, faces=["bullseye2", "dynamite", "dynamite", "gatling", "gatling"])
    game = kill(game, 2, 3)
    roll_and_stop(game)
    assert [a.seat for a in game.legal_actions()] == [1, 4]


def test_ruling_9_bullseye2_with_two_alive_hits_the_other_player() -> None:
    """Ruling 9: with two alive, Bull's Eye 2 hits the only other player."""
    game = make_game(FIVE, faces=["bullseye2", "dynamite", "dynamite", "gatling", "gatling"])
    game = kill(game, 1, 3, 4)
    roll_and_stop(game)
    assert game.legal_actions() == [ChooseSeat(2)]


def test_ruling_10_maximum_life_is_the_characters_plus_two_for_the_sheriff() -> None:
    """Ruling 10 / Preparation: life is the character's, the Sheriff has two more, and a Beer
    never raises it above that maximum."""
    game = make_game(FIVE, faces=["beer", "beer", "beer", "dynamite", "gatling"])
    assert [(p.life, p.max_life) for p in game.players] == [
        (11, 11),
        (8, 8),
        (8, 8),
        (7, 7),
        (8, 8),
    ]
    game = position(game, players={0: {"life": 10}})
    roll_and_stop(game)
    events = play(game, ChooseSeat(0), ChooseSeat(0), ChooseSeat(0))
    assert of(events, LifeGained) == [LifeGained(0, 1, 11, "beer")]


def test_ruling_10_beer_never_revives() -> None:
    """Ruling 10: an eliminated player cannot be chosen for a Beer."""
    game = make_game(FIVE, faces=["beer", "dynamite", "dynamite", "gatling", "gatling"])
    game = kill(game, 3)
    roll_and_stop(game)
    assert ChooseSeat(3) not in game.legal_actions()
    with pytest.raises(IllegalAction, match="Seat 4 is eliminated"):
        game.apply(ChooseSeat(3))


def test_ruling_11_a_target_lost_to_indians_makes_it_last_one_standing() -> None:
    """Ruling 11: in the 3-player game a target lost to Indians fell to no one's hand."""
    game = make_game(
        ["paul_regret", "lucky_duke", "kit_carlson"],
        roles=["deputy", "outlaw", "renegade"],
        faces=["arrow", "dynamite", "dynamite", "gatling", "gatling"],
    )
    game = position(game, players={2: {"life": 2, "arrows": 8}}, pile=1)
    events = game.apply(Roll(ALL))
    assert PlayerEliminated(2, "indians", None) in events
    assert LastOneStanding() in events
    assert not game.over and game.last_standing


# ------------------------------------------------------------------ house rules


def test_house_rule_dynamite_cancels_actions_on_ends_the_turn_at_once() -> None:
    """House rule dynamite_cancels_actions (on): three Dynamite end the turn; Bull's Eye,
    Beer and Gatling of that turn are lost."""
    game = make_game(
        FIVE,
        faces=["dynamite", "dynamite", "dynamite", "bullseye1", "beer"],
        house_rules=["dynamite_cancels_actions"],
    )
    game = position(game, players={0: {"life": 8}})
    events = game.apply(Roll(ALL))
    assert kinds(events) == [
        "dice_rolled",
        "dynamite_exploded",
        "life_lost",
        "turn_ended",
        "turn_started",
    ]
    assert game.players[0].life == 7 and game.turn == 1
    assert game.setup.to_json()["house_rules"] == ["dynamite_cancels_actions"]


def test_house_rule_dynamite_cancels_actions_off_by_default() -> None:
    """House rule dynamite_cancels_actions (off, the rulebook): the other dice resolve."""
    game = make_game(FIVE, faces=["dynamite", "dynamite", "dynamite", "bullseye1", "beer"])
    game.apply(Roll(ALL))
    assert game.pending.kind is DecisionKind.BULLSEYE_TARGET
    assert game.setup.to_json()["house_rules"] == []


def test_house_rule_dynamite_cancels_actions_keeps_arrows_and_suzy_bonus() -> None:
    """House rule dynamite_cancels_actions changes only what it names: arrows are still taken
    on the roll, and Suzy Lafayette's end-of-turn bonus still applies (no Bull's Eye)."""
    game = make_game(
        ["suzy_lafayette", *FIVE[1:]],
        faces=["dynamite", "dynamite", "dynamite", "arrow", "beer"],
        house_rules=["dynamite_cancels_actions"],
    )
    game = position(game, players={0: {"life": 5}})
    events = game.apply(Roll(ALL))
    assert ArrowTaken(0, 8, "dice") in events
    assert events[-3:-1] == [LifeGained(0, 2, 6, "suzy_lafayette"), TurnEnded(0)]


@pytest.mark.parametrize(
    ("house_rules", "face", "targets"),
    [
        ((), "bullseye2", [2, 3]),
        (("bullseye2_up_to_two",), "bullseye2", [1, 2, 3, 4]),
        (("bullseye2_up_to_two",), "bullseye1", [1, 4]),
    ],
)
def test_house_rule_bullseye2_up_to_two(
    house_rules: tuple[str, ...], face: str, targets: list[int]
) -> None:
    """House rule bullseye2_up_to_two: Bull's Eye 2 hits one or two places away when on;
    exactly two when off; Bull's Eye 1 is unchanged."""
    game = make_game(
        FIVE, faces=[face, "dynamite", "dynamite", "gatling", "gatling"], house_rules=house_rules
    )
    roll_and_stop(game)
    assert [a.seat for a in game.legal_actions()] == targets


def test_house_rules_unknown_name_is_a_setup_error() -> None:
    """House rules: only the two named rules exist."""
    with pytest.raises(SetupError, match="unknown house rule 'no_beer'"):
        GameSetup(characters=tuple(FIVE), roles=tuple(ROLE_MIX[5]), house_rules={"no_beer"})


# ------------------------------------------------------------- illegal actions


def unchanged_after(game: Game, action: Action, message: str) -> None:
    """The action raises IllegalAction with ``message`` and leaves the state untouched."""
    before = json.dumps(game.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match=message):
        game.apply(action)
    assert json.dumps(game.to_json(), sort_keys=True) == before


def test_illegal_shooting_out_of_range() -> None:
    """Illegal: a Bull's Eye 1 at a player two places away."""
    game = make_game(FIVE, faces=["bullseye1", "dynamite", "dynamite", "gatling", "gatling"])
    roll_and_stop(game)
    unchanged_after(game, ChooseSeat(2), "Seat 3 is 2 places away, out of reach")


def test_illegal_shooting_yourself() -> None:
    """Illegal: a Bull's Eye at yourself."""
    game = make_game(FIVE, faces=["bullseye1", "dynamite", "dynamite", "gatling", "gatling"])
    roll_and_stop(game)
    unchanged_after(game, ChooseSeat(0), "You cannot shoot yourself")


def test_illegal_seat_that_does_not_exist() -> None:
    """Illegal: a seat number beyond the table."""
    game = make_game(FIVE, faces=["beer", "dynamite", "dynamite", "gatling", "gatling"])
    roll_and_stop(game)
    unchanged_after(game, ChooseSeat(7), "There is no seat 8: seats are 1 to 5")


def test_illegal_answer_of_the_wrong_kind() -> None:
    """Illegal: an answer that does not fit the question names the question."""
    game = make_game(FIVE, faces=QUIET)
    unchanged_after(game, Accept(), "seat 1 must answer 'roll the dice'")


def test_illegal_empty_reroll_and_missing_die() -> None:
    """Illegal: re-rolling no die, or a die that does not exist."""
    game = make_game(FIVE, faces=QUIET)
    play(game, Roll(ALL))
    unchanged_after(game, Roll(()), "Mark at least one die to re-roll, or stop")
    unchanged_after(game, Roll((5,)), "There is no die 6: dice are 1 to 5")


def test_illegal_recorded_faces_that_do_not_fit() -> None:
    """Illegal: a recorded roll with a face the die lacks, or the wrong number of faces."""
    game = make_game(FIVE, faces=QUIET)
    unchanged_after(game, Roll(ALL, ("arrow",) * 4 + ("whiskey",)), "die 5 has no face 'whiskey'")
    unchanged_after(game, Roll(ALL, ("arrow",)), "5 dice rolled but 1 faces recorded")


def test_illegal_kit_carlson_discard_from_a_player_without_arrows() -> None:
    """Illegal: Kit Carlson discarding from a player who holds no arrow."""
    game = make_game(
        ["kit_carlson", "paul_regret", "black_jack", "lucky_duke", "calamity_janet"],
        faces=["gatling", "arrow", "dynamite", "dynamite", "beer"],
    )
    roll_and_stop(game)
    play(game, ChooseSeat(1))
    unchanged_after(game, ChooseSeat(2), "Seat 3 holds no arrow to discard")


def test_illegal_reveal_of_a_role_no_longer_hidden() -> None:
    """Illegal: revealing a role whose every card is already known."""
    game = make_game(
        FOUR,
        roles=None,
        sheriff=0,
        faces=["bullseye1", "dynamite", "dynamite", "gatling", "gatling"],
    )
    game = position(game, players={1: {"life": 1}})
    roll_and_stop(game)
    play(game, ChooseSeat(1))
    assert game.pending.kind is DecisionKind.REVEAL_ROLE
    unchanged_after(game, Reveal(Role.SHERIFF), "No sheriff card is left to reveal")


def test_illegal_reveal_when_no_reveal_is_asked() -> None:
    """Illegal: a Reveal while another question is pending names that question (it does not
    claim the role is used up)."""
    game = make_game(FIVE, roles=None, sheriff=0, faces=QUIET)
    unchanged_after(game, Reveal(Role.OUTLAW), "seat 1 must answer 'roll the dice'; 'reveal'")


def test_illegal_any_action_after_the_game_is_over() -> None:
    """Illegal: nothing can be played once the game is over."""
    game = make_game(FIVE, faces=["arrow", "dynamite", "dynamite", "gatling", "gatling"])
    game = position(game, players={0: {"life": 1}, 1: {"arrows": 8}}, pile=1)
    game.apply(Roll(ALL))
    assert game.over
    unchanged_after(game, Stop(), "The game is over")


# ------------------------------------------------------------------------ set-up


def test_setup_role_mix_per_player_count() -> None:
    """Preparation: the roles for 3 to 8 players, as the rulebook lists them."""
    expected = {
        3: {"deputy": 1, "outlaw": 1, "renegade": 1},
        4: {"sheriff": 1, "renegade": 1, "outlaw": 2},
        5: {"sheriff": 1, "renegade": 1, "outlaw": 2, "deputy": 1},
        6: {"sheriff": 1, "renegade": 1, "outlaw": 3, "deputy": 1},
        7: {"sheriff": 1, "renegade": 1, "outlaw": 3, "deputy": 2},
        8: {"sheriff": 1, "renegade": 2, "outlaw": 3, "deputy": 2},
    }
    assert {n: dict(Counter(str(r) for r in mix)) for n, mix in ROLE_MIX.items()} == expected


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_setup_deal_gives_the_role_mix_distinct_characters_and_the_sheriff_starts(
    players: int,
) -> None:
    """Preparation: roles dealt per the mix, one character each (never twice), the Sheriff
    has two more life and takes the first turn; with 3 players the Deputy starts."""
    for seed in range(5):
        game = Game(deal(players=players, seed=seed))
        assert Counter(p.role for p in game.players) == Counter(ROLE_MIX[players])
        assert len({p.character for p in game.players}) == players
        for p in game.players:
            bonus = 2 if p.role is Role.SHERIFF else 0
            assert p.max_life == p.life == CHARACTERS[p.character].life + bonus
        first = Role.DEPUTY if players == 3 else Role.SHERIFF
        assert game.players[game.turn].role is first
        assert game.opening_events[0].kind == "game_started"
        assert game.opening_events[1] == TurnStarted(game.turn, 1)


def test_setup_secret_roles_only_the_sheriff_is_known() -> None:
    """Preparation: the Sheriff reveals himself; the other roles stay secret."""
    game = Game(deal(players=6, seed=3, roles_known=False))
    sheriff = game.setup.sheriff
    assert [p.role for p in game.players if p.role is not None] == [Role.SHERIFF]
    assert [p.seat for p in game.players if p.revealed] == [sheriff]
    assert game.turn == sheriff


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"characters": FIVE[:2], "roles": None, "sheriff": 0}, "2 players: .* 3 to 8 players"),
        (
            {"characters": [*FIVE, "rose_doolan", "jourdonnais", "el_gringo", "vulture_sam"]},
            "9 players",
        ),
        (
            {"characters": ["paul_regret", "paul_regret", *FIVE[2:]], "roles": ROLE_MIX[5]},
            "each character can sit at one seat only: paul_regret is twice",
        ),
        (
            {"characters": ["paul_regret", "mr_nobody", *FIVE[2:]], "roles": ROLE_MIX[5]},
            "seat 2: unknown character 'mr_nobody'",
        ),
        ({"characters": FIVE, "roles": ROLE_MIX[4]}, "4 roles given for 5 players"),
        (
            {"characters": FIVE, "roles": (Role.SHERIFF,) + (Role.OUTLAW,) * 4},
            "the roles for 5 players are",
        ),
        ({"characters": FIVE, "roles": ("sheriff", "cowboy", "a", "b", "c")}, "unknown role"),
        (
            {"characters": FIVE, "roles": ROLE_MIX[5], "sheriff": 2},
            "seat 3 is named Sheriff but holds another role",
        ),
        ({"characters": FIVE[:3], "roles": None}, "with 3 players the roles are face up"),
        ({"characters": FIVE, "roles": None}, r"say which seat \(1 to 5\) is the Sheriff"),
        ({"characters": FIVE, "roles": None, "sheriff": 5}, "say which seat"),
    ],
)
def test_setup_bad_setups_raise_setup_error(kwargs: dict, message: str) -> None:
    """Set-up: a set-up the rules do not allow raises SetupError with a clear message."""
    kwargs.setdefault("roles", None)
    if kwargs["characters"] and len(kwargs["characters"]) > 8:
        kwargs["roles"] = None
        kwargs["sheriff"] = 0
    with pytest.raises(SetupError, match=message):
        GameSetup(
            characters=tuple(kwargs["characters"]),
            roles=None if kwargs["roles"] is None else tuple(kwargs["roles"]),
            sheriff=kwargs.get("sheriff"),
        )


@pytest.mark.parametrize("players", [2, 9])
def test_setup_deal_refuses_player_counts_outside_three_to_eight(players: int) -> None:
    """Set-up: BANG! The Dice Game is for 3 to 8 players."""
    with pytest.raises(SetupError, match="3 to 8 players"):
        deal(players=players, seed=0)


def test_dice_and_faces_data_match_the_errata_table() -> None:
    """The errata, Dice: the five base dice show arrow, Dynamite, Bull's Eye 1 and 2, Beer,
    Gatling; the expansion dice are listed as data."""
    assert DICE["base"] == ("arrow", "dynamite", "bullseye1", "bullseye2", "beer", "gatling")
    assert [FACES[f].symbol for f in DICE["base"]] == [
        Symbol.ARROW,
        Symbol.DYNAMITE,
        Symbol.BULLSEYE1,
        Symbol.BULLSEYE2,
        Symbol.BEER,
        Symbol.GATLING,
    ]
    assert DICE["loudmouth"][-1] == "bullet" and DICE["coward"][3] == "broken_arrow"
    assert len(DICE["duel"]) == 6
    assert {n: c.life for n, c in CHARACTERS.items() if c.module is None} == {
        "bart_cassidy": 8,
        "black_jack": 8,
        "calamity_janet": 8,
        "el_gringo": 7,
        "jesse_jones": 9,
        "jourdonnais": 7,
        "kit_carlson": 7,
        "lucky_duke": 8,
        "paul_regret": 9,
        "pedro_ramirez": 8,
        "rose_doolan": 9,
        "sid_ketchum": 8,
        "slab_the_killer": 8,
        "suzy_lafayette": 8,
        "vulture_sam": 9,
        "willy_the_kid": 8,
    }
    game = make_game(FIVE)
    assert game.pile == 9  # "9 Arrow tokens"


# ------------------------------------------------------------ saving and replaying


def round_trip(game: Game) -> Game:
    """Write the game to JSON text and read it back."""
    return Game.from_json(json.loads(json.dumps(game.to_json())))


def test_json_round_trip_while_a_bart_cassidy_decision_is_pending() -> None:
    """JSON: a game saved in the middle of a resolution reads back identically and goes on
    exactly as the original."""
    faces = ["bullseye1", "bullseye1", "beer", "dynamite", "dynamite"]
    game = make_game(["paul_regret", "bart_cassidy", "lucky_duke", "kit_carlson"], faces=faces)
    roll_and_stop(game)
    play(game, ChooseSeat(1), ChooseSeat(1))
    assert game.pending.kind is DecisionKind.ARROW_INSTEAD
    copy = round_trip(game)
    assert copy.to_json() == game.to_json()
    assert copy.pending == game.pending and copy.legal_actions() == game.legal_actions()
    for action in (Accept(), Decline(), ChooseSeat(0)):
        assert copy.apply(action) == game.apply(action)
    assert copy.to_json() == game.to_json()
    assert game.turn == 1 and game.players[1].life == 7 and game.players[1].arrows == 1


def test_json_round_trip_while_bullseyes_are_half_assigned() -> None:
    """JSON: assigned Bull's Eyes waiting to resolve are part of the saved state."""
    faces = ["bullseye1", "bullseye2", "dynamite", "dynamite", "gatling"]
    game = make_game(FIVE, faces=faces)
    roll_and_stop(game)
    play(game, ChooseSeat(1))
    copy = round_trip(game)
    assert copy.apply(ChooseSeat(2)) == game.apply(ChooseSeat(2))
    assert copy.to_json() == game.to_json()


def test_json_state_of_another_version_is_refused() -> None:
    """JSON: a state written by another version raises StateError."""
    data = make_game(FIVE).to_json()
    data["version"] = 99
    with pytest.raises(StateError, match="not a game state of version 2"):
        Game.from_json(data)


class NoDice:
    """A dice source that must not be used: a replay takes its faces from the record."""

    def roll(self, roll_number: int, dice: Sequence[tuple[int, str]]) -> list[str]:
        raise AssertionError("the replay asked the dice source for a roll")


def record_game(players: int, seed: int) -> tuple[Game, list[Action], list[Event]]:
    """Play a seeded game with random legal actions; the record keeps each roll's faces."""
    game = Game(deal(players=players, seed=seed))
    rng = random.Random(seed)
    record: list[Action] = []
    events: list[Event] = list(game.opening_events)
    while not game.over and len(record) < 3000:
        action = rng.choice(game.legal_actions())
        happened = game.apply(action)
        if isinstance(action, Roll):
            rolled = of(happened, DiceRolled)[0]
            action = Roll(rolled.dice, rolled.faces)
        record.append(action)
        events += happened
    return game, record, events


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (5, 2), (8, 3)])
def test_replay_from_recorded_rolls_without_the_dice_source(players: int, seed: int) -> None:
    """Replay: a game replayed from its actions, the rolls carrying their faces, reaches the
    same state through the same events without touching the dice source."""
    original, record, events = record_game(players, seed)
    assert original.over
    replay = Game(original.setup, dice=NoDice())
    replayed = list(replay.opening_events)
    for action in record:
        replayed += replay.apply(action)
    assert replayed == events
    assert replay.to_json() == original.to_json()
    assert of(replayed, GameOver) == of(events, GameOver)


def test_replay_record_survives_json() -> None:
    """Replay: the recorded actions themselves write to and read from JSON."""
    from companion.engine import action_from_json

    _game, record, _events = record_game(4, 5)
    assert [action_from_json(json.loads(json.dumps(a.to_json()))) for a in record] == record


def test_same_seed_same_game() -> None:
    """Dice: the seeded source makes a game reproducible."""
    first, _r1, e1 = record_game(6, 11)
    second, _r2, e2 = record_game(6, 11)
    assert e1 == e2 and first.to_json() == second.to_json()
    assert isinstance(first.dice_source, SeededDice)


def test_setup_house_rules_are_part_of_the_record() -> None:
    """House rules: the game's record says which were on."""
    setup = GameSetup(
        characters=tuple(FIVE),
        roles=tuple(ROLE_MIX[5]),
        house_rules=frozenset(HouseRule),
    )
    game = Game(setup)
    saved = round_trip(game)
    assert saved.setup.house_rules == frozenset(HouseRule)
    assert game.to_json()["setup"]["house_rules"] == [
        "bullseye2_up_to_two",
        "dynamite_cancels_actions",
    ]
