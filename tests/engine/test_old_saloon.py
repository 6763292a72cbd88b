"""Old Saloon, Modules 1, 2 and 4 (rulebook), with the errata's Saloon dice and rulings OS1, OS2.

Each test names the sentence it plays out. Seat 0 is the Sheriff and plays first; with Module 1
the first decision of each turn is the Saloon die (``Choose``). The Saloon die is die 5 (index
4) when it replaces a base die, die 6 (index 5) when it is a sixth.
"""

from __future__ import annotations

import pytest

from companion.engine import (
    DICE,
    Accept,
    ArrowsDiscarded,
    ArrowTaken,
    Choose,
    ChooseSeat,
    DecisionKind,
    Decline,
    Game,
    GameSetup,
    GatlingFired,
    IndiansAttacked,
    LifeGained,
    LifeLost,
    Module,
    PlayerEliminated,
    Roll,
    SetupError,
    Stop,
    characters_for,
    deal,
    position,
    turn_order,
)
from companion.modules.chief_arrow.rules import (
    ChiefArrowDiscarded,
    ChiefArrowTaken,
    ChiefGame,
    ChiefPlayer,
)
from companion.modules.loudmouth_coward.rules import SaloonDieChosen
from companion.modules.saloon_characters.rules import LossTakenOver

from .helpers import make_game, of, play

OS1, OS2, OS4 = "old_saloon.1", "old_saloon.2", "old_saloon.4"
FIVE = ["paul_regret", "jesse_jones", "suzy_lafayette", "lucky_duke", "black_jack"]
ALL5 = (0, 1, 2, 3, 4)


def saloon(characters: list[str], faces: list[str], modules: tuple[str, ...] = (OS1,)) -> Game:
    return make_game(characters, faces=faces, modules=modules)


def give(game: Game, seat: int, arrows: int = 0, chief: bool = False) -> Game:
    """Hand ``seat`` tokens from the pile, as earlier turns would have."""
    changes: dict[str, object] = {"arrows": game.players[seat].arrows + arrows}
    if chief:
        changes["chief_arrow"] = True
    return position(game, players={seat: changes})


# ============================================ Module 1: the Loudmouth and the Coward


def test_errata_saloon_dice_faces() -> None:
    """the errata's Dice table: the Loudmouth's and the Coward's six faces."""
    assert DICE["loudmouth"] == (
        "double_bullseye1",
        "double_bullseye2",
        "double_gatling",
        "arrow",
        "dynamite",
        "bullet",
    )
    assert DICE["coward"] == (
        "bullseye1",
        "beer",
        "double_beer",
        "broken_arrow",
        "arrow",
        "dynamite",
    )


def test_module1_choosing_the_saloon_die_is_the_first_decision_of_each_turn() -> None:
    """OS1: the active player first chooses none, the Loudmouth or the Coward."""
    game = saloon(FIVE, [])
    d = game.pending
    assert (d.kind, d.seat, d.options) == (
        DecisionKind("saloon_die"),
        0,
        ("none", "loudmouth", "coward"),
    )
    assert game.legal_actions() == [Choose("none"), Choose("loudmouth"), Choose("coward")]
    events = game.apply(Choose("coward"))
    assert events == [SaloonDieChosen(0, "coward", ("base",) * 4 + ("coward",))]
    assert game.pending.kind is DecisionKind.ROLL


def test_module1_the_saloon_die_replaces_a_base_die_five_dice_in_total() -> None:
    """'instead of rolling one of the base dice ... You still roll five dice in total.'"""
    game = saloon(FIVE, ["arrow", "dynamite", "dynamite", "gatling", "double_gatling"])
    play(game, Choose("loudmouth"))
    assert game.dice_kinds == ["base", "base", "base", "base", "loudmouth"]
    assert game.legal_actions() == [Roll(ALL5)]


def test_module1_the_chosen_die_is_used_for_the_whole_turn_and_may_change_next_turn() -> None:
    """'you must use it for your entire turn ... You may choose different dice each turn.'"""
    faces = ["arrow", "dynamite", "dynamite", "gatling", "bullet", "bullet"]
    game = saloon(FIVE, faces)
    play(game, Choose("loudmouth"), Roll(ALL5))
    assert game.legal_actions().count(Roll((4,))) == 1  # the Bullet may be re-rolled
    play(game, Roll((4,)))
    assert game.dice_kinds[4] == "loudmouth" and game.faces[4] == "bullet"
    play(game, Stop())
    assert (game.turn, game.pending.kind) == (1, DecisionKind("saloon_die"))
    play(game, Choose("none"))
    assert game.dice_kinds == ["base"] * 5


def test_module1_rolling_a_saloon_die_is_optional() -> None:
    """'Rolling a Saloon die is always optional': none keeps the five base dice."""
    game = saloon(FIVE, [])
    events = game.apply(Choose("none"))
    assert events == [SaloonDieChosen(0, None, ("base",) * 5)]


def test_module1_double_bullseye_is_two_results_each_assigned_on_its_own() -> None:
    """'Each result may be applied to different players': a double Bull's Eye 1 hits two."""
    game = saloon(FIVE, ["arrow", "dynamite", "dynamite", "arrow", "double_bullseye1"])
    play(game, Choose("loudmouth"), Roll(ALL5), Stop())
    assert (game.pending.kind, game.pending.die) == (DecisionKind.BULLSEYE_TARGET, 4)
    play(game, ChooseSeat(1))
    assert (game.pending.kind, game.pending.die) == (DecisionKind.BULLSEYE_TARGET, 4)
    events = game.apply(ChooseSeat(4))
    assert of(events, LifeLost) == [
        LifeLost(1, 1, 8, "bullseye", 0),
        LifeLost(4, 1, 7, "bullseye", 0),
    ]


def test_module1_double_beer_may_heal_two_players() -> None:
    """'you can use the double Beer to let two different players each regain one life point.'"""
    game = saloon(FIVE, ["arrow", "dynamite", "dynamite", "arrow", "double_beer"])
    life = [p.life for p in game.players]
    game = position(game, players={1: {"life": life[1] - 2}, 2: {"life": life[2] - 1}})
    play(game, Choose("coward"), Roll(ALL5), Stop(), ChooseSeat(1))
    assert game.pending.kind is DecisionKind.BEER_TARGET
    events = game.apply(ChooseSeat(2))
    assert of(events, LifeGained) == [LifeGained(1, 1, 8, "beer"), LifeGained(2, 1, 8, "beer")]


def test_module1_double_gatling_counts_two_towards_the_gatling_gun() -> None:
    """A double Gatling and one Gatling are three Gatlings: the Gun fires."""
    game = saloon(FIVE, ["gatling", "dynamite", "dynamite", "arrow", "double_gatling"])
    events = play(game, Choose("loudmouth"), Roll(ALL5), Stop())
    assert of(events, GatlingFired) == [GatlingFired(0)]
    assert [e.seat for e in of(events, LifeLost)] == [1, 2, 3, 4]


def test_module1_willy_the_kid_fires_with_a_double_gatling_alone() -> None:
    """OS1: a double Gatling counts two, so Willy the Kid fires the Gun with it alone."""
    game = saloon(
        ["willy_the_kid", *FIVE[1:]], ["arrow", "dynamite", "dynamite", "arrow", "double_gatling"]
    )
    events = play(game, Choose("loudmouth"), Roll(ALL5), Stop())
    assert of(events, GatlingFired) == [GatlingFired(0)]


def test_module1_the_gatling_gun_fires_only_once_a_turn() -> None:
    """'you can only activate the Gatling Gun once per turn': four Gatlings, one shot each."""
    game = saloon(FIVE, ["gatling", "gatling", "dynamite", "dynamite", "double_gatling"])
    events = play(game, Choose("loudmouth"), Roll(ALL5), Stop())
    assert len(of(events, GatlingFired)) == 1
    assert [(e.seat, e.amount) for e in of(events, LifeLost)] == [(1, 1), (2, 1), (3, 1), (4, 1)]


def test_module1_broken_arrow_returns_an_arrow_from_any_player_yourself_included() -> None:
    """Broken arrow (errata): return one arrow from any player, yourself included."""
    game = saloon(FIVE, ["arrow", "dynamite", "dynamite", "gatling", "broken_arrow"])
    game = give(game, 2, 2)
    events = play(game, Choose("coward"), Roll(ALL5))
    assert of(events, ArrowTaken) == [ArrowTaken(0, 6, "dice")]
    assert (game.pending.kind, game.pending.seat) == (DecisionKind("broken_arrow"), 0)
    assert game.legal_actions() == [ChooseSeat(0), ChooseSeat(2)]
    events = game.apply(ChooseSeat(0))
    assert events[0] == ArrowsDiscarded(0, 1, 7, "broken_arrow")
    assert (game.players[0].arrows, game.players[2].arrows) == (0, 2)


def test_module1_broken_arrow_applies_right_after_the_rolls_arrows_and_may_be_rerolled() -> None:
    """Broken arrow acts on the roll that shows it, after its arrows; the die may be re-rolled."""
    faces = ["arrow", "dynamite", "dynamite", "gatling", "broken_arrow", "broken_arrow"]
    game = saloon(FIVE, faces)
    play(game, Choose("coward"), Roll(ALL5), ChooseSeat(0))
    assert game.pending.kind is DecisionKind.REROLL
    assert not game.locked(4)
    game = give(game, 3, 1)
    play(game, Roll((4,)))
    assert game.pending.kind is DecisionKind("broken_arrow")
    assert game.legal_actions() == [ChooseSeat(3)]


def test_module1_broken_arrow_with_no_arrow_on_the_table_does_nothing() -> None:
    """A Broken arrow with nobody holding an arrow returns nothing and asks nothing."""
    game = saloon(FIVE, ["gatling", "dynamite", "dynamite", "gatling", "broken_arrow"])
    play(game, Choose("coward"), Roll(ALL5))
    assert game.pending.kind is DecisionKind.REROLL


def test_module1_bullet_loses_one_life_on_the_roll_after_its_arrows() -> None:
    """Bullet (errata): you immediately lose one life point, after the roll's arrows."""
    game = saloon(FIVE, ["arrow", "dynamite", "dynamite", "gatling", "bullet"])
    events = play(game, Choose("loudmouth"), Roll(ALL5))
    assert events[-2:] == [ArrowTaken(0, 8, "dice"), LifeLost(0, 1, 10, "bullet", None)]
    assert game.pending.kind is DecisionKind.REROLL


def test_module1_bullet_that_kills_the_active_player_ends_the_turn() -> None:
    """A Bullet is a life loss like Dynamite: eliminated in your turn, nothing else resolves."""
    game = saloon(
        FIVE,
        ["arrow", "dynamite", "dynamite", "gatling", "gatling"]
        + ["bullseye1", "dynamite", "dynamite", "gatling", "bullet"],
    )
    play(game, Choose("none"), Roll(ALL5), Stop())
    assert game.turn == 1
    game = position(game, players={1: {"life": 1}})
    events = play(game, Choose("loudmouth"), Roll(ALL5))
    assert of(events, PlayerEliminated) == [PlayerEliminated(1, "bullet", None)]
    assert game.turn == 2 and game.pending.kind is DecisionKind("saloon_die")


def test_module1_el_gringo_is_not_triggered_by_a_bullet() -> None:
    """Ruling 5: Bullet and Broken arrow never trigger El Gringo."""
    game = saloon(
        ["el_gringo", *FIVE[1:]], ["gatling", "dynamite", "dynamite", "gatling", "bullet"]
    )
    events = play(game, Choose("loudmouth"), Roll(ALL5))
    assert of(events, LifeLost) == [LifeLost(0, 1, 8, "bullet", None)]
    assert not of(events, ArrowTaken)


def test_module1_saloon_dynamite_is_locked_and_counts_towards_three() -> None:
    """The Saloon dice's Dynamite is Dynamite: it cannot be re-rolled and explodes with two more."""
    game = saloon(FIVE, ["dynamite", "dynamite", "gatling", "gatling", "dynamite"])
    events = play(game, Choose("coward"), Roll(ALL5))
    assert of(events, LifeLost)[0] == LifeLost(0, 1, 10, "dynamite", None)


def test_module1_resolution_order_is_the_old_saloon_list() -> None:
    """'the new order of resolution': arrow, broken arrow, bullet, Dynamite, Bull's Eyes, Beer,
    Gatling."""
    per_roll, resolution = turn_order(frozenset({Module("old_saloon.1")}))
    assert per_roll == ("arrow", "broken_arrow", "bullet")
    assert [p for p in resolution if p not in ("last_roll", "end")] == [
        "dynamite",
        "bullseye",
        "beer",
        "gatling",
    ]
    assert turn_order(frozenset())[0] == ("arrow",)


# ======================================= Module 2: the Arrow of the Indian Chief


def last_arrow_game() -> Game:
    """Module 2, five players; seat 0's first roll shows one arrow, to take the pile's last
    token once the test has handed out the other nine."""
    return make_game(
        FIVE, faces=["arrow", "dynamite", "gatling", "gatling", "beer"], modules=(OS2,)
    )


def test_module2_the_chiefs_arrow_joins_the_pile() -> None:
    """'add the Indian Chief's Arrow token to the pile': ten tokens."""
    game = make_game(FIVE, modules=(OS2,))
    assert (game.pile, ChiefGame.of(game).chief_in_pile, game.tokens_in_pile) == (9, True, 10)
    assert not ChiefGame.of(make_game(FIVE)).chief_in_pile


def test_module2_taking_an_arrow_is_a_choice_and_the_chiefs_counts_one_result() -> None:
    """OS2: regular or Chief's; 'taking it only counts for one [Indian arrow] result'."""
    game = make_game(
        FIVE, faces=["arrow", "arrow", "dynamite", "gatling", "gatling"], modules=(OS2,)
    )
    game.apply(Roll(ALL5))
    d = game.pending
    assert (d.kind, d.seat, d.options) == (DecisionKind("chief_arrow"), 0, ("arrow", "chief_arrow"))
    events = game.apply(Choose("chief_arrow"))
    assert events[0] == ChiefArrowTaken(0, None, "dice")
    assert events[1] == ArrowTaken(0, 8, "dice")  # the second result: only regular ones left
    player = game.players[0]
    assert (ChiefPlayer.of(player).chief_arrow, player.arrows, game.pile) == (True, 1, 8)


def test_module2_indians_attack_when_the_last_of_ten_tokens_is_taken() -> None:
    """OS2: the pile is empty, and the Indians attack, only when all ten tokens are taken."""
    game = make_game(
        FIVE, faces=["arrow", "dynamite", "gatling", "gatling", "beer", "arrow"], modules=(OS2,)
    )
    game = give(game, 1, 8)
    events = play(game, Roll(ALL5), Choose("arrow"))
    assert game.pile == 0 and ChiefGame.of(game).chief_in_pile and not of(events, IndiansAttacked)
    events = play(game, Roll((0,)))
    assert events[1:3] == [ChiefArrowTaken(0, None, "dice"), IndiansAttacked(0)]


def test_module2_the_chiefs_arrow_counts_two_in_the_attack() -> None:
    """'the Indian Chief's Arrow will make you lose two life points instead of one'."""
    game = last_arrow_game()
    game = give(game, 1, 5)
    game = give(game, 2, 2, chief=True)
    game = give(game, 3, 1)
    events = game.apply(Roll(ALL5))  # seat 0 takes the last token, a regular arrow
    losses = {e.seat: e.amount for e in of(events, LifeLost)}
    assert losses == {0: 1, 1: 5, 2: 4, 3: 1}


def test_module2_holder_with_strictly_the_most_arrows_loses_nothing() -> None:
    """'unless you have the Indian Chief's Arrow and you are the single player with the most'."""
    game = last_arrow_game()
    game = give(game, 1, 2)
    game = give(game, 2, 5, chief=True)
    game = give(game, 3, 1)
    events = game.apply(Roll(ALL5))
    assert {e.seat: e.amount for e in of(events, LifeLost)} == {0: 1, 1: 2, 3: 1}


def test_module2_holder_tied_for_the_most_loses_the_chiefs_two_too() -> None:
    """'(not tied for the most)': a tie with the holder costs the holder all, Chief's as two."""
    game = last_arrow_game()
    game = give(game, 1, 4)
    game = give(game, 2, 2, chief=True)
    game = give(game, 3, 2)
    events = game.apply(Roll(ALL5))
    assert {e.seat: e.amount for e in of(events, LifeLost)} == {0: 1, 1: 4, 2: 4, 3: 2}


def test_module2_everyone_discards_the_chiefs_arrow_goes_back() -> None:
    """After the attack all players discard, the Chief's Arrow back to the pile."""
    game = last_arrow_game()
    game = give(game, 1, 6)
    game = give(game, 2, 2, chief=True)
    events = game.apply(Roll(ALL5))
    assert ChiefArrowDiscarded(2, "indians") in events
    assert (game.pile, ChiefGame.of(game).chief_in_pile) == (9, True)
    assert all(p.arrows == 0 and not ChiefPlayer.of(p).chief_arrow for p in game.players)


def test_module2_example_martin_barbara_william_jack() -> None:
    """The rulebook's example: Barbara holds 4 with the Chief's Arrow, strictly the most.

    The example's counts add up to ten tokens only if Martin held his 2 before taking the last
    one (then 3): Barbara's 4 is still strictly the most.
    """
    martin, barbara, william, jack = 0, 1, 2, 3
    game = make_game(
        ["paul_regret", "jesse_jones", "suzy_lafayette", "lucky_duke"],
        faces=["arrow", "dynamite", "gatling", "gatling", "beer"],
        modules=(OS2,),
    )
    game = give(game, martin, 2)
    game = give(game, barbara, 2, chief=True)
    game = give(game, william, 1)
    game = give(game, jack, 3)
    assert game.tokens_in_pile == 1
    events = game.apply(Roll(ALL5))
    assert IndiansAttacked(martin) in events
    losses = {e.seat: e.amount for e in of(events, LifeLost)}
    assert barbara not in losses
    assert losses == {martin: 3, william: 1, jack: 3}
    assert (
        ChiefPlayer.of(game.players[barbara]).chief_arrow is False
        and ChiefGame.of(game).chief_in_pile
    )


def test_os2_jourdonnais_still_loses_at_most_one() -> None:
    """OS2: Jourdonnais with the Chief's Arrow (not the most) still loses at most 1."""
    game = make_game(
        ["paul_regret", "jourdonnais", *FIVE[2:]],
        faces=["arrow", "dynamite", "gatling", "gatling", "beer"],
        modules=(OS2,),
    )
    game = give(game, 1, 1, chief=True)
    game = give(game, 2, 7)
    events = game.apply(Roll(ALL5))
    assert {e.seat: e.amount for e in of(events, LifeLost)}[1] == 1


def test_os2_pedro_ramirez_may_discard_the_chiefs_arrow() -> None:
    """OS2: abilities that move arrows move the Chief's Arrow too (Pedro chooses which)."""
    game = make_game(
        ["paul_regret", "pedro_ramirez", *FIVE[2:]],
        faces=["bullseye1", "dynamite", "dynamite", "gatling", "gatling"],
        modules=(OS2,),
    )
    game = give(game, 1, 1, chief=True)
    play(game, Roll(ALL5), Stop(), ChooseSeat(1))
    assert game.pending.kind is DecisionKind.DISCARD_ARROW
    play(game, Accept())
    d = game.pending
    assert (d.kind, d.seat, d.target, d.options) == (
        DecisionKind.WHICH_ARROW,
        1,
        1,
        ("arrow", "chief_arrow"),
    )
    events = game.apply(Choose("chief_arrow"))
    assert events[0] == ChiefArrowDiscarded(1, "pedro_ramirez")


def test_os2_kit_carlson_may_discard_the_chiefs_arrow() -> None:
    """OS2: Kit Carlson's Gatling may discard the Chief's Arrow of any player."""
    game = make_game(
        ["kit_carlson", *FIVE[1:]],
        faces=["gatling", "dynamite", "dynamite", "arrow", "gatling"],
        modules=(OS2,),
    )
    game = give(game, 3, 0, chief=True)
    play(game, Roll(ALL5), Stop())
    assert game.pending.kind is DecisionKind.KIT_DISCARD
    assert ChooseSeat(3) in game.legal_actions()
    events = game.apply(ChooseSeat(3))
    assert ChiefArrowDiscarded(3, "kit_carlson") in events
    assert ChiefGame.of(game).chief_in_pile


def test_os2_bart_cassidy_may_take_the_chiefs_arrow_instead_of_a_life() -> None:
    """OS2: Bart Cassidy's arrow instead of a life may be the Chief's Arrow."""
    game = make_game(
        ["paul_regret", "bart_cassidy", *FIVE[2:]],
        faces=["bullseye1", "dynamite", "dynamite", "gatling", "gatling"],
        modules=(OS2,),
    )
    play(game, Roll(ALL5), Stop(), ChooseSeat(1), Accept())
    assert (game.pending.kind, game.pending.seat) == (DecisionKind("chief_arrow"), 1)
    events = game.apply(Choose("chief_arrow"))
    assert events[0] == ChiefArrowTaken(1, None, "bart_cassidy")
    assert not of(events, LifeLost)


def test_os2_the_gatling_gun_discards_the_chiefs_arrow() -> None:
    """OS2: the Gatling Gun's discard of your arrows includes the Chief's Arrow."""
    game = make_game(
        FIVE, faces=["gatling", "gatling", "gatling", "dynamite", "dynamite"], modules=(OS2,)
    )
    game = give(game, 0, 1, chief=True)
    events = play(game, Roll(ALL5), Stop())
    assert ChiefArrowDiscarded(0, "gatling") in events and ChiefGame.of(game).chief_in_pile


def test_os2_broken_arrow_never_returns_the_chiefs_arrow() -> None:
    """OS2 and the errata: a Broken arrow can never choose the Chief's Arrow."""
    game = saloon(
        FIVE,
        ["gatling", "dynamite", "dynamite", "gatling", "broken_arrow"],
        modules=(OS1, OS2),
    )
    game = give(game, 2, 0, chief=True)
    game = give(game, 3, 1)
    play(game, Choose("coward"), Roll(ALL5))
    assert game.legal_actions() == [ChooseSeat(3)]


def test_os2_an_eliminated_player_discards_the_chiefs_arrow() -> None:
    """Eliminated: 'discard all your arrows', the Chief's Arrow included."""
    game = make_game(
        FIVE, faces=["bullseye1", "dynamite", "dynamite", "gatling", "gatling"], modules=(OS2,)
    )
    game = give(game, 1, 0, chief=True)
    game = position(game, players={1: {"life": 1}})
    events = play(game, Roll(ALL5), Stop(), ChooseSeat(1))
    assert ChiefArrowDiscarded(1, "eliminated") in events and ChiefGame.of(game).chief_in_pile


# =============================================== Module 4: a posse of new characters


def test_module4_characters_needing_another_module_are_not_offered_without_it() -> None:
    """'some of these characters only work in combination with other modules ... do not
    include those characters'."""
    offered = characters_for(frozenset({Module("old_saloon.4")}))
    assert {"jose_delgado", "tequila_joe", "apache_kid"}.isdisjoint(offered)
    assert {"bill_noface", "elena_fuente", "vera_custer", "doc_holyday", "molly_stark"} <= set(
        offered
    )
    everything = characters_for(
        frozenset({Module("old_saloon.4"), Module("old_saloon.1"), Module("old_saloon.2")})
    )
    assert {"jose_delgado", "tequila_joe", "apache_kid"} <= set(everything)
    assert "molly_stark" not in characters_for(frozenset())
    with pytest.raises(SetupError, match="Jose Delgado plays only with module old_saloon.1"):
        GameSetup(("jose_delgado", *FIVE[1:]), sheriff=0, modules={OS4})
    with pytest.raises(SetupError, match="Molly Stark plays only with module old_saloon.4"):
        GameSetup(("molly_stark", *FIVE[1:]), sheriff=0)
    for seed in range(40):
        dealt = deal(5, seed, modules=frozenset({OS4})).characters
        assert {"jose_delgado", "tequila_joe", "apache_kid"}.isdisjoint(dealt)


def test_os6_jose_delgado_with_the_loudmouth_always_rolls_six_dice() -> None:
    """Ruling OS6: José Delgado's Loudmouth is always a sixth die ("Loudmouth replacing a base
    die" is no option for him); with the Coward he rolls five, as anyone does."""
    faces = ["arrow", "dynamite", "dynamite", "gatling", "gatling", "double_gatling"]
    game = saloon(["jose_delgado", *FIVE[1:]], faces, modules=(OS1, OS4))
    assert game.pending.options == ("none", "loudmouth_sixth", "coward")
    assert Choose("loudmouth") not in game.legal_actions()
    assert Choose("coward_sixth") not in game.legal_actions()
    play(game, Choose("loudmouth_sixth"))
    assert game.dice_kinds == ["base"] * 5 + ["loudmouth"]
    events = play(game, Roll((0, 1, 2, 3, 4, 5)))
    assert len(events[0].faces) == 6
    other = saloon(["jose_delgado", *FIVE[1:]], [], modules=(OS1, OS4))
    play(other, Choose("coward"))
    assert other.dice_kinds == ["base"] * 4 + ["coward"]


def test_os6_tequila_joe_with_the_coward_always_rolls_six_dice() -> None:
    """Ruling OS6: Tequila Joe's Coward is always a sixth die; the Loudmouth replaces a base
    die, as for anyone; never both."""
    game = saloon(["tequila_joe", *FIVE[1:]], [], modules=(OS1, OS4))
    assert game.pending.options == ("none", "loudmouth", "coward_sixth")
    assert Choose("coward") not in game.legal_actions()
    play(game, Choose("coward_sixth"))
    assert game.dice_kinds == ["base"] * 5 + ["coward"]
    other = saloon(["tequila_joe", *FIVE[1:]], [], modules=(OS1, OS4))
    play(other, Choose("loudmouth"))
    assert other.dice_kinds == ["base"] * 4 + ["loudmouth"]


def test_module4_apache_kid_may_take_the_chiefs_arrow_from_another_player() -> None:
    """Apache Kid: an arrow rolled may be the Chief's Arrow taken from its holder."""
    game = make_game(
        ["apache_kid", *FIVE[1:]],
        faces=["arrow", "arrow", "dynamite", "gatling", "gatling"],
        modules=(OS2, OS4),
    )
    game = give(game, 3, 1, chief=True)
    game.apply(Roll(ALL5))
    d = game.pending
    assert (d.kind, d.seat, d.target) == (DecisionKind("take_chief_arrow"), 0, 3)
    assert game.legal_actions() == [Accept(), Decline()]
    events = game.apply(Accept())
    assert events[:2] == [ChiefArrowTaken(0, 3, "apache_kid"), ArrowTaken(0, 7, "dice")]
    assert (
        ChiefPlayer.of(game.players[0]).chief_arrow
        and not ChiefPlayer.of(game.players[3]).chief_arrow
    )


def test_module4_apache_kid_declining_takes_regular_arrows() -> None:
    """Apache Kid's ability is optional."""
    game = make_game(
        ["apache_kid", *FIVE[1:]],
        faces=["arrow", "dynamite", "dynamite", "gatling", "gatling"],
        modules=(OS2, OS4),
    )
    game = give(game, 3, 0, chief=True)
    play(game, Roll(ALL5))
    events = game.apply(Decline())
    assert events[0] == ArrowTaken(0, 8, "dice") and ChiefPlayer.of(game.players[3]).chief_arrow


def test_module4_apache_kid_not_asked_when_nobody_else_holds_the_chiefs_arrow() -> None:
    """With the Chief's Arrow in the pile it is the ordinary choice (Module 2), not his."""
    game = make_game(
        ["apache_kid", *FIVE[1:]],
        faces=["arrow", "dynamite", "dynamite", "gatling", "gatling"],
        modules=(OS2, OS4),
    )
    game.apply(Roll(ALL5))
    assert game.pending.kind is DecisionKind("chief_arrow")


def test_module4_bill_noface_takes_arrows_only_after_his_last_roll() -> None:
    """Bill Noface: '[Indian arrow] results only after your last roll ... you may stop earlier'."""
    game = make_game(
        ["bill_noface", *FIVE[1:]],
        faces=["arrow", "arrow", "dynamite", "gatling", "beer", "gatling"],
        modules=(OS4,),
    )
    events = game.apply(Roll(ALL5))
    assert not of(events, ArrowTaken)
    events = play(game, Roll((1,)))  # the second arrow is re-rolled away: never taken
    assert not of(events, ArrowTaken)
    events = game.apply(Stop())
    assert of(events, ArrowTaken) == [ArrowTaken(0, 8, "dice")]


def test_module4_elena_fuente_may_give_one_arrow_rolled_to_a_player_of_her_choice() -> None:
    """Elena Fuente: 'you may give one of those arrows to a player of your choice'."""
    game = make_game(
        ["elena_fuente", *FIVE[1:]],
        faces=["arrow", "arrow", "dynamite", "gatling", "gatling"],
        modules=(OS4,),
    )
    game.apply(Roll(ALL5))
    d = game.pending
    assert (d.kind, d.seat, d.remaining) == (DecisionKind("give_arrow"), 0, 2)
    assert game.legal_actions() == [*(ChooseSeat(s) for s in (1, 2, 3, 4)), Decline()]
    events = game.apply(ChooseSeat(3))
    assert of(events, ArrowTaken) == [ArrowTaken(3, 8, "elena_fuente"), ArrowTaken(0, 7, "dice")]


def test_module4_elena_fuente_may_keep_them_all() -> None:
    game = make_game(
        ["elena_fuente", *FIVE[1:]],
        faces=["arrow", "dynamite", "dynamite", "gatling", "gatling"],
        modules=(OS4,),
    )
    game.apply(Roll(ALL5))
    events = game.apply(Decline())
    assert of(events, ArrowTaken) == [ArrowTaken(0, 8, "dice")]


def test_module4_vera_custer_loses_one_life_less_to_bullseyes() -> None:
    """Vera Custer: 'hits you with just one Bull's Eye "1", you don't lose any life points'."""
    game = make_game(
        ["paul_regret", "vera_custer", *FIVE[2:]],
        faces=["bullseye1", "dynamite", "dynamite", "gatling", "gatling"],
        modules=(OS4,),
    )
    events = play(game, Roll(ALL5), Stop(), ChooseSeat(1))
    assert not of(events, LifeLost)


def test_module4_vera_custer_a_double_bullseye_counts_two() -> None:
    """'a double Bull's Eye "1" counts as two Bull's Eye "1"': she loses one of the two."""
    game = saloon(
        ["paul_regret", "vera_custer", *FIVE[2:]],
        ["arrow", "dynamite", "dynamite", "gatling", "double_bullseye1"],
        modules=(OS1, OS4),
    )
    events = play(game, Choose("loudmouth"), Roll(ALL5), Stop(), ChooseSeat(1), ChooseSeat(1))
    assert of(events, LifeLost) == [LifeLost(1, 1, 6, "bullseye", 0)]


def test_module4_vera_custer_loses_the_gatling_as_usual() -> None:
    game = make_game(
        ["paul_regret", "vera_custer", *FIVE[2:]],
        faces=["gatling", "gatling", "gatling", "dynamite", "dynamite"],
        modules=(OS4,),
    )
    events = play(game, Roll(ALL5), Stop())
    assert LifeLost(1, 1, 6, "gatling", 0) in events


def test_module4_doc_holyday_three_bullseyes_used_gain_two() -> None:
    """Doc Holyday: three or more Bull's Eyes used (a double counts two): he regains 2."""
    game = saloon(
        ["doc_holyday", *FIVE[1:]],
        ["bullseye1", "dynamite", "dynamite", "gatling", "double_bullseye1"],
        modules=(OS1, OS4),
    )
    game = position(game, players={0: {"life": game.players[0].life - 3}})
    events = play(
        game, Choose("loudmouth"), Roll(ALL5), Stop(), ChooseSeat(1), ChooseSeat(4), ChooseSeat(1)
    )
    assert of(events, LifeGained) == [LifeGained(0, 2, 9, "doc_holyday")]


def test_module4_doc_holyday_two_bullseyes_gain_nothing() -> None:
    game = make_game(
        ["doc_holyday", *FIVE[1:]],
        faces=["bullseye1", "bullseye1", "dynamite", "dynamite", "gatling"],
        modules=(OS4,),
    )
    game = position(game, players={0: {"life": game.players[0].life - 3}})
    events = play(game, Roll(ALL5), Stop(), ChooseSeat(1), ChooseSeat(4))
    assert not of(events, LifeGained)


def test_module4_molly_stark_may_lose_life_in_another_players_place() -> None:
    """Molly Stark: 'Each time another player must lose 1 or more life points, you can lose
    them in his place.'"""
    game = make_game(
        ["paul_regret", "jesse_jones", "molly_stark", "lucky_duke", "black_jack"],
        faces=["bullseye1", "dynamite", "dynamite", "gatling", "gatling"],
        modules=(OS4,),
    )
    play(game, Roll(ALL5), Stop(), ChooseSeat(1))
    d = game.pending
    assert (d.kind, d.seat, d.target, d.remaining) == (DecisionKind("take_loss"), 2, 1, 1)
    events = game.apply(Accept())
    assert events[:2] == [LossTakenOver(2, 1, 1), LifeLost(2, 1, 7, "bullseye", 0)]
    assert game.players[1].life == 9


def test_module4_molly_stark_may_decline() -> None:
    game = make_game(
        ["paul_regret", "jesse_jones", "molly_stark", "lucky_duke", "black_jack"],
        faces=["bullseye1", "dynamite", "dynamite", "gatling", "gatling"],
        modules=(OS4,),
    )
    play(game, Roll(ALL5), Stop(), ChooseSeat(1))
    events = game.apply(Decline())
    assert of(events, LifeLost) == [LifeLost(1, 1, 8, "bullseye", 0)]


def test_module4_molly_stark_never_loses_more_than_she_has() -> None:
    """'You may never choose to lose more life points than you have': the Gatling Gun's
    losses are offered one by one while her life lasts."""
    game = make_game(
        ["paul_regret", "jesse_jones", "molly_stark", "lucky_duke", "black_jack"],
        faces=["gatling", "gatling", "gatling", "dynamite", "dynamite"],
        modules=(OS4,),
    )
    # she loses 1 herself: 1 left to give
    game = position(game, players={2: {"life": 2}})
    play(game, Roll(ALL5), Stop())
    assert (game.pending.kind, game.pending.target) == (DecisionKind("take_loss"), 1)
    events = game.apply(Accept())
    assert of(events, LossTakenOver) == [LossTakenOver(2, 1, 1)]
    assert [(e.seat, e.amount) for e in of(events, LifeLost)] == [(2, 2), (3, 1), (4, 1)]
    assert of(events, PlayerEliminated) == [PlayerEliminated(2, "gatling", 0)]


def test_module4_molly_stark_is_not_offered_her_own_loss() -> None:
    """'another player': Molly's own Dynamite is hers to lose."""
    game = make_game(
        ["molly_stark", *FIVE[1:]],
        faces=["dynamite", "dynamite", "dynamite", "gatling", "beer"],
        modules=(OS4,),
    )
    events = game.apply(Roll(ALL5))
    assert LifeLost(0, 1, 9, "dynamite", None) in events


def test_module4_molly_stark_is_not_offered_the_losses_of_her_own_results() -> None:
    """'You must use them all!' and a Bull's Eye is another player's: her own shots (and her
    Gatling Gun) hit the others, so she is never asked to take them herself (our reading)."""
    game = make_game(
        ["molly_stark", *FIVE[1:]],
        faces=["bullseye1", "gatling", "gatling", "gatling", "beer"],
        modules=(OS4,),
    )
    events = play(game, Roll(ALL5), Stop(), ChooseSeat(1), ChooseSeat(0))
    assert game.pending is not None and game.pending.kind != DecisionKind("take_loss")
    assert not of(events, LossTakenOver)
    lost = [(e.seat, e.amount) for e in of(events, LifeLost)]
    assert lost == [(1, 1), (1, 1), (2, 1), (3, 1), (4, 1)]
