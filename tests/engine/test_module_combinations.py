"""Rules that meet when modules are played together, and the rarely reached corners of each.

Each test names the rule it plays out and the modules it combines; where the rulebook does not
combine them, the docstring says the reading chosen (also listed in docs/rules.md). Seats: 0
Sheriff, 1 Deputy, 2 Outlaw, 3 Renegade, 4 Outlaw. With Undead or Alive 1 dice 0-2 are base
dice, 3 and 4 the Duel dice.
"""

from __future__ import annotations

from companion.engine import (
    Accept,
    Choose,
    ChooseDie,
    ChooseSeat,
    DecisionKind,
    Decline,
    Game,
    GameSetup,
    LifeGained,
    Reveal,
    Role,
    Roll,
    ScriptedDice,
    Stop,
    position,
    result_of,
)
from companion.modules.chief_arrow.rules import ChiefGame, ChiefPlayer
from companion.modules.duels.rules import DUEL_ROLL, WOUND_TOKEN, DuelsGame, DuelsPlayer
from companion.modules.ghost.rules import (
    GHOST_REROLL,
    GHOST_ROLL,
    GHOST_TARGET,
    GhostGame,
    is_ghost,
)
from companion.modules.legacy.rules import LegacyPlayer, LegacySetup, next_game
from companion.modules.posse.rules import CHUCK_DIE, RAGE_FROM, RAGE_TO, SAM_HEAL
from companion.modules.rage.rules import RAGE_SYMBOL, RageGame, RagePlayer
from companion.modules.special_roles.dealing import SpecialsSetup
from companion.modules.special_roles.events import RoleCardShown
from companion.modules.special_roles.rules import (
    DOC_DIE,
    DOC_FACE,
    LEFT_HAND_CHANCE,
    ROLE_CARD,
    holding,
)
from companion.modules.zombies.rules import CARD, BoneyardGame, BoneyardSetup, is_master, is_zombie

from .helpers import kinds, play
from .roles_helpers import QUIET, quiet_turn, reveal, reveals, roles_game
from .test_ghost import SEVEN, SEVEN_ROLES, SHOOT_JACK

OS1, OS3, OS4, OS5 = "old_saloon.1", "old_saloon.3", "old_saloon.4", "old_saloon.5"
UA1, UA2, UA3, UA4, UA5 = (f"undead_or_alive.{n}" for n in range(1, 6))
ALL5 = (0, 1, 2, 3, 4)
SPECIALS = ["the_bear", "the_doc", "the_bad", "the_left_hand", "the_gambler"]
QUIET_FACES = ("dynamite", "dynamite", "gatling", "gatling", "arrow")  # nobody hurt, no choice


def draw_from_the_deck(game: Game, *cards: str) -> None:
    """The Boneyard cards ``cards`` drawn from the deck and shown, a draw each."""
    for card in cards:
        b = BoneyardGame.of(game)
        pile = list(b.boneyard_pile)
        pile.remove(card)
        BoneyardGame.change(
            game,
            boneyard_pile=tuple(pile),
            boneyard_shown=(*b.boneyard_shown, card),
            boneyard_draws=b.boneyard_draws + 1,
        )


def test_the_bad_may_cancel_the_life_of_a_whiskey() -> None:
    """The Bad: "Reveal this card when another player is about to gain life points", with
    Undead or Alive 1's Whiskey ("Gain 1 life point"): the gain is The Bad's moment like any
    other; cancelled, the Whiskey still discards a Wound token or draws a Rage card."""
    game = roles_game(SPECIALS, modules=(OS3, UA1, UA2))
    game = position(game, players={0: {"life": 5}})
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
    game = position(game, players={1: {"life": 5}})
    game.apply(Roll(ALL5, ("dynamite", "dynamite", "gatling", "duel", "gatling")))
    game.apply(Stop())
    game.apply(ChooseSeat(4))
    assert (game.pending.kind, game.pending.seat) == (SAM_HEAL, 0)
    events = game.apply(ChooseSeat(1))
    assert LifeGained(1, 1, 6, "sam_the_healer") in events
    assert (2, "the_bad") in reveals(game)
    events = reveal(game, 2, "the_bad")
    assert "heal_prevented" in kinds(events) and game.players[1].life == 5
    assert game.pending.kind is DUEL_ROLL and game.pending.seat == 4


def outbreak_game(
    modules: tuple[str, ...],
    characters: tuple[str, ...],
    specials: list[str] | None = None,
    rage: tuple[int, ...] = (),
) -> Game:
    """Seat 0 eliminates seat 4 in the first turn; with four hands already showing, seat 4's
    card (one hand) starts the outbreak with seat 1's turn: seat 4 is a zombie with 4 life and
    the Renegade (seat 3) the Zombie Master. The Boneyard cards are the real deck's; the
    ``rage`` seats hold a face-down Rage card from the start."""
    setup = GameSetup(
        characters=characters,
        roles=tuple(Role(r) for r in ("sheriff", "deputy", "outlaw", "renegade", "outlaw")),
        modules=frozenset(modules),
        parts=(SpecialsSetup(None if specials is None else tuple(specials)), BoneyardSetup(True)),
    )
    game = Game(setup, ScriptedDice([]))
    draw_from_the_deck(game, "two_hands", "two_hands")
    for seat in rage:
        game = position(
            game,
            players={seat: {"rage_held": RagePlayer.of(game.players[seat]).rage_held + 1}},
        )
    game = position(game, players={4: {"life": 1}})
    n = len(game.faces)
    play(game, Roll(tuple(range(n)), ("bullseye1", *QUIET_FACES[: n - 1])), Stop())
    play(game, ChooseSeat(4), Choose("one_hand"))
    assert is_zombie(game.players[4]) and is_master(game.players[3]) and game.turn == 1
    return game


def test_a_zombie_is_never_about_to_gain_life_so_the_bad_is_not_offered() -> None:
    """Undead or Alive 4: zombies "do not gain life points from beer or other life-point-gaining
    effects"; Old Saloon 3's The Bad reveals "when another player is about to gain life points".
    A Beer given to a zombie is wasted: no moment for The Bad opens, his card stays usable."""
    characters = ("paul_regret", "calamity_janet", "jourdonnais", "black_jack", "lucky_duke")
    game = outbreak_game((OS3, UA4), characters, SPECIALS)
    play(game, Roll(ALL5, ("bullseye1", "beer", "dynamite", "dynamite", "gatling")), Stop())
    play(game, ChooseSeat(4))  # Calamity Janet hits the zombie two places away
    events = play(game, ChooseSeat(4))  # and gives it the Beer
    assert game.players[4].life == 3 and "life_gained" not in kinds(events)
    assert (2, "the_bad") not in reveals(game)


def test_pat_brennan_cannot_move_a_rage_card_to_a_zombie() -> None:
    """Undead or Alive 3's PAT BRENNAN moves "one Rage card from one player to another"; with
    Undead or Alive 4 zombies "do not collect any Duel Wound tokens or Rage cards", so a
    zombie is never among the players he may move it to."""
    characters = ("paul_regret", "pat_brennan", "jourdonnais", "black_jack", "lucky_duke")
    game = outbreak_game((UA2, UA3, UA4), characters, rage=(2,))
    assert game.pending.kind is RAGE_FROM  # the outbreak began his turn
    play(game, ChooseSeat(2))
    assert game.pending.kind is RAGE_TO
    assert ChooseSeat(4) not in game.legal_actions()
    assert set(game.legal_actions()) == {ChooseSeat(0), ChooseSeat(1), ChooseSeat(3)}


def test_legacy_follows_the_star_the_good_took() -> None:
    """Undead or Alive 5, "If the Sheriff died by the hand of another player, the player who
    killed them will be the new Sheriff", with Old Saloon 3's The Good ("You become the new
    Sheriff, and the old Sheriff becomes a Deputy"): the Sheriff of the series is the player
    holding the star when the game ends (our reading), here The Good, shot by seat 2."""
    game = roles_game(
        ["the_bear", "the_good", "the_bad", "the_left_hand", "the_ugly"],
        faces=QUIET_FACES * 2,
        modules=(OS3, UA5),
    )
    quiet_turn(game)
    reveal(game, 1, "the_good")
    quiet_turn(game)
    game = position(game, players={1: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[:4])), Stop(), ChooseSeat(1))
    if not game.over:  # the Left Hand's moment was open: the win waits for seat 2
        play(game, Accept())
    assert game.over and game.side == "outlaws"
    result = result_of(game)
    assert (result.sheriff, result.sheriff_alive, result.sheriff_killer) == (1, False, 2)
    assert next_game(result).sheriff == 2 and next_game(result).appointer is None


def test_legacy_the_old_sheriff_who_survives_as_a_deputy_appoints_no_one() -> None:
    """The same reading when the star's holder survives: The Good, Sheriff at the end, appoints
    the next Sheriff; the first Sheriff, a Deputy by then, does not."""
    game = roles_game(
        ["the_bear", "the_good", "the_bad", "the_left_hand", "the_ugly"],
        faces=QUIET_FACES,
        modules=(OS3, UA5),
    )
    quiet_turn(game)
    reveal(game, 1, "the_good")
    for seat in (2, 3, 4):
        game = position(game, players={seat: {"life": 1}})
    play(game, Roll(ALL5, ("gatling", "gatling", "gatling", "dynamite", "dynamite")), Stop())
    if not game.over:
        play(game, Accept())
    assert game.over and game.side == "sheriff"
    result = result_of(game)
    assert (result.sheriff, result.sheriff_alive) == (1, True)
    assert next_game(result).appointer == 1


def _right_hand_with_real_boneyard() -> Game:
    """Five quiet seats, seat 3 the Right Hand of the Devil, the Boneyard deck entered."""
    setup = GameSetup(
        characters=QUIET,
        roles=tuple(Role(r) for r in ("sheriff", "deputy", "outlaw", "renegade", "outlaw")),
        modules=frozenset({OS3, UA4}),
        parts=(
            SpecialsSetup(("the_bear", "the_doc", "the_bad", "the_right_hand", "the_gambler")),
            BoneyardSetup(True),
        ),
    )
    return Game(setup, ScriptedDice(QUIET_FACES * 3))


def test_entering_a_real_boneyard_card_leaves_the_right_hands_moment_open() -> None:
    """Old Saloon 3 (ruling OS3: the moment stays open until the pending player acts) with
    Undead or Alive 4's real Boneyard deck: the card an eliminated player draws at the end of
    the turn is entered, not chosen, so, like showing a role, it is no move and closes no
    moment (our reading): the Right Hand may still take his extra turn, as he may when the
    engine draws the card itself; the card of that turn's end is then entered again."""
    game = _right_hand_with_real_boneyard()
    for _ in range(3):
        quiet_turn(game)
    game = position(game, players={4: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[:4])), Stop(), ChooseSeat(4))
    assert (game.pending.kind, game.pending.seat) == (CARD, 4)
    play(game, Choose("one_hand"))  # the card of the turn's end
    play(game, Choose("one_hand"))  # and of seat 4's would-be turn
    assert (3, "the_right_hand") in reveals(game)
    reveal(game, 3, "the_right_hand")
    assert (game.pending.kind, game.pending.cause) == (CARD, "end")
    events = play(game, Choose("one_hand"))
    assert kinds(events)[-3:] == ["turn_ended", "extra_turn", "turn_started"]
    assert game.turn == 3 and game.pending.kind is DecisionKind.ROLL


def test_the_good_keeps_the_legacy_bullet_in_his_maximum() -> None:
    """The Good: "The new Sheriff does not get any additional bullets—his maximum life points
    remain the same as his character's", with Undead or Alive 5's bullet for the Sheriff who
    appointed another (ruling UA5), which the engine counts in the maximum: the bullet is not a
    Sheriff's, so The Good's maximum stays what it was, character's life and bullet (our
    reading); the old Sheriff's becomes his character's."""
    setup = GameSetup(
        characters=QUIET,
        roles=tuple(Role(r) for r in ("sheriff", "deputy", "outlaw", "renegade", "outlaw")),
        modules=frozenset({OS3, UA5}),
        parts=(
            SpecialsSetup(("the_bear", "the_good", "the_bad", "the_left_hand", "the_ugly")),
            LegacySetup(1),
        ),
    )
    game = Game(setup, ScriptedDice(QUIET_FACES))
    assert (game.players[1].life, game.players[1].max_life) == (10, 10)  # Paul Regret, 9 + 1
    quiet_turn(game)
    reveal(game, 1, "the_good")
    assert (game.players[1].life, game.players[1].max_life) == (10, 10)
    assert (game.players[0].life, game.players[0].max_life) == (11, 8)


def seven_with_a_ghost(modules: tuple[str, ...]) -> Game:
    """Old Saloon 5 at seven players (test_ghost's table): the Sheriff (seat 0) shoots Jack
    (seat 1), who becomes the Ghost and gives a pair of Dynamite to seat 3 (Lucky Duke, who
    cannot re-roll Dynamite); seat 2 then plays a quiet turn."""
    setup = GameSetup(
        characters=SEVEN, roles=tuple(Role(r) for r in SEVEN_ROLES), modules=frozenset(modules)
    )
    game = Game(setup, ScriptedDice(()))
    saloon = [Choose("none")] if OS1 in modules else []
    game = position(game, players={1: {"life": 1}})
    play(game, *saloon, Roll(ALL5, SHOOT_JACK), Stop(), ChooseSeat(1))
    play(game, Roll((0, 1), ("dynamite", "dynamite")), Stop(), ChooseSeat(3))
    assert GhostGame.of(game).ghost_token == [3, "dynamite", 2] and game.turn == 2
    return game


def test_the_ghosts_token_with_a_saloon_die_the_set_dice_stay_base_dice() -> None:
    """Old Saloon 5 with Module 1: "If the player wants to use a Saloon die, he must swap out
    one of the other base dice", and "Starting with his second roll, the die affected by the
    Ghost token may be re-rolled (unless it is a Dynamite result, which cannot be re-rolled)"."""
    game = seven_with_a_ghost((OS1, OS5))
    play(game, Choose("none"), Roll(ALL5, QUIET_FACES), Stop())
    assert game.turn == 3 and game.pending.kind is DecisionKind("saloon_die")
    play(game, Choose("loudmouth"))
    assert game.dice_kinds == ["base"] * 4 + ["loudmouth"]
    assert game.faces[:2] == ["dynamite", "dynamite"] and game.preset == [0, 1]
    assert game.legal_actions() == [Roll((2, 3, 4))]  # the set dice are not rolled first
    play(game, Roll((2, 3, 4), ("gatling", "beer", "double_gatling")))
    rerolls = [a for a in game.legal_actions() if isinstance(a, Roll)]
    assert rerolls and all(0 not in a.dice and 1 not in a.dice for a in rerolls)


def test_the_ghosts_token_returns_at_once_when_its_holder_is_eliminated_first() -> None:
    """Old Saloon 5, "At the end of the other player's turn, the tokens go back to the Ghost":
    a holder eliminated before his turn has no turn to end, so they go back at once (the
    reading in docs/rules.md)."""
    game = seven_with_a_ghost((OS5,))
    game = position(game, players={3: {"life": 1}})
    events = play(game, Roll(ALL5, SHOOT_JACK), Stop(), ChooseSeat(3))
    assert "ghost_token_returned" in kinds(events) and GhostGame.of(game).ghost_token is None
    assert game.turn == 4 and game.preset == []


def test_the_ghost_cannot_use_his_special_role() -> None:
    """Old Saloon 5 with Module 3: as the Ghost "you cannot use the ability of your special
    role card": the Ghost holding The Left Hand is offered no save when a player is about to
    be eliminated."""
    game = roles_game(
        ["the_bear", "the_doc", "the_bad", "the_left_hand", "the_gambler"],
        modules=(OS3, OS5),
    )
    game = position(game, players={3: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye2", *QUIET_FACES[:4])), Stop(), ChooseSeat(3))
    assert is_ghost(game.players[3]) and game.turn == 1
    assert (3, "the_left_hand") in reveals(game)  # alive at that moment, he could save himself
    game = position(game, players={2: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[:4])), Stop(), ChooseSeat(2))
    assert not game.players[2].alive
    assert all(seat != 3 for seat, _card in reveals(game))


def test_os7_the_doc_may_be_revealed_after_the_ghosts_roll() -> None:
    """Ruling OS7 (Old Saloon 3 and 5): "The Doc" may be revealed after any roll, the Ghost's
    included: turning one of the Ghost's dice changes which results it can give, here into a
    pair it gives twice."""
    game = roles_game(
        ["the_bear", "the_doc", "the_gambler", "the_left_hand", "the_bad"], modules=(OS3, OS5)
    )
    game = position(game, players={2: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[:4])), Stop(), ChooseSeat(2))
    assert is_ghost(game.players[2])
    play(game, Roll(ALL5, QUIET_FACES), Stop())  # seat 1, the Doc, plays a quiet turn
    assert game.turn == 2 and game.pending.kind is GHOST_ROLL
    play(game, Roll((0, 1), ("beer", "gatling")))
    assert reveals(game) == [(1, "the_doc")]
    reveal(game, 1, "the_doc")
    assert (game.pending.kind, game.pending.seat) == (DOC_DIE, 1)
    play(game, ChooseDie(1), Choose("beer"))
    assert game.faces == ["beer", "beer"]
    assert game.pending.kind is GHOST_REROLL and game.turn == 2
    play(game, Stop())
    assert game.pending.kind is GHOST_TARGET and game.pending.remaining == 2


def test_os7_the_judge_may_cancel_the_docs_reveal_after_the_ghosts_roll() -> None:
    """Ruling OS7 with The Judge ("right after another player reveals their role"): The Doc's
    reveal in the Ghost's turn is a reveal like any other, which The Judge may cancel."""
    specials = ["the_bear", "the_left_hand", "the_gambler", "the_bad", "the_doc", "the_ugly"]
    game = roles_game([*specials, "the_judge"], SEVEN_ROLES, characters=SEVEN, modules=(OS3, OS5))
    game = position(game, players={1: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[:4])), Stop(), ChooseSeat(1))
    assert is_ghost(game.players[1]) and game.turn == 1
    play(game, Roll((0, 1), ("beer", "gatling")))
    reveal(game, 4, "the_doc")
    assert (6, "the_judge") in reveals(game)
    events = reveal(game, 6, "the_judge")
    assert "reveal_cancelled" in kinds(events)
    assert game.faces == ["beer", "gatling"] and game.pending.kind is GHOST_REROLL


def test_the_zombie_master_may_still_reveal_his_special_role() -> None:
    """Undead or Alive 4 with Old Saloon 3: the outbreak makes the living Renegade the Zombie
    Master, known to all as the Renegade, but his special card was never revealed at its moment
    and "The Zombie Master keeps their character's life points and ability": his card's power
    is still his to use once (our reading). Here The Left Hand saves a survivor."""
    characters = ("paul_regret", "calamity_janet", "jourdonnais", "black_jack", "lucky_duke")
    game = outbreak_game((OS3, UA4), characters, SPECIALS)
    assert game.players[3].revealed and not holding(game.players[3]).special_shown
    game = position(game, players={2: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[:4])), Stop(), ChooseSeat(2))
    assert not game.players[2].alive
    assert (3, "the_left_hand") in reveals(game)
    reveal(game, 3, "the_left_hand")
    assert game.players[2].alive and game.players[2].life == 2


def test_the_good_cannot_take_the_star_of_a_dead_sheriff() -> None:
    """Old Saloon 3's The Good ("You become the new Sheriff, and the old Sheriff becomes a
    Deputy. Both players keep their current life points") with Undead or Alive 4, where after
    the outbreak the game goes on without the Sheriff: with the Sheriff dead there is no star
    to exchange, so The Good is not offered (our reading; Wild West Legacy then still takes the
    dead Sheriff and his killer)."""
    characters = ("paul_regret", "calamity_janet", "jourdonnais", "black_jack", "lucky_duke")
    specials = ["the_bear", "the_good", "the_bad", "the_left_hand", "the_gambler"]
    game = outbreak_game((OS3, UA4), characters, specials)
    assert (1, "the_good") in reveals(game)  # the Sheriff lives: he could take the star now
    game = position(game, players={0: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[:4])), Stop(), ChooseSeat(0))
    assert not game.players[0].alive and not game.over  # the outbreak has begun
    for seat in (2, 3, 4):
        assert game.turn == seat
        n = len(game.faces)
        play(game, Roll(tuple(range(n)), QUIET_FACES[:n]), Stop())
    assert game.turn == 1 and game.pending.kind is DecisionKind.ROLL
    assert (1, "the_good") not in reveals(game)


def test_entering_a_real_wound_token_leaves_the_gamblers_moment_open() -> None:
    """The same with Undead or Alive 1's real Wound pile: the tokens Herb Hunter (Module 3)
    hands out the moment a player has lost a second life point in his turn (ruling UA3), here
    to his Gatling Gun after the last roll, are entered by the players who draw them, which is
    no move: The Gambler may still make the Sheriff re-roll his last roll, as he may when the
    engine draws the tokens itself."""
    setup = GameSetup(
        characters=("herb_hunter", "jourdonnais", "lucky_duke", "black_jack", "calamity_janet"),
        roles=tuple(Role(r) for r in ("sheriff", "deputy", "outlaw", "renegade", "outlaw")),
        modules=frozenset({OS3, UA1, UA2, UA3}),
        parts=(SpecialsSetup(tuple(SPECIALS)),),
        real_piles=frozenset({"wounds"}),
    )
    game = Game(setup, ScriptedDice(()))
    game = position(game, players={1: {"arrows": 7}, 2: {"arrows": 1}}, pile=1)
    play(game, Roll(ALL5, ("arrow", "gatling", "gatling", "dynamite", "gatling")))  # Indians
    assert [p.life for p in game.players] == [10, 6, 7, 8, 8]  # Jourdonnais loses 1 only
    play(game, Stop())  # the Gun: seats 1 and 2 have now lost 2, seats 3 and 4 only 1
    assert (game.pending.kind, game.pending.seat) == (WOUND_TOKEN, 1)
    assert (4, "the_gambler") in reveals(game)
    play(game, Choose("beer"), Choose("dynamite"))
    assert game.turn == 1 and (4, "the_gambler") in reveals(game)


def test_an_outbreak_due_begins_with_the_right_hands_extra_turn_and_names_it() -> None:
    """Undead or Alive 4, "the outbreak begins at the start of the next player's turn", with
    the Right Hand of the Devil's "Immediately take another turn": his extra turn is the next
    turn, so the outbreak begins with it and is announced for his seat (our reading)."""
    game = _right_hand_with_real_boneyard()
    draw_from_the_deck(game, "two_hands", "two_hands")
    for _ in range(3):
        quiet_turn(game)
    game = position(game, players={4: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[:4])), Stop(), ChooseSeat(4))
    events = play(game, Choose("one_hand"))  # 5 hands, 4 living: seat 4's turn, as a zombie
    assert [e.to_json()["seat"] for e in events if e.kind == "outbreak_coming"] == [4]
    assert is_zombie(game.players[4]) and game.turn == 4
    reveal(game, 3, "the_right_hand")
    assert (
        not is_zombie(game.players[4]) and BoneyardGame.of(game).outbreak is None
    )  # back at his turn's end
    events = play(game, Choose("one_hand"))
    assert [e.to_json()["seat"] for e in events if e.kind == "outbreak_coming"] == [3]
    assert kinds(events)[-2:] == ["zombie_outbreak", "turn_started"]
    assert game.turn == 3 and is_master(game.players[3]) and is_zombie(game.players[4])


def test_molly_stark_cannot_pay_chuck_wengams_price() -> None:
    """Old Saloon 4's MOLLY STARK: "Each time another player must lose 1 or more life points,
    you can lose them in his place", with Undead or Alive 3's CHUCK WENGAM: "you may lose one
    life point to turn one of your dice". Chuck chooses to pay that life for his power; it is
    no loss he must take, so Molly is not offered it (our reading): Chuck pays it himself."""
    setup = GameSetup(
        characters=("chuck_wengam", "molly_stark", "jourdonnais", "black_jack", "lucky_duke"),
        roles=tuple(Role(r) for r in ("sheriff", "deputy", "outlaw", "renegade", "outlaw")),
        modules=frozenset({OS4, UA3}),
    )
    game = Game(setup, ScriptedDice(()))
    play(game, Roll(ALL5, ("beer", "dynamite", "gatling", "gatling", "arrow")))
    assert game.pending.kind is CHUCK_DIE
    events = play(game, ChooseDie(0), Choose("gatling"))
    assert game.pending.kind is not DecisionKind("take_loss")
    assert [(e.seat, e.amount) for e in events if e.kind == "life_lost"] == [(0, 1)]
    assert game.players[0].life == 9 and game.players[1].life == 8


SUZY = ("paul_regret", "suzy_lafayette", "jourdonnais", "black_jack", "lucky_duke")


def suzy_game(modules: tuple[str, ...]) -> Game:
    """Suzy Lafayette (seat 1, 5 life) after the Sheriff's quiet turn."""
    setup = GameSetup(
        characters=SUZY,
        roles=tuple(Role(r) for r in ("sheriff", "deputy", "outlaw", "renegade", "outlaw")),
        modules=frozenset(modules),
    )
    game = Game(setup, ScriptedDice(()))
    game = position(game, players={1: {"life": 5}})
    if UA2 in modules:
        # revealed at the start of her turn
        game = position(
            game,
            players={1: {"rage_held": RagePlayer.of(game.players[1]).rage_held + 1}},
        )
    n = len(game.faces)
    play(game, Roll(tuple(range(n)), QUIET_FACES[:n]), Stop())
    assert game.turn == 1
    return game


def test_suzy_lafayette_rolled_a_bullseye_a_wound_token_cancels() -> None:
    """SUZY LAFAYETTE: "If you didn't roll any Bull's Eye "1" or Bull's Eye "2", you gain two
    life points", with Undead or Alive 1: "each Duel Wound token you have cancels one identical
    symbol rolled on a die that you decided to keep". The token cancels the result, not the
    roll: she rolled a Bull's Eye and gains nothing."""
    game = suzy_game((UA1, UA2))
    play(game, Choose("gatling"), Decline())  # her Rage card
    pile = list(DuelsGame.of(game).wound_pile)
    pile.remove("bullseye1")
    DuelsGame.change(game, wound_pile=tuple(pile))
    DuelsPlayer(("bullseye1",)).put(game.players[1])
    events = play(game, Roll(ALL5, ("bullseye1", "gatling", "dynamite", "dynamite", "arrow")))
    events += play(game, Stop())
    assert "turn_ended" in kinds(events) and "life_gained" not in kinds(events)
    assert game.players[1].life == 5


def test_suzy_lafayette_a_rage_cards_bullseye_is_not_rolled() -> None:
    """SUZY LAFAYETTE with Undead or Alive 2: a Rage card's symbols "are added to the results of
    the dice"; they are not rolled (as tokens never cancel them, docs/rules.md), so a Bull's Eye
    on her Rage card hits but does not take her two life points away."""
    game = suzy_game((UA2,))
    assert game.pending.kind is RAGE_SYMBOL
    play(game, Choose("bullseye1"), Decline())
    play(game, Roll(ALL5, QUIET_FACES), Stop())
    events = play(game, ChooseSeat(2))
    assert game.players[2].life == 6  # Jourdonnais, 7, hit by the Rage card's Bull's Eye
    assert LifeGained(1, 2, 7, "suzy_lafayette") in events


def test_entering_rage_symbols_leaves_the_uglys_moment_open() -> None:
    """Old Saloon 3's THE UGLY, "Reveal this card at the start of your turn", with Undead or
    Alive 2: "At the start of your turn, reveal all of your Rage cards". Entering what the real
    cards show is no move, as entering a Boneyard card or a Wound token is (our reading): the
    moment of the turn's start stays open; revealed into it, The Ugly goes first and the Rage
    symbols are entered again after his exchange."""
    game = roles_game(
        ["the_bear", "the_doc", "the_ugly", "the_left_hand", "the_gambler"],
        faces=QUIET_FACES * 2,
        modules=(OS3, UA2),
    )
    game = position(
        game,
        players={2: {"rage_held": RagePlayer.of(game.players[2]).rage_held + 1}},
    )
    quiet_turn(game)
    quiet_turn(game)
    assert (game.turn, game.pending.kind) == (2, RAGE_SYMBOL)
    assert (2, "the_ugly") in reveals(game)
    play(game, Choose("gatling"), Decline())
    assert game.pending.kind is DecisionKind.ROLL and (2, "the_ugly") in reveals(game)
    reveal(game, 2, "the_ugly")
    events = play(game, ChooseSeat(0), ChooseSeat(2))
    assert "arrows_exchanged" in kinds(events)
    assert game.pending.kind is RAGE_SYMBOL and RagePlayer.of(game.players[2]).rage_symbols == ()


def test_the_left_hand_keeps_a_zombie_in_the_game_without_a_gain() -> None:
    """Old Saloon 3's THE LEFT HAND: "That player stays in the game with 2 life points", with
    Undead or Alive 4's zombies, who "do not gain life points from beer or other
    life-point-gaining effects". From 1 life, 2 is a gain (a bullet taken from the pile): the
    zombie stays in the game, its loss dropped, but at 1 life (our reading)."""
    characters = ("paul_regret", "calamity_janet", "jourdonnais", "black_jack", "lucky_duke")
    game = outbreak_game((OS3, UA4), characters, SPECIALS)
    game = position(game, players={4: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[:4])), Stop(), ChooseSeat(4))
    assert not game.players[4].alive
    events = reveal(game, 3, "the_left_hand")  # the Zombie Master saves his zombie
    assert game.players[4].alive and game.players[4].life == 1
    assert "elimination_averted" in kinds(events) and "life_gained" not in kinds(events)


def test_the_bad_may_stop_the_life_the_left_hand_gives() -> None:
    """THE LEFT HAND's save from 1 life to 2 is a gain ("when you gain a life point (bullet),
    take it from the central pile"), so it is THE BAD's moment, "when another player is about
    to gain life points. That player does not gain those life points": the saved player stays
    in the game, at 1 life (our reading)."""
    game = roles_game(SPECIALS, faces=QUIET_FACES)
    game = position(game, players={1: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[:4])), Stop(), ChooseSeat(1))
    events = reveal(game, 3, "the_left_hand")
    assert LifeGained(1, 1, 2, "the_left_hand") in events
    assert (2, "the_bad") in reveals(game)
    events = reveal(game, 2, "the_bad")
    assert "heal_prevented" in kinds(events)
    assert game.players[1].alive and game.players[1].life == 1


def test_the_doc_may_turn_the_die_of_a_duels_roll() -> None:
    """Old Saloon 3's THE DOC: "Reveal this card after any dice roll. Turn one die to show the
    side of your choice before applying its effect. You may use this power after your own roll
    or another player's", with Undead or Alive 1's duels, where the challenged player "rolls
    that Duel die again": that is a dice roll, so The Doc may turn its die. Here he turns the
    Outlaw's miss into a Fight a Duel, which passes the die back to the Sheriff."""
    game = roles_game(SPECIALS, modules=(OS3, UA1, UA2))
    play(game, Roll(ALL5, ("dynamite", "dynamite", "gatling", "duel", "gatling")), Stop())
    play(game, ChooseSeat(2))
    assert (game.pending.kind, game.pending.seat) == (DUEL_ROLL, 2)
    play(game, Roll((3,), ("arrow",)))
    assert (1, "the_doc") in reveals(game)
    reveal(game, 1, "the_doc")
    d = game.pending
    assert (d.kind, d.seat, d.die) == (DOC_FACE, 1, 3)
    assert game.legal_actions() == [
        Choose(f) for f in ("duel", "arrow", "dynamite", "gatling", "whiskey")
    ]
    events = play(game, Choose("duel"))
    assert "die_turned" in kinds(events) and game.players[2].life == 7  # Jourdonnais, unhurt
    assert (game.pending.kind, game.pending.seat) == (DUEL_ROLL, 0)


EIGHT = (*QUIET, "rose_doolan", "jesse_jones", "el_gringo")
EIGHT_ROLES = ("sheriff", "renegade", "outlaw", "deputy", "outlaw", "renegade", "deputy", "outlaw")


def test_an_eliminated_players_special_card_is_shown_and_can_no_longer_be_claimed() -> None:
    """Old Saloon 3 with physical secret cards, 8 players: "If you lose your last life point,
    you are out of the game. Show your role". The card shown is the special card itself, so
    the table learns which one it was; a special card shown so is used (our reading): the
    other Renegade can no longer claim The Left Hand, while the dead Renegade could still
    have saved himself at the moment he was about to be eliminated, before his card showed."""
    game = roles_game(
        ["the_bear", None, None, None, None, None, None, None],
        roles=EIGHT_ROLES,
        faces=QUIET_FACES * 2,
        characters=EIGHT,
        known=False,
    )
    game = position(game, players={1: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[:4])), Stop(), ChooseSeat(1))
    assert (5, "the_left_hand") in reveals(game) and (1, "the_left_hand") in reveals(game)
    # The save is offered before the card is shown (tests/table/test_save_before_the_card.py):
    # he could still save himself now; the table says nobody does.
    assert game.pending.kind is LEFT_HAND_CHANCE and game.players[1].alive
    play(game, Accept())
    play(game, Reveal(Role.RENEGADE))
    assert game.players[1].role is Role.RENEGADE
    d = game.pending
    assert (d.kind, d.seat) == (ROLE_CARD, 1)
    assert set(d.options) == {"the_left_hand", "the_right_hand"}
    events = play(game, Choose("the_left_hand"))
    assert "role_card_shown" in kinds(events) and holding(game.players[1]).special_shown
    assert (5, "the_left_hand") not in reveals(game)  # that card is face up on seat 1
    assert (1, "the_left_hand") in reveals(game)  # he held it when he was about to fall
    game = position(game, players={5: {"life": 1}})
    while game.turn != 4:
        quiet_turn(game)
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[:4])), Stop(), ChooseSeat(5))
    assert all(card != "the_left_hand" for _seat, card in reveals(game))


def test_a_normal_card_shown_by_an_eliminated_player_uses_no_special_card() -> None:
    """The same with normal and special cards mixed by type: the eliminated Outlaw may show a
    normal card; every special Outlaw card may then still be claimed by the other Outlaw (here
    The Gambler, after the next player's last roll)."""
    game = roles_game(
        ["the_bear", None, None, None, None],
        faces=QUIET_FACES,
        known=False,
        mixed=True,
    )
    game = position(game, players={2: {"life": 1}})
    play(game, Roll(ALL5, ("bullseye2", *QUIET_FACES[:4])), Stop(), ChooseSeat(2))
    play(game, Accept(), Reveal(Role.OUTLAW))  # nobody saves him (The Left Hand), then his card
    assert set(game.pending.options) == {"the_gambler", "the_bad", "the_ugly", "normal"}
    events = play(game, Choose("normal"))
    assert RoleCardShown(2, "normal") in events and holding(game.players[2]).special_card is None
    play(game, Roll(ALL5, QUIET_FACES), Stop())
    assert (4, "the_gambler") in reveals(game)


def test_a_lost_duel_gives_el_gringos_winner_an_arrow_and_bart_cassidy_no_choice() -> None:
    """Undead or Alive 1's duels with two base characters. EL GRINGO: "When a player makes you
    lose one or more life points, he must take an arrow": the duel's winner makes him lose it
    (ruling 5 names what never triggers him; a duel is not among them), so the winner takes
    one. BART CASSIDY may take an arrow "only for Bull's Eye "1", Bull's Eye "2", or Gatling
    Guns": a lost duel costs him the life, no choice asked."""
    setup = GameSetup(
        characters=("paul_regret", "el_gringo", "bart_cassidy", "jourdonnais", "lucky_duke"),
        roles=tuple(Role(r) for r in ("sheriff", "deputy", "outlaw", "renegade", "outlaw")),
        modules=frozenset({UA1, UA2}),
    )
    game = Game(setup, ScriptedDice(()))
    play(game, Roll(ALL5, ("dynamite", "dynamite", "gatling", "duel", "duel")), Stop())
    events = play(game, ChooseSeat(1), Roll((3,), ("arrow",)))
    assert kinds(events)[-1] == "arrow_taken" and game.players[0].arrows == 1
    play(game, ChooseSeat(2))
    events = play(game, Roll((4,), ("arrow",)))
    assert [(e.seat, e.amount) for e in events if e.kind == "life_lost"] == [(2, 1)]
    assert game.players[2].arrows == 0 and game.turn == 1


def test_a_rage_cards_arrow_is_taken_at_once_and_is_not_rolled() -> None:
    """Undead or Alive 2: "Arrows trigger immediately when you reveal the cards", with Old
    Saloon 4's arrow characters, whose cards speak of arrows rolled: BILL NOFACE ("Apply
    [Indian arrow] results only after your last roll") takes it at once all the same, ELENA
    FUENTE ("Each time you roll one or more [Indian arrow]") gives none of it away and
    APACHE KID ("If you roll [Indian arrow]") takes no Chief's Arrow with it (our reading:
    a Rage card's symbols are not rolled)."""
    for who in ("bill_noface", "elena_fuente", "apache_kid"):
        setup = GameSetup(
            characters=("paul_regret", who, "jourdonnais", "black_jack", "lucky_duke"),
            roles=tuple(Role(r) for r in ("sheriff", "deputy", "outlaw", "renegade", "outlaw")),
            modules=frozenset({"old_saloon.2", OS4, UA2}),
        )
        game = Game(setup, ScriptedDice(()))
        # Apache Kid's prize
        game = position(
            game,
            players={1: {"rage_held": 1}, 3: {"chief_arrow": True}},
            rage_pile=RageGame.of(game).rage_pile - 1,
            chief_in_pile=False,
        )
        play(game, Roll(ALL5, QUIET_FACES), Stop())
        assert (game.turn, game.pending.kind) == (1, RAGE_SYMBOL)
        events = play(game, Choose("arrow"))
        assert kinds(events) == ["rage_symbol_entered", "arrow_taken"], who
        assert game.players[1].arrows == 1 and game.pending.kind is RAGE_SYMBOL


def test_molly_stark_may_lose_a_duels_life_the_loser_still_draws_the_token() -> None:
    """Old Saloon 4's MOLLY STARK ("Each time another player must lose 1 or more life points,
    you can lose them in his place") with Undead or Alive 1's duel, whose loser must "lose 1
    life point and draw 1 Duel Wound token": she may lose the life point, which is all her
    card takes; the loser still draws the token (our reading)."""
    setup = GameSetup(
        characters=("paul_regret", "molly_stark", "bart_cassidy", "jourdonnais", "lucky_duke"),
        roles=tuple(Role(r) for r in ("sheriff", "deputy", "outlaw", "renegade", "outlaw")),
        modules=frozenset({OS4, UA1, UA2}),
    )
    game = Game(setup, ScriptedDice(()))
    play(game, Roll(ALL5, ("dynamite", "dynamite", "gatling", "duel", "gatling")), Stop())
    play(game, ChooseSeat(2), Roll((3,), ("arrow",)))
    assert (game.pending.kind, game.pending.seat, game.pending.target) == (
        DecisionKind("take_loss"),
        1,
        2,
    )
    events = play(game, Accept())
    assert kinds(events)[:3] == ["loss_taken_over", "life_lost", "wound_drawn"]
    assert (game.players[1].life, game.players[2].life) == (7, 8)
    assert (
        len(DuelsPlayer.of(game.players[2]).wounds) == 1
        and not DuelsPlayer.of(game.players[1]).wounds
    )


def test_the_ghost_rolls_two_base_dice_and_his_token_sets_base_dice_beside_the_duel_dice() -> None:
    """Old Saloon 5 with Undead or Alive 1: the Ghost "only roll[s] two base dice", never a Duel
    die; the token's holder "must turn one of his base dice" (two with [x2]): with the Duel
    dice in play those are two of his three base dice, and he rolls the third with both Duel
    dice ("the player only rolls four dice—three if he has the [x2] token")."""
    setup = GameSetup(
        characters=SEVEN,
        roles=tuple(Role(r) for r in SEVEN_ROLES),
        modules=frozenset({OS5, UA1, UA2}),
    )
    game = Game(setup, ScriptedDice(()))
    game = position(game, players={1: {"life": 1}})
    play(game, Roll(ALL5, SHOOT_JACK), Stop(), ChooseSeat(1))
    assert is_ghost(game.players[1]) and game.dice_kinds == ["base", "base"]
    assert game.legal_actions() == [Roll((0, 1))]
    play(game, Roll((0, 1), ("dynamite", "dynamite")), Stop(), ChooseSeat(3))
    play(game, Roll(ALL5, ("dynamite", "gatling", "dynamite", "gatling", "arrow")), Stop())
    assert game.turn == 3 and game.dice_kinds == ["base", "base", "base", "duel", "duel"]
    assert game.faces[:2] == ["dynamite", "dynamite"] and game.preset == [0, 1]
    assert game.legal_actions() == [Roll((2, 3, 4))]


def test_chuck_wengam_may_pay_his_last_life_and_his_turn_ends() -> None:
    """Undead or Alive 3's CHUCK WENGAM "may lose one life point to turn one of your dice":
    nothing keeps him from paying his last one (Molly Stark's "never more life points than
    you have" is not broken by it). He is then eliminated by no one's hand, and "An active
    player who is eliminated during their turn ends the turn" (ruling 2): the die is not
    turned, nothing else of his resolves."""
    setup = GameSetup(
        characters=("paul_regret", "chuck_wengam", "bart_cassidy", "jourdonnais", "black_jack"),
        roles=tuple(Role(r) for r in ("sheriff", "deputy", "outlaw", "renegade", "outlaw")),
        modules=frozenset({UA3}),
    )
    game = Game(setup, ScriptedDice(()))
    play(game, Roll(ALL5, QUIET_FACES), Stop())
    game = position(game, players={1: {"life": 1}})
    play(game, Roll(ALL5, ("dynamite", "dynamite", "gatling", "gatling", "beer")))
    events = play(game, ChooseDie(4), Choose("arrow"))
    assert not game.players[1].alive and LegacyPlayer.of(game.players[1]).eliminated_by is None
    assert "face_changed" not in kinds(events) and "arrow_taken" not in kinds(events)
    assert game.turn == 2 and game.pending.kind is DecisionKind.ROLL


def test_the_ghost_keeps_no_chiefs_arrow_and_his_arrow_token_takes_it_as_rolled() -> None:
    """Old Saloon 5 with Module 2: eliminated, the Ghost-to-be discards all his arrows, the
    Indian Chief's Arrow too (it goes back to the pile); a double arrow token he gives is
    "evaluated as if he had rolled it": its two arrows are taken on the holder's first roll,
    with the choice of the Chief's Arrow while it is in the pile ("If you have to take an
    arrow from the pile, you can choose to take the Indian Chief's Arrow instead")."""
    setup = GameSetup(
        characters=SEVEN,
        roles=tuple(Role(r) for r in SEVEN_ROLES),
        modules=frozenset({OS5, "old_saloon.2"}),
    )
    game = Game(setup, ScriptedDice(()))
    game = position(game, players={1: {"life": 1, "chief_arrow": True}}, chief_in_pile=False)
    play(game, Roll(ALL5, ("bullseye1", *QUIET_FACES[:4])), Stop(), ChooseSeat(1))
    assert (
        is_ghost(game.players[1])
        and not ChiefPlayer.of(game.players[1]).chief_arrow
        and ChiefGame.of(game).chief_in_pile
    )
    play(game, Roll((0, 1), ("arrow", "arrow")), Stop(), ChooseSeat(3))
    play(game, Roll(ALL5, ("gatling", "gatling", "beer", "dynamite", "dynamite")), Stop())
    play(game, ChooseSeat(0))
    assert game.turn == 3 and game.faces[:2] == ["arrow", "arrow"]
    play(game, Roll((2, 3, 4), ("dynamite", "gatling", "gatling")))
    assert game.pending.kind is DecisionKind("chief_arrow") and game.pending.seat == 3
    play(game, Choose("chief_arrow"))  # the second is then a regular one, no choice left
    assert ChiefPlayer.of(game.players[3]).chief_arrow and game.players[3].arrows == 1


def test_a_zombie_eliminated_again_shows_its_card_only_once() -> None:
    """The shown card with Undead or Alive 4 and physical secret cards mixed by type: the
    Outlaw shows a normal card when first eliminated; back as a zombie and eliminated for good,
    his card is already face up, so nothing more is asked."""
    setup = GameSetup(
        characters=("paul_regret", "calamity_janet", "jourdonnais", "black_jack", "lucky_duke"),
        roles=None,
        sheriff=0,
        modules=frozenset({OS3, UA4}),
        parts=(
            SpecialsSetup(("the_bear", None, None, None, None), specials_mixed=True),
            BoneyardSetup(True),
        ),
    )
    game = Game(setup, ScriptedDice(()))
    draw_from_the_deck(game, "two_hands", "two_hands")
    shoot_seat_4 = (Roll(ALL5, ("bullseye1", *QUIET_FACES[:4])), Stop(), ChooseSeat(4))
    game = position(game, players={4: {"life": 1}})
    play(game, *shoot_seat_4, Accept(), Reveal(Role.OUTLAW))  # nobody saves him, then his card
    assert game.pending.options == ("the_gambler", "the_bad", "the_ugly", "normal")
    play(game, Choose("normal"), Choose("one_hand"), ChooseSeat(3))  # the outbreak
    assert is_zombie(game.players[4]) and game.turn == 1
    game = position(game, players={4: {"life": 1}})
    events = play(game, *shoot_seat_4)
    assert "player_eliminated" in kinds(events) and "role_card_shown" not in kinds(events)
    assert game.turn == 2 and game.pending.kind is DecisionKind.ROLL


def test_a_wound_token_cancels_one_of_a_double_bullseyes_two_results() -> None:
    """Undead or Alive 1, "each Duel Wound token you have cancels one identical symbol rolled",
    with Old Saloon 1's double faces, which "count as two single symbols": a Bull's Eye "1"
    token cancels one of the double Bull's Eye "1"'s two results; the other still hits."""
    setup = GameSetup(
        characters=("paul_regret", "calamity_janet", "jourdonnais", "black_jack", "lucky_duke"),
        roles=tuple(Role(r) for r in ("sheriff", "deputy", "outlaw", "renegade", "outlaw")),
        modules=frozenset({OS1, UA1, UA2}),
    )
    game = Game(setup, ScriptedDice(()))
    pile = list(DuelsGame.of(game).wound_pile)
    pile.remove("bullseye1")
    DuelsGame.change(game, wound_pile=tuple(pile))
    DuelsPlayer(("bullseye1",)).put(game.players[0])
    play(game, Choose("loudmouth"))
    assert game.dice_kinds == ["base", "base", "loudmouth", "duel", "duel"]
    faces = ("gatling", "dynamite", "double_bullseye1", "gatling", "dynamite")
    play(game, Roll(ALL5, faces), Stop())
    assert game.pending.kind is DecisionKind.BULLSEYE_TARGET
    events = play(game, ChooseSeat(1))
    assert [(e.seat, e.amount) for e in events if e.kind == "life_lost"] == [(1, 1)]
    assert game.turn == 1
