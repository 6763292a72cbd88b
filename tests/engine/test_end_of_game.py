"""The end of the game (rulebook, "End of the Game" and "Special Rules for 3 Players";
rulings 8 and 11), with roles known, with secret physical role cards, and with 3 players.

Five players by default: 0 Sheriff, 1 Outlaw, 2 Renegade, 3 Outlaw, 4 Deputy.
"""

from __future__ import annotations

import pytest

from companion.engine import (
    ChooseSeat,
    DecisionKind,
    Event,
    Game,
    GameOver,
    IllegalAction,
    LastOneStanding,
    LifeLost,
    PlayerEliminated,
    Reveal,
    Role,
    RoleRevealed,
    Roll,
    Stop,
    TurnEnded,
    position,
)

from .helpers import kinds, make_game, play

ALL = (0, 1, 2, 3, 4)
FIVE = ["paul_regret", "black_jack", "lucky_duke", "calamity_janet", "jourdonnais"]
EIGHT = [*FIVE, "el_gringo", "jesse_jones", "sid_ketchum"]
QUIET = ["dynamite", "dynamite", "gatling", "gatling", "arrow"]
DYNAMITE = ["dynamite", "dynamite", "dynamite", "bullseye1", "beer"]


def of(events: list[Event], cls: type[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, cls)]


def kill(game: Game, *seats: int, roles: dict[int, Role] | None = None) -> Game:
    """Arrange a position in which these seats were eliminated (and revealed) earlier."""
    dead = {"alive": False, "life": 0, "revealed": True}
    known = roles or {}
    return position(
        game, players={s: {**dead, **({"role": known[s]} if s in known else {})} for s in seats}
    )


def roll_and_stop(game: Game) -> list[Event]:
    return play(game, Roll(ALL), Stop())


def over(game: Game, events: list[Event]) -> GameOver:
    """The game is over: GameOver is the last event and nothing more can be played."""
    assert game.over and game.pending is None and game.legal_actions() == []
    assert isinstance(events[-1], GameOver)
    with pytest.raises(IllegalAction, match="The game is over"):
        game.apply(Stop())
    return events[-1]


# ---------------------------------------------------------------- roles known


def test_end_a_sheriff_eliminated_with_only_the_renegade_alive_renegade_wins() -> None:
    """End of the Game a): the Sheriff is eliminated and a Renegade is the only one alive."""
    game = make_game(FIVE, faces=DYNAMITE)
    game = kill(game, 1, 3, 4)
    game = position(game, players={0: {"life": 1}})
    events = game.apply(Roll(ALL))
    assert over(game, events) == GameOver("renegade", (2,))


def test_end_a_renegade_killing_the_sheriff_with_others_alive_gives_the_outlaws_the_win() -> None:
    """End of the Game a) / Object: the Renegade wins only as the last one alive; otherwise
    the Sheriff's death is the Outlaws' win."""
    game = make_game(
        FIVE, faces=[*QUIET, *QUIET, "bullseye2", "dynamite", "dynamite", "beer", "beer"]
    )
    game = kill(game, 3)
    roll_and_stop(game)  # Sheriff
    roll_and_stop(game)  # seat 1, Outlaw
    game = position(game, players={0: {"life": 1}})
    play(game, Roll(ALL), Stop())  # seat 2, the Renegade: the Sheriff is two places away
    events = game.apply(ChooseSeat(0))
    assert PlayerEliminated(0, "bullseye", 2) in events
    assert over(game, events) == GameOver("outlaws", (1, 3))


def test_end_a_renegade_kills_the_sheriff_as_last_one_standing() -> None:
    """End of the Game a): the Renegade's own shot leaves him the only one alive: he wins."""
    game = make_game(FIVE, faces=[*QUIET, "bullseye1", "beer", "dynamite", "dynamite", "gatling"])
    game = kill(game, 1, 3, 4)
    roll_and_stop(game)
    game = position(game, players={0: {"life": 1}})
    roll_and_stop(game)
    events = game.apply(ChooseSeat(0))
    assert over(game, events) == GameOver("renegade", (2,))


def test_end_b_all_outlaws_and_renegades_eliminated_sheriff_and_deputies_win() -> None:
    """End of the Game b): the Sheriff and all Deputies win as a team."""
    game = make_game(FIVE, faces=["bullseye2", "dynamite", "dynamite", "gatling", "gatling"])
    game = kill(game, 1, 3)
    game = position(game, players={2: {"life": 1}})
    roll_and_stop(game)
    events = game.apply(ChooseSeat(2))
    assert over(game, events) == GameOver("sheriff", (0, 4))


def test_end_example_outlaws_dead_renegade_alive_the_game_continues() -> None:
    """End of the Game, example 1: all Outlaws eliminated but a Renegade in play: go on."""
    game = make_game(FIVE, faces=["bullseye2", "dynamite", "dynamite", "gatling", "gatling"])
    game = kill(game, 1)
    game = position(game, players={3: {"life": 1}})
    roll_and_stop(game)
    events = game.apply(ChooseSeat(3))
    assert PlayerEliminated(3, "bullseye", 0) in events
    assert not game.over and not of(events, GameOver)
    assert (game.turn, game.pending.kind) == (2, DecisionKind.ROLL)


def test_end_example_sheriff_dies_after_all_outlaws_with_deputy_and_renegade_alive() -> None:
    """End of the Game, example 2: the Sheriff eliminated, the Outlaws already dead, a Deputy
    and a Renegade alive: the Outlaws win at the cost of their lives."""
    game = make_game(FIVE, faces=DYNAMITE)
    game = kill(game, 1, 3)
    game = position(game, players={0: {"life": 1}})
    events = game.apply(Roll(ALL))
    assert over(game, events) == GameOver("outlaws", (1, 3))


def test_end_example_all_players_eliminated_at_the_same_time_outlaws_win() -> None:
    """End of the Game, example 3: "All players are eliminated at the same time. Outlaws win!"
    (one Indian attack kills everyone)."""
    game = make_game(FIVE, faces=["arrow", "dynamite", "dynamite", "gatling", "gatling"])
    # Every seat at 1 life, the four others holding 2 arrows each: the pile keeps one.
    game = position(game, players={s: {"life": 1, "arrows": 2 if s else 0} for s in range(5)})
    events = game.apply(Roll(ALL))
    assert [e.seat for e in of(events, PlayerEliminated)] == [0, 1, 2, 3, 4]
    assert over(game, events) == GameOver("outlaws", (1, 3))


def test_end_8_players_sheriff_facing_two_renegades_dies_first_outlaws_win() -> None:
    """End of the Game, note: with 8 players, the Sheriff confronted by the two Renegades and
    eliminated first: the Outlaws win."""
    game = make_game(EIGHT, faces=DYNAMITE)
    game = kill(game, 1, 3, 4, 5, 6)
    game = position(game, players={0: {"life": 1}})
    events = game.apply(Roll(ALL))
    assert over(game, events) == GameOver("outlaws", (1, 3, 5))


def test_end_8_players_each_renegade_wins_alone_as_last_alive() -> None:
    """End of the Game, note: each of the two Renegades plays on his own; the last one alive
    wins alone."""
    game = make_game(EIGHT, faces=DYNAMITE)
    game = kill(game, 1, 3, 4, 5, 6, 7)
    game = position(game, players={0: {"life": 1}})
    events = game.apply(Roll(ALL))
    assert over(game, events) == GameOver("renegade", (2,))


def test_end_8_players_sheriff_must_eliminate_both_renegades() -> None:
    """End of the Game b) with 8 players: one Renegade left alive keeps the game going; both
    gone (with the Outlaws), the Sheriff and both Deputies win."""
    game = make_game(EIGHT, faces=["bullseye1", "dynamite", "dynamite", "gatling", "gatling"])
    game = kill(game, 1, 3, 5)
    game = position(game, players={2: {"life": 1}})
    roll_and_stop(game)
    events = game.apply(ChooseSeat(2))
    assert PlayerEliminated(2, "bullseye", 0) in events and not game.over

    game = make_game(EIGHT, faces=["bullseye1", "bullseye1", "dynamite", "dynamite", "gatling"])
    game = kill(game, 1, 3, 5)
    game = position(game, players={2: {"life": 1}, 7: {"life": 1}})
    roll_and_stop(game)
    events = play(game, ChooseSeat(2), ChooseSeat(7))
    assert over(game, events) == GameOver("sheriff", (0, 4, 6))


def test_ruling_8_the_game_ends_in_the_middle_of_a_turn() -> None:
    """Ruling 8: the Sheriff's Bull's Eye kills the last Renegade: the game ends at once, the
    Beer and the Gatlings of that turn never resolve and the turn does not end. The living
    turn their cards up to see who won: the Deputy's is shown last."""
    game = make_game(FIVE, faces=["bullseye2", "beer", "gatling", "gatling", "gatling"])
    game = kill(game, 1, 3)
    game = position(game, players={2: {"life": 1}})
    roll_and_stop(game)
    events = game.apply(ChooseSeat(2))
    assert kinds(events) == [
        "result_assigned",
        "life_lost",
        "player_eliminated",
        "role_revealed",
        "role_revealed",
        "game_over",
    ]
    assert not of(events, TurnEnded)
    assert of(events, RoleRevealed)[-1] == RoleRevealed(4, "deputy")
    assert over(game, events) == GameOver("sheriff", (0, 4))


def test_ruling_8_the_game_ends_in_another_players_turn() -> None:
    """Ruling 8: an Outlaw's Bull's Eye kills the Sheriff: the Outlaws win at once."""
    game = make_game(FIVE, faces=[*QUIET, "bullseye1", "beer", "dynamite", "dynamite", "arrow"])
    roll_and_stop(game)
    game = position(game, players={0: {"life": 1}})
    roll_and_stop(game)
    events = game.apply(ChooseSeat(0))
    assert over(game, events) == GameOver("outlaws", (1, 3))
    assert game.players[1].life == 8  # the Beer never resolved


# ------------------------------------------------------------ roles unknown


def secret(faces: list[str], players: int = 5) -> Game:
    """Physical, secret role cards: the engine knows only the Sheriff (seat 0)."""
    chars = FIVE if players == 5 else [*FIVE, "el_gringo"][:players]
    return make_game(chars, roles=None, sheriff=0, faces=faces)


def test_unknown_roles_elimination_asks_the_eliminated_seat_to_reveal() -> None:
    """Running Out of Life Points with secret roles: the eliminated seat shows its role; the
    engine offers only the roles still hidden."""
    game = secret(["bullseye1", "beer", "dynamite", "dynamite", "gatling"])
    assert [p.role for p in game.players] == [Role.SHERIFF, None, None, None, None]
    game = position(game, players={1: {"life": 1}})
    roll_and_stop(game)
    events = game.apply(ChooseSeat(1))
    assert PlayerEliminated(1, "bullseye", 0) in events
    d = game.pending
    assert (d.kind, d.seat) == (DecisionKind.REVEAL_ROLE, 1)
    assert game.legal_actions() == [
        Reveal(Role.DEPUTY),
        Reveal(Role.OUTLAW),
        Reveal(Role.RENEGADE),
    ]
    events = game.apply(Reveal(Role.OUTLAW))
    assert events[0] == RoleRevealed(1, "outlaw")
    assert game.players[1].role is Role.OUTLAW and game.players[1].revealed
    assert game.pending.kind is DecisionKind.BEER_TARGET and not game.over


def test_unknown_roles_reveal_offers_only_roles_still_hidden() -> None:
    """Secret roles: once both Outlaws are revealed, no Outlaw can be revealed again."""
    game = secret(["bullseye1", "dynamite", "dynamite", "gatling", "gatling"])
    game = kill(game, 1, 3, roles={1: Role.OUTLAW, 3: Role.OUTLAW})
    game = position(game, players={4: {"life": 1}})
    roll_and_stop(game)
    game.apply(ChooseSeat(4))
    assert game.legal_actions() == [Reveal(Role.DEPUTY), Reveal(Role.RENEGADE)]
    with pytest.raises(IllegalAction, match="No outlaw card is left to reveal"):
        game.apply(Reveal(Role.OUTLAW))


def test_unknown_roles_renegade_and_both_outlaws_dead_sheriffs_side_wins() -> None:
    """Secret roles, 5 players: the Renegade and both Outlaws revealed dead: the Sheriff's
    side wins, the Deputy included though he never revealed."""
    game = secret(["gatling", "gatling", "gatling", "dynamite", "dynamite"])
    for seat in (1, 2, 3):
        game = position(game, players={seat: {"life": 1}})
    events = roll_and_stop(game)
    assert [e.seat for e in of(events, PlayerEliminated)] == [1, 2, 3]
    assert (game.pending.kind, game.pending.seat) == (DecisionKind.REVEAL_ROLE, 1)
    play(game, Reveal(Role.OUTLAW))
    assert game.pending.seat == 2
    play(game, Reveal(Role.RENEGADE))
    assert game.pending.seat == 3
    assert game.legal_actions() == [Reveal(Role.DEPUTY), Reveal(Role.OUTLAW)]
    events = game.apply(Reveal(Role.OUTLAW))
    assert game.players[4].role is None and not game.players[4].revealed
    assert over(game, events) == GameOver("sheriff", (0, 4))


def test_unknown_roles_deputy_dead_game_goes_on() -> None:
    """Secret roles: a dead Deputy changes nothing; the game goes on."""
    game = secret(["bullseye1", "dynamite", "dynamite", "gatling", "gatling"])
    game = position(game, players={1: {"life": 1}})
    roll_and_stop(game)
    play(game, ChooseSeat(1))
    events = game.apply(Reveal(Role.DEPUTY))
    assert not game.over and not of(events, GameOver)


@pytest.mark.parametrize(
    ("dead", "survivor_role", "outcome"),
    [
        ({1: Role.OUTLAW, 3: Role.OUTLAW, 4: Role.DEPUTY}, Role.RENEGADE, ("renegade", (2,))),
        ({1: Role.OUTLAW, 3: Role.RENEGADE, 4: Role.DEPUTY}, Role.OUTLAW, ("outlaws", (1, 2))),
    ],
)
def test_unknown_roles_sheriff_dies_with_one_unknown_survivor_who_must_reveal(
    dead: dict[int, Role], survivor_role: Role, outcome: tuple[str, tuple[int, ...]]
) -> None:
    """End of the Game a) with secret roles: the Sheriff dies leaving one unrevealed player:
    that survivor is asked to reveal, and the role decides Renegade or Outlaws."""
    game = secret(DYNAMITE)
    game = kill(game, *dead, roles=dead)
    game = position(game, players={0: {"life": 1}})
    events = game.apply(Roll(ALL))
    assert PlayerEliminated(0, "dynamite", None) in events
    assert not game.over
    assert (game.pending.kind, game.pending.seat) == (DecisionKind.REVEAL_ROLE, 2)
    assert game.legal_actions() == [Reveal(survivor_role)]
    events = game.apply(Reveal(survivor_role))
    assert events[0] == RoleRevealed(2, str(survivor_role))
    assert over(game, events) == GameOver(*outcome)


def test_unknown_roles_sheriff_dies_with_several_alive_outlaws_win_at_once() -> None:
    """End of the Game a) with secret roles: several alive: the Outlaws win without any
    reveal; the winners known to the engine are the revealed Outlaws."""
    game = secret(DYNAMITE)
    game = kill(game, 1, roles={1: Role.OUTLAW})
    game = position(game, players={0: {"life": 1}})
    events = game.apply(Roll(ALL))
    assert over(game, events) == GameOver("outlaws", (1,))


# ---------------------------------------------------------------- 3 players


def three(roles: list[str], faces: list[str]) -> Game:
    """Three players, roles face up: Deputy, Outlaw, Renegade in the given seats."""
    return make_game(["paul_regret", "lucky_duke", "calamity_janet"], roles=roles, faces=faces)


def test_three_players_roles_face_up_deputy_starts_no_sheriff_bonus() -> None:
    """Special Rules for 3 Players: Deputy, Outlaw, Renegade face up; the Deputy takes the
    first turn; there is no Sheriff and nobody has extra life."""
    game = three(["outlaw", "renegade", "deputy"], [])
    assert all(p.revealed for p in game.players)
    assert [p.role for p in game.players] == [Role.OUTLAW, Role.RENEGADE, Role.DEPUTY]
    assert [p.life for p in game.players] == [9, 8, 8]
    assert (game.turn, game.pending.kind) == (2, DecisionKind.ROLL)


def test_three_players_deputy_wins_by_eliminating_the_renegade_himself() -> None:
    """3 players: the Deputy must personally eliminate the Renegade."""
    game = three(
        ["deputy", "outlaw", "renegade"], ["bullseye2", "beer", "dynamite", "dynamite", "gatling"]
    )
    game = position(game, players={2: {"life": 1}})
    roll_and_stop(game)
    assert [a.seat for a in game.legal_actions()] == [1, 2]  # Bull's Eye 2 acts as 1
    events = game.apply(ChooseSeat(2))
    assert over(game, events) == GameOver("deputy", (0,))


def test_three_players_renegade_wins_by_eliminating_the_outlaw_with_the_gatling() -> None:
    """3 players: the Renegade must eliminate the Outlaw; the Gatling Gun is his own hand."""
    game = three(
        ["renegade", "outlaw", "deputy"],
        [*QUIET, "gatling", "gatling", "gatling", "dynamite", "dynamite"],
    )
    roll_and_stop(game)  # the Deputy (seat 2)
    game = position(game, players={1: {"life": 1}})
    events = roll_and_stop(game)
    assert PlayerEliminated(1, "gatling", 0) in events
    assert over(game, events) == GameOver("renegade", (0,))


def test_three_players_outlaw_wins_by_eliminating_the_deputy() -> None:
    """3 players: the Outlaw must eliminate the Deputy."""
    game = three(
        ["deputy", "outlaw", "renegade"],
        [*QUIET, "bullseye1", "dynamite", "dynamite", "gatling", "gatling"],
    )
    roll_and_stop(game)
    game = position(game, players={0: {"life": 1}})
    roll_and_stop(game)
    events = game.apply(ChooseSeat(0))
    assert over(game, events) == GameOver("outlaw", (1,))


def test_three_players_wrong_hand_turns_it_into_last_one_standing() -> None:
    """3 players: the Outlaw eliminates the Renegade (the Deputy's target): nobody wins yet;
    the Deputy must now eliminate the Outlaw and wins as the last man standing."""
    game = three(
        ["deputy", "outlaw", "renegade"],
        [
            *QUIET,
            *["bullseye1", "dynamite", "dynamite", "gatling", "gatling"],
            *["bullseye1", "dynamite", "dynamite", "gatling", "gatling"],
        ],
    )
    roll_and_stop(game)
    game = position(game, players={2: {"life": 1}})
    roll_and_stop(game)
    events = game.apply(ChooseSeat(2))
    assert PlayerEliminated(2, "bullseye", 1) in events
    assert LastOneStanding() in events and game.last_standing and not game.over
    assert game.turn == 0  # the Renegade's turn is skipped
    game = position(game, players={1: {"life": 1}})
    roll_and_stop(game)
    events = game.apply(ChooseSeat(1))
    assert over(game, events) == GameOver("deputy", (0,))


def test_three_players_wrong_hand_then_the_outlaw_wins_as_last_standing() -> None:
    """3 players: after the wrong hand, the Outlaw must in turn eliminate the Deputy."""
    game = three(
        ["deputy", "outlaw", "renegade"],
        [
            *["gatling", "gatling", "gatling", "dynamite", "dynamite"],
            *["bullseye1", "dynamite", "dynamite", "gatling", "gatling"],
        ],
    )
    # the Deputy's Gatling kills the Outlaw: not his target
    game = position(game, players={1: {"life": 1}})
    events = roll_and_stop(game)
    assert PlayerEliminated(1, "gatling", 0) in events
    assert LastOneStanding() in events and not game.over
    assert game.turn == 2
    game = position(game, players={0: {"life": 1}})
    roll_and_stop(game)
    events = game.apply(ChooseSeat(0))
    assert over(game, events) == GameOver("renegade", (2,))


def test_three_players_gatling_killing_both_includes_the_target_so_the_shooter_wins() -> None:
    """3 players: the Deputy's Gatling kills the Outlaw and the Renegade together; the
    Renegade fell to his hand, so he wins."""
    game = three(
        ["deputy", "outlaw", "renegade"], ["gatling", "gatling", "gatling", "dynamite", "arrow"]
    )
    game = position(game, players={1: {"life": 1}, 2: {"life": 1}})
    events = roll_and_stop(game)
    assert over(game, events) == GameOver("deputy", (0,))


@pytest.mark.parametrize("cause", ["indians", "dynamite"])
def test_ruling_11_three_players_indians_or_dynamite_are_no_ones_hand(cause: str) -> None:
    """Ruling 11: the Renegade (the Deputy's target) lost to Indians in the Deputy's own turn,
    or to his own Dynamite, fell to no one's hand: last one standing, no winner yet."""
    if cause == "indians":
        game = three(
            ["deputy", "outlaw", "renegade"],
            ["arrow", "dynamite", "dynamite", "gatling", "gatling"],
        )
        game = position(game, players={2: {"life": 1, "arrows": 8}}, pile=1)
        events = game.apply(Roll(ALL))
    else:
        game = three(["deputy", "outlaw", "renegade"], [*QUIET, *QUIET, *DYNAMITE])
        roll_and_stop(game)
        roll_and_stop(game)
        game = position(game, players={2: {"life": 1}})
        events = game.apply(Roll(ALL))
    assert PlayerEliminated(2, cause, None) in events
    assert LastOneStanding() in events
    assert not game.over and game.last_standing


def test_ruling_11_el_gringo_arrow_indians_are_no_ones_hand() -> None:
    """Ruling 11 with El Gringo: the Indian attack his arrow starts is not the shooter's hand."""
    game = make_game(
        ["paul_regret", "el_gringo", "calamity_janet"],
        roles=["outlaw", "renegade", "deputy"],
        faces=[*QUIET, "bullseye1", "dynamite", "dynamite", "gatling", "gatling"],
    )
    roll_and_stop(game)  # the Deputy, seat 2, takes one arrow
    # the Deputy holds 8 arrows
    game = position(game, players={2: {"life": 1, "arrows": 8}}, pile=1)
    roll_and_stop(game)  # the Outlaw (seat 0) shoots El Gringo (the Renegade)
    events = game.apply(ChooseSeat(1))
    # The Outlaw takes the last arrow for El Gringo: the Indians kill the Deputy, the
    # Outlaw's target, but by no one's hand.
    assert PlayerEliminated(2, "indians", None) in events
    assert LastOneStanding() in events and not game.over


def test_three_players_last_two_dying_together_nobody_wins() -> None:
    """3 players, reading: after the wrong hand, both survivors killed by one Indian attack:
    the engine ends the game with side "nobody"."""
    game = three(
        ["deputy", "outlaw", "renegade"], ["arrow", "dynamite", "dynamite", "gatling", "gatling"]
    )
    game = position(
        game,
        players={2: {"alive": False, "life": 0}, 0: {"life": 1}, 1: {"life": 1, "arrows": 8}},
        last_standing=True,
        pile=1,
    )
    events = game.apply(Roll(ALL))
    assert [e.seat for e in of(events, LifeLost)] == [0, 1]
    assert over(game, events) == GameOver("nobody", ())
