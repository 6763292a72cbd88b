"""Game.from_json refuses every state the rules cannot reach (issue 21), whatever a power cut, a
bad SD card or a hand edit left in a state file or a journal: each test takes a state the rules
reached, changes what its name says, and expects a StateError naming the field, from the rules'
checks (which ``Game.from_position`` runs alone, and ``from_json`` before it replays the play).

Seats in the states' JSON count from 0; the messages count seats from 1.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from companion.engine import (
    MOMENTS,
    OPENINGS,
    STEPS,
    Choose,
    ChooseSeat,
    Decline,
    Game,
    GameSetup,
    Role,
    Roll,
    ScriptedDice,
    SetupError,
    StateError,
    Stop,
    deal,
    declare_argument,
    step_checks,
)
from companion.modules.legacy.rules import ID as WILD_WEST_LEGACY
from companion.modules.legacy.rules import LegacySetup
from companion.modules.rage.rules import RAGE_SYMBOL
from companion.modules.zombies.rules import is_zombie

from .helpers import make_game, play
from .roles_helpers import roles_game
from .test_ghost import SHOOT_JACK, ghost_game, jack_becomes_the_ghost
from .test_module_combinations import QUIET_FACES, SPECIALS, outbreak_game
from .test_undead_or_alive import hold, rage, ua

Data = dict[str, Any]
FIVE = ("paul_regret", "jesse_jones", "suzy_lafayette", "lucky_duke", "black_jack")
ZOMBIE_TABLE = ("paul_regret", "calamity_janet", "jourdonnais", "black_jack", "lucky_duke")
ALL5 = (0, 1, 2, 3, 4)


def data_of(game: Game) -> Data:
    """The game's JSON as a file holds it; the game the rules reached loads back."""
    data: Data = json.loads(json.dumps(game.to_json()))
    Game.from_position(json.loads(json.dumps(data)))
    return data


def refused(game: Game, change: Callable[[Data], object], message: str) -> None:
    """Refused by the rules' checks, with ``message``: as a position, and as a saved game
    (``from_json`` runs them before it replays the play, so the rule is what it names)."""
    data = data_of(game)
    change(data)
    for read in (Game.from_position, Game.from_json):
        with pytest.raises(StateError, match=message):
            read(json.loads(json.dumps(data)))


def kill(data: Data, seat: int) -> None:
    """The seat eliminated, its arrows back in the pile, its role shown."""
    p = data["players"][seat]
    data["pile"] += p["arrows"]
    p.update(life=0, alive=False, arrows=0, revealed=p["role"] is not None)


def base_game() -> Game:
    return make_game(FIVE)  # seat 0 the Sheriff, seat 1 an Outlaw


def zombie_turn() -> Game:
    """After the outbreak: seats 1-3 play a quiet turn, then seat 4, a zombie, rolls."""
    game = outbreak_game(("undead_or_alive.4",), ZOMBIE_TABLE)
    for _ in range(3):
        play(game, Roll(ALL5, QUIET_FACES), Stop())
    assert game.turn == 4 and is_zombie(game.players[4]) and game.dice_kinds == ["base"] * 3
    return game


# ======================================================================= the Ghost


def test_from_json_refuses_a_living_ghost() -> None:
    refused(ghost_game(()), lambda d: d["players"][3].update(ghost=True), "seat 4: ghost but alive")


def test_from_json_refuses_two_ghosts() -> None:
    game = ghost_game(SHOOT_JACK)
    jack_becomes_the_ghost(game)

    def second(d: Data) -> None:
        kill(d, 3)
        d["players"][3]["ghost"] = True

    refused(game, second, r"ghost: seats \[2, 4\]; there is one Ghost at most")


def test_from_json_refuses_a_ghost_without_module_5() -> None:
    def ghost(d: Data) -> None:
        kill(d, 2)
        d["players"][2]["ghost"] = True

    refused(base_game(), ghost, "seat 3: ghost, but module old_saloon.5 is off")


def test_from_json_refuses_the_sheriff_as_the_ghost() -> None:
    def sheriff(d: Data) -> None:
        kill(d, 0)
        d["players"][0]["ghost"] = True

    refused(ghost_game(()), sheriff, "seat 1: ghost, but the Sheriff never becomes the Ghost")


def test_from_json_refuses_an_eliminated_player_who_is_not_the_ghost_beside_no_ghost() -> None:
    refused(ghost_game(()), lambda d: kill(d, 2), "seat 3 was eliminated .* nobody is the Ghost")


def test_from_json_refuses_a_ghost_token_held_by_a_dead_player() -> None:
    game = ghost_game(SHOOT_JACK + ("beer", "gatling"))
    jack_becomes_the_ghost(game)

    def token(d: Data) -> None:
        kill(d, 3)
        d["ghost_token"] = [3, "beer", 1]

    refused(game, token, r"ghost_token \[3, 'beer', 1\]: held by seat 4, which is eliminated")


def test_from_json_refuses_a_ghost_token_of_an_unknown_face() -> None:
    game = ghost_game(SHOOT_JACK)
    jack_becomes_the_ghost(game)
    refused(game, lambda d: d.update(ghost_token=[3, "whiskey", 1]), "ghost_token .*a base die's")


# ==================================================================== life ceilings


def test_from_json_refuses_an_outlaw_at_eleven_life() -> None:
    refused(
        base_game(),
        lambda d: d["players"][1].update(max_life=11, life=11),
        r"seat 2: max_life 11, but Jesse Jones plays with 9 \(role outlaw",
    )


def test_from_json_refuses_life_above_the_maximum() -> None:
    refused(
        base_game(), lambda d: d["players"][1].update(life=10), "seat 2: life 10 is outside 0..9"
    )


def test_from_json_refuses_a_sheriff_without_his_two_bullets() -> None:
    refused(
        base_game(),
        lambda d: d["players"][0].update(max_life=9, life=9),
        r"seat 1: max_life 9, but Paul Regret plays with 11 \(role sheriff",
    )


def test_from_json_refuses_the_bears_three_bullets_without_the_bear() -> None:
    game = roles_game(SPECIALS, modules=("old_saloon.3",), mixed=True)
    assert game.players[0].max_life == 8 + 3  # Calamity Janet, The Bear
    refused(
        game,
        lambda d: d["players"][0].update(special=None, special_shown=False),
        r"seat 1: max_life 11, but Calamity Janet plays with 8 or 10 \(role sheriff, special None",
    )


def test_from_json_refuses_a_legacy_bullet_without_its_plus_one() -> None:
    setup = GameSetup(
        FIVE,
        roles=(Role.SHERIFF, Role.OUTLAW, Role.RENEGADE, Role.OUTLAW, Role.DEPUTY),
        modules=frozenset({WILD_WEST_LEGACY}),
        parts=(LegacySetup(2),),
    )
    game = Game(setup, ScriptedDice(()))
    assert game.players[2].max_life == 8 + 1
    refused(
        game,
        lambda d: d["players"][2].update(max_life=8, life=8),
        r"seat 3: max_life 8, .* plays with 9 \(role renegade, the Legacy bullet included",
    )


# ================================================================= tokens and roles


def test_from_json_refuses_a_dead_player_holding_the_chiefs_arrow() -> None:
    game = make_game(FIVE, modules=("old_saloon.2",))

    def dead_chief(d: Data) -> None:
        kill(d, 2)
        d["players"][2]["chief_arrow"], d["chief_in_pile"] = True, False

    refused(game, dead_chief, r"seat 3: eliminated but holds the token 'chief_arrow'")


def test_from_json_refuses_a_role_count_that_breaks_the_role_mix() -> None:
    game = make_game(FIVE, sheriff=0)  # secret roles: only the Sheriff's is known
    refused(
        game,
        lambda d: [d["players"][s].update(role="deputy") for s in (1, 2)],
        "role: 2 seats hold deputy, but 5 players have 1",
    )


def test_from_json_refuses_a_role_the_set_up_did_not_deal() -> None:
    def swap(d: Data) -> None:
        d["players"][1]["role"], d["players"][2]["role"] = "renegade", "outlaw"

    refused(base_game(), swap, "seat 2: role renegade, but the set-up dealt it outlaw")


# ===================================================================== special roles


def test_from_json_refuses_a_special_card_of_the_wrong_role_type() -> None:
    refused(
        roles_game(SPECIALS),
        lambda d: d["players"][2].update(special="the_doc"),
        "seat 3: special The Doc is a deputy card, not outlaw",
    )


def test_from_json_refuses_the_same_special_card_at_two_seats() -> None:
    refused(
        roles_game(SPECIALS),
        lambda d: d["players"][4].update(special="the_bad"),
        "seat 5: special The Bad is also held at seat 3",
    )


def test_from_json_refuses_an_unknown_special_card() -> None:
    refused(
        roles_game(SPECIALS),
        lambda d: d["players"][4].update(special="the_lucky"),
        "seat 5: unknown special 'the_lucky'",
    )


def test_from_json_refuses_a_special_card_without_module_3() -> None:
    refused(
        base_game(),
        lambda d: d["players"][1].update(special="the_bad"),
        "seat 2: special or special_shown, but module old_saloon.3 is off",
    )


# ============================================================================ the dice


def test_from_json_refuses_a_loudmouth_die_without_module_1() -> None:
    refused(
        base_game(),
        lambda d: d["dice_kinds"].__setitem__(4, "loudmouth"),
        r"dice_kinds .*'loudmouth'.*: seat 1's turn rolls \['base', 'base', 'base', 'base', 'base'",
    )


def test_from_json_refuses_six_dice_for_an_ordinary_character() -> None:
    game = make_game(FIVE, modules=("old_saloon.1",))

    def six(d: Data) -> None:
        d["dice_kinds"] = ["base"] * 5 + ["loudmouth"]
        d["faces"] = [None] * 6

    refused(game, six, r"dice_kinds \['base', 'base', 'base', 'base', 'base', 'loudmouth'\]")


def test_from_json_refuses_both_saloon_dice() -> None:
    game = make_game(FIVE, modules=("old_saloon.1",))
    refused(
        game,
        lambda d: d.update(dice_kinds=["base"] * 3 + ["loudmouth", "coward"]),
        r"dice_kinds .*'loudmouth', 'coward'\]: seat 1's turn rolls",
    )


def test_from_json_refuses_duel_dice_without_module_1() -> None:
    game = ua(modules=("undead_or_alive.2",))
    refused(
        game,
        lambda d: d.update(dice_kinds=["base"] * 3 + ["duel"] * 2),
        r"dice_kinds .*'duel', 'duel'\]: seat 1's turn rolls \['base', 'base', 'base', 'base'",
    )


def test_from_json_refuses_an_unknown_face() -> None:
    refused(base_game(), lambda d: d["faces"].__setitem__(0, "sideways"), "faces.0.: die 1")


# ======================================================== zombies and the outbreak


def test_from_json_refuses_zombies_without_module_4() -> None:
    refused(
        base_game(),
        lambda d: d["players"][2].update(zombie=True, life=3, max_life=3),
        "seat 3: zombie or master, but module undead_or_alive.4 is off",
    )


def test_from_json_refuses_zombies_before_an_outbreak() -> None:
    game = outbreak_game(("undead_or_alive.4",), ZOMBIE_TABLE)

    def before(d: Data) -> None:
        d.update(outbreak=None, boneyard_pile=sorted(["no_hands"] * 2 + ["two_hands"] * 3))
        d.update(boneyard_pile=d["boneyard_pile"] + ["one_hand"] * 6)

    refused(game, before, "seat 5: zombie or master, but no outbreak has begun")


def test_from_json_refuses_a_sheriff_zombie_master() -> None:
    game = outbreak_game(("undead_or_alive.4",), ZOMBIE_TABLE)

    def sheriff(d: Data) -> None:
        d["players"][3].update(master=False, revealed=False)  # the Renegade's card face down
        d["players"][0]["master"] = True

    refused(game, sheriff, "seat 1: master, but the Zombie Master is the living Renegade")


def test_from_json_refuses_two_zombie_masters() -> None:
    game = outbreak_game(("undead_or_alive.4",), ZOMBIE_TABLE)
    refused(
        game,
        lambda d: d["players"][2].update(master=True),
        r"master: seats \[3, 4\]; one Zombie Master at most",
    )


def test_from_json_refuses_a_zombie_with_eleven_life_at_five_players() -> None:
    game = outbreak_game(("undead_or_alive.4",), ZOMBIE_TABLE)
    refused(
        game,
        lambda d: d["players"][4].update(life=11, max_life=11),
        r"seat 5: a zombie's max_life 11 is outside 1\.\.4",
    )


def test_from_json_refuses_a_zombie_holding_a_wound_token() -> None:
    game = outbreak_game(
        ("undead_or_alive.1", "undead_or_alive.2", "undead_or_alive.4"), ZOMBIE_TABLE
    )

    def token(d: Data) -> None:
        d["wound_pile"].remove("beer")
        d["players"][4]["wounds"] = ["beer"]
        d["wound_draws"] += 1  # drawn from the simulated pile

    refused(game, token, r"seat 5: wounds \['beer'\], but a zombie takes none")


def test_from_json_refuses_a_zombie_rolling_five_dice() -> None:
    def five(d: Data) -> None:
        d["dice_kinds"], d["faces"] = ["base"] * 5, [None] * 5

    refused(zombie_turn(), five, r"seat 5's turn rolls \['base', 'base', 'base'\]")


def test_from_json_refuses_an_outbreak_begun_with_boneyard_cards_in_play() -> None:
    game = outbreak_game(("undead_or_alive.4",), ZOMBIE_TABLE)
    refused(
        game,
        lambda d: d.update(boneyard_shown=["one_hand"]),
        r"Boneyard cards not conserved.*expected none \(the outbreak removed them\)",
    )


def test_from_json_refuses_an_outbreak_begun_with_no_zombies() -> None:
    game = Game(deal(5, 1, modules=frozenset({"undead_or_alive.4"})))
    refused(
        game,
        lambda d: d.update(outbreak="begun", boneyard_pile=[]),
        "outbreak 'begun', but no player is a zombie",
    )


def test_from_json_refuses_an_outbreak_coming_without_the_hands_for_it() -> None:
    game = Game(deal(5, 1, modules=frozenset({"undead_or_alive.4"})))
    refused(game, lambda d: d.update(outbreak="next_turn"), "outbreak 'next_turn': it comes when")


def test_from_json_refuses_a_ten_card_boneyard_deck() -> None:
    game = Game(deal(5, 1, modules=frozenset({"undead_or_alive.4"})))
    refused(game, lambda d: d["boneyard_pile"].pop(), "Boneyard cards not conserved")


def test_from_json_refuses_three_no_hands() -> None:
    game = Game(deal(5, 1, modules=frozenset({"undead_or_alive.4"})))

    def three(d: Data) -> None:
        d["boneyard_pile"].remove("one_hand")
        d["boneyard_pile"] = sorted(d["boneyard_pile"] + ["no_hands"])

    refused(game, three, r"Boneyard cards not conserved.*\['no_hands', 'no_hands', 'no_hands'")


def test_from_json_refuses_an_unknown_boneyard_card() -> None:
    game = Game(deal(5, 1, modules=frozenset({"undead_or_alive.4"})))
    refused(
        game,
        lambda d: d["boneyard_pile"].__setitem__(0, "three_hands"),
        "boneyard_pile: unknown card 'three_hands'",
    )


# ================================================== Duel Wound tokens and Rage cards


def test_from_json_refuses_an_unknown_wound_token() -> None:
    game = ua()
    refused(
        game,
        lambda d: d["wound_pile"].__setitem__(0, "whiskey"),
        r"Wound tokens not conserved: wound_pile \['whiskey'",
    )


def test_from_json_refuses_an_eliminated_player_holding_wound_tokens() -> None:
    game = ua()
    game = hold(game, 2, "beer")

    def dead(d: Data) -> None:
        kill(d, 2)

    refused(game, dead, r"seat 3: wounds \['beer'\], but an eliminated player's go back at once")


def test_from_json_refuses_rage_symbols_without_a_revealed_card() -> None:
    game = ua(modules=("undead_or_alive.2",))
    refused(
        game,
        lambda d: d["players"][0].update(rage_symbols=["beer"]),
        r"seat 1: rage_symbols \['beer'\]: at most 3 for each card revealed \(rage_revealed 0\)",
    )


def test_from_json_refuses_a_duel_rage_symbol() -> None:
    game = ua(modules=("undead_or_alive.2",))

    def duel(d: Data) -> None:
        d["rage_pile"] -= 1
        d["players"][0].update(rage_revealed=1, rage_symbols=["duel"])

    refused(game, duel, "seat 1: rage_symbols: unknown symbol 'duel'")


def test_from_json_refuses_fewer_rage_symbols_than_cards_once_entered() -> None:
    """Each revealed Rage card shows a symbol: DONE is offered only once each has one, so
    with the entry over fewer symbols than cards were never entered."""
    game = ua(modules=("undead_or_alive.2",))
    game = rage(game, 1, 2)
    play(game, Roll(ALL5, ("beer", "beer", "dynamite", "gatling", "gatling")), Stop())
    while game.pending.kind is not RAGE_SYMBOL:
        play(game, game.legal_actions()[0])
    play(game, Choose("bullseye1"))
    data_of(game)  # one symbol for two cards loads while the entry goes on
    play(game, Choose("beer"), Decline())
    refused(
        game,
        lambda d: d["players"][1]["rage_symbols"].pop(),
        r"seat 2: rage_symbols \['bullseye1'\]: at least one for each card revealed "
        r"\(rage_revealed 2\)",
    )


def test_from_json_refuses_a_rage_card_drawn_for_a_beer_not_showing() -> None:
    """'A Beer rolled and kept' draws a Rage card (Module 2 only): none without a Beer showing."""
    refused(
        ua(modules=("undead_or_alive.2",)),
        lambda d: d["scratch"].update(beer_rage=True),
        r"scratch.beer_rage: a kept Beer draws a Rage card but faces \[None, .* show none",
    )
    refused(
        base_game(),
        lambda d: d["scratch"].update(beer_rage=True),
        "scratch.beer_rage: a kept Beer draws a Rage card only in Module 2's games",
    )


def test_from_json_refuses_rage_cards_not_conserved() -> None:
    game = ua(modules=("undead_or_alive.2",))
    game = rage(game, 1, 2)
    refused(game, lambda d: d.update(rage_pile=17), "Rage cards not conserved: 19")


# ============================================ the queue, the scratch and the decision


def test_from_json_refuses_an_unknown_face_in_the_queue() -> None:
    refused(
        base_game(),
        lambda d: d["queue"].insert(0, ["turn_die", 0, "sideways"]),
        r"queue\[0\] \(turn_die face\): unknown face 'sideways'",
    )


def test_from_json_refuses_a_seat_not_at_the_table_in_the_queue() -> None:
    refused(
        base_game(),
        lambda d: d["queue"].insert(0, ["take_arrow", 7, "dice"]),
        r"queue\[0\] \(take_arrow seat\): 7 is not a seat \(0 to 4\)",
    )


def test_from_json_refuses_a_module_s_own_argument_its_package_checks() -> None:
    """Undead or Alive 4 checks its step's ``when`` itself (``declare_argument``)."""
    refused(
        ua(modules=("undead_or_alive.4",)),
        lambda d: d["queue"].insert(0, ["boneyard_draw", 1, "noon"]),
        r"queue\[0\] \(boneyard_draw when\): 'noon': a Boneyard card is drawn at a turn's end",
    )


def test_a_step_parameter_checked_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="step parameter 'seat: int' is checked already"):
        declare_argument("seat: int", lambda game, value, where: None)


def test_from_json_refuses_a_step_with_arguments_its_rule_does_not_take() -> None:
    refused(
        base_game(),
        lambda d: d["queue"].insert(0, ["gatling", 1]),
        r"queue\[0\]: step 'gatling' takes nothing, got \[1\]",
    )


def test_from_json_refuses_an_unknown_symbol_to_assign() -> None:
    game = base_game()
    game.dice_source = ScriptedDice(["bullseye1", "dynamite", "dynamite", "gatling", "arrow"])
    play(game, Roll(ALL5), Stop())
    refused(
        game,
        lambda d: d["scratch"]["to_assign"].__setitem__(0, [0, "bullseye3"]),
        r"scratch.to_assign\[0\]: result 0 shows 'bullseye1', not 'bullseye3'",
    )


def test_from_json_refuses_life_lost_this_turn_that_does_not_fit_the_eliminations() -> None:
    """Losing the last life is what eliminates a seat (eliminated_now, this turn), and the
    eliminated lose no more: a seat eliminated this turn lost some life in it, one eliminated
    before lost none."""
    game = base_game()

    def earlier(d: Data) -> None:
        kill(d, 1)
        d["scratch"]["lost"][1] = 2

    def now(d: Data) -> None:
        kill(d, 1)
        d["eliminated_now"] = [1]

    refused(
        game,
        earlier,
        r"scratch.lost \[0, 2, 0, 0, 0\], eliminated_now \[\]: seat 2 eliminated in an earlier",
    )
    refused(
        game, now, r"scratch.lost \[0, 0, 0, 0, 0\], eliminated_now \[1\]: seat 2 eliminated this"
    )


def test_from_json_refuses_end_of_turn_steps_closed_with_no_module_having_any() -> None:
    """scratch.closed marks the modules' end-of-turn steps as run: a game whose modules have
    none never closes a turn so."""
    refused(
        base_game(),
        lambda d: d["scratch"].update(closed=True),
        "scratch.closed: the modules' end-of-turn steps ran, but no module in play has any",
    )


def test_from_json_refuses_base_game_winners_the_roles_do_not_give() -> None:
    """'The Sheriff wins with his Deputies', the Outlaws win together: the seats of the side
    that won, by the roles, are the winners, no more, no fewer."""
    rng = random.Random(34)
    game = Game(deal(5, 34))
    for _ in range(4000):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert game.over and game.winners
    refused(
        game,
        lambda d: d["winners"].pop(),
        r"winners \[.*\]: the final state gives side .\w+. with seats",
    )
    others = [s for s in range(5) if s not in game.winners]
    refused(
        game,
        lambda d: d["winners"].append(others[0]),
        r"winners \[.*\]: the final state gives side .\w+. with seats",
    )


def test_from_json_refuses_a_seat_that_eliminated_itself() -> None:
    """The killer is the seat whose own result eliminated a player: a Bull's Eye reaches 1 or 2
    places away, a Gatling the others, a duel's winner is the other player; never the seat."""

    def itself(d: Data) -> None:
        kill(d, 1)
        d["players"][1]["killer"] = 1

    refused(base_game(), itself, r"seat 2: killer 1, itself")


def test_from_json_refuses_a_bullseye_assigned_to_a_result_not_showing_it() -> None:
    """A Bull's Eye is assigned once per result a die shows (a double face twice); a die that
    shows another face, or one assigned more often than its face counts, never was."""
    game = base_game()
    game.dice_source = ScriptedDice(["bullseye1", "bullseye2", "dynamite", "gatling", "arrow"])
    play(game, Roll(ALL5), Stop())
    play(game, game.legal_actions()[0])
    assert game.scratch.assigned and game.scratch.to_assign == [[1, "bullseye2"]]
    refused(
        game,
        lambda d: d["scratch"]["assigned"][0].__setitem__(0, 3),
        r"scratch.assigned\[0\]: result 3 shows 'gatling', not 'bullseye1'",
    )
    refused(
        game,
        lambda d: d["scratch"]["assigned"].append(d["scratch"]["assigned"][0]),
        r"scratch.assigned\[1\]: result 0 \(bullseye1\) assigned 2 times",
    )
    refused(
        game,
        lambda d: d["scratch"]["assigned"].append([1, "bullseye2", 0]),
        r"scratch.to_assign\[0\]: result 1 \(bullseye2\) assigned 2 times",
    )


def test_from_json_refuses_an_unknown_kind_of_decision() -> None:
    refused(
        base_game(),
        lambda d: d["pending"].update(kind="fly_away"),
        "state.pending: not a decision .kind 'fly_away' is not a kind of decision",
    )


def test_from_json_refuses_a_decision_the_rules_could_not_ask_now() -> None:
    refused(
        base_game(),
        lambda d: d["pending"].update(kind="beer_target", die=0),
        r"the pending beer_target decision does not fit the game "
        r"\(pending kind beer_target, seat 1\): die 0, but scratch.to_assign is \[\]",
    )


def test_from_json_refuses_a_decision_for_another_seat_than_the_turns() -> None:
    refused(
        base_game(),
        lambda d: d["pending"].update(seat=2),
        "the pending roll decision does not fit the game .*turn is seat 1's",
    )


def test_from_json_refuses_an_open_moment_of_an_unknown_kind() -> None:
    game = roles_game(SPECIALS)
    game.players[1].life = 5
    play(game, Roll(ALL5, ("beer", *QUIET_FACES[:4])), Stop())
    play(game, ChooseSeat(1))  # a gain: The Bad's moment opens
    assert game.open_moments
    refused(
        game,
        lambda d: d["windows"][0].__setitem__(0, "teatime"),
        r"windows\[0\]: unknown moment 'teatime'",
    )


def test_from_json_refuses_a_broken_state_kept_at_an_open_moment() -> None:
    game = roles_game(SPECIALS)
    game.players[1].life = 5
    play(game, Roll(ALL5, ("beer", *QUIET_FACES[:4])), Stop())
    play(game, ChooseSeat(1))
    refused(
        game,
        lambda d: d["windows"][0][2]["players"][2].update(life=99),
        r"windows\[0\]\[2\]: seat 3: life 99 is outside 0\.\.7",
    )


def test_from_json_refuses_an_unknown_card_offered_at_an_open_moment() -> None:
    game = roles_game(SPECIALS)
    game.players[1].life = 5
    play(game, Roll(ALL5, ("beer", *QUIET_FACES[:4])), Stop())
    play(game, ChooseSeat(1))
    refused(
        game,
        lambda d: d["windows"][0][3][0].update(card="the_lucky"),
        r"windows\[0\]\[3\]\[0\]: .* is no reveal offered at a 'gain' moment",
    )


def test_from_json_refuses_a_moment_that_lost_the_step_its_reveal_changes() -> None:
    """The Bad's reveal cancels the gain kept at his moment: without it, nothing to cancel."""
    game = roles_game(SPECIALS)
    game.players[1].life = 5
    play(game, Roll(ALL5, ("beer", *QUIET_FACES[:4])), Stop())
    play(game, ChooseSeat(1))
    assert game.open_moments[0][2].stack[-1][0] == "gain"  # a stack: the next step last
    refused(
        game,
        lambda d: d["windows"][0][2]["queue"].pop(),
        r"windows\[0\]\[3\]\[0\]: The Bad's power changes the 'gain' step, but the state kept",
    )


def test_setup_from_json_refuses_what_a_set_up_cannot_be() -> None:
    """The set-up's record is checked as the set-up itself: SetupError names the field."""
    data = roles_game(SPECIALS).setup.to_json()
    data["specials"][2] = "the_bear"
    with pytest.raises(SetupError, match=re.escape("seat 3: The Bear is not a outlaw card")):
        GameSetup.from_json(data)


def test_every_steps_arguments_are_checked_when_a_state_is_read() -> None:
    """Each step the rules register has a check for each of its arguments (by name and type),
    and each kind of moment one for its arguments: a new step or moment cannot slip through."""
    for name in STEPS:
        step_checks(name)  # a KeyError names the argument with no check
    assert set(OPENINGS) <= set(MOMENTS)


# ============================================= roles face up and down, the turn's counts (issue 34)


def test_from_json_refuses_a_special_card_shown_with_its_role_face_down() -> None:
    """The public view would show the card (The Bad) and so tell the hidden role."""
    refused(
        roles_game(["the_bear", "the_doc", "the_bad", "the_left_hand", "the_gambler"]),
        lambda d: d["players"][2].update(special_shown=True),
        r"seat 3: special_shown, but its role is face down \(revealed false\)",
    )


def test_from_json_refuses_an_eliminated_player_whose_role_is_face_down() -> None:
    def face_down(d: Data) -> None:
        kill(d, 1)
        d["players"][1]["revealed"] = False

    refused(
        base_game(), face_down, r"seat 2: eliminated \(alive false\), but its role is face down"
    )


def test_from_json_refuses_a_living_deputy_face_up_in_the_base_game() -> None:
    game = base_game()
    deputy = next(p.seat for p in game.players if p.role is Role.DEPUTY)
    refused(
        game,
        lambda d: d["players"][deputy].update(revealed=True),
        rf"seat {deputy + 1}: living, not the Sheriff, and its role deputy face up \(revealed",
    )


def test_the_table_turns_every_card_up_at_the_end_and_such_a_state_loads() -> None:
    """Random base games with dealt roles, played to the end: every card is face up, the
    survivors' too, and the state loads."""
    survivors = 0
    for seed in range(10):
        game, rng = Game(deal(5, seed)), random.Random(seed)
        for _ in range(2000):
            if game.over:
                break
            game.apply(rng.choice(game.legal_actions()))
        assert game.over and all(p.revealed for p in game.players)
        survivors += sum(p.alive and p.role is not Role.SHERIFF for p in game.players)
        data_of(game)
    assert survivors  # some card was face down until the end


def at_a_reroll() -> Game:
    game = base_game()
    game.dice_source = ScriptedDice(QUIET_FACES)
    game.apply(Roll(ALL5))
    assert game.pending is not None and game.pending.kind.value == "reroll"
    return game


@pytest.mark.parametrize("count", ["hits", "hit_results", "lost"])
def test_from_json_refuses_a_turns_count_no_dice_could_give(count: str) -> None:
    """Hits wait only for the step that applies them; the life lost in a turn is bounded by
    the most life a seat holds and what the turn's results could give back."""
    refused(
        at_a_reroll(),
        lambda d: d["scratch"][count].__setitem__(1, 10**12),
        rf"scratch.{count} \[0, 1000000000000",
    )


def test_from_json_refuses_a_seed_no_table_draws() -> None:
    data = data_of(base_game())
    data["setup"]["seed"] = -1
    with pytest.raises(SetupError, match="seed must be from 0 to 18446744073709551615, not -1"):
        Game.from_position(data)


def test_from_json_refuses_more_boneyard_draws_than_the_deck_and_the_turns_allow() -> None:
    game = Game(deal(5, 3, modules=frozenset({"undead_or_alive.4"})))
    refused(game, lambda d: d.update(boneyard_draws=10**12), "boneyard_draws 1000000000000: a")
    refused(game, lambda d: d.update(boneyard_draws=14), r"draws 0 to 13 cards .*turn_number 1")


def test_from_json_refuses_more_wound_draws_than_the_duels_allow() -> None:
    game = Game(deal(5, 3, modules=frozenset({"undead_or_alive.1", "undead_or_alive.2"})))
    refused(game, lambda d: d.update(wound_draws=10**12), r"wound_draws 1000000000000: .* 0 to 7")
