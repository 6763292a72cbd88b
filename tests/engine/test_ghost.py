"""Old Saloon, Module 5: the Ghost's whole cycle, with the rulebook's example (Jack and Barbara).

Seven players: Barbara (seat 0) is the Sheriff, Jack (seat 1) the Renegade."""

from __future__ import annotations

from companion.engine import (
    Choose,
    ChooseSeat,
    DecisionKind,
    Decline,
    Game,
    GameSetup,
    Role,
    Roll,
    ScriptedDice,
    Stop,
    position,
)
from companion.modules.ghost.rules import GHOST_FACE, GHOST_ROLL, GHOST_TARGET, GhostGame, is_ghost

from .helpers import kinds
from .roles_helpers import QUIET_TURN, quiet_turn, roll_all

SEVEN = (
    "paul_regret",  # Barbara, the Sheriff
    "jourdonnais",  # Jack, the Renegade
    "black_jack",
    "lucky_duke",
    "calamity_janet",
    "rose_doolan",
    "bart_cassidy",
)
SEVEN_ROLES = ("sheriff", "renegade", "outlaw", "outlaw", "deputy", "outlaw", "deputy")
SHOOT_JACK = ("bullseye1", "dynamite", "dynamite", "gatling", "arrow")


def ghost_game(faces: tuple[str, ...], roles: tuple[str, ...] = SEVEN_ROLES) -> Game:
    n = len(roles)
    setup = GameSetup(
        characters=SEVEN[:n],
        roles=tuple(Role(r) for r in roles),
        modules=frozenset({"old_saloon.5"}),
    )
    return Game(setup, ScriptedDice(faces))


def jack_becomes_the_ghost(game: Game) -> list[str]:
    game.players[1].life = 1
    roll_all(game)
    game.apply(Stop())
    return kinds(game.apply(ChooseSeat(1)))


def test_the_first_eliminated_player_becomes_the_ghost_and_plays_his_team() -> None:
    game = ghost_game(SHOOT_JACK)
    events = jack_becomes_the_ghost(game)
    assert "became_ghost" in events
    jack = game.players[1]
    assert is_ghost(jack) and not jack.alive
    assert game.turn == 1  # the Ghost takes turns
    assert game.pending is not None and game.pending.kind is GHOST_ROLL


def test_simultaneous_eliminations_make_the_first_clockwise_from_the_active_player_the_ghost() -> (
    None
):
    game = ghost_game(("gatling", "gatling", "gatling", "dynamite", "dynamite"))
    game = position(game, players={3: {"life": 1}, 5: {"life": 1}})
    roll_all(game)
    game.apply(Stop())
    game.apply(Decline())  # Bart Cassidy takes the life loss
    assert is_ghost(game.players[3]) and not is_ghost(game.players[5])


def test_the_rulebook_example_jack_gives_barbara_a_double_arrow() -> None:
    """Jack, Ghost Renegade at 7 players, plays as an Outlaw: Dynamite and Bull's Eye 1,
    re-rolls both for arrow and Beer, re-rolls the Beer for another arrow, and gives Barbara
    the arrow and x2 tokens. Barbara turns two dice to arrows and rolls three; she takes their
    arrows on her first roll and may re-roll them after."""
    jack = ("dynamite", "bullseye1", "arrow", "beer", "arrow")
    barbara = ("bullseye1", "bullseye2", "beer")
    game = ghost_game(SHOOT_JACK + jack + QUIET_TURN * 5 + barbara)
    jack_becomes_the_ghost(game)
    pile = game.pile
    game.apply(Roll((0, 1)))
    assert game.faces == ["dynamite", "bullseye1"]
    game.apply(Roll((0, 1)))  # the Ghost's dice do nothing: even Dynamite is re-rolled
    game.apply(Roll((1,)))
    assert game.faces == ["arrow", "arrow"] and game.pile == pile  # no arrow for the Ghost
    assert game.pending is not None and game.pending.kind is GHOST_TARGET
    assert ChooseSeat(1) not in game.legal_actions()  # never to himself
    events = game.apply(ChooseSeat(0))
    given = next(e for e in events if e.kind == "ghost_token_given")
    assert (given.target, given.face, given.dice) == (0, "arrow", 2)
    for _ in range(5):
        quiet_turn(game)
    assert game.turn == 0
    assert game.faces[:2] == ["arrow", "arrow"] and game.preset == [0, 1]
    assert game.legal_actions() == [Roll((2, 3, 4))]  # Barbara rolls only three dice
    arrows = game.players[0].arrows
    events = game.apply(Roll((2, 3, 4)))
    assert game.players[0].arrows == arrows + 2  # the two set dice count as rolled
    assert Roll((0, 1)) in game.legal_actions()  # and may be re-rolled afterwards
    game.apply(Stop())
    assert game.legal_actions() == [ChooseSeat(2), ChooseSeat(6)]  # the Ghost is not counted
    game.apply(ChooseSeat(6))  # Bull's Eye 1
    assert game.legal_actions() == [ChooseSeat(3), ChooseSeat(5)]
    game.apply(ChooseSeat(3))  # Bull's Eye 2
    game.apply(ChooseSeat(0))  # Beer
    assert GhostGame.of(game).ghost_token is None  # the tokens went back at the end of her turn


def test_os5_the_ghosts_dynamite_is_not_locked() -> None:
    """Ruling OS5: the Ghost's own dice do nothing, and its Dynamite is not locked (the
    rulebook's example has Jack re-roll a Dynamite): it may re-roll two Dynamite, one, or both."""
    game = ghost_game(SHOOT_JACK + ("dynamite", "dynamite", "beer", "beer"))
    jack_becomes_the_ghost(game)
    game.apply(Roll((0, 1)))
    assert game.faces == ["dynamite", "dynamite"]
    assert not game.locked(0) and not game.locked(1)
    assert {Roll((0,)), Roll((1,)), Roll((0, 1)), Stop()} == set(game.legal_actions())
    game.apply(Roll((0, 1)))
    assert game.faces == ["beer", "beer"]


def test_the_ghost_is_never_counted_in_range_never_a_target_never_gains_or_loses() -> None:
    game = ghost_game(SHOOT_JACK + ("beer", "beer") + ("gatling",) * 3)
    jack_becomes_the_ghost(game)
    game.apply(Roll((0, 1)))
    game.apply(Stop())
    assert game.legal_actions() == [ChooseSeat(s) for s in (0, 2, 3, 4, 5, 6)]
    game.apply(ChooseSeat(2))
    game.apply(Roll((2, 3, 4)))  # seat 2: the Ghost's pair set its dice 0 and 1 to Beer
    game.apply(Stop())
    assert game.pending is not None and game.pending.kind is DecisionKind.BEER_TARGET
    assert ChooseSeat(1) not in game.legal_actions()
    game.apply(ChooseSeat(2))
    game.apply(ChooseSeat(2))
    game.apply(Decline())  # Gatling Gun: Bart Cassidy takes the life loss
    assert game.players[1].life == 0 and is_ghost(game.players[1])  # the Ghost loses nothing
    assert game.players[0].life == 9 + 2  # Paul Regret never loses to the Gatling Gun
    assert game.players[3].life == 8 - 1


def test_a_ghost_gives_one_result_when_its_dice_differ() -> None:
    game = ghost_game(SHOOT_JACK + ("beer", "gatling"))
    jack_becomes_the_ghost(game)
    game.apply(Roll((0, 1)))
    game.apply(Stop())
    assert game.pending is not None and game.pending.kind is GHOST_FACE
    game.apply(Choose("gatling"))
    game.apply(ChooseSeat(3))
    assert GhostGame.of(game).ghost_token == [3, "gatling", 1]


def test_a_ghost_renegade_wins_with_the_outlaws_at_seven_players() -> None:
    """The Ghost is not counted in range: seat 2 is next to the Sheriff once Jack is a Ghost."""
    game = ghost_game(SHOOT_JACK + ("beer", "gatling") + SHOOT_JACK)
    jack_becomes_the_ghost(game)
    game.apply(Roll((0, 1)))
    game.apply(Stop())
    game.apply(Choose("gatling"))
    game.apply(ChooseSeat(4))
    game = position(game, players={0: {"life": 1}})
    roll_all(game)
    game.apply(Stop())
    assert ChooseSeat(0) in game.legal_actions()
    game.apply(ChooseSeat(0))
    assert game.over and game.side == "outlaws"
    assert game.winners == (1, 2, 3, 5)  # the Ghost Renegade wins with the Outlaws


def test_a_ghost_renegade_plays_as_the_rulebooks_table_says() -> None:
    from companion.modules.ghost.rules import ghost_team

    assert (
        ghost_team(Role.RENEGADE, 5) is Role.OUTLAW and ghost_team(Role.RENEGADE, 7) is Role.OUTLAW
    )
    assert (
        ghost_team(Role.RENEGADE, 6) is Role.DEPUTY and ghost_team(Role.RENEGADE, 8) is Role.DEPUTY
    )
    assert ghost_team(Role.OUTLAW, 6) is Role.OUTLAW
