"""The 16 characters of the base game (rulebook, "The Characters"), each ability played out.

Every optional ability must be a real decision: the engine asks, and both answers are legal.
Seat 0 is the Sheriff (two extra life) and plays first unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from companion.engine import (
    Accept,
    ArrowsDiscarded,
    ArrowTaken,
    BullseyeDoubled,
    ChooseDie,
    ChooseSeat,
    DecisionKind,
    Decline,
    DynamiteExploded,
    Event,
    Game,
    GatlingFired,
    IllegalAction,
    IndiansAttacked,
    LifeGained,
    LifeLost,
    PlayerEliminated,
    Roll,
    Stop,
    TurnEnded,
    TurnStarted,
    position,
)

from .helpers import kinds, make_game, play

ALL = (0, 1, 2, 3, 4)


def of(events: list[Event], cls: type[Event]) -> list[Event]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, cls)]


def roll_and_stop(game: Game) -> list[Event]:
    """The first roll of the turn, kept as it is."""
    return play(game, Roll(ALL), Stop())


# ----------------------------------------------------------------------- Bart Cassidy


def bart_game(faces: list[str], pile: int = 9) -> Game:
    """Seat 1 is Bart Cassidy; seat 0 (Paul Regret, no effect on his own turn) shoots."""
    game = make_game(["paul_regret", "bart_cassidy", "black_jack", "lucky_duke"], faces=faces)
    return position(game, players={2: {"arrows": 9 - pile}})


def test_bart_cassidy_may_take_an_arrow_instead_of_a_bullseye_life() -> None:
    """Bart Cassidy: an arrow instead of a life point, offered as Accept or Decline."""
    game = bart_game(["bullseye1", "dynamite", "dynamite", "gatling", "gatling"])
    roll_and_stop(game)
    play(game, ChooseSeat(1))
    assert game.pending.kind is DecisionKind.ARROW_INSTEAD
    assert (game.pending.seat, game.pending.remaining) == (1, 1)
    assert game.legal_actions() == [Accept(), Decline()]
    events = game.apply(Accept())
    assert events[0] == ArrowTaken(1, 8, "bart_cassidy")
    assert not of(events, LifeLost)
    bart = game.players[1]
    assert (bart.life, bart.arrows, game.pile) == (8, 1, 8)
    assert game.turn == 1


def test_bart_cassidy_declining_loses_the_life_point() -> None:
    """Bart Cassidy's ability is optional: declining, he loses the life as usual."""
    game = bart_game(["bullseye1", "dynamite", "dynamite", "gatling", "gatling"])
    roll_and_stop(game)
    play(game, ChooseSeat(1))
    events = game.apply(Decline())
    assert of(events, LifeLost) == [LifeLost(1, 1, 7, "bullseye", 0)]
    assert (game.players[1].arrows, game.pile) == (0, 9)


def test_bart_cassidy_may_avoid_a_hit_on_his_last_life_point() -> None:
    """Bart Cassidy is asked before the life is lost: an arrow instead saves his last life."""
    game = bart_game(["bullseye1", "dynamite", "dynamite", "gatling", "gatling"])
    game = position(game, players={1: {"life": 1}})
    roll_and_stop(game)
    play(game, ChooseSeat(1))
    events = game.apply(Accept())
    assert not of(events, PlayerEliminated)
    assert (game.players[1].alive, game.players[1].life, game.players[1].arrows) == (True, 1, 1)


def test_bart_cassidy_decides_per_life_point() -> None:
    """Bart Cassidy (ruling 7): two Bull's Eyes on him are two separate questions."""
    game = bart_game(["bullseye1", "bullseye1", "dynamite", "dynamite", "gatling"])
    roll_and_stop(game)
    play(game, ChooseSeat(1), ChooseSeat(1))
    assert (game.pending.kind, game.pending.remaining) == (DecisionKind.ARROW_INSTEAD, 2)
    play(game, Accept())
    assert (game.pending.kind, game.pending.remaining) == (DecisionKind.ARROW_INSTEAD, 1)
    events = game.apply(Decline())
    assert of(events, LifeLost) == [LifeLost(1, 1, 7, "bullseye", 0)]
    assert game.players[1].arrows == 1


def test_bart_cassidy_never_takes_the_last_arrow_of_the_pile() -> None:
    """Bart Cassidy may not take the last arrow: with one arrow left he is not asked."""
    game = bart_game(["bullseye1", "dynamite", "dynamite", "gatling", "gatling"], pile=1)
    roll_and_stop(game)
    events = game.apply(ChooseSeat(1))
    assert of(events, LifeLost) == [LifeLost(1, 1, 7, "bullseye", 0)]
    assert (game.players[1].arrows, game.pile) == (0, 1)
    assert game.pending.kind is DecisionKind.ROLL


def test_bart_cassidy_stops_being_asked_when_one_arrow_is_left() -> None:
    """Bart Cassidy with two hits and two arrows in the pile: one arrow, then the life."""
    game = bart_game(["bullseye1", "bullseye1", "dynamite", "dynamite", "gatling"], pile=2)
    roll_and_stop(game)
    play(game, ChooseSeat(1), ChooseSeat(1))
    assert game.pending.remaining == 2
    events = game.apply(Accept())
    assert of(events, LifeLost) == [LifeLost(1, 1, 7, "bullseye", 0)]
    assert (game.players[1].arrows, game.pile) == (1, 1)


def test_bart_cassidy_may_take_an_arrow_instead_of_a_gatling_life() -> None:
    """Bart Cassidy: the Gatling Gun is one of the causes his ability covers."""
    game = bart_game(["gatling", "gatling", "gatling", "dynamite", "dynamite"])
    roll_and_stop(game)
    assert (game.pending.kind, game.pending.seat) == (DecisionKind.ARROW_INSTEAD, 1)
    events = game.apply(Accept())
    assert of(events, LifeLost) == [
        LifeLost(2, 1, 7, "gatling", 0),
        LifeLost(3, 1, 7, "gatling", 0),
    ]
    assert (game.players[1].life, game.players[1].arrows) == (8, 1)


def test_bart_cassidy_cannot_use_his_ability_against_indians() -> None:
    """Bart Cassidy: not for life lost to the Indians."""
    game = bart_game(["arrow", "dynamite", "dynamite", "gatling", "gatling"], pile=1)
    game = position(game, players={1: {"arrows": 2}, 2: {"arrows": 6}})
    events = game.apply(Roll(ALL))
    assert any(isinstance(e, IndiansAttacked) for e in events)
    assert LifeLost(1, 2, 6, "indians", None) in events
    assert game.pending.kind is DecisionKind.REROLL


def test_bart_cassidy_cannot_use_his_ability_against_dynamite() -> None:
    """Bart Cassidy: not for the life lost to his own three Dynamite."""
    game = make_game(
        ["bart_cassidy", "paul_regret", "black_jack", "lucky_duke"],
        faces=["dynamite", "dynamite", "dynamite", "gatling", "gatling"],
    )
    events = game.apply(Roll(ALL))
    assert of(events, LifeLost) == [LifeLost(0, 1, 9, "dynamite", None)]
    assert game.players[0].arrows == 0
    assert (game.pending.kind, game.pending.seat) == (DecisionKind.ROLL, 1)


# ------------------------------------------------------------------------- Black Jack


def test_black_jack_may_reroll_dynamite() -> None:
    """Black Jack: his Dynamite is not locked and can be re-rolled."""
    game = make_game(
        ["black_jack", "paul_regret", "jourdonnais", "lucky_duke"],
        faces=["dynamite", "dynamite", "gatling", "gatling", "beer", "beer", "bullseye1"],
    )
    play(game, Roll(ALL))
    assert not game.locked(0) and not game.locked(1)
    assert Roll((0, 1)) in game.legal_actions()
    play(game, Roll((0, 1)))
    assert game.faces[:2] == ["beer", "bullseye1"]


def test_other_characters_cannot_reroll_dynamite() -> None:
    """Only Black Jack re-rolls Dynamite: for anyone else the die is locked."""
    game = make_game(
        ["paul_regret", "black_jack", "jourdonnais", "lucky_duke"],
        faces=["dynamite", "dynamite", "gatling", "gatling", "beer"],
    )
    play(game, Roll(ALL))
    assert game.locked(0)
    with pytest.raises(IllegalAction, match="Dynamite and cannot be re-rolled"):
        game.apply(Roll((0, 1)))


def test_black_jack_three_dynamite_at_once_still_explode() -> None:
    """Black Jack: three Dynamite at once follow the usual rules (no re-roll, lose 1)."""
    game = make_game(
        ["black_jack", "paul_regret", "jourdonnais", "lucky_duke"],
        faces=["dynamite", "dynamite", "dynamite", "gatling", "gatling"],
    )
    events = game.apply(Roll(ALL))
    assert DynamiteExploded(0) in events
    assert LifeLost(0, 1, 9, "dynamite", None) in events
    assert (game.turn, game.pending.kind) == (1, DecisionKind.ROLL)


def test_black_jack_three_dynamite_in_total_explode_if_he_kept_them() -> None:
    """Black Jack: Dynamite kept from earlier rolls count in total towards three."""
    game = make_game(
        ["black_jack", "paul_regret", "jourdonnais", "lucky_duke"],
        faces=["dynamite", "dynamite", "gatling", "gatling", "beer", "dynamite"],
    )
    play(game, Roll(ALL))
    events = game.apply(Roll((4,)))
    assert DynamiteExploded(0) in events
    assert game.players[0].life == 9


# ---------------------------------------------------------------------- Calamity Janet


def six(first: str) -> list[str]:
    return [first, "kit_carlson", "jourdonnais", "lucky_duke", "black_jack", "vulture_sam"]


@pytest.mark.parametrize(
    ("face", "character", "targets"),
    [
        ("bullseye1", "paul_regret", [1, 5]),
        ("bullseye2", "paul_regret", [2, 4]),
        ("bullseye1", "calamity_janet", [1, 2, 4, 5]),
        ("bullseye2", "calamity_janet", [1, 2, 4, 5]),
        ("bullseye1", "rose_doolan", [1, 2, 4, 5]),
        ("bullseye2", "rose_doolan", [2, 3, 4]),
    ],
)
def test_calamity_janet_and_rose_doolan_ranges(face: str, character: str, targets: list[int]):
    """Calamity Janet: Bull's Eye 1 and 2 interchangeable. Rose Doolan: one place further
    (Bull's Eye 1 up to two places, Bull's Eye 2 two or three places). Six players."""
    game = make_game(six(character), faces=[face, "dynamite", "dynamite", "gatling", "gatling"])
    roll_and_stop(game)
    assert game.pending.kind is DecisionKind.BULLSEYE_TARGET
    assert [a.seat for a in game.legal_actions()] == targets


def test_calamity_janet_ranges_with_three_alive() -> None:
    """Calamity Janet with three alive: both Bull's Eyes hit the neighbours only."""
    game = make_game(
        six("calamity_janet"), faces=["bullseye2", "dynamite", "dynamite", "gatling", "gatling"]
    )
    for seat in (2, 3, 4):
        game = position(game, players={seat: {"alive": False, "life": 0}})
    roll_and_stop(game)
    assert [a.seat for a in game.legal_actions()] == [1, 5]


# -------------------------------------------------------------------------- El Gringo


def gringo_game(faces: list[str], active: str = "paul_regret") -> Game:
    """Seat 1 is El Gringo (7 life)."""
    return make_game([active, "el_gringo", "black_jack", "lucky_duke"], faces=faces)


def test_el_gringo_shooter_takes_one_arrow_per_bullseye_result() -> None:
    """El Gringo (ruling 5): one arrow for each Bull's Eye result that hits him."""
    game = gringo_game(["bullseye1", "bullseye1", "dynamite", "dynamite", "gatling"])
    roll_and_stop(game)
    events = play(game, ChooseSeat(1), ChooseSeat(1))
    assert of(events, LifeLost) == [LifeLost(1, 2, 5, "bullseye", 0)]
    assert of(events, ArrowTaken) == [
        ArrowTaken(0, 8, "el_gringo"),
        ArrowTaken(0, 7, "el_gringo"),
    ]
    assert game.players[0].arrows == 2


def test_el_gringo_two_bullseyes_on_his_last_life_give_one_arrow() -> None:
    """El Gringo (ruling 5): one arrow per result that makes him lose life. Two Bull's Eyes on
    his last life point take one life: the second result makes him lose none, so one arrow."""
    game = gringo_game(["bullseye1", "bullseye1", "dynamite", "dynamite", "gatling"])
    game = position(game, players={1: {"life": 1}})
    roll_and_stop(game)
    events = play(game, ChooseSeat(1), ChooseSeat(1))
    assert of(events, LifeLost) == [LifeLost(1, 1, 0, "bullseye", 0)]
    assert [e.cause for e in of(events, ArrowTaken)] == ["el_gringo"]


def test_el_gringo_gatling_arrow_comes_after_the_shooter_discards() -> None:
    """El Gringo and the Gatling Gun: the shooter discards, then takes El Gringo's arrow."""
    game = gringo_game(["gatling", "gatling", "gatling", "dynamite", "dynamite"], "jourdonnais")
    game = position(game, players={0: {"arrows": 2}}, pile=7)
    events = roll_and_stop(game)
    order = kinds(events)
    assert order.index("arrows_discarded") < order.index("life_lost") < order.index("arrow_taken")
    assert ArrowsDiscarded(0, 2, 9, "gatling") in events
    assert ArrowTaken(0, 8, "el_gringo") in events
    assert game.players[0].arrows == 1


def test_el_gringo_arrow_can_start_an_indian_attack() -> None:
    """El Gringo (ruling 5): the shooter's arrow may be the last of the pile: Indians attack."""
    game = gringo_game(["bullseye1", "dynamite", "dynamite", "gatling", "gatling"])
    game = position(game, players={2: {"arrows": 4}, 3: {"arrows": 4}}, pile=1)
    roll_and_stop(game)
    events = game.apply(ChooseSeat(1))
    order = kinds(events)
    assert order.index("arrow_taken") < order.index("indians_attacked")
    assert ArrowTaken(0, 0, "el_gringo") in events
    assert LifeLost(0, 1, 10, "indians", None) in events
    assert LifeLost(2, 4, 4, "indians", None) in events
    assert game.pile == 9 and all(p.arrows == 0 for p in game.players)


def test_el_gringo_does_not_trigger_for_indians() -> None:
    """El Gringo: life lost to the Indians gives nobody an arrow."""
    game = gringo_game(["arrow", "dynamite", "dynamite", "gatling", "gatling"])
    game = position(game, players={1: {"arrows": 3}, 2: {"arrows": 5}}, pile=1)
    events = game.apply(Roll(ALL))
    assert LifeLost(1, 3, 4, "indians", None) in events
    assert [e.cause for e in of(events, ArrowTaken)] == ["dice"]


def test_el_gringo_does_not_trigger_for_his_own_dynamite() -> None:
    """El Gringo: life lost to Dynamite gives nobody an arrow."""
    game = make_game(
        ["el_gringo", "paul_regret", "black_jack", "lucky_duke"],
        faces=["dynamite", "dynamite", "dynamite", "gatling", "gatling"],
    )
    events = game.apply(Roll(ALL))
    assert LifeLost(0, 1, 8, "dynamite", None) in events
    assert not of(events, ArrowTaken)
    assert game.pile == 9


# ------------------------------------------------------------------------- Jesse Jones


def jesse_game(life: int, faces: list[str]) -> Game:
    game = make_game(["jesse_jones", "paul_regret", "black_jack", "lucky_duke"], faces=faces)
    game = position(game, players={0: {"life": life}})
    return game


def test_jesse_jones_four_life_two_beers_gains_four() -> None:
    """Jesse Jones (ruling 6): the four-or-less test is made once: 4 life + two Beers = 8."""
    game = jesse_game(4, ["beer", "beer", "dynamite", "dynamite", "gatling"])
    roll_and_stop(game)
    events = play(game, ChooseSeat(0), ChooseSeat(0))
    assert of(events, LifeGained) == [LifeGained(0, 4, 8, "beer")]


def test_jesse_jones_gains_two_per_beer_at_three_life() -> None:
    """Jesse Jones: with four life or less a Beer on himself gives two."""
    game = jesse_game(3, ["beer", "dynamite", "dynamite", "gatling", "gatling"])
    roll_and_stop(game)
    events = game.apply(ChooseSeat(0))
    assert of(events, LifeGained) == [LifeGained(0, 2, 5, "beer")]


def test_jesse_jones_gains_one_per_beer_above_four_life() -> None:
    """Jesse Jones: with five life a Beer gives the usual one."""
    game = jesse_game(5, ["beer", "beer", "dynamite", "dynamite", "gatling"])
    roll_and_stop(game)
    events = play(game, ChooseSeat(0), ChooseSeat(0))
    assert of(events, LifeGained) == [LifeGained(0, 2, 7, "beer")]


def test_jesse_jones_beer_on_someone_else_gives_one() -> None:
    """Jesse Jones: only a Beer he uses on himself is doubled."""
    game = jesse_game(3, ["beer", "dynamite", "dynamite", "gatling", "gatling"])
    game = position(game, players={1: {"life": 3}})
    roll_and_stop(game)
    events = game.apply(ChooseSeat(1))
    assert of(events, LifeGained) == [LifeGained(1, 1, 4, "beer")]


def test_jesse_jones_beer_from_another_player_gives_one() -> None:
    """Jesse Jones: a Beer another player gives him is not "for yourself": one life."""
    game = make_game(
        ["paul_regret", "jesse_jones", "black_jack", "lucky_duke"],
        faces=["beer", "dynamite", "dynamite", "gatling", "gatling"],
    )
    game = position(game, players={1: {"life": 3}})
    roll_and_stop(game)
    events = game.apply(ChooseSeat(1))
    assert of(events, LifeGained) == [LifeGained(1, 1, 4, "beer")]


# ------------------------------------------------------------------------- Jourdonnais


def test_jourdonnais_loses_at_most_one_life_to_indians() -> None:
    """Jourdonnais: never more than one life point to the Indians, however many arrows."""
    game = make_game(
        ["paul_regret", "jourdonnais", "black_jack", "lucky_duke"],
        faces=["arrow", "dynamite", "dynamite", "gatling", "gatling"],
    )
    game = position(game, players={1: {"arrows": 4}, 2: {"arrows": 2}, 3: {"arrows": 2}}, pile=1)
    events = game.apply(Roll(ALL))
    assert of(events, LifeLost) == [
        LifeLost(0, 1, 10, "indians", None),
        LifeLost(1, 1, 6, "indians", None),
        LifeLost(2, 2, 6, "indians", None),
        LifeLost(3, 2, 6, "indians", None),
    ]


# ------------------------------------------------------------------------ Kit Carlson


def kit_game(faces: list[str]) -> Game:
    game = make_game(["kit_carlson", "paul_regret", "black_jack", "lucky_duke"], faces=faces)
    game = position(game, players={1: {"arrows": 2}, 2: {"arrows": 2}}, pile=5)
    return game


def test_kit_carlson_one_gatling_discards_one_arrow_from_any_player() -> None:
    """Kit Carlson: a Gatling lets him discard one arrow of any player (his own included)."""
    game = kit_game(["gatling", "dynamite", "dynamite", "arrow", "arrow"])
    roll_and_stop(game)
    d = game.pending
    assert (d.kind, d.seat, d.remaining) == (DecisionKind.KIT_DISCARD, 0, 1)
    assert game.legal_actions() == [ChooseSeat(0), ChooseSeat(1), ChooseSeat(2), Decline()]
    events = game.apply(ChooseSeat(2))
    assert of(events, ArrowsDiscarded) == [ArrowsDiscarded(2, 1, 4, "kit_carlson")]
    assert [p.arrows for p in game.players] == [2, 2, 1, 0]
    assert game.turn == 1


def test_kit_carlson_two_gatlings_discard_two_including_his_own() -> None:
    """Kit Carlson: one discard per Gatling; he may discard his own arrows."""
    game = kit_game(["gatling", "gatling", "dynamite", "dynamite", "arrow"])
    roll_and_stop(game)
    assert game.pending.remaining == 2
    play(game, ChooseSeat(0))
    assert (game.pending.kind, game.pending.remaining) == (DecisionKind.KIT_DISCARD, 1)
    play(game, ChooseSeat(1))
    assert [p.arrows for p in game.players] == [0, 1, 2, 0]
    assert game.pile == 6


def test_kit_carlson_may_decline() -> None:
    """Kit Carlson's discards are optional."""
    game = kit_game(["gatling", "dynamite", "dynamite", "beer", "arrow"])
    roll_and_stop(game)
    play(game, ChooseSeat(0))  # the Beer
    events = game.apply(Decline())
    assert not of(events, ArrowsDiscarded)
    assert [p.arrows for p in game.players] == [1, 2, 2, 0]


def test_kit_carlson_not_asked_when_nobody_holds_an_arrow() -> None:
    """Kit Carlson: with no arrow anywhere there is nothing to ask."""
    game = make_game(
        ["kit_carlson", "paul_regret", "black_jack", "lucky_duke"],
        faces=["gatling", "dynamite", "dynamite", "gatling", "beer"],
    )
    roll_and_stop(game)
    play(game, ChooseSeat(0))
    assert (game.turn, game.pending.kind) == (1, DecisionKind.ROLL)


def test_kit_carlson_with_the_gatling_gun_discards_his_own_then_three_more() -> None:
    """Kit Carlson: three Gatlings discard all his arrows, plus three of anyone's, and the
    Gun still hits every other player."""
    game = kit_game(["gatling", "gatling", "gatling", "dynamite", "arrow"])
    events = roll_and_stop(game)
    assert GatlingFired(0) in events
    assert ArrowsDiscarded(0, 1, 5, "gatling") in events
    assert [e.seat for e in of(events, LifeLost)] == [2, 3]  # Paul Regret is immune
    d = game.pending
    assert (d.kind, d.remaining) == (DecisionKind.KIT_DISCARD, 3)
    assert ChooseSeat(0) not in game.legal_actions()
    play(game, ChooseSeat(1), ChooseSeat(1), ChooseSeat(2))
    assert [p.arrows for p in game.players] == [0, 0, 1, 0]
    assert game.pile == 8 and game.turn == 1


# ------------------------------------------------------------------------- Lucky Duke


def test_lucky_duke_rolls_four_times() -> None:
    """Lucky Duke: one extra re-roll, four rolls in all."""
    game = make_game(
        ["lucky_duke", "paul_regret", "black_jack", "jourdonnais"],
        faces=["gatling", "beer", "dynamite", "dynamite", "gatling", "gatling", "beer", "beer"],
    )
    assert game.rolls_left == 3
    play(game, Roll(ALL), Roll((1,)), Roll((1,)))
    assert game.pending.kind is DecisionKind.REROLL and game.rolls_left == 1
    play(game, Roll((1,)))
    assert game.pending.kind is DecisionKind.BEER_TARGET


def test_without_lucky_duke_the_third_roll_is_the_last() -> None:
    """The usual turn: three rolls at most (Lucky Duke is the exception)."""
    game = make_game(
        ["paul_regret", "lucky_duke", "black_jack", "jourdonnais"],
        faces=["gatling", "beer", "dynamite", "dynamite", "gatling", "gatling", "beer"],
    )
    assert game.rolls_left == 2
    play(game, Roll(ALL), Roll((1,)))
    assert game.rolls_left == 1
    play(game, Roll((1,)))
    assert game.pending.kind is DecisionKind.BEER_TARGET


# ------------------------------------------------------------------------ Paul Regret


def test_paul_regret_is_immune_to_the_gatling_gun() -> None:
    """Paul Regret never loses life to the Gatling Gun."""
    game = make_game(
        ["jourdonnais", "paul_regret", "black_jack", "lucky_duke"],
        faces=["gatling", "gatling", "gatling", "dynamite", "dynamite"],
    )
    events = roll_and_stop(game)
    assert [e.seat for e in of(events, LifeLost)] == [2, 3]
    assert game.players[1].life == 9


def test_paul_regret_still_loses_life_to_a_bullseye() -> None:
    """Paul Regret's immunity covers the Gatling Gun only."""
    game = make_game(
        ["jourdonnais", "paul_regret", "black_jack", "lucky_duke"],
        faces=["bullseye1", "dynamite", "dynamite", "gatling", "gatling"],
    )
    roll_and_stop(game)
    events = game.apply(ChooseSeat(1))
    assert of(events, LifeLost) == [LifeLost(1, 1, 8, "bullseye", 0)]


# ---------------------------------------------------------------------- Pedro Ramirez


def pedro_game(faces: list[str], arrows: int, active: str = "paul_regret") -> Game:
    """Seat 1 is Pedro Ramirez holding ``arrows`` arrows."""
    game = make_game([active, "pedro_ramirez", "black_jack", "lucky_duke"], faces=faces)
    return position(game, players={1: {"arrows": arrows}})


def test_pedro_ramirez_discards_an_arrow_per_bullseye_life_lost() -> None:
    """Pedro Ramirez: for each life lost he may discard an arrow; he still loses the life."""
    game = pedro_game(["bullseye1", "bullseye1", "dynamite", "dynamite", "gatling"], 3)
    roll_and_stop(game)
    play(game, ChooseSeat(1), ChooseSeat(1))
    d = game.pending
    assert (d.kind, d.seat, d.remaining) == (DecisionKind.DISCARD_ARROW, 1, 2)
    assert game.legal_actions() == [Accept(), Decline()]
    assert game.players[1].life == 6
    events = play(game, Accept(), Accept())
    assert of(events, ArrowsDiscarded) == [
        ArrowsDiscarded(1, 1, 7, "pedro_ramirez"),
        ArrowsDiscarded(1, 1, 8, "pedro_ramirez"),
    ]
    assert (game.players[1].life, game.players[1].arrows) == (6, 1)


def test_pedro_ramirez_may_decline() -> None:
    """Pedro Ramirez's discard is optional."""
    game = pedro_game(["bullseye1", "dynamite", "dynamite", "gatling", "gatling"], 2)
    roll_and_stop(game)
    play(game, ChooseSeat(1))
    events = game.apply(Decline())
    assert not of(events, ArrowsDiscarded)
    assert game.players[1].arrows == 2


def test_pedro_ramirez_discards_after_the_gatling_gun() -> None:
    """Pedro Ramirez: the Gatling Gun's life loss lets him discard too."""
    game = pedro_game(["gatling", "gatling", "gatling", "dynamite", "dynamite"], 1)
    roll_and_stop(game)
    assert (game.pending.kind, game.pending.remaining) == (DecisionKind.DISCARD_ARROW, 1)
    play(game, Accept())
    assert game.players[1].arrows == 0


def test_pedro_ramirez_discards_after_his_own_dynamite() -> None:
    """Pedro Ramirez: the life lost to three Dynamite counts too."""
    game = make_game(
        ["pedro_ramirez", "paul_regret", "black_jack", "lucky_duke"],
        faces=["dynamite", "dynamite", "dynamite", "gatling", "gatling"],
    )
    game = position(game, players={0: {"arrows": 2}}, pile=7)
    game.apply(Roll(ALL))
    d = game.pending
    assert (d.kind, d.seat, d.remaining) == (DecisionKind.DISCARD_ARROW, 0, 1)
    play(game, Accept())
    assert (game.players[0].life, game.players[0].arrows) == (9, 1)


def test_pedro_ramirez_is_not_asked_after_an_indian_attack() -> None:
    """Pedro Ramirez after the Indians: everyone discards all arrows anyway; no question."""
    game = pedro_game(["arrow", "dynamite", "dynamite", "gatling", "gatling"], 3)
    game = position(game, players={2: {"arrows": 5}}, pile=1)
    events = game.apply(Roll(ALL))
    assert LifeLost(1, 3, 5, "indians", None) in events
    assert ArrowsDiscarded(1, 3, 4, "indians") in events
    assert (game.pending.kind, game.pending.seat) == (DecisionKind.REROLL, 0)


def test_pedro_ramirez_is_not_asked_without_arrows() -> None:
    """Pedro Ramirez: nothing to discard, nothing to ask."""
    game = pedro_game(["bullseye1", "dynamite", "dynamite", "gatling", "gatling"], 0)
    roll_and_stop(game)
    play(game, ChooseSeat(1))
    assert (game.turn, game.pending.kind) == (1, DecisionKind.ROLL)


# ------------------------------------------------------------------------ Sid Ketchum


def test_sid_ketchum_gives_a_life_at_the_start_of_his_turn() -> None:
    """Sid Ketchum: at the beginning of his turn any player of his choice gains one life;
    it is a choice of target (no Decline), before the first roll."""
    game = make_game(["sid_ketchum", "paul_regret", "black_jack", "lucky_duke"])
    d = game.pending
    assert (d.kind, d.seat) == (DecisionKind.GIFT_LIFE, 0)
    assert game.legal_actions() == [ChooseSeat(0), ChooseSeat(1), ChooseSeat(2), ChooseSeat(3)]
    game = position(game, players={2: {"life": 5}})
    events = game.apply(ChooseSeat(2))
    assert events == [LifeGained(2, 1, 6, "sid_ketchum")]
    assert game.pending.kind is DecisionKind.ROLL


def test_sid_ketchum_may_choose_himself() -> None:
    """Sid Ketchum: "You may also choose yourself"."""
    game = make_game(["sid_ketchum", "paul_regret", "black_jack", "lucky_duke"])
    game = position(game, players={0: {"life": 4}})
    assert game.apply(ChooseSeat(0)) == [LifeGained(0, 1, 5, "sid_ketchum")]


def test_sid_ketchum_gift_skips_the_dead_and_is_wasted_at_full_life() -> None:
    """Sid Ketchum: only living players gain life, never above their maximum."""
    game = make_game(["sid_ketchum", "paul_regret", "black_jack", "lucky_duke"])
    game = position(game, players={3: {"alive": False, "life": 0}})
    assert ChooseSeat(3) not in game.legal_actions()
    assert game.apply(ChooseSeat(1)) == []
    assert game.players[1].life == 9


def test_sid_ketchum_gift_comes_at_the_start_of_his_own_turn_only() -> None:
    """Sid Ketchum: the gift comes at the beginning of *his* turn, not of others'."""
    game = make_game(
        ["paul_regret", "sid_ketchum", "black_jack", "lucky_duke"],
        faces=["dynamite", "dynamite", "gatling", "gatling", "arrow"],
    )
    assert game.pending.kind is DecisionKind.ROLL
    events = roll_and_stop(game)
    assert events[-1] == TurnStarted(1, 2)
    assert (game.pending.kind, game.pending.seat) == (DecisionKind.GIFT_LIFE, 1)


# -------------------------------------------------------------------- Slab the Killer


def slab_game(faces: list[str]) -> Game:
    return make_game(["slab_the_killer", "paul_regret", "black_jack", "lucky_duke"], faces=faces)


def test_slab_the_killer_doubles_a_bullseye_with_a_beer() -> None:
    """Slab the Killer: a Beer doubles a Bull's Eye (two life from the same player); the Beer
    then gives no life."""
    game = slab_game(["bullseye1", "beer", "dynamite", "dynamite", "gatling"])
    game = position(game, players={0: {"life": 5}})
    roll_and_stop(game)
    play(game, ChooseSeat(1))
    assert (game.pending.kind, game.pending.seat) == (DecisionKind.SLAB_DOUBLE, 0)
    assert game.legal_actions() == [ChooseDie(0), Decline()]
    events = game.apply(ChooseDie(0))
    assert BullseyeDoubled(0, 0) in events
    assert of(events, LifeLost) == [LifeLost(1, 2, 7, "bullseye", 0)]
    assert not of(events, LifeGained)
    assert game.players[0].life == 5 and game.turn == 1


def test_slab_the_killer_may_decline_and_drink_the_beer() -> None:
    """Slab the Killer's doubling is optional: declined, the Beer is an ordinary Beer."""
    game = slab_game(["bullseye1", "beer", "dynamite", "dynamite", "gatling"])
    game = position(game, players={0: {"life": 5}})
    roll_and_stop(game)
    play(game, ChooseSeat(1))
    events = game.apply(Decline())
    assert of(events, LifeLost) == [LifeLost(1, 1, 8, "bullseye", 0)]
    assert (game.pending.kind, game.pending.die) == (DecisionKind.BEER_TARGET, 1)
    assert of(game.apply(ChooseSeat(0)), LifeGained) == [LifeGained(0, 1, 6, "beer")]


def test_slab_the_killer_doubles_once_per_turn() -> None:
    """Slab the Killer: once per turn, even with two Beers; the other Beer heals as usual."""
    game = slab_game(["bullseye1", "bullseye1", "beer", "beer", "dynamite"])
    game = position(game, players={0: {"life": 5}})
    roll_and_stop(game)
    play(game, ChooseSeat(1), ChooseSeat(3))
    assert game.legal_actions() == [ChooseDie(0), ChooseDie(1), Decline()]
    events = game.apply(ChooseDie(1))
    assert of(events, LifeLost) == [
        LifeLost(1, 1, 8, "bullseye", 0),
        LifeLost(3, 2, 6, "bullseye", 0),
    ]
    assert (game.pending.kind, game.pending.die) == (DecisionKind.BEER_TARGET, 3)
    events = game.apply(ChooseSeat(0))
    assert of(events, LifeGained) == [LifeGained(0, 1, 6, "beer")]
    assert game.turn == 1


def test_slab_the_killer_not_asked_without_a_beer() -> None:
    """Slab the Killer needs a Beer to double a Bull's Eye."""
    game = slab_game(["bullseye1", "gatling", "dynamite", "dynamite", "gatling"])
    roll_and_stop(game)
    events = game.apply(ChooseSeat(1))
    assert of(events, LifeLost) == [LifeLost(1, 1, 8, "bullseye", 0)]
    assert game.turn == 1


def test_slab_the_killer_doubled_hit_on_el_gringo_is_one_arrow() -> None:
    """Slab the Killer and El Gringo: a doubled Bull's Eye is one result, so one arrow."""
    game = make_game(
        ["slab_the_killer", "el_gringo", "black_jack", "lucky_duke"],
        faces=["bullseye1", "beer", "dynamite", "dynamite", "gatling"],
    )
    roll_and_stop(game)
    play(game, ChooseSeat(1))
    events = game.apply(ChooseDie(0))
    assert LifeLost(1, 2, 5, "bullseye", 0) in events
    assert of(events, ArrowTaken) == [ArrowTaken(0, 8, "el_gringo")]


# --------------------------------------------------------------------- Suzy Lafayette


def suzy_game(faces: list[str]) -> Game:
    game = make_game(["suzy_lafayette", "paul_regret", "black_jack", "lucky_duke"], faces=faces)
    game = position(game, players={0: {"life": 5}})
    return game


def test_suzy_lafayette_gains_two_at_the_end_of_a_turn_without_bullseye() -> None:
    """Suzy Lafayette: no Bull's Eye in her final dice: two life at the end of her turn."""
    game = suzy_game(["gatling", "gatling", "dynamite", "dynamite", "arrow"])
    events = game.apply(Roll(ALL))
    assert not of(events, LifeGained)  # not during the re-rolls
    events = game.apply(Stop())
    assert events[-3:-1] == [LifeGained(0, 2, 7, "suzy_lafayette"), TurnEnded(0)]


def test_suzy_lafayette_bullseye_rerolled_away_still_gains() -> None:
    """Suzy Lafayette: only the final dice count, not a Bull's Eye re-rolled during the turn."""
    game = suzy_game(["bullseye1", "gatling", "dynamite", "dynamite", "arrow", "arrow"])
    play(game, Roll(ALL))
    events = play(game, Roll((0,)), Stop())
    assert LifeGained(0, 2, 7, "suzy_lafayette") in events


def test_suzy_lafayette_no_gain_with_a_bullseye_in_the_final_dice() -> None:
    """Suzy Lafayette: a Bull's Eye 2 in the final dice means no bonus."""
    game = suzy_game(["bullseye2", "gatling", "dynamite", "dynamite", "arrow"])
    roll_and_stop(game)
    events = game.apply(ChooseSeat(2))
    assert not of(events, LifeGained)
    assert game.players[0].life == 5


def test_suzy_lafayette_bonus_is_capped_at_her_maximum() -> None:
    """Suzy Lafayette: the two life never take her above her maximum."""
    game = suzy_game(["gatling", "gatling", "dynamite", "dynamite", "arrow"])
    # Sheriff: 8 + 2
    game = position(game, players={0: {"life": 9}})
    events = roll_and_stop(game)
    assert LifeGained(0, 1, 10, "suzy_lafayette") in events


# ------------------------------------------------------------------------ Vulture Sam


def vulture_game(faces: list[str]) -> Game:
    """Five players: 0 Sheriff, 1 Vulture Sam (Outlaw), 2 Renegade, 3 Outlaw, 4 Deputy."""
    return make_game(
        ["jourdonnais", "vulture_sam", "black_jack", "lucky_duke", "willy_the_kid"], faces=faces
    )


def test_vulture_sam_gains_two_when_another_player_is_eliminated() -> None:
    """Vulture Sam: each time another player is eliminated he gains two life."""
    game = vulture_game(["bullseye2", "dynamite", "dynamite", "gatling", "gatling"])
    game = position(game, players={1: {"life": 5}, 2: {"life": 1}})
    roll_and_stop(game)
    events = game.apply(ChooseSeat(2))
    assert PlayerEliminated(2, "bullseye", 0) in events
    assert LifeGained(1, 2, 7, "vulture_sam") in events


def test_vulture_sam_gains_two_per_player_eliminated_together() -> None:
    """Vulture Sam: two others eliminated by one Gatling Gun: four life."""
    game = vulture_game(["gatling", "gatling", "gatling", "dynamite", "dynamite"])
    game = position(game, players={1: {"life": 4}, 2: {"life": 1}, 3: {"life": 1}})
    events = roll_and_stop(game)
    assert [e.seat for e in of(events, PlayerEliminated)] == [2, 3]
    assert of(events, LifeGained) == [LifeGained(1, 4, 7, "vulture_sam")]


def test_vulture_sam_gains_nothing_when_eliminated_at_the_same_time() -> None:
    """Vulture Sam (ruling 4): deaths simultaneous with his own give him nothing."""
    game = vulture_game(["gatling", "gatling", "gatling", "dynamite", "dynamite"])
    game = position(game, players={1: {"life": 1}, 2: {"life": 1}})
    events = roll_and_stop(game)
    assert [e.seat for e in of(events, PlayerEliminated)] == [1, 2]
    assert not of(events, LifeGained)
    assert game.players[1].life == 0


# ---------------------------------------------------------------------- Willy the Kid


@pytest.mark.parametrize(("gatlings", "fires"), [(1, False), (2, True), (3, True)])
def test_willy_the_kid_fires_the_gatling_gun_with_two_once_per_turn(
    gatlings: int, fires: bool
) -> None:
    """Willy the Kid: two Gatlings fire the Gun; three still fire it only once."""
    faces = ["gatling"] * gatlings + ["dynamite", "dynamite"] + ["arrow"] * (3 - gatlings)
    game = make_game(["willy_the_kid", "jourdonnais", "black_jack", "lucky_duke"], faces=faces)
    events = roll_and_stop(game)
    assert of(events, GatlingFired) == ([GatlingFired(0)] if fires else [])
    lost = [(e.seat, e.amount) for e in of(events, LifeLost)]
    assert lost == ([(1, 1), (2, 1), (3, 1)] if fires else [])
