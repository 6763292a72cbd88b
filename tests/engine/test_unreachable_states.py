"""The rules' checks refuse the states no play reaches that the fuzz of changed states found
loading before a saved game carried its play (issue 34): each test takes a state the rules
reached, changes the field its name says, and expects a StateError naming the field; the state
play reached loads. ``Game.from_json`` runs these checks before it replays a saved game's play,
and ``Game.from_position`` runs them alone, as these states are edited by hand.

Seats in the states' JSON count from 0; the messages count seats from 1.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

import pytest

from companion.engine import (
    DYNAMITE_LIMIT,
    Action,
    Choose,
    ChooseSeat,
    DecisionKind,
    Decline,
    DiceRolled,
    Game,
    Role,
    Roll,
    ScriptedDice,
    SetupError,
    StateError,
    Stop,
    deal,
    position,
    still_rolling,
)
from companion.modules.duels.rules import DUEL_ROLL, DUEL_TARGET, DuelsPlayer
from companion.modules.legacy.rules import LegacyPlayer
from companion.modules.rage.rules import RAGE_SYMBOL, RagePlayer
from companion.modules.special_roles.rules import holding
from companion.modules.zombies.rules import BoneyardGame

from .helpers import make_game, play
from .played_states import run as run_played
from .roles_helpers import QUIET_TURN, quiet_turn, reveal, roles_game
from .test_ghost import SHOOT_JACK, ghost_game, jack_becomes_the_ghost
from .test_module_combinations import QUIET_FACES, SPECIALS, outbreak_game
from .test_state_refusals import ALL5, FIVE, Data, data_of, kill, refused
from .test_undead_or_alive import end_quietly, rage, ua

GOOD = ["the_bear", "the_good", "the_bad", "the_left_hand", "the_ugly"]

# =========================================================================== special_shown


def test_from_json_refuses_the_sheriffs_special_card_face_down() -> None:
    """The Sheriff's card is face up from the deal (The Bear's too)."""
    game = roles_game(SPECIALS, faces=QUIET_TURN)
    quiet_turn(game)
    refused(
        game,
        lambda d: d["players"][0].update(special_shown=False),
        r"seat 1: the Sheriff's card 'the_bear' face down \(special_shown false\)",
    )


def test_from_json_refuses_a_sheriffs_normal_card_shown_unless_the_good_took_the_star() -> None:
    """A Sheriff's normal card (cards mixed by type) is shown only when The Good took the star
    with it, leaving his own card face up with the old Sheriff."""
    mixed = roles_game([None, *SPECIALS[1:]], mixed=True)
    refused(
        mixed,
        lambda d: d["players"][0].update(special_shown=True),
        r"seat 1: the Sheriff's normal card shown \(special None, special_shown true\)",
    )
    game = roles_game([None, *GOOD[1:]], faces=QUIET_TURN, mixed=True)
    quiet_turn(game)
    reveal(game, 1, "the_good")
    sheriff = game.players[1]
    assert (
        sheriff.role is Role.SHERIFF
        and holding(sheriff).special_card is None
        and holding(sheriff).special_shown
    )
    data_of(game)


def test_from_json_refuses_a_zombies_card_face_down() -> None:
    """A zombie was eliminated, and an eliminated player shows the card (Undead or Alive 4
    with Old Saloon 3)."""
    characters = ("paul_regret", "calamity_janet", "jourdonnais", "black_jack", "lucky_duke")
    game = outbreak_game(("old_saloon.3", "undead_or_alive.4"), characters, SPECIALS)

    def face_down(d: Data) -> None:
        d["players"][4]["special_shown"] = False

    refused(game, face_down, r"seat 5: eliminated \(alive false, or a zombie\), but its card is")


def test_from_json_refuses_a_special_card_other_than_the_one_dealt_to_the_seat() -> None:
    """A card stays with the seat dealt it (setup.specials), but for The Good's swap: a
    normal card (cards mixed by type) in place of The Doc dealt is refused; after the swap
    the old Sheriff holds The Good and the new one the Sheriff's card."""
    mixed = roles_game([None, *SPECIALS[1:]], mixed=True)
    refused(
        mixed,
        lambda d: d["players"][1].update(special=None),
        r"seat 2: special None, but the card dealt it \(setup.specials\) is 'the_doc'",
    )
    game = roles_game([None, *GOOD[1:]], faces=QUIET_TURN, mixed=True)
    quiet_turn(game)
    reveal(game, 1, "the_good")
    assert (
        holding(game.players[0]).special_card == "the_good"
        and holding(game.players[1]).special_card is None
    )
    data_of(game)


# ================================================================================== closed


def rage_game_at_a_beer() -> Game:
    """Undead or Alive 2 (its end-of-turn step draws Rage cards): the Sheriff's first roll
    kept, two Beers to give."""
    game = make_game(FIVE, modules=("undead_or_alive.2",))
    game.dice_source = ScriptedDice(["beer", "beer", "dynamite", "gatling", "arrow"])
    play(game, Roll(ALL5), Stop())
    assert game.pending is not None and game.pending.kind is DecisionKind.BEER_TARGET
    return game


def test_from_json_refuses_a_turn_closed_while_its_results_resolve() -> None:
    """scratch.closed marks the modules' end-of-turn steps as run, which the turn's end_turn
    step does after the results: never while a Beer is still to give."""
    refused(
        rage_game_at_a_beer(),
        lambda d: d["scratch"].update(closed=True),
        r"scratch.closed true, but the queue holds 'resolve_beers'",
    )


def test_from_json_refuses_a_turn_not_closed_at_its_ending_moment() -> None:
    """The moment at a turn's end comes after the modules' end-of-turn steps (Old Saloon 3's
    Right Hand there, Undead or Alive 2's Rage cards): the state kept there is closed."""
    specials = ["the_bear", "the_doc", "the_bad", "the_right_hand", "the_gambler"]
    game = roles_game(specials, faces=QUIET_TURN * 2, modules=("old_saloon.3", "undead_or_alive.2"))
    quiet_turn(game)
    quiet_turn(game)
    moment, _args, kept, _offers = game.open_moments[1]
    assert moment == "turn_end" and kept.scratch.closed and kept.stack == [["end_turn", False]]

    def reopened(d: Data) -> None:
        d["windows"][1][2]["scratch"]["closed"] = False

    refused(
        game, reopened, r"windows\[1\]\[2\]: scratch.closed false, but the queue holds 'end_turn'"
    )


# =================================================================================== queue


def at_a_bullseye() -> Game:
    """The base game's Sheriff kept a Bull's Eye and a Beer: the Bull's Eye's target asked."""
    game = make_game(FIVE)
    game.dice_source = ScriptedDice(["bullseye1", "beer", "dynamite", "gatling", "arrow"])
    play(game, Roll(ALL5), Stop())
    assert game.pending is not None and game.pending.kind is DecisionKind.BULLSEYE_TARGET
    return game


def duels_at_a_beer() -> Game:
    """Undead or Alive 1 and 2: a Beer to give, a Duel die showing."""
    game = ua()
    play(game, Roll(ALL5, ("beer", "dynamite", "gatling", "duel", "arrow")), Stop())
    queue = [step[0] for step in game.stack[::-1]]
    assert queue == ["resolve_beers", "beer_rage", "gatling", "duels", "end_turn"]
    return game


def test_from_json_refuses_a_step_that_ends_a_stage_of_the_turn_but_not_last() -> None:
    """start_turn, roll_decision, after_roll, resolve and end_turn are each queued when the
    queue is empty: the last step, once."""
    refused(
        at_a_bullseye(),
        lambda d: d["queue"].insert(0, ["end_turn"]),
        r"queue\[0\]: step 'end_turn' is queued last, to end a stage of the turn, but",
    )


def test_from_json_refuses_the_results_steps_left_out_of_their_order() -> None:
    """The results' steps are queued all at once after the last roll and run in turn: those
    left are the last of them, in order, before end_turn."""
    game = at_a_bullseye()
    refused(
        game,
        lambda d: d["queue"].remove(["assign_beer"]),
        r"queue \[.*\]: the results' steps left, .* are not the last of",
    )
    refused(
        game,
        lambda d: d["queue"].__setitem__(1, ["collect", "arrow"]),
        r"queue \[.*\]: the results' steps left, .* are not the last of",
    )
    refused(
        game,
        lambda d: d["queue"].remove(["end_turn"]),
        r"queue \[.*\]: the results' steps left, .* before end_turn",
    )


def test_from_json_refuses_a_decision_with_a_queue_its_step_never_leaves() -> None:
    """A roll is asked with nothing queued; a Bull's Eye's target before the turn's end_turn,
    with resolve_bullseyes the next of the results' steps."""
    refused(
        at_a_bullseye(),
        lambda d: d["queue"].pop(0),
        r"bullseye_target .*: the results' steps left in the queue begin with "
        r"\['collect'\], but this is asked before 'resolve_bullseyes'",
    )
    game = make_game(FIVE)
    game.dice_source = ScriptedDice(QUIET_FACES)
    game.apply(Roll(ALL5))
    assert game.pending is not None and game.pending.kind is DecisionKind.REROLL
    refused(
        game,
        lambda d: d["queue"].append(["end_turn"]),
        r"reroll .*: the queue's last step is 'end_turn', but this is asked with nothing queued",
    )


def test_from_json_refuses_a_start_of_turn_step_queued_twice_or_after_the_roll() -> None:
    """A module's start-of-turn step (Undead or Alive 2's Rage cards revealed) is queued once,
    before the roll."""
    game = rage(ua(), 1, 1)
    end_quietly(game)
    assert game.pending is not None and game.pending.kind is RAGE_SYMBOL
    assert game.stack == [["roll_decision"]]
    refused(
        game,
        lambda d: d.update(queue=[["rage_reveal"], ["rage_reveal"], ["roll_decision"]]),
        r"queue \[.*\]: 'rage_reveal' is queued once, at the turn's start or end",
    )
    refused(
        game,
        lambda d: d["queue"].__setitem__(-1, ["rage_reveal"]),
        r"queue \[.*\]: 'rage_reveal' starts the turn, before its roll",
    )


def test_from_json_refuses_the_beers_rage_step_out_of_its_place() -> None:
    """Undead or Alive 2: the Beer's Rage card step is queued after the Beers resolve, before
    the Gatling, once."""
    game = duels_at_a_beer()
    refused(
        game,
        lambda d: d["queue"].remove(["beer_rage"]),
        r"the beer_rage step runs once a turn, after resolve_beers and before gatling",
    )
    refused(
        game,
        lambda d: d["queue"].insert(3, ["beer_rage"]),
        r"the beer_rage step runs once a turn, after resolve_beers and before gatling",
    )


def test_from_json_refuses_duels_missing_for_the_duel_dice_showing() -> None:
    """Undead or Alive 1: a Duel die showing queues a duels step after the Gatling."""
    refused(
        duels_at_a_beer(),
        lambda d: d["queue"].remove(["duels", 1]),
        r"with 1 Duel dice showing \(faces\), a duels step for them follows gatling",
    )


def test_from_json_refuses_a_state_kept_at_a_moment_without_the_step_it_comes_before() -> None:
    """Old Saloon 3: The Bad's moment is taken as a gain is about to be made: the state kept
    there goes on with that gain."""
    game = roles_game(SPECIALS)
    game.players[1].life = 5
    play(game, Roll(ALL5, ("beer", *QUIET_FACES[:4])), Stop())
    play(game, ChooseSeat(1))
    moment, args, kept, _offers = game.open_moments[0]
    assert moment == "gain" and kept.stack[-1] == ["gain", *args, False]
    refused(
        game,
        lambda d: d["windows"][0][2]["queue"][-1].__setitem__(2, 2),
        r"windows\[0\]\[2\]: the state kept at a 'gain' moment \[1, 1, 'beer'\] goes on with",
    )


# ============================================================ assigned, beers and to_assign


def test_from_json_refuses_results_assigned_while_the_turn_still_rolls() -> None:
    """The results are collected and assigned once the rolls are over."""
    game = make_game(FIVE)
    game.dice_source = ScriptedDice(["beer", "dynamite", "gatling", "gatling", "arrow"])
    game.apply(Roll(ALL5))
    assert game.pending is not None and game.pending.kind is DecisionKind.REROLL
    refused(
        game,
        lambda d: d["scratch"].update(beers=[[0, 1]]),
        r"scratch.beers \[\[0, 1\]\], .*: results are assigned once the rolls are over",
    )


def test_from_json_refuses_a_result_past_those_showing_before_the_turns_end() -> None:
    """Past the dice, the results are the Rage symbols revealed, which go only at the turn's
    end or with its eliminated player: a result past them never was, before."""
    refused(
        at_a_bullseye(),
        lambda d: d["scratch"]["assigned"].append([9, "bullseye1", 1]),
        r"scratch.assigned\[0\]: result 9 is past the results \(0 to 4",
    )


def test_from_json_refuses_a_beer_given_from_a_result_not_showing_one() -> None:
    game = at_a_bullseye()
    game.apply(ChooseSeat(1))
    assert game.pending is not None and game.pending.kind is DecisionKind.BEER_TARGET
    refused(
        game,
        lambda d: d["scratch"].update(beers=[[0, 1]]),
        r"scratch.beers\[0\]: result 0 shows 'bullseye1', not a Beer",
    )


def test_from_json_refuses_beers_given_before_the_bullseyes_are_assigned() -> None:
    """The results are collected a phase at a time: the Bull's Eyes', then the Beers'."""
    refused(
        at_a_bullseye(),
        lambda d: d["scratch"].update(beers=[[1, 2]]),
        r"scratch.beers \[\[1, 2\]\], .*: Beers to give before their collect step ran",
    )


def slab_at_a_beer() -> Game:
    """Slab the Killer's Bull's Eye assigned, the double declined: the Beer's target asked."""
    game = make_game(("slab_the_killer", *FIVE[1:]))
    game.dice_source = ScriptedDice(["bullseye1", "beer", "dynamite", "gatling", "arrow"])
    play(game, Roll(ALL5), Stop(), ChooseSeat(1), Decline())
    assert game.pending is not None and game.pending.kind is DecisionKind.BEER_TARGET
    return game


def test_from_json_refuses_a_bullseye_doubled_but_by_slab_the_killer_before_the_beers() -> None:
    """scratch.doubled marks the Bull's Eye a Beer doubled: only Slab the Killer's ability
    does, and the Beer spent is set aside (the mark cleared) before a Beer's target is asked."""
    refused(
        slab_at_a_beer(),
        lambda d: d["scratch"].update(doubled=0),
        r"scratch.doubled 0: the Beer it spends is set aside",
    )
    game = at_a_bullseye()
    game.apply(ChooseSeat(1))
    refused(
        game,
        lambda d: d["scratch"].update(doubled=0),
        r"scratch.doubled 0: a Beer doubles a Bull's Eye only in the turn of a player whose",
    )


# ============================================================================ turn_number


def test_from_json_refuses_a_turn_number_the_turn_order_does_not_give() -> None:
    """While nobody has been eliminated the turns go round the table from the Sheriff, one a
    seat: the turn's seat follows from the turns played."""
    game = make_game(FIVE)
    for _ in range(2):
        play(game, Roll(ALL5, QUIET_FACES), Stop())
    assert (game.turn, game.turn_number) == (2, 3)
    refused(
        game,
        lambda d: d.update(turn_number=4),
        r"turn of seat 3 at turn_number 4, but with every seat alive the turns go round from "
        r"seat 1: seat 4's",
    )


# ============================================================================= roll_count


def test_from_json_refuses_a_roll_count_below_the_turns_played() -> None:
    """roll_count counts the game's rolls: while nobody has been eliminated each turn played
    rolled once at least."""
    game = make_game(FIVE)
    for _ in range(2):
        play(game, Roll(ALL5, QUIET_FACES), Stop())
    game.apply(Roll(ALL5, QUIET_FACES))
    assert (game.turn_number, game.rolls, game.roll_count) == (3, 1, 3)
    refused(
        game,
        lambda d: d.update(roll_count=2),
        r"roll_count 2: the game's rolls, 3 or more after 3 turns \(turn_number, rolls 1\)",
    )


def after_an_elimination() -> Game:
    """The Sheriff's Bull's Eye eliminated seat 2 in the first turn; three turns went round
    the table since, one roll each."""
    game = position(make_game(FIVE), players={1: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[1:])), Stop(), ChooseSeat(1))
    assert not game.players[1].alive
    for _ in range(3):
        play(game, Roll(ALL5, QUIET_FACES), Stop())
    assert (game.turn, game.turn_number, game.rolls, game.roll_count) == (0, 5, 0, 4)
    return game


def test_from_json_refuses_a_roll_count_below_the_turns_played_after_an_elimination() -> None:
    """Every turn played rolled once at least, a seat eliminated or not: the turns skip the
    eliminated, they do not count them."""
    refused(
        after_an_elimination(),
        lambda d: d.update(roll_count=3),
        r"roll_count 3: the game's rolls, 4 or more after 5 turns \(turn_number, rolls 0\)",
    )


def test_from_json_refuses_a_turn_number_beyond_the_rolls_made() -> None:
    """turn_number counts the turns played, each with its roll: no more than the rolls made."""
    refused(
        after_an_elimination(),
        lambda d: d.update(turn_number=9),
        r"roll_count 4: the game's rolls, 8 or more after 9 turns \(turn_number, rolls 0\)",
    )


def test_from_json_refuses_a_roll_count_below_the_turns_played_with_special_cards() -> None:
    """With special cards too every turn rolled once at least (The Gambler's re-roll counts
    one roll, however many it spends)."""
    game = roles_game(SPECIALS, faces=QUIET_TURN * 3)
    for _ in range(3):
        quiet_turn(game)
    assert (game.turn_number, game.rolls, game.roll_count) == (4, 0, 3)
    refused(
        game,
        lambda d: d.update(roll_count=2),
        r"roll_count 2: the game's rolls, 3 or more after 4 turns \(turn_number, rolls 0\)",
    )


# =================================================================================== lost


def test_from_json_refuses_life_lost_this_turn_beyond_what_a_seat_lacks_while_it_rolls() -> None:
    """Nobody gains life while the turn still rolls (no death, special card or gift at its
    start): what a seat lost this turn is missing from its life still."""
    game = make_game(FIVE)
    game.dice_source = ScriptedDice(QUIET_FACES)
    game.apply(Roll(ALL5))
    assert game.pending is not None and game.pending.kind is DecisionKind.REROLL
    assert game.players[1].life == game.players[1].max_life
    refused(
        game,
        lambda d: d["scratch"]["lost"].__setitem__(1, 1),
        r"scratch.lost \[0, 1, 0, 0, 0\]: seat 2 lost 1 life this turn, but has life 9 of "
        r"max_life 9",
    )


def test_from_json_refuses_life_lost_this_turn_beyond_what_a_seat_lacks_before_the_beers() -> None:
    """Life is gained by a gain step, and in the base game none runs before the Beers
    resolve: while a Bull's Eye's target is asked, what a seat lost this turn is missing from
    its life still."""
    game = at_a_bullseye()
    assert game.players[2].life == game.players[2].max_life
    refused(
        game,
        lambda d: d["scratch"]["lost"].__setitem__(2, 2),
        r"scratch.lost \[0, 0, 2, 0, 0\]: seat 3 lost 2 life this turn, but has life 8 of "
        r"max_life 8, and nobody gained any before the turn's Beers resolve",
    )


def test_from_json_refuses_life_lost_beyond_what_a_seat_lacks_with_no_saving_card_shown() -> None:
    """With special cards a gain before the Beers comes from The Left Hand's save (or a
    maximum moved by The Good), each shown once used: with neither face up, what a seat lost
    this turn is missing from its life still; a card face up leaves it open."""
    game = roles_game(SPECIALS)
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[1:])), Stop())
    assert game.pending is not None and game.pending.kind is DecisionKind.BULLSEYE_TARGET

    def lost(d: Data) -> None:
        d["scratch"]["lost"][2] = 1

    refused(game, lost, r"scratch.lost \[0, 0, 1, 0, 0\]: seat 3 lost 1 life this turn")

    def shown(d: Data) -> None:
        lost(d)
        d["players"][3].update(special_shown=True, revealed=True)

    data = data_of(game)
    shown(data)
    Game.from_position(data)


# ================================================================================== killer


def test_from_json_refuses_a_killer_of_this_turn_outside_its_hands() -> None:
    """A seat eliminated this turn by a hand was hit by the turn's player's results or lost a
    duel to a seat of the turn's duels: no other seat is its killer."""
    game = position(make_game(FIVE), players={1: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye1", "beer", *QUIET_FACES[2:])), Stop(), ChooseSeat(1))
    assert game.eliminated_now == [1] and LegacyPlayer.of(game.players[1]).eliminated_by == 0
    refused(
        game,
        lambda d: d["players"][1].update(killer=3),
        r"seat 2: killer 3, but eliminated this turn \(eliminated_now\) by a hand of seat 1's",
    )


# ======================================================= the pending decision's fields


def test_from_json_refuses_a_decision_holding_a_field_its_kind_is_asked_without() -> None:
    """Each kind of decision is asked with the fields it is about and no other: a Bull's
    Eye's target names its die, never options or a cause; Undead or Alive 2's Rage symbol
    names no seat."""
    game = at_a_bullseye()
    refused(
        game,
        lambda d: d["pending"].update(options=["arrow"]),
        r"bullseye_target .*: options \['arrow'\]: this decision is asked without one",
    )
    refused(
        game,
        lambda d: d["pending"].update(cause="arrow"),
        r"bullseye_target .*: cause 'arrow': this decision is asked without one",
    )
    game = rage(ua(), 1, 1)
    end_quietly(game)
    assert game.pending is not None and game.pending.kind is RAGE_SYMBOL
    refused(
        game,
        lambda d: d["pending"].update(target=2),
        r"rage_symbol .*: target 2: this decision is asked without one",
    )


# =================================================================================== duels


def test_from_json_refuses_seats_challenged_while_the_turn_still_rolls() -> None:
    """The seats challenged this turn (scratch.duels) are chosen after the results, once the
    rolls are over."""
    game = make_game(FIVE)
    game.dice_source = ScriptedDice(QUIET_FACES)
    game.apply(Roll(ALL5))
    assert game.pending is not None and game.pending.kind is DecisionKind.REROLL
    refused(
        game,
        lambda d: d["scratch"].update(duels=[1]),
        r"scratch.duels \[1\]: the seats challenged after the results, but the turn still rolls",
    )


# ==================================================================== what play reaches


@pytest.mark.walks_modules
def test_every_state_random_play_reaches_loads_back_with_each_seats_view() -> None:
    """None of these refusals refuses a state play reached (the command in
    ``played_states.py`` plays more games)."""
    states, refused_states = run_played(4, 34)
    assert states > 100 and not refused_states, refused_states.most_common(3)


# ============================== results given out, life lost after the Beers, duels, dice set


def at_two_bullseyes() -> Game:
    """The base game's Sheriff kept two Bull's Eyes and two Beers: the first one's target
    asked."""
    game = make_game(FIVE)
    game.dice_source = ScriptedDice(["bullseye1", "bullseye2", "beer", "beer", "gatling"])
    play(game, Roll(ALL5), Stop())
    assert game.pending is not None and game.pending.kind is DecisionKind.BULLSEYE_TARGET
    return game


def test_from_json_refuses_bullseyes_given_out_but_those_collected_in_order() -> None:
    """The Bull's Eyes' collect step lists the results to give out; each is given in turn
    (scratch.assigned), the rest left (scratch.to_assign): none dropped, none added, none
    given twice, while they are given out and once they are, through the Beers."""
    game = at_two_bullseyes()
    refused(
        game,
        lambda d: d["scratch"]["to_assign"].pop(),
        r"scratch.assigned \[\], scratch.to_assign \[\[0, 'bullseye1'\]\]: the Bull's Eyes "
        r"given out are \[\[0, 'bullseye1'\], \[1, 'bullseye2'\]\]",
    )
    play(game, ChooseSeat(1), ChooseSeat(2))
    assert game.pending is not None and game.pending.kind is DecisionKind.BEER_TARGET
    refused(
        game,
        lambda d: d["scratch"]["assigned"].pop(0),
        r"scratch.assigned \[\[1, 'bullseye2', 2\]\], .*: the Bull's Eyes given out are",
    )
    refused(
        game,
        lambda d: d["scratch"].update(assigned=[]),
        r"scratch.assigned \[\], scratch.to_assign \[\[2, 'beer'\], \[3, 'beer'\]\]: the Bull's "
        r"Eyes given out are",
    )


def test_from_json_refuses_beers_given_out_but_those_collected_in_order() -> None:
    """The Beers' collect step lists the Beers to give out, each given in turn (scratch.beers)
    or left (scratch.to_assign): a Beer given twice (or one left out) never was."""
    game = at_two_bullseyes()
    play(game, ChooseSeat(1), ChooseSeat(2), ChooseSeat(3))
    assert game.scratch.beers == [[2, 3]] and game.scratch.to_assign == [[3, "beer"]]
    refused(
        game,
        lambda d: d["scratch"]["beers"].append([2, 1]),
        r"scratch.beers \[\[2, 3\], \[2, 1\]\], scratch.to_assign \[\[3, 'beer'\]\]: the Beers "
        r"given out are \[\[2, 'beer'\], \[3, 'beer'\]\]",
    )
    refused(
        game,
        lambda d: d["scratch"].update(to_assign=[]),
        r"scratch.beers \[\[2, 3\]\], scratch.to_assign \[\]: the Beers given out are",
    )


def at_the_gatling() -> Game:
    """The Sheriff's Beer given to seat 3, then his Gatling: Bart Cassidy asked whether he
    takes an arrow instead of the life."""
    game = make_game(("paul_regret", "bart_cassidy", *FIVE[2:]))
    game.dice_source = ScriptedDice(["beer", "gatling", "gatling", "gatling", "dynamite"])
    play(game, Roll(ALL5), Stop(), ChooseSeat(2))
    assert game.pending is not None and game.pending.kind is DecisionKind.ARROW_INSTEAD
    return game


def test_from_json_refuses_life_lost_this_turn_beyond_what_a_seat_lacks_and_its_beers_gave() -> (
    None
):
    """After the Beers the life a seat lost this turn is at most what it lacks and what the
    Beers given it gave (one each), when nothing else gains: Suzy Lafayette, full, given one
    Beer while Bart Cassidy is asked about the Gatling, lost 1 at most."""
    game = at_the_gatling()
    suzy = game.players[2]
    assert suzy.life == suzy.max_life and game.scratch.beers == [[0, 2]]
    data = data_of(game)
    data["scratch"]["lost"][2] = 1
    Game.from_position(data)
    refused(
        game,
        lambda d: d["scratch"]["lost"].__setitem__(2, 2),
        r"scratch.lost \[0, 0, 2, 0, 0\]: seat 3 lost 2 life this turn, but has life 8 of "
        r"max_life 8, and gained at most 1 since, from the 1 Beers given it",
    )


def two_duels() -> Game:
    """Undead or Alive 1 and 2: two Duel dice showing, the first challenge asked."""
    game = ua()
    play(game, Roll(ALL5, ("dynamite", "gatling", "gatling", "duel", "duel")), Stop())
    assert game.pending is not None and game.pending.kind is DUEL_TARGET
    return game


def test_from_json_refuses_duels_to_come_but_the_duel_dice_not_given() -> None:
    """The duels step asks with the Duel dice showing as its count, each seat challenged
    taking one (scratch.duels): the count left is the dice not given yet, never fewer."""
    game = two_duels()
    refused(
        game,
        lambda d: d["pending"].update(remaining=1),
        r"duel_target .*: remaining 1, but 2 Duel dice showing are not given yet",
    )
    refused(
        game,
        lambda d: d["scratch"].update(duels=[1, 2, 3]),
        r"scratch.duels \[1, 2, 3\]: a seat challenged for each Duel die showing, but faces",
    )
    game.apply(ChooseSeat(1))
    assert game.pending is not None and game.pending.kind is DUEL_ROLL
    refused(
        game,
        lambda d: d["queue"].__setitem__(0, ["duels", 0]),
        r"step 'duels': 0 duels to come, but 1 Duel dice showing are not given yet",
    )


def test_from_json_refuses_a_duel_roll_but_between_the_turns_player_and_the_seat_challenged() -> (
    None
):
    """The duel under way is the last challenged, fought with its Duel die (given in order):
    another seat rolling, another opponent or another die never was."""
    game = two_duels()
    game.apply(ChooseSeat(1))
    d = game.pending
    assert d is not None and (d.seat, d.target, d.die) == (1, 0, 3)
    refused(
        game,
        lambda d: d["pending"].update(seat=2),
        r"seat 3, target 0: the duel under way is between the turn's player \(seat 1\) and "
        r"the seat last challenged \(scratch.duels \[1\]\)",
    )
    refused(
        game,
        lambda d: d["pending"].update(die=4),
        r"die 4: the duel of the seat last challenged \(scratch.duels \[1\]\) is fought with "
        r"Duel die 3",
    )


def test_from_json_refuses_a_face_before_the_first_roll_no_token_set() -> None:
    """Before the first roll a living player's dice show only the faces the Ghost's token set
    (preset)."""
    game = make_game(FIVE)
    assert game.pending is not None and game.pending.kind is DecisionKind.ROLL
    refused(
        game,
        lambda d: d["faces"].__setitem__(0, "arrow"),
        r"faces \['arrow', None, None, None, None\]: before the first roll \(rolls 0\) only "
        r"the base dice a token set \(preset \[\]\) show a face",
    )


def test_from_json_refuses_the_ghost_tokens_dice_not_set_before_its_holders_first_roll() -> None:
    """The token's holder starts the turn with its first base dice set to the token's face:
    before its first roll they are set (preset)."""
    jack = ("dynamite", "bullseye1", "arrow", "beer", "arrow")
    game = ghost_game(SHOOT_JACK + jack + QUIET_TURN * 5)
    jack_becomes_the_ghost(game)
    play(game, Roll((0, 1)), Roll((0, 1)), Roll((1,)), ChooseSeat(0))
    for _ in range(5):
        quiet_turn(game)
    assert game.turn == 0 and game.preset == [0, 1]

    def unset(d: Data) -> None:
        d.update(preset=[])
        d["faces"][:2] = [None, None]

    refused(
        game,
        unset,
        r"preset \[\]: the turn of the token's holder \(ghost_token \[0, 'arrow', 2\]\) sets "
        r"base dice \[0, 1\] to 'arrow' before its first roll",
    )


def test_from_json_refuses_more_rolls_than_the_turns_player_makes() -> None:
    """The turn's player rolls three times at most, four with an extra roll (Lucky Duke):
    another seat's extra roll is not his."""
    refused(
        at_a_bullseye(),
        lambda d: d.update(rolls=4),
        r"rolls 4: seat 1's turn rolls at most 3 times \(paul_regret\)",
    )


def test_from_json_refuses_life_lost_before_the_first_roll_with_nothing_losing_any() -> None:
    """Before the first roll of a turn of the base game nothing loses life (no Rage card's
    arrow, no power shown as the turn starts): a seat that lost some in an earlier turn lost
    none in this one yet."""
    game = make_game(FIVE)
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[1:])), Stop(), ChooseSeat(1))
    assert game.pending is not None and game.pending.kind is DecisionKind.ROLL
    assert game.players[1].life < game.players[1].max_life
    refused(
        game,
        lambda d: d["scratch"]["lost"].__setitem__(1, 1),
        r"scratch.lost \[0, 1, 0, 0, 0\]: life lost this turn before its first roll \(rolls 0\)",
    )


def test_from_json_refuses_life_lost_to_the_indians_with_arrows_held_since() -> None:
    """While the turn's player rolls, another seat loses life only to the Indians, after
    which every seat discards its arrows and only the player takes some: a seat that lost
    life this turn beside another seat holding an arrow never was."""
    game = position(make_game(FIVE), players={2: {"life": 5}, 3: {"arrows": 1}})
    game.dice_source = ScriptedDice(QUIET_FACES)
    game.apply(Roll(ALL5))
    assert game.pending is not None and game.pending.kind is DecisionKind.REROLL
    refused(
        game,
        lambda d: d["scratch"]["lost"].__setitem__(2, 1),
        r"scratch.lost \[0, 0, 1, 0, 0\], seat 4 holds arrows \(1, tokens \[\]\): before the "
        r"Bull's Eyes resolve a seat other than the turn's player \(seat 1\) loses life only "
        r"to the Indians",
    )


def test_from_json_refuses_results_left_to_give_once_no_phase_gives_them_out() -> None:
    """The results left to give (scratch.to_assign) are a phase's, listed by its collect
    step and given before its resolve step: with no result's step queued none is left."""
    refused(
        at_the_gatling(),
        lambda d: d["scratch"].update(to_assign=[[0, "beer"]]),
        r"scratch.to_assign \[\[0, 'beer'\]\]: results are left to give only while their phase",
    )


# ============================ the third pass (reach3b): rolls, draws, secret roles, modules


def played_until(
    modules: frozenset[str], reached: Callable[[Game], bool], players: int = 5
) -> Game:
    """The first state random play of games with ``modules`` reaches where ``reached`` holds:
    at most 40 games of 400 actions."""
    rng = random.Random(34)
    for seed in range(40):
        game = Game(deal(players, seed, modules=modules))
        for _ in range(400):
            if reached(game):
                return game
            if game.over:
                break
            game.apply(rng.choice(game.legal_actions() + game.window_actions()))
    raise AssertionError(f"no game of {sorted(modules)} reached the state")


def test_from_json_refuses_fewer_wound_draws_than_wound_tokens_held() -> None:
    """Each Wound token a seat holds came out of the simulated pile by a draw: wound_draws
    counts them, and a real pile's tokens (none counted) cannot become simulated ones."""
    game = played_until(
        frozenset({"undead_or_alive.1", "undead_or_alive.2"}),
        lambda g: any(DuelsPlayer.of(p).wounds for p in g.players),
    )
    held = sum(len(DuelsPlayer.of(p).wounds) for p in game.players)
    refused(
        game,
        lambda d: d.update(wound_draws=held - 1),
        rf"wound_draws {held - 1}: the simulated pile gave the {held} Wound tokens held",
    )
    real = Game.from_position(data_of(game))
    real.setup = replace(real.setup, real_piles=frozenset({"wounds"}))
    data = real.to_json()
    data["wound_draws"] = 0
    Game.from_position(data)  # the same tokens drawn from the real pile
    data["setup"]["real_piles"] = []
    with pytest.raises(StateError, match=r"wound_draws 0: the simulated pile gave the"):
        Game.from_position(data)


def test_from_json_refuses_fewer_boneyard_draws_than_cards_out_of_the_deck() -> None:
    """Each Boneyard card face up (with hands) or drawn this turn (No hands) was a draw."""
    game = played_until(
        frozenset({"undead_or_alive.4"}),
        lambda g: bool(BoneyardGame.of(g).boneyard_shown or BoneyardGame.of(g).boneyard_back),
    )
    b = BoneyardGame.of(game)
    out = len(b.boneyard_shown) + len(b.boneyard_back)
    refused(
        game,
        lambda d: d.update(boneyard_draws=out - 1),
        rf"boneyard_draws {out - 1}: {out} or more, the cards drawn",
    )


def test_from_json_refuses_a_living_role_known_face_down_with_secret_roles_once_rolled() -> None:
    """With the role cards secret (the set-up's roles None) the box learns a role only as it
    is shown; a seat's view, which may guess them, shows no roll (roll_count 0)."""
    game = make_game(FIVE)
    game.dice_source = ScriptedDice(QUIET_FACES)
    game.apply(Roll(ALL5))
    assert game.setup.roles is not None and not game.players[1].revealed

    def secret(d: Data) -> None:
        d["setup"]["roles"] = None
        d["setup"]["sheriff"] = 0

    refused(
        game, secret, r"seat 2: role outlaw face down \(revealed false\), but the roles are secret"
    )
    data = data_of(game)
    secret(data)
    data["roll_count"] = 0  # as a seat's view shows it, with the roles guessed
    Game.from_position(data)


# Modules whose rules act only through their own characters (Old Saloon 4, Undead or Alive 3)
# or add nothing to a turn (Wild West Legacy decides the next game); The Ghost acts first at an
# elimination.
LEFT_OUT_FREELY = frozenset({"old_saloon.4", "undead_or_alive.3", "undead_or_alive.5"})
GHOST = "old_saloon.5"


def test_a_module_that_never_acted_left_out_is_the_same_game() -> None:
    """The same actions with and without a module of characters
    none plays, Wild West Legacy, or The Ghost until a seat is eliminated, reach the same state
    but the set-up's modules."""
    rng = random.Random(34)
    others = ("old_saloon.1", "old_saloon.2", "undead_or_alive.1", "undead_or_alive.2")
    compared: Counter[str] = Counter()
    for seed in range(100):
        module = sorted(LEFT_OUT_FREELY | {GHOST})[seed % 4]
        drawn = frozenset(m for m in others if rng.random() < 0.4)
        try:
            base = deal(rng.randint(5, 8), seed, modules=drawn)
        except SetupError:
            continue  # a module of those drawn needs another
        game, without = Game(replace(base, modules=base.modules | {module})), Game(base)
        for _ in range(rng.randrange(400)):
            if game.over:
                break
            action = rng.choice(game.legal_actions() + game.window_actions())
            after = game.copy() if module == GHOST else game
            after.apply(action)
            if not all(p.alive for p in after.players) and module == GHOST:
                break  # The Ghost acts from the first elimination on
            game = after
            without.apply(action)
        mine, theirs = game.to_json(), without.to_json()
        left_out = set(mine["setup"].pop("modules")) - set(theirs["setup"].pop("modules", []))
        assert left_out == {module}
        assert mine == theirs
        compared[module] += 1
    assert min(compared[m] for m in LEFT_OUT_FREELY | {GHOST}) >= 5, compared


def test_from_json_refuses_last_one_standing_without_an_elimination() -> None:
    """A 3-player game becomes last one standing at its first elimination: never before, and
    never a game of more players, in the state kept at an open moment too."""
    game = Game(deal(3, 34))
    refused(game, lambda d: d.update(last_standing=True), r"last_standing true, but no seat")
    game = played_until(frozenset({"old_saloon.3"}), lambda g: bool(g.open_moments))
    refused(
        game,
        lambda d: d["windows"][0][2].update(last_standing=True),
        r"windows\[0\]\[2\]: last_standing: only a 3-player game",
    )


def test_from_json_refuses_three_players_going_on_after_an_elimination_not_last_standing() -> None:
    """A 3-player game's first elimination either ends it or makes it last one standing."""
    game = played_until(
        frozenset(),
        lambda g: not g.over and any(not p.alive for p in g.players) and not g.eliminated_now,
        players=3,
    )
    assert game.last_standing
    refused(game, lambda d: d.update(last_standing=False), r"last_standing false, but seat \d")


def test_from_json_refuses_a_finished_game_whose_turn_end_began() -> None:
    """The modules' end-of-turn steps (a Wound token back, a Rage card drawn) eliminate no
    one: a game ends before its turn's end begins (scratch.closed)."""
    game = played_until(frozenset({"undead_or_alive.1", "undead_or_alive.2"}), lambda g: g.over)
    refused(game, lambda d: d["scratch"].update(closed=True), r"scratch.closed true, but the game")


def test_from_json_refuses_a_side_or_winners_the_final_state_does_not_give() -> None:
    """The end names the side and seats the final state gives: by the roles, or by the module
    that decides the end (the zombies' outbreak)."""
    game = played_until(frozenset(), lambda g: g.over)
    other = "outlaws" if game.side != "outlaws" else "sheriff"
    refused(game, lambda d: d.update(side=other), rf"side '{other}', winners .*: the final state")
    zombies = played_until(
        frozenset({"undead_or_alive.4"}),
        lambda g: g.over and BoneyardGame.of(g).outbreak == "begun",
    )
    winners = zombies.winners
    refused(
        zombies,
        lambda d: d.update(winners=[s for s in range(5) if s not in winners]),
        r"undead_or_alive.4 decides the end",
    )


# ======================================== the third pass (reach3c): life lost, Rage symbols


def test_from_json_refuses_life_lost_beyond_what_a_seat_lacks_before_the_turn_is_handed_over() -> (
    None
):
    """With the Boneyard (a module handing the turn over in place of end_turn) the turn's
    scratch is its own while its end_turn step is queued: Suzy Lafayette, full, given one Beer
    while Bart Cassidy is asked about the Gatling, lost 1 at most there too."""
    game = make_game(("paul_regret", "bart_cassidy", *FIVE[2:]), modules=["undead_or_alive.4"])
    game.dice_source = ScriptedDice(["beer", "gatling", "gatling", "gatling", "dynamite"])
    play(game, Roll(ALL5), Stop(), ChooseSeat(2))
    assert game.pending is not None and game.pending.kind is DecisionKind.ARROW_INSTEAD
    assert any(step[0] == "end_turn" for step in game.stack)
    suzy = game.players[2]
    assert suzy.life == suzy.max_life and game.scratch.beers == [[0, 2]]
    data = data_of(game)
    data["scratch"]["lost"][2] = 1
    Game.from_position(data)
    refused(
        game,
        lambda d: d["scratch"]["lost"].__setitem__(2, 2),
        r"scratch.lost \[0, 0, 2, 0, 0\]: seat 3 lost 2 life this turn, but has life 8 of "
        r"max_life 8, and gained at most 1 since",
    )


def test_from_json_refuses_life_lost_beyond_what_a_seat_lacks_but_vulture_sams_on_a_death() -> None:
    """A death this turn gains life for Vulture Sam alone (his ability gains on a death):
    another seat's life lost is still bounded by what it lacks and its Beers; his is not.
    Willy the Kid's Gatling eliminates three seats at 1 life; Vulture Sam, full, loses 1 and
    gains it back; the Duel dice are then asked."""
    game = ua(["willy_the_kid", "el_gringo", "suzy_lafayette", "vulture_sam", "jourdonnais"])
    game = position(game, players={1: {"life": 1}, 2: {"life": 1}, 4: {"life": 1}})
    play(game, Roll(ALL5, ("dynamite", "gatling", "gatling", "duel", "duel")), Stop())
    assert game.pending is not None and game.pending.kind is DUEL_TARGET
    sam, willy = game.players[3], game.players[0]
    assert game.eliminated_now == [1, 2, 4] and sam.life == sam.max_life
    assert game.scratch.lost[3] == 1 and willy.life == willy.max_life
    Game.from_position(data_of(game))
    refused(
        game,
        lambda d: d["scratch"]["lost"].__setitem__(0, 1),
        r"scratch.lost \[1, 1, 1, 1, 1\]: seat 1 lost 1 life this turn, but has life 10 of "
        r"max_life 10",
    )


# Rage symbols that do nothing while the turn rolls (the Dynamite but the third), pressed in
# another's place.
QUIET_SYMBOLS = ("dynamite", "bullseye1", "bullseye2", "beer", "gatling")


def _pressed_otherwise(game: Game, action: Action, rng: random.Random) -> list[Action]:
    """The twin's presses for ``action`` at a Rage symbol: a quiet symbol another quiet one,
    sometimes none; DONE sometimes after one more quiet symbol; arrows as they were (each
    takes one at once)."""
    legal = game.legal_actions()
    if isinstance(action, Choose) and action.option in QUIET_SYMBOLS:
        if Decline() in legal and rng.random() < 0.3:
            return []
        return [Choose(rng.choice(QUIET_SYMBOLS))]
    more = any(isinstance(a, Choose) for a in legal)
    if isinstance(action, Decline) and more and rng.random() < 0.5:
        return [Choose(rng.choice(QUIET_SYMBOLS)), action]
    return [action]


def _without_the_symbols(game: Game) -> Data:
    """The state but the turn's player's Rage symbols (those of the states kept at the open
    moments too) and the play."""
    data = data_of(game)
    data.pop("played")
    for kept in [data, *(window[2] for window in data["windows"])]:
        kept["players"][game.turn].pop("rage_symbols")
    if data["pending"] is not None and data["pending"]["kind"] == RAGE_SYMBOL.value:
        data["pending"].pop("remaining")  # the cards still without a symbol
    return data


def test_other_rage_symbols_pressed_reach_the_same_state_while_the_turn_rolls() -> None:
    """Games with Rage cards played twice with the same
    rolls, the twin pressing other quiet symbols at a turn's start (another, one more, one
    fewer; arrows the same), reach the same state but the turn's player's symbols while the
    turn still rolls with fewer than three Dynamite."""
    rng = random.Random(34)
    sets = [
        frozenset({"undead_or_alive.2"}),
        frozenset({"undead_or_alive.1", "undead_or_alive.2"}),
        frozenset({"undead_or_alive.2", "old_saloon.1", "old_saloon.2"}),
        frozenset({"undead_or_alive.2", "undead_or_alive.3", "old_saloon.3"}),
    ]
    compared, differing, counts = 0, 0, 0
    for seed in range(40):
        game = Game(deal(rng.randint(4, 7), seed, modules=sets[seed % len(sets)]))
        for _ in range(400):
            if game.over or (game.pending is not None and game.pending.kind is RAGE_SYMBOL):
                break
            game.apply(rng.choice(game.legal_actions() + game.window_actions()))
        if game.over:
            continue
        twin = game.copy()
        for _ in range(100):
            action = rng.choice(game.legal_actions())
            entering = game.pending is not None and game.pending.kind is RAGE_SYMBOL
            presses = _pressed_otherwise(twin, action, rng) if entering else [action]
            rolled = [e for e in game.apply(action) if isinstance(e, DiceRolled)]
            if isinstance(action, Roll) and rolled:
                presses = [Roll(action.dice, rolled[0].faces)]  # the same dice for the twin
            for press in presses:
                twin.apply(press)
            if any(g.over or still_rolling(g) is None for g in (game, twin)):
                break
            if twin.turn_number != game.turn_number:
                break  # the twin's third Dynamite ended its turn at the roll
            if max(g.symbol_count("dynamite") for g in (game, twin)) >= DYNAMITE_LIMIT:
                break  # three Dynamite end the rolls
            if game.pending is not None and game.pending.kind is RAGE_SYMBOL:
                continue
            assert _without_the_symbols(twin) == _without_the_symbols(game)
            compared += 1
            mine, theirs = (RagePlayer.of(g.players[g.turn]).rage_symbols for g in (game, twin))
            differing += mine != theirs
            counts += len(mine) != len(theirs)
    assert compared >= 50 and differing >= 30 and counts >= 10, (compared, differing, counts)


def test_from_json_refuses_a_moment_kept_twice_at_the_same_state() -> None:
    """The moments open now were kept along one run of steps since the last action, whose
    states never repeat: the same moment at the same state is not kept twice."""
    game = played_until(frozenset({"old_saloon.3"}), lambda g: bool(g.open_moments))
    refused(
        game,
        lambda d: d["windows"].append(d["windows"][0]),
        rf"windows\[{len(game.open_moments)}\]: the moment of windows\[0\] kept again",
    )


def test_from_json_refuses_life_lost_beyond_what_a_seat_lacks_with_a_whiskey_not_yet_drunk() -> (
    None
):
    """A Whiskey showing gives life once the results resolve, never while the turn still
    rolls: a full seat lost no life then."""
    game = ua()
    play(game, Roll(ALL5, ("beer", "gatling", "bullseye1", "whiskey", "duel")))
    assert game.pending is not None and game.pending.kind is DecisionKind.REROLL
    assert game.players[1].life == game.players[1].max_life
    refused(
        game,
        lambda d: d["scratch"]["lost"].__setitem__(1, 1),
        r"scratch.lost \[0, 1, 0, 0, 0\]: seat 2 lost 1 life this turn, but has life 8 of "
        r"max_life 8, and nobody gained any before the turn's Beers resolve",
    )


def test_from_json_refuses_life_lost_beyond_what_a_seat_lacks_beside_bill_nofaces_arrows() -> None:
    """Bill Noface's own steps after the last roll take the arrows he rolled, which give
    nobody life: while his Bull's Eye's target is asked, a full seat lost none."""
    game = make_game(("bill_noface", *FIVE[1:]), modules=["old_saloon.4"])
    play(game, Roll(ALL5, ("bullseye1", "arrow", "beer", "gatling", "dynamite")), Stop())
    assert game.pending is not None and game.pending.kind is DecisionKind.BULLSEYE_TARGET
    assert game.players[0].arrows == 1 and game.players[2].life == game.players[2].max_life
    refused(
        game,
        lambda d: d["scratch"]["lost"].__setitem__(2, 1),
        r"scratch.lost \[0, 0, 1, 0, 0\]: seat 3 lost 1 life this turn, but has life 8 of "
        r"max_life 8, and nobody gained any before the turn's Beers resolve",
    )


def test_from_json_refuses_life_lost_before_the_first_roll_while_the_rage_cards_wait() -> None:
    """The Loudmouth's die is chosen before the Rage cards are revealed at a turn's start:
    with the module's start step still queued, nothing lost anyone life this turn yet."""
    game = position(ua(modules=("undead_or_alive.2", "old_saloon.1")), players={1: {"life": 5}})
    assert game.pending is not None and game.pending.kind.value == "saloon_die"
    assert ["rage_reveal"] in game.stack
    refused(
        game,
        lambda d: d["scratch"]["lost"].__setitem__(1, 1),
        r"scratch.lost \[0, 1, 0, 0, 0\]: life lost this turn before its first roll",
    )


def test_from_json_refuses_a_bullseye_given_to_a_seat_out_of_its_range() -> None:
    """A Bull's Eye hits a seat at its distance: the Sheriff's Bull's Eye 1 given to seat 2,
    the next asked; seat 5 is as near, seat 3 two seats away (nobody eliminated since)."""
    game = at_two_bullseyes()
    play(game, ChooseSeat(1))
    assert game.scratch.assigned == [[0, "bullseye1", 1]] and not game.eliminated_now
    data = data_of(game)
    data["scratch"]["assigned"][0][2] = 4
    Game.from_position(data)
    refused(
        game,
        lambda d: d["scratch"]["assigned"][0].__setitem__(2, 2),
        r"scratch.assigned\[0\]: bullseye1 of result 0 hit seat 3, out of its range \(seats "
        r"2, 5 from the turn's player, seat 1\)",
    )


def test_from_json_refuses_a_beer_given_to_a_seat_eliminated_before_this_turn() -> None:
    """A Beer goes to a living seat: with nobody eliminated this turn, a seat out of play now
    was out when the Beer was given."""
    game = make_game(FIVE)
    game.dice_source = ScriptedDice(["beer", "beer", "dynamite", "gatling", "arrow"])
    play(game, Roll(ALL5), Stop(), ChooseSeat(2))
    assert game.pending is not None and game.pending.kind is DecisionKind.BEER_TARGET
    assert game.scratch.beers == [[0, 2]] and not game.eliminated_now

    def out(d: Data) -> None:
        kill(d, 2)
        d["players"][2]["killer"] = 0

    data = data_of(game)
    out(data)
    data["scratch"]["beers"][0][1] = 3
    Game.from_position(data)
    refused(game, out, r"scratch.beers\[0\]: a Beer given to seat 3, eliminated")


# ================================= the fourth pass (fuzz34): a 3-player end, a kept Beer's card


def test_from_json_refuses_a_state_kept_at_a_moment_with_a_side_or_winners() -> None:
    """A moment's state is kept while the game goes on: no side has won, nobody is a winner."""
    game = played_until(frozenset({"old_saloon.3"}), lambda g: bool(g.open_moments))
    for change in ({"side": "outlaws"}, {"winners": [0]}):
        refused(
            game,
            lambda d, change=change: d["windows"][0][2].update(change),
            r"windows\[0\]\[2\]: a moment's state is taken between two steps",
        )


def test_from_json_refuses_a_three_player_end_but_one_seat_of_the_side_or_nobody() -> None:
    """A 3-player game is won by one seat whose role is the side (its hand eliminated its
    target, or it stands last), or by nobody once nobody is left, with no winners."""
    game = played_until(frozenset(), lambda g: g.over, players=3)
    assert game.side == "deputy" and game.winners == (0,)
    won = r"a 3-player game is won by one seat, whose role is the side"
    refused(game, lambda d: d.update(winners=[]), won)
    refused(game, lambda d: d.update(winners=[2]), won)
    refused(game, lambda d: d.update(side="outlaw"), won)
    refused(game, lambda d: d.update(side="nobody"), r"won by nobody once nobody is left")
    nobody = played_until(frozenset(), lambda g: g.over and g.side == "nobody", players=3)
    refused(nobody, lambda d: d.update(winners=[1]), r"won by nobody once nobody is left")
    refused(nobody, lambda d: d.update(side="outlaw"), won)


def test_from_json_refuses_a_three_player_end_not_last_standing_after_an_earlier_death() -> None:
    """An elimination that ends nothing makes a 3-player game last one standing: a game
    ended otherwise ended at its first eliminations, all of its last turn; nobody is left
    only once it is."""
    game = played_until(
        frozenset(),
        lambda g: g.over and any(not p.alive and p.seat not in g.eliminated_now for p in g.players),
        players=3,
    )
    refused(
        game,
        lambda d: d.update(last_standing=False),
        r"last_standing false, but the game ended after seat \d fell in an earlier turn",
    )
    nobody = played_until(frozenset(), lambda g: g.over and g.side == "nobody", players=3)
    refused(
        nobody,
        lambda d: d.update(last_standing=False),
        r"last_standing false, but the game ended with nobody left",
    )


def test_from_json_refuses_a_kept_beers_rage_card_before_its_step_ran() -> None:
    """Undead or Alive 2: the beer_rage step marks a kept Beer's card (scratch.beer_rage) after
    the Beers resolve, in a scratch the turn's start left fresh: not while the turn still rolls
    or the step is still queued."""
    refused(
        rage_game_at_a_beer(),
        lambda d: d["scratch"].update(beer_rage=True),
        r"scratch.beer_rage true, but the beer_rage step that marks it has not run this turn "
        r"\(it is queued\)",
    )
    game = make_game(FIVE, modules=("undead_or_alive.2",))
    game.dice_source = ScriptedDice(["beer", "beer", "dynamite", "gatling", "arrow"])
    play(game, Roll(ALL5))
    assert game.pending is not None and game.pending.kind is DecisionKind.REROLL
    refused(
        game,
        lambda d: d["scratch"].update(beer_rage=True),
        r"scratch.beer_rage true, .* \(the turn still rolls: 'roll_decision'\)",
    )


def test_from_json_refuses_a_kept_beers_rage_card_left_out_once_its_step_ran() -> None:
    """Undead or Alive 2 alone (no Wound token cancels a Beer): once the beer_rage step ran
    (the rolls over, the turn's end_turn step queued, its player living) with a Beer showing,
    the card is marked."""

    def after_the_step(g: Game) -> bool:
        names = [step[0] for step in g.stack]
        return (
            not g.over
            and still_rolling(g) is None
            and "end_turn" in names
            and "beer_rage" not in names
            and g.players[g.turn].alive
            and "beer" in g.faces
        )

    game = played_until(frozenset({"undead_or_alive.2"}), after_the_step)
    refused(
        game,
        lambda d: d["scratch"].update(beer_rage=False),
        r"scratch.beer_rage false, but the beer_rage step ran this turn with faces",
    )


def test_from_json_refuses_the_uglys_second_seat_asked_after_an_eliminated_first() -> None:
    """Old Saloon 3's The Ugly: the second seat is asked with the first one chosen (target),
    a living seat, and nothing happens between the two questions."""
    game = roles_game(["the_bear", "the_doc", "the_ugly", "the_left_hand", "the_gambler"])
    game.dice_source = ScriptedDice(list(QUIET_FACES * 2))
    quiet_turn(game)
    quiet_turn(game)
    reveal(game, 2, "the_ugly")
    play(game, ChooseSeat(3))
    assert game.pending is not None and game.pending.target == 3

    def eliminated(d: Data) -> None:
        kill(d, 3)
        d["players"][3]["special_shown"] = True

    refused(game, eliminated, r"target seat 4 is eliminated: The Ugly chose a living seat first")
