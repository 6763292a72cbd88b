"""Undead or Alive, Modules 1-3 (rulebook), errata's Duel die and Wound tokens, rulings UA1, UA2.

Each test names the sentence it plays out. Seat 0 is the Sheriff and plays first. With Module 1
the dice are three base dice (0-2) and the two Duel dice (3, 4). Rolls carry their faces, as a
replay does, so no random source is involved; Wound tokens come from the real pile (entered)
unless a test is about the simulated pile.
"""

from __future__ import annotations

import pytest

from companion.engine import (
    DICE,
    ArrowTaken,
    Choose,
    ChooseDie,
    ChooseSeat,
    DecisionKind,
    Decline,
    DynamiteExploded,
    Event,
    Game,
    GameSetup,
    IllegalAction,
    LifeGained,
    LifeLost,
    PlayerEliminated,
    ResultAssigned,
    Role,
    Roll,
    ScriptedDice,
    SetupError,
    Stop,
    characters_for,
    position,
    turn_order,
)
from companion.modules.duels.events import (
    DuelChallenged,
    DuelLost,
    DuelRolled,
    WoundDrawn,
    WoundsReturned,
)
from companion.modules.duels.rules import (
    DUEL_REROLL,
    DUEL_ROLL,
    DUEL_TARGET,
    WHICH_WOUND,
    WOUND_TOKEN,
    WOUND_TOKENS,
    DuelsGame,
    DuelsPlayer,
)
from companion.modules.posse.events import FaceChanged, RageMoved
from companion.modules.posse.rules import BELLE_STAR, CHUCK_DIE, CHUCK_FACE, RAGE_FROM, SAM_HEAL
from companion.modules.rage.events import RageDiscarded, RageDrawn, RageRevealed, RageShuffled
from companion.modules.rage.rules import RAGE_SYMBOL, RAGE_SYMBOLS, RageGame, RagePlayer

from .helpers import of, play

UA1, UA2, UA3 = "undead_or_alive.1", "undead_or_alive.2", "undead_or_alive.3"
M12 = (UA1, UA2)
ALL = (UA1, UA2, UA3)
# Characters whose abilities ask nothing in these tests (Jourdonnais needs three Gatlings).
QUIET = ["jourdonnais", "calamity_janet", "paul_regret", "lucky_duke", "black_jack"]
ROLES = ["sheriff", "outlaw", "renegade", "outlaw", "deputy"]
ALL5 = (0, 1, 2, 3, 4)
# Harmless base faces: one Dynamite and two Gatlings (no Gun for Jourdonnais).
CALM = ("dynamite", "gatling", "gatling")


def ua(
    characters: list[str] | None = None,
    modules: tuple[str, ...] = M12,
    real_wounds: bool = True,
    seed: int = 0,
    roles: list[str] | None = None,
) -> Game:
    characters = characters or QUIET
    roles = roles or ROLES[: len(characters)]
    setup = GameSetup(
        characters=tuple(characters),
        roles=tuple(Role(r) for r in roles),
        modules=frozenset(modules),
        real_piles=frozenset({"wounds"}) if real_wounds else frozenset(),
        seed=seed,
    )
    return Game(setup, ScriptedDice([]))


def hold(game: Game, seat: int, *tokens: str) -> Game:
    """Hand ``seat`` Wound tokens from the pile, as earlier duels would have."""
    return position(
        game, players={seat: {"wounds": [*DuelsPlayer.of(game.players[seat]).wounds, *tokens]}}
    )


def rage(game: Game, seat: int, cards: int) -> Game:
    """Hand ``seat`` face-down Rage cards from the pile."""
    return position(
        game, players={seat: {"rage_held": RagePlayer.of(game.players[seat]).rage_held + cards}}
    )


def turn(game: Game, *faces: str) -> list[Event]:
    """Roll all dice with these faces and keep them."""
    return play(game, Roll(tuple(range(len(faces))), faces), Stop())


def end_quietly(game: Game) -> list[Event]:
    """Play the current player's turn with faces that ask nothing."""
    n = len(game.faces)
    return turn(game, *CALM, *(("gatling",) * (n - 3)))


# ================================================== Module 1: Look Me in the Eyes (set-up)


def test_module1_cannot_be_played_without_module2() -> None:
    """'You cannot play with Module 1 unless you also play with Module 2.'"""
    with pytest.raises(SetupError, match="needs undead_or_alive.2"):
        ua(modules=(UA1,))


def test_module2_can_be_played_without_module1() -> None:
    """'You can play Module 2 without Module 1, if you choose.'"""
    game = ua(modules=(UA2,))
    assert (
        game.dice_kinds == ["base"] * 5
        and RageGame.of(game).rage_pile == 18
        and DuelsGame.of(game).wound_pile == ()
    )


def test_module1_three_base_dice_and_two_duel_dice() -> None:
    """UA1: 'Replace two of the five dice ... roll the three basic dice and the two Duel dice.'"""
    game = ua()
    assert game.dice_kinds == ["base", "base", "base", "duel", "duel"]
    assert game.legal_actions() == [Roll(ALL5)]


def test_errata_duel_die_faces() -> None:
    """The errata: Fight a Duel twice, Indian arrow, Dynamite, Gatling, Whiskey bottle."""
    assert DICE["duel"] == ("duel", "duel", "arrow", "dynamite", "gatling", "whiskey")


def test_errata_fifteen_wound_tokens_shuffled_into_a_pile() -> None:
    """The errata: Beer x3, Bull's Eye 1 x5, Bull's Eye 2 x5, Dynamite x2."""
    assert sorted(WOUND_TOKENS) == sorted(
        ["beer"] * 3 + ["bullseye1"] * 5 + ["bullseye2"] * 5 + ["dynamite"] * 2
    )
    assert DuelsGame.of(ua()).wound_pile == tuple(sorted(WOUND_TOKENS))


def test_module1_resolution_order() -> None:
    """'Arrow, Dynamite, Whiskey Bottle, Bull's eye 1, Bull's eye 2, Beer, Gatling, Duel.'"""
    per_roll, resolution = turn_order(frozenset(M12))
    assert per_roll == ("arrow",)
    order = [p for p in resolution if p not in ("last_roll", "beer_rage", "end")]
    assert order == ["dynamite", "whiskey", "bullseye", "beer", "gatling", "duel"]


def test_module1_with_a_saloon_die_the_duel_dice_still_replace_two_base_dice() -> None:
    """Old Saloon 1 with Module 1: the Saloon die replaces one of the three base dice."""
    game = ua(modules=(*M12, "old_saloon.1"))
    play(game, Choose("loudmouth"))
    assert game.dice_kinds == ["base", "base", "loudmouth", "duel", "duel"]


# ================================================================= Whiskey


def test_whiskey_gains_one_life_and_discards_a_wound_token() -> None:
    """'Whiskey Bottle: Gain 1 life point ... In addition, discard 1 Duel Wound token.'"""
    game = ua()
    game = position(game, players={0: {"life": 5}})
    game = hold(game, 0, "bullseye2")
    events = turn(game, *CALM, "whiskey", "gatling")
    assert of(events, LifeGained)[0] == LifeGained(0, 1, 6, "whiskey")
    assert WoundsReturned(0, ("bullseye2",), "whiskey") in events
    assert of(events, RageDrawn) == []


def test_whiskey_gains_life_only_for_the_active_player() -> None:
    """'(you cannot choose a different player)': no target decision is asked."""
    game = ua()
    game = position(game, players={0: {"life": 5}})
    events = turn(game, *CALM, "whiskey", "gatling")
    assert [e.seat for e in of(events, LifeGained)] == [0]


def test_whiskey_without_a_wound_token_draws_a_rage_card() -> None:
    """'if you don't have one, draw 1 Rage card from the deck instead' (UA2)."""
    game = ua()
    events = turn(game, *CALM, "whiskey", "gatling")
    assert RageDrawn(0, 1, "whiskey") in events
    assert RagePlayer.of(game.players[0]).rage_held == 1 and RageGame.of(game).rage_pile == 17


def test_whiskey_with_two_kinds_of_token_asks_which_to_discard() -> None:
    """The discarded token is the player's choice when they differ."""
    game = ua()
    game = hold(game, 0, "beer", "dynamite")
    play(game, Roll(ALL5, ("gatling", "gatling", "beer", "whiskey", "gatling")), Stop())
    d = game.pending
    assert (d.kind, d.options) == (WHICH_WOUND, ("beer", "dynamite"))
    events = game.apply(Choose("dynamite"))
    assert WoundsReturned(0, ("dynamite",), "whiskey") in events


# ================================================================== Duels


def duel_turn(game: Game, *duel_faces: str) -> list[Event]:
    """Seat 0 keeps one Fight a Duel (die 3) and challenges seat 2."""
    return play(game, Roll(ALL5, (*CALM, "duel", "gatling")), Stop(), ChooseSeat(2))


def test_duel_the_challenged_player_rolls_the_duel_die() -> None:
    """'pass one Duel die to any player of your choice. That player rolls that Duel die again.'"""
    game = ua()
    events = play(game, Roll(ALL5, (*CALM, "duel", "gatling")), Stop())
    assert (game.pending.kind, game.pending.seat) == (DUEL_TARGET, 0)
    assert game.legal_actions() == [ChooseSeat(s) for s in (1, 2, 3, 4)]
    events = game.apply(ChooseSeat(2))
    assert DuelChallenged(0, 2, 3) in events
    d = game.pending
    assert (d.kind, d.seat, d.die, d.target) == (DUEL_ROLL, 2, 3, 0)
    assert game.legal_actions() == [Roll((3,))]


def test_duel_a_miss_loses_one_life_and_draws_a_wound_token() -> None:
    """'If they do not roll Fight a Duel, they lose 1 life point and draw 1 Duel Wound token.'"""
    game = ua()
    duel_turn(game)
    life = game.players[2].life
    events = game.apply(Roll((3,), ("gatling",)))
    assert DuelRolled(2, 0, (3,), ("gatling",)) in events
    assert DuelLost(2, 0) in events
    assert LifeLost(2, 1, life - 1, "duel", 0) in events
    assert not of(events, ArrowTaken)  # 'The symbol rolled is ignored.'
    assert (game.pending.kind, game.pending.seat) == (WOUND_TOKEN, 2)
    events = game.apply(Choose("beer"))
    assert WoundDrawn(2, "beer", True, "duel") in events
    assert DuelsPlayer.of(game.players[2]).wounds == ("beer",)


def test_duel_of_several_passes_the_first_to_miss_loses() -> None:
    """'If they roll Fight a Duel, they pass the die back to you ... and so on.'"""
    game = ua()
    duel_turn(game)
    play(game, Roll((3,), ("duel",)))
    assert (game.pending.kind, game.pending.seat) == (DUEL_ROLL, 0)
    play(game, Roll((3,), ("duel",)))
    assert game.pending.seat == 2
    play(game, Roll((3,), ("duel",)))
    assert game.pending.seat == 0
    life = game.players[0].life
    events = game.apply(Roll((3,), ("whiskey",)))
    assert DuelLost(0, 2) in events
    assert LifeLost(0, 1, life - 1, "duel", 2) in events
    assert not of(events, LifeGained)  # the Whiskey rolled in a duel is ignored
    assert len(of(events, DuelRolled)) == 1


def test_duel_rolls_are_real_rolls_from_the_dice_source_recorded_in_their_events() -> None:
    """UA1: 'each duel roll-off is a sequence of real rolls recorded like any other.'"""
    setup = ua().setup
    game = Game(setup, ScriptedDice([*CALM, "duel", "gatling", "duel", "arrow"]))
    play(game, Roll(ALL5), Stop(), ChooseSeat(2))
    first = game.apply(Roll((3,)))
    second = game.apply(Roll((3,)))
    assert of(first, DuelRolled) == [DuelRolled(2, 0, (3,), ("duel",))]
    assert of(second, DuelRolled) == [DuelRolled(0, 2, (3,), ("arrow",))]
    assert game.dice_source.remaining == 0


def test_two_duels_are_resolved_one_after_the_other_in_the_order_chosen() -> None:
    """'Duels are resolved one after the other. The player whose turn it is chooses the order.'"""
    game = ua()
    play(game, Roll(ALL5, (*CALM, "duel", "duel")), Stop())
    events = game.apply(ChooseSeat(3))
    assert DuelChallenged(0, 3, 3) in events and game.pending.seat == 3
    play(game, Roll((3,), ("gatling",)), Choose("bullseye1"))
    assert game.pending.kind is DUEL_TARGET
    events = game.apply(ChooseSeat(1))
    assert DuelChallenged(0, 1, 4) in events
    assert (game.pending.seat, game.pending.die) == (1, 4)


def test_one_duel_die_to_each_player_a_turn() -> None:
    """'The player cannot assign more than one Duel die to the same player in the same turn.'"""
    game = ua()
    play(game, Roll(ALL5, (*CALM, "duel", "duel")), Stop(), ChooseSeat(3))
    play(game, Roll((3,), ("gatling",)), Choose("bullseye1"))
    assert ChooseSeat(3) not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply(ChooseSeat(3))


def test_a_second_duel_with_nobody_left_to_challenge_is_lost() -> None:
    """UA1's limit with a single opponent alive: the second Fight a Duel has no one to go to."""
    game = ua(
        ["jourdonnais", "calamity_janet", "paul_regret"], roles=["deputy", "outlaw", "renegade"]
    )
    # Seat 3 fell in an earlier turn: with 3 players, the others play on, last one standing.
    game = position(game, players={2: {"life": 0, "alive": False}}, last_standing=True)
    play(game, Roll(ALL5, (*CALM, "duel", "duel")), Stop(), ChooseSeat(1))
    play(game, Roll((3,), ("gatling",)), Choose("beer"))
    assert game.turn == 1  # the turn went on to the next player


def test_duel_loss_is_by_the_winners_hand_in_a_three_player_game() -> None:
    """Ruling 11: with Undead or Alive, Duel results are 'your hand' too."""
    game = ua(
        ["jourdonnais", "calamity_janet", "paul_regret"], roles=["deputy", "outlaw", "renegade"]
    )
    game = position(game, players={2: {"life": 1}})
    play(game, Roll(ALL5, (*CALM, "duel", "gatling")), Stop(), ChooseSeat(2))
    events = game.apply(Roll((3,), ("arrow",)))
    assert PlayerEliminated(2, "duel", 0) in events
    assert game.over and game.winners == (0,)  # the Deputy eliminated the Renegade himself


# ========================================================== Duel Wound tokens


def test_token_cancels_an_identical_result_on_a_kept_die() -> None:
    """'each Duel Wound token you have cancels one identical symbol rolled on a die you keep.'"""
    game = ua()
    game = hold(game, 0, "beer")
    play(game, Roll(ALL5, ("beer", "beer", "dynamite", "gatling", "gatling")), Stop())
    assert game.pending.kind is DecisionKind.BEER_TARGET
    events = game.apply(ChooseSeat(0))
    assert game.pending.kind is not DecisionKind.BEER_TARGET  # one Beer cancelled
    assert len(of(events, ResultAssigned)) == 1


def test_token_does_not_cancel_a_result_that_is_rerolled() -> None:
    """'it does not cancel a Beer result that you decide to reroll': the kept one is cancelled."""
    game = ua()
    game = hold(game, 0, "beer")
    play(game, Roll(ALL5, ("beer", "beer", "dynamite", "gatling", "gatling")))
    play(game, Roll((0,), ("bullseye1",)), Stop())
    # The re-rolled Beer is gone; the token cancels the kept Beer, so no Beer is left to give.
    assert game.pending.kind is DecisionKind.BULLSEYE_TARGET
    play(game, ChooseSeat(1))
    assert game.turn == 1 and DuelsPlayer.of(game.players[0]).wounds == ()


def test_bullseye_token_cancels_one_bullseye() -> None:
    """A Bull's Eye 1 token cancels one rolled Bull's Eye 1 of two."""
    game = ua()
    game = hold(game, 0, "bullseye1")
    play(game, Roll(ALL5, ("bullseye1", "bullseye1", "dynamite", "gatling", "gatling")), Stop())
    events = game.apply(ChooseSeat(1))
    assert of(events, LifeLost) == [LifeLost(1, 1, 7, "bullseye", 0)]


def test_dynamite_token_counts_as_an_additional_rolled_dynamite() -> None:
    """'The Dynamite token is an exception: it counts as an additional rolled Dynamite.'"""
    game = ua()
    game = hold(game, 0, "dynamite")
    life = game.players[0].life
    events = game.apply(Roll(ALL5, ("dynamite", "dynamite", "gatling", "gatling", "arrow")))
    assert DynamiteExploded(0) in events  # two rolled and the token: three Dynamite
    assert LifeLost(0, 1, life - 1, "dynamite", None) in events


def test_one_dynamite_and_the_token_make_two_no_explosion() -> None:
    game = ua()
    game = hold(game, 0, "dynamite")
    events = game.apply(Roll(ALL5, ("dynamite", "gatling", "gatling", "gatling", "arrow")))
    assert not of(events, DynamiteExploded) and game.symbol_count("dynamite") == 2


def test_lucky_duplicate_token_is_shuffled_back_without_replacement() -> None:
    """'If you draw a symbol you already have ... shuffle it back ... do not draw a replacement!'"""
    game = ua()
    game = hold(game, 2, "beer")
    duel_turn(game)
    play(game, Roll((3,), ("gatling",)))
    pile = DuelsGame.of(game).wound_pile
    events = game.apply(Choose("beer"))
    assert WoundDrawn(2, "beer", False, "duel") in events
    assert (
        DuelsPlayer.of(game.players[2]).wounds == ("beer",)
        and DuelsGame.of(game).wound_pile == pile
    )


def test_tokens_go_back_to_the_pile_at_the_end_of_your_turn() -> None:
    """'At the end of your turn, reshuffle all of your Duel Wound tokens back into the pile.'"""
    game = ua()
    game = hold(game, 0, "beer", "bullseye2")
    game = hold(game, 1, "bullseye1")
    events = end_quietly(game)
    assert WoundsReturned(0, ("beer", "bullseye2"), "end_of_turn") in events
    assert DuelsPlayer.of(game.players[0]).wounds == () and DuelsPlayer.of(
        game.players[1]
    ).wounds == ("bullseye1",)
    assert len(DuelsGame.of(game).wound_pile) == 14


def test_ua3_an_eliminated_players_wound_tokens_go_back_at_once_and_can_be_drawn_again() -> None:
    """Ruling UA3: an eliminated player's Duel Wound tokens go back to the pile at once, like
    their arrows and Rage cards, so they can be drawn again in the same turn: here both
    Dynamite tokens are held, seat 1 falls to a Bull's Eye and the loser of the duel after it
    may draw seat 1's Dynamite."""
    game = ua()
    game = hold(game, 1, "dynamite")
    game = hold(game, 3, "dynamite")
    game = rage(game, 1, 1)
    game = position(game, players={1: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye1", "dynamite", "gatling", "duel", "gatling")), Stop())
    events = play(game, ChooseSeat(1))
    assert WoundsReturned(1, ("dynamite",), "eliminated") in events
    assert RageDiscarded(1, 1) in events and RageGame.of(game).rage_discard == 1
    assert (
        DuelsPlayer.of(game.players[1]).wounds == () and "dynamite" in DuelsGame.of(game).wound_pile
    )
    play(game, ChooseSeat(2), Roll((3,), ("gatling",)))  # seat 2 misses: a Wound token
    assert (game.pending.kind, game.pending.seat) == (WOUND_TOKEN, 2)
    assert "dynamite" in game.pending.options
    play(game, Choose("dynamite"))
    assert DuelsPlayer.of(game.players[2]).wounds == ("dynamite",)


def test_ua3_herb_hunters_token_is_taken_at_the_second_life_point_whatever_becomes_of_herb() -> (
    None
):
    """Ruling UA3: Herb Hunter's token is taken the moment a player has lost their second life
    point of his turn: Herb's own elimination later in that turn (here in a duel he started)
    does not cancel it."""
    game = ua(["jourdonnais", "herb_hunter", *QUIET[2:]], modules=ALL)
    end_quietly(game)
    game = position(game, players={1: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye1", "bullseye1", "gatling", "duel", "gatling")), Stop())
    play(game, ChooseSeat(2), ChooseSeat(2))  # seat 2 loses 2 at once
    assert (game.pending.kind, game.pending.seat, game.pending.cause) == (
        WOUND_TOKEN,
        2,
        "herb_hunter",
    )
    play(game, Choose("beer"), ChooseSeat(3), Roll((3,), ("duel",)))
    events = play(game, Roll((3,), ("arrow",)))  # Herb misses the duel he started
    assert PlayerEliminated(1, "duel", 3) in events
    assert DuelsPlayer.of(game.players[2]).wounds == ("beer",)


def test_simulated_pile_draws_are_the_seeds_and_recorded() -> None:
    """Simulated by default: the token is drawn from the seed and named in its event."""

    def drawn(seed: int) -> list[Event]:
        game = ua(real_wounds=False, seed=seed)
        duel_turn(game)
        return of(game.apply(Roll((3,), ("gatling",))), WoundDrawn)

    assert drawn(5) == drawn(5)
    (event,) = drawn(5)
    assert event.token in WOUND_TOKENS and event.kept


def test_real_pile_offers_only_tokens_left_in_it() -> None:
    """Optionally the table uses its real pile: the choices are the tokens still in it."""
    game = ua()
    for seat in (1, 3):
        game = hold(game, seat, "dynamite")
    duel_turn(game)
    play(game, Roll((3,), ("gatling",)))
    assert game.pending.options == ("beer", "bullseye1", "bullseye2")


def test_unknown_real_pile_is_refused() -> None:
    with pytest.raises(SetupError, match="unknown real pile 'bones'"):
        GameSetup(
            ("jourdonnais",) * 1 + ("calamity_janet", "paul_regret", "lucky_duke"),
            sheriff=0,
            real_piles=frozenset({"bones"}),
        )


# =============================================== Module 2: Two Bullets Are Enough


def test_rage_card_for_two_life_lost_in_any_turn() -> None:
    """'draw a Rage card at the end of any turn during which you lost 2 or more life points.'"""
    game = ua(modules=(UA2,))
    play(game, Roll(ALL5, ("bullseye1", "bullseye1", "dynamite", "gatling", "gatling")), Stop())
    events = play(game, ChooseSeat(4), ChooseSeat(4))
    assert RageDrawn(4, 1, "lost_two") in events
    assert RagePlayer.of(game.players[4]).rage_held == 1 and RageGame.of(game).rage_pile == 17


def test_no_rage_card_for_one_life_lost() -> None:
    game = ua(modules=(UA2,))
    play(game, Roll(ALL5, ("bullseye1", "bullseye1", "dynamite", "gatling", "gatling")), Stop())
    events = play(game, ChooseSeat(1), ChooseSeat(4))
    assert of(events, RageDrawn) == []


def test_rage_card_for_two_life_lost_no_matter_how() -> None:
    """'no matter how (Bull's Eye, Dynamite, Indian arrow, etc.)': the Indians too."""
    game = ua(modules=(UA2,))
    # Seat 3 holds 2 arrows and the others the rest but one: the arrow rolled empties the pile.
    game = position(game, players={2: {"arrows": 2}, 1: {"arrows": 3}, 3: {"arrows": 3}})
    events = play(game, Roll(ALL5, ("arrow", "gatling", "gatling", "gatling", "beer")))
    assert LifeLost(2, 2, 7, "indians", None) in events
    events = play(game, Stop(), ChooseSeat(3))
    assert RageDrawn(2, 1, "lost_two") in events


def test_rage_card_for_a_kept_beer_with_no_wound_token() -> None:
    """'You also draw a Rage card if you rolled and kept a Beer ... and you have no ... tokens.'"""
    game = ua(modules=(UA2,))
    play(game, Roll(ALL5, ("beer", "gatling", "gatling", "dynamite", "arrow")), Stop())
    events = game.apply(ChooseSeat(3))
    assert RageDrawn(0, 1, "beer") in events


def test_no_rage_card_for_a_beer_with_a_wound_token_to_discard() -> None:
    """UA2 with Module 1: holding a token, the kept Beer draws nothing."""
    game = ua()
    game = hold(game, 0, "bullseye2")
    play(game, Roll(ALL5, ("beer", "gatling", "gatling", "dynamite", "arrow")), Stop())
    events = game.apply(ChooseSeat(3))
    assert of(events, RageDrawn) == []


def test_rage_cards_are_revealed_at_the_start_of_your_turn_and_entered() -> None:
    """'At the start of your turn, reveal all of your Rage cards.' The seat enters the symbols."""
    game = ua(modules=(UA2,))
    game = rage(game, 1, 2)
    events = end_quietly(game)
    assert RageRevealed(1, 2) in events
    d = game.pending
    assert (d.kind, d.seat, d.options) == (RAGE_SYMBOL, 1, RAGE_SYMBOLS)
    assert Decline() not in game.legal_actions()  # at least one symbol per card
    play(game, Choose("bullseye1"))
    assert Decline() not in game.legal_actions()
    play(game, Choose("beer"), Decline())
    assert game.pending.kind is DecisionKind.ROLL
    assert RagePlayer.of(game.players[1]).rage_symbols == ("bullseye1", "beer")


def test_rage_symbols_are_added_to_the_results_of_the_dice() -> None:
    """'All of the symbols on those cards are added to the results of the dice.'"""
    game = ua(modules=(UA2,))
    game = rage(game, 1, 1)
    end_quietly(game)
    play(game, Choose("bullseye1"), Decline())
    play(game, Roll(ALL5, ("gatling", "gatling", "dynamite", "gatling", "dynamite")), Stop())
    d = game.pending
    assert (d.kind, d.die) == (DecisionKind.BULLSEYE_TARGET, 5)  # past the five dice
    assert ChooseSeat(2) in game.legal_actions()  # Calamity Janet reaches 1 or 2 places
    events = game.apply(ChooseSeat(2))
    assert LifeLost(2, 1, 8, "bullseye", 1) in events


def test_rage_arrows_trigger_immediately_on_reveal() -> None:
    """'Arrows trigger immediately when you reveal the cards.'"""
    game = ua(modules=(UA2,))
    game = rage(game, 1, 1)
    end_quietly(game)
    events = game.apply(Choose("arrow"))
    assert ArrowTaken(1, 8, "rage") in events
    assert game.pending.kind is RAGE_SYMBOL


def test_rage_entry_is_bounded_per_card() -> None:
    """A card shows a few symbols: after three per card only DONE is left."""
    game = ua(modules=(UA2,))
    game = rage(game, 1, 1)
    end_quietly(game)
    play(game, Choose("gatling"), Choose("gatling"), Choose("gatling"))
    assert game.legal_actions() == [Decline()]


def test_revealed_rage_cards_are_discarded_at_the_end_of_the_turn() -> None:
    """'At the end of your turn, discard all of your revealed Rage cards. If you drew additional
    Rage cards during your turn, keep them face down until your next turn.'"""
    game = ua()
    game = rage(game, 1, 1)
    end_quietly(game)
    play(game, Choose("gatling"), Decline())
    events = turn(game, "gatling", "gatling", "dynamite", "whiskey", "gatling")
    assert RageDrawn(1, 1, "whiskey") in events and RageDiscarded(1, 1) in events
    p = game.players[1]
    assert (
        RagePlayer.of(p).rage_revealed,
        RagePlayer.of(p).rage_symbols,
        RagePlayer.of(p).rage_held,
        RageGame.of(game).rage_discard,
    ) == (0, (), 1, 1)


def test_empty_rage_pile_is_reshuffled_from_the_discards() -> None:
    """'If the Rage card pile is empty, shuffle the discards to form a new pile.'"""
    game = ua()
    game = position(game, rage_pile=0, rage_discard=18)
    events = turn(game, *CALM, "whiskey", "gatling")
    assert RageShuffled(18) in events and RageDrawn(0, 1, "whiskey") in events
    assert (RageGame.of(game).rage_pile, RageGame.of(game).rage_discard) == (17, 0)


# ================================================ Module 3: A New Posse in Town


def test_module3_characters_that_refer_to_modules_1_or_2_need_them() -> None:
    """'Some refer to the modules in this expansion, and should be added only if ... used.'"""
    alone = characters_for(frozenset({UA3}))  # type: ignore[arg-type]
    assert {"belle_star", "chuck_wengam", "greg_digger"} <= set(alone)
    assert not {"herb_hunter", "pat_brennan", "pixie_pete", "sam_the_healer", "sean_mallory"} & set(
        alone
    )
    both = characters_for(frozenset(ALL))  # type: ignore[arg-type]
    assert {"herb_hunter", "pat_brennan", "pixie_pete", "sam_the_healer", "sean_mallory"} <= set(
        both
    )
    with pytest.raises(SetupError, match="Sam the Healer plays only with module undead_or_alive.1"):
        ua(["sam_the_healer", *QUIET[1:]], modules=(UA2, UA3))


def test_belle_star_changes_one_dynamite_to_gatling_after_a_roll() -> None:
    """BELLE STAR: 'After each of your dice rolls, you can change one Dynamite to Gatling.'"""
    game = ua(["belle_star", *QUIET[1:]], modules=(UA3,))
    game.apply(Roll(ALL5, ("dynamite", "dynamite", "beer", "arrow", "gatling")))
    d = game.pending
    assert d.kind is BELLE_STAR
    assert game.legal_actions() == [ChooseDie(0), ChooseDie(1), Decline()]
    events = game.apply(ChooseDie(1))
    assert FaceChanged(0, 1, "gatling", "belle_star") in events
    assert game.faces[1] == "gatling" and game.pending.kind is DecisionKind.REROLL


def test_belle_star_not_with_three_dynamite() -> None:
    """'(not if you roll three or more Dynamite!)'"""
    game = ua(["belle_star", *QUIET[1:]], modules=(UA3,))
    events = game.apply(Roll(ALL5, ("dynamite", "dynamite", "dynamite", "arrow", "gatling")))
    assert DynamiteExploded(0) in events and game.pending.kind is not BELLE_STAR


def test_chuck_wengam_loses_a_life_to_turn_a_die_once_a_turn() -> None:
    """CHUCK WENGAM: 'Once per turn, you may lose one life point to turn one of your dice.'"""
    game = ua(["chuck_wengam", *QUIET[1:]], modules=(UA3,))
    game.apply(Roll(ALL5, ("beer", "dynamite", "gatling", "gatling", "arrow")))
    assert game.pending.kind is CHUCK_DIE
    game.apply(ChooseDie(0))
    assert game.pending.kind is CHUCK_FACE
    assert game.pending.options == ("arrow", "dynamite", "bullseye1", "bullseye2", "gatling")
    events = game.apply(Choose("gatling"))
    assert LifeLost(0, 1, 9, "chuck_wengam", None) in events
    assert FaceChanged(0, 0, "gatling", "chuck_wengam") in events
    assert game.faces[0] == "gatling"
    game.apply(Roll((4,), ("beer",)))
    assert game.pending.kind is DecisionKind.REROLL  # once per turn: not asked again


def test_chuck_wengam_cannot_turn_a_dynamite_of_three() -> None:
    """'(except Dynamite if you rolled three or more!)'"""
    game = ua(["chuck_wengam", *QUIET[1:]], modules=(UA3,))
    game.apply(Roll(ALL5, ("dynamite", "dynamite", "dynamite", "gatling", "beer")))
    assert game.pending.kind is CHUCK_DIE
    assert game.legal_actions() == [ChooseDie(3), ChooseDie(4), Decline()]


def test_greg_digger_uses_each_beer_twice() -> None:
    """GREG DIGGER: 'You may use each Beer you roll twice.'"""
    game = ua(["greg_digger", *QUIET[1:]], modules=(UA3,))
    game = position(game, players={1: {"life": 5}})
    play(game, Roll(ALL5, ("beer", "gatling", "gatling", "dynamite", "arrow")), Stop())
    events = play(game, ChooseSeat(1), ChooseSeat(1))
    assert LifeGained(1, 2, 7, "beer") in events


def test_herb_hunter_gives_a_wound_token_to_who_lost_two_in_his_turn() -> None:
    """HERB HUNTER: 'If another player loses two or more life points during your turn, they
    must take a Duel Wound token.'"""
    game = ua(["herb_hunter", *QUIET[1:]], modules=ALL)
    play(game, Roll(ALL5, ("bullseye1", "bullseye1", "dynamite", "gatling", "gatling")), Stop())
    play(game, ChooseSeat(1), ChooseSeat(1))
    assert (game.pending.kind, game.pending.seat, game.pending.cause) == (
        WOUND_TOKEN,
        1,
        "herb_hunter",
    )
    play(game, Choose("bullseye2"))
    assert DuelsPlayer.of(game.players[1]).wounds == ("bullseye2",)


def test_pat_brennan_moves_one_rage_card_at_the_start_of_his_turn() -> None:
    """PAT BRENNAN: 'you may move one Rage card from one player to another. You can choose
    yourself.'"""
    alone = ua(["pat_brennan", *QUIET[1:]], modules=(UA2, UA3))
    assert alone.pending.kind is DecisionKind.ROLL  # nobody holds a card: nothing to ask
    game = ua(["calamity_janet", "pat_brennan", *QUIET[2:]], modules=(UA2, UA3))
    game = rage(game, 3, 1)
    end_quietly(game)
    assert game.pending.kind is RAGE_FROM
    assert game.legal_actions() == [ChooseSeat(3), Decline()]
    game.apply(ChooseSeat(3))
    assert ChooseSeat(3) not in game.legal_actions() and ChooseSeat(1) in game.legal_actions()
    events = game.apply(ChooseSeat(1))
    assert RageMoved(1, 3, 1) in events
    assert RageRevealed(1, 1) in events  # moved to himself before the reveal
    assert (RagePlayer.of(game.players[3]).rage_held, game.pending.kind) == (0, RAGE_SYMBOL)


def test_pixie_pete_draws_two_rage_cards_and_keeps_one() -> None:
    """PIXIE PETE: 'draw two and choose one to keep. Shuffle the unchosen card back.'"""
    game = ua(["pixie_pete", *QUIET[1:]], modules=(UA2, UA3))
    play(game, Roll(ALL5, ("beer", "gatling", "gatling", "dynamite", "arrow")), Stop())
    events = game.apply(ChooseSeat(3))
    assert RageDrawn(0, 2, "beer") in events
    assert (RagePlayer.of(game.players[0]).rage_held, RageGame.of(game).rage_pile) == (1, 17)


def test_sam_the_healer_heals_one_player_for_each_duel_he_starts() -> None:
    """SAM THE HEALER: 'Each time you use a Fight a Duel symbol, you may choose one player to
    gain one life point. You may choose yourself.'"""
    game = ua(["sam_the_healer", *QUIET[1:]], modules=ALL)
    game = position(game, players={0: {"life": 5}})
    play(game, Roll(ALL5, (*CALM, "duel", "gatling")), Stop(), ChooseSeat(2))
    assert (game.pending.kind, game.pending.seat) == (SAM_HEAL, 0)
    events = game.apply(ChooseSeat(0))
    assert LifeGained(0, 1, 6, "sam_the_healer") in events
    assert game.pending.kind is DUEL_ROLL


def test_sam_the_healer_not_when_shooting_back() -> None:
    """'When shooting back, this ability doesn't trigger.'"""
    game = ua(["jourdonnais", "sam_the_healer", *QUIET[2:]], modules=ALL)
    play(game, Roll(ALL5, (*CALM, "duel", "gatling")), Stop(), ChooseSeat(1))
    assert game.pending.kind is DUEL_ROLL
    play(game, Roll((3,), ("duel",)))
    assert (game.pending.kind, game.pending.seat) == (DUEL_ROLL, 0)


def test_sean_mallory_rerolls_a_duel_die_once_on_his_turn() -> None:
    """SEAN MALLORY: 'You may reroll a Duel die once on your turn.'"""
    game = ua(["sean_mallory", *QUIET[1:]], modules=ALL)
    play(game, Roll(ALL5, (*CALM, "duel", "gatling")), Stop(), ChooseSeat(2))
    play(game, Roll((3,), ("duel",)))
    game.apply(Roll((3,), ("gatling",)))
    assert (game.pending.kind, game.pending.seat) == (DUEL_REROLL, 0)
    assert game.legal_actions() == [Roll((3,)), Stop()]
    play(game, Roll((3,), ("duel",)), Roll((3,), ("duel",)))
    events = game.apply(Roll((3,), ("arrow",)))  # no second re-roll
    assert DuelLost(0, 2) in events


def test_sean_mallory_keeps_a_miss_with_done() -> None:
    game = ua(["sean_mallory", *QUIET[1:]], modules=ALL)
    play(game, Roll(ALL5, (*CALM, "duel", "gatling")), Stop(), ChooseSeat(2))
    play(game, Roll((3,), ("duel",)), Roll((3,), ("gatling",)))
    assert DuelLost(0, 2) in game.apply(Stop())


def test_sean_mallory_not_when_another_player_gives_him_a_duel_die() -> None:
    """'not when another player gives you a Duel die during their turn.'"""
    game = ua(["jourdonnais", "sean_mallory", *QUIET[2:]], modules=ALL)
    play(game, Roll(ALL5, (*CALM, "duel", "gatling")), Stop(), ChooseSeat(1))
    events = game.apply(Roll((3,), ("gatling",)))
    assert DuelLost(1, 0) in events


def test_illegal_answers_say_why() -> None:
    """Bad input gets a clear error and changes nothing."""
    game = ua()
    play(game, Roll(ALL5, (*CALM, "duel", "duel")), Stop(), ChooseSeat(3))
    play(game, Roll((3,), ("gatling",)), Choose("bullseye1"))
    with pytest.raises(IllegalAction, match="Seat 4 already has a Duel die this turn"):
        game.apply(ChooseSeat(3))
    with pytest.raises(IllegalAction, match="cannot challenge yourself"):
        game.apply(ChooseSeat(0))
    game.apply(ChooseSeat(1))
    with pytest.raises(IllegalAction, match="rolls the Duel die 5, and only that die"):
        game.apply(Roll((3,)))
    game = ua(modules=(UA2,))
    game = rage(game, 1, 2)
    end_quietly(game)
    with pytest.raises(IllegalAction, match=r"at least one symbol per Rage card first \(0 of 2"):
        game.apply(Decline())
    assert RagePlayer.of(game.players[1]).rage_symbols == ()
