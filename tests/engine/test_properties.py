"""Properties every legal game must keep, checked over thousands of random games of 3 to 8.

Each example deals a game from a random seed and plays random legal actions to the end. A
separate referee, written from the rulebook and independent of ``victory.py``, follows the
events and says when the game must end and who wins; the state is checked after every action.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import (
    DICE,
    Accept,
    Action,
    ArrowsDiscarded,
    ArrowTaken,
    ChooseDie,
    ChooseSeat,
    DecisionKind,
    Decline,
    DiceRolled,
    Event,
    Game,
    GameOver,
    HouseRule,
    IllegalAction,
    LifeGained,
    LifeLost,
    PlayerEliminated,
    ResultAssigned,
    Reveal,
    Role,
    RoleRevealed,
    Roll,
    Stop,
    TurnStarted,
    deal,
)

ARROWS = 9
# No random game seen has needed more than ~250 actions; a game that runs this long is stuck.
MAX_ACTIONS = 2_000
# 3 players: whom each role must eliminate by its own hand (rulebook, "Special Rules").
TARGET = {Role.DEPUTY: Role.RENEGADE, Role.RENEGADE: Role.OUTLAW, Role.OUTLAW: Role.DEPUTY}
HAND_CAUSES = ("bullseye", "gatling")
# Decisions that belong to the player whose turn it is.
ACTIVE_DECISIONS = {
    DecisionKind.GIFT_LIFE,
    DecisionKind.ROLL,
    DecisionKind.REROLL,
    DecisionKind.BULLSEYE_TARGET,
    DecisionKind.SLAB_DOUBLE,
    DecisionKind.BEER_TARGET,
    DecisionKind.KIT_DISCARD,
}
# Once the game is decided, only the rest of the same simultaneous elimination may follow.
AFTER_DECISION = (PlayerEliminated, ArrowsDiscarded, RoleRevealed, GameOver)

# Examples per property; the whole file stays well under a minute on one core.
RUNS = settings(
    max_examples=1200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
HEAVY = settings(RUNS, max_examples=150)
MEDIUM = settings(RUNS, max_examples=250)


@dataclass(frozen=True)
class Spec:
    """What a random game is made of: the deal, the house rules and the players' choices."""

    players: int
    seed: int
    choices: int
    house_rules: frozenset[HouseRule] = frozenset()

    def new_game(self, dice: Any = None) -> Game:
        return Game(deal(self.players, self.seed, house_rules=self.house_rules), dice)


@st.composite
def specs(draw: st.DrawFn, players: st.SearchStrategy[int] | None = None) -> Spec:
    return Spec(
        players=draw(players if players is not None else st.integers(3, 8)),
        seed=draw(st.integers(0, 2**32)),
        choices=draw(st.integers(0, 2**32)),
        house_rules=draw(st.frozensets(st.sampled_from(list(HouseRule)))),
    )


# ----------------------------------------------------------------- the referee


class Referee:
    """Decides the end from the true roles and the events alone, as the rulebook words it."""

    def __init__(self, game: Game) -> None:
        assert game.setup.roles is not None
        self.roles = game.setup.roles
        self.three = game.setup.three_player
        self.alive = [True] * len(self.roles)
        self.anyone_died = False
        self.hand_winner: int | None = None
        self.characters = [p.character for p in game.players]
        self.rolls = 0  # rolls made this turn
        self.faces: list[str] = []  # every die after the last roll of this turn

    def next_turn(self, after: int) -> int:
        """The next living seat clockwise: the dead are skipped."""
        n = len(self.alive)
        return next(s % n for s in range(after + 1, after + n + 1) if self.alive[s % n])

    def rolled(self, e: DiceRolled) -> None:
        """First roll: all dice; then at most the re-rolls allowed, never a Dynamite die."""
        who = self.characters[e.seat]
        assert e.roll == self.rolls + 1, e
        assert e.roll <= 3 + (who == "lucky_duke"), e
        if e.roll == 1:
            assert e.dice == tuple(range(len(e.all_faces))), e
        else:
            assert self.faces.count("dynamite") < 3, f"{e}: re-rolled after 3 Dynamite"
            if who != "black_jack":
                assert all(self.faces[d] != "dynamite" for d in e.dice), f"{e}: Dynamite"
        self.rolls, self.faces = e.roll, list(e.all_faces)

    def eliminated(self, seat: int, hand: int | None) -> None:
        assert self.alive[seat], f"seat {seat} eliminated twice"
        self.alive[seat] = False
        self.anyone_died = True
        if self.three and hand is not None and TARGET[self.roles[hand]] is self.roles[seat]:
            self.hand_winner = hand

    def outcome(self) -> tuple[str, tuple[int, ...]] | None:
        """(side, winners) once the game must be over, else None."""
        alive = [s for s, a in enumerate(self.alive) if a]
        seats = {r: tuple(s for s, x in enumerate(self.roles) if x is r) for r in Role}
        if self.three:
            if self.hand_winner is not None:
                return str(self.roles[self.hand_winner]), (self.hand_winner,)
            if self.anyone_died and len(alive) == 1:
                return str(self.roles[alive[0]]), (alive[0],)
            if not alive:
                return "nobody", ()
            return None
        (sheriff,) = seats[Role.SHERIFF]
        if not self.alive[sheriff]:
            if len(alive) == 1 and self.roles[alive[0]] is Role.RENEGADE:
                return "renegade", (alive[0],)
            return "outlaws", seats[Role.OUTLAW]
        if not any(self.alive[s] for s in seats[Role.OUTLAW] + seats[Role.RENEGADE]):
            return "sheriff", tuple(sorted(seats[Role.SHERIFF] + seats[Role.DEPUTY]))
        return None


# ----------------------------------------------------------------- checks


@dataclass(frozen=True)
class Before:
    """What the table looked like before an action: the events are checked against it."""

    life: tuple[int, ...]
    arrows: tuple[int, ...]
    dead: frozenset[int]
    pile: int
    turn: int
    over: bool

    @classmethod
    def of(cls, game: Game) -> Before:
        return cls(
            life=tuple(p.life for p in game.players),
            arrows=tuple(p.arrows for p in game.players),
            dead=frozenset(p.seat for p in game.players if not p.alive),
            pile=game.pile,
            turn=game.turn,
            over=game.over,
        )


def check_state(game: Game) -> None:
    """Arrows conserved, life within bounds, the dead out of play, a decision while not over."""
    assert game.pile + sum(p.arrows for p in game.players) == ARROWS
    assert 0 <= game.pile <= ARROWS
    for p in game.players:
        assert 0 <= p.life <= p.max_life, p
        assert p.arrows >= 0, p
        assert p.alive == (p.life > 0), p
        if not p.alive:
            assert p.life == 0 and p.arrows == 0, p
    if game.over:
        assert game.pending is None and game.legal_actions() == []
        return
    d = game.pending
    assert d is not None, "a game that is not over must wait for a decision"
    legal = game.legal_actions()
    assert legal, f"no legal action for {d}"
    assert len(set(legal)) == len(legal), f"duplicate legal actions for {d}"
    if d.kind is not DecisionKind.REVEAL_ROLE:
        assert game.players[d.seat].alive, f"dead seat {d.seat} must decide {d.kind}"
    if d.kind in ACTIVE_DECISIONS:
        assert d.seat == game.turn and game.players[game.turn].alive


def check_events(before: Before, events: list[Event], game: Game, referee: Referee) -> None:
    """The events tell the truth and never touch a dead player; the end comes at once."""
    life, arrows, pile = list(before.life), list(before.arrows), before.pile
    dead = set(before.dead)
    turn = before.turn
    last_loss: dict[int, LifeLost] = {}
    decided = referee.outcome() is not None
    assert not decided, "the referee saw the end before the engine"
    for i, e in enumerate(events):
        if decided:
            assert isinstance(e, AFTER_DECISION), f"{e} after the game was decided"
        if isinstance(e, TurnStarted):
            assert e.seat == referee.next_turn(turn), f"{e}: not the next living seat"
            turn = e.seat
            referee.rolls, referee.faces = 0, []
        elif isinstance(e, DiceRolled):
            assert e.seat == turn and e.seat not in dead
            referee.rolled(e)
        elif isinstance(e, LifeLost):
            assert e.seat not in dead, f"{e}: the seat is already eliminated"
            assert e.amount > 0
            life[e.seat] -= e.amount
            assert e.life == life[e.seat] >= 0, e
            if e.cause in HAND_CAUSES:
                assert e.by == turn, e
            last_loss[e.seat] = e
        elif isinstance(e, LifeGained):
            assert e.seat not in dead, f"{e}: the seat is already eliminated"
            assert e.amount > 0
            life[e.seat] += e.amount
            assert e.life == life[e.seat] <= game.players[e.seat].max_life, e
        elif isinstance(e, ArrowTaken):
            assert e.seat not in dead, f"{e}: the seat is already eliminated"
            arrows[e.seat] += 1
            pile -= 1
            assert e.pile == pile >= 0, e
        elif isinstance(e, ArrowsDiscarded):
            assert e.seat not in before.dead, f"{e}: the seat was eliminated before"
            assert 0 < e.count <= arrows[e.seat], e
            arrows[e.seat] -= e.count
            pile += e.count
            assert e.pile == pile <= ARROWS, e
        elif isinstance(e, ResultAssigned):
            assert e.seat == turn and e.seat not in dead, e
            assert e.target not in dead, f"{e}: the target is already eliminated"
        elif isinstance(e, PlayerEliminated):
            assert e.seat not in dead, e
            assert life[e.seat] == 0, e
            loss = last_loss[e.seat]
            assert e.cause == loss.cause, (e, loss)
            assert e.by == (loss.by if loss.cause in HAND_CAUSES else None), (e, loss)
            dead.add(e.seat)
            referee.eliminated(e.seat, e.by)
            decided = referee.outcome() is not None
        elif isinstance(e, GameOver):
            assert i == len(events) - 1, "nothing happens after the game is over"
    assert life == [p.life for p in game.players]
    assert arrows == [p.arrows for p in game.players]
    assert pile == game.pile
    assert dead == {p.seat for p in game.players if not p.alive}
    outcome = referee.outcome()
    assert game.over == (outcome is not None), (outcome, game.over)
    assert any(isinstance(e, GameOver) for e in events) == (game.over and not before.over)
    if outcome is not None:
        side, winners = outcome
        assert (game.side, tuple(sorted(game.winners))) == (side, winners)


def check_winners(game: Game) -> None:
    """The winners agree with the role cards (rulebook, "End of the Game", 3-player rules)."""
    assert game.over and game.side is not None
    roles = game.setup.roles
    assert roles is not None
    seats = {r: {s for s, x in enumerate(roles) if x is r} for r in Role}
    alive = {p.seat for p in game.players if p.alive}
    winners = set(game.winners)
    assert len(winners) == len(game.winners)
    if game.setup.three_player:
        if game.side == "nobody":
            assert not winners and not alive
        else:
            (winner,) = winners
            assert str(roles[winner]) == game.side
        return
    (sheriff,) = seats[Role.SHERIFF]
    if game.side == "sheriff":
        assert winners == {sheriff} | seats[Role.DEPUTY]
        assert sheriff in alive and not alive & (seats[Role.OUTLAW] | seats[Role.RENEGADE])
    elif game.side == "outlaws":
        assert winners == seats[Role.OUTLAW]
        assert sheriff not in alive
        assert not (len(alive) == 1 and alive <= seats[Role.RENEGADE])
    elif game.side == "renegade":
        (winner,) = winners
        assert roles[winner] is Role.RENEGADE and alive == {winner}
    else:
        pytest.fail(f"unknown side {game.side!r}")


# ----------------------------------------------------------------- playing


@dataclass
class Record:
    """A finished game: the actions as applied and the events of each, in order."""

    actions: list[Action] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)
    final: dict[str, Any] = field(default_factory=dict)


Hook = Callable[[Game, Referee, random.Random], None]


def play_checked(spec: Spec, hook: Hook | None = None, game: Game | None = None) -> Record:
    """Play ``spec`` to the end with every check after every action.

    ``hook`` sees each state before its action is chosen, with its own random source, so it
    never changes which game is played.
    """
    game = game if game is not None else spec.new_game()
    choose = random.Random(spec.choices)
    probe = random.Random(spec.choices ^ 0x5EED)
    referee = Referee(game)
    record = Record()
    check_state(game)
    if game.setup.three_player:
        assert game.turn == game.setup.roles.index(Role.DEPUTY), "the Deputy plays first"
    while not game.over:
        assert len(record.actions) < MAX_ACTIONS, "the game does not end"
        if hook is not None:
            hook(game, referee, probe)
        action = choose.choice(game.legal_actions())
        before = Before.of(game)
        events = game.apply(action)
        record.actions.append(action)
        record.events.append(events)
        check_state(game)
        check_events(before, events, game, referee)
    check_winners(game)
    record.final = game.to_json()
    return record


# ----------------------------------------------------------------- illegal actions


def illegal_candidates(game: Game) -> list[Action]:
    """Actions the rules forbid now, built without asking the engine what is legal."""
    n = len(game.players)
    dice = len(game.faces)
    d = game.pending
    assert d is not None
    living = [p.seat for p in game.players if p.alive]
    found: list[Action] = [
        ChooseSeat(-1),
        ChooseSeat(n),
        ChooseSeat(n + 7),
        ChooseDie(-1),
        ChooseDie(dice),
        Roll(()),
        Roll((-1,)),
        Roll((dice,)),
        Roll((0, 0)),
        Reveal(Role.SHERIFF),  # the Sheriff is always known (and absent with 3 players)
        Roll((dice,), ("arrow",)),  # a recorded face for a die that does not exist
        Roll((-1,), ("arrow",)),
        Roll((0, dice + 3), ("arrow", "arrow")),
    ]
    found += [ChooseSeat(p.seat) for p in game.players if not p.alive]
    kinds = {type(a) for a in game.legal_actions()}
    for proto in (
        Stop(),
        Accept(),
        Decline(),
        ChooseDie(0),
        Reveal(Role.OUTLAW),
        ChooseSeat(living[0]),
        Roll((0,)),
    ):
        if type(proto) not in kinds:
            found.append(proto)
    if d.kind is DecisionKind.BULLSEYE_TARGET:
        found.append(ChooseSeat(game.turn))
    if d.kind is DecisionKind.KIT_DISCARD:
        found += [ChooseSeat(s) for s in living if not game.players[s].arrows]
    if d.kind is DecisionKind.ROLL:
        found += [Roll(tuple(range(k))) for k in range(1, dice)]
    if d.kind in (DecisionKind.ROLL, DecisionKind.REROLL):
        locked = [i for i in range(dice) if game.locked(i)]
        found += [Roll((i,)) for i in locked]
        if locked:
            found.append(Roll(tuple(range(dice))))
        some = next(a for a in game.legal_actions() if isinstance(a, Roll))
        k = len(some.dice)
        found += [  # faces that no die of the game shows, or too many of them
            Roll(some.dice, ("nonsense",) * k),
            Roll(some.dice, ("double_beer",) * k),  # a Saloon face on base dice
            Roll(some.dice, (DICE["base"][0],) * (k + 1)),
        ]
    return found


def check_illegal(game: Game) -> None:
    """Every illegal action raises IllegalAction with a message and changes nothing."""
    snapshot = game.to_json()
    legal = game.legal_actions()
    for action in illegal_candidates(game):
        if not (isinstance(action, Roll) and action.faces is not None):
            assert action not in legal, f"the test built a legal action: {action}"
        with pytest.raises(IllegalAction) as caught:
            game.apply(action)
        assert str(caught.value), action
        assert game.to_json() == snapshot, f"{action} changed the game"
        assert game.legal_actions() == legal


def check_legal_sample(game: Game, referee: Referee, rng: random.Random, count: int = 3) -> None:
    """Several legal actions apply cleanly on copies, and leave the original untouched."""
    snapshot = game.to_json()
    legal = game.legal_actions()
    for action in rng.sample(legal, min(count, len(legal))):
        clone = game.copy()
        before = Before.of(clone)
        events = clone.apply(action)
        check_state(clone)
        assert game.to_json() == snapshot, "applying to a copy changed the original"
        if isinstance(action, Roll) and len(action.dice) > 1:
            # The same dice named in another order are the same roll.
            other = game.copy()
            assert other.apply(Roll(action.dice[::-1])) == events
            assert other.to_json() == clone.to_json()
        check_events(before, events, clone, copy.deepcopy(referee))


def round_trip(game: Game) -> Game:
    """Write the game to JSON text and read it back; the state must be identical."""
    data = game.to_json()
    text = json.dumps(data)
    restored = Game.from_json(json.loads(text))
    assert restored.to_json() == data
    assert json.dumps(restored.to_json()) == text
    assert restored.pending == game.pending
    assert restored.legal_actions() == game.legal_actions()
    return restored


class NoDice:
    """A dice source for replays: every face must come from the record."""

    def roll(self, roll_number: int, dice: Any) -> list[str]:
        raise AssertionError(f"the replay asked the dice source for roll {roll_number}")


def recorded_actions(record: Record) -> list[Action]:
    """The actions of a game with each Roll carrying the faces its DiceRolled event showed."""
    actions: list[Action] = []
    for action, events in zip(record.actions, record.events, strict=True):
        if isinstance(action, Roll):
            (rolled,) = [e for e in events if isinstance(e, DiceRolled)]
            assert rolled.dice == tuple(sorted(action.dice))
            action = Roll(rolled.dice, rolled.faces)
        actions.append(action)
    return actions


# ----------------------------------------------------------------- the properties


@RUNS
@given(specs())
def test_random_games_keep_every_invariant_and_end_with_the_right_winners(spec: Spec) -> None:
    """Arrows, life, the dead, the events, the end and the winners, after every action."""
    play_checked(spec)


@HEAVY
@given(specs())
def test_every_legal_action_applies_and_every_illegal_one_changes_nothing(spec: Spec) -> None:
    """At every state: sampled legal actions work on copies; built illegal ones all raise."""

    def hook(game: Game, referee: Referee, rng: random.Random) -> None:
        check_legal_sample(game, referee, rng)
        check_illegal(game)

    game = spec.new_game()
    play_checked(spec, hook, game)
    for action in (Stop(), Roll((0, 1, 2, 3, 4)), ChooseSeat(0), Decline(), Accept()):
        with pytest.raises(IllegalAction, match="over"):
            game.apply(action)


@MEDIUM
@given(specs())
def test_json_round_trips_at_random_points_and_the_restored_game_plays_on_identically(
    spec: Spec,
) -> None:
    """A saved game (even mid-resolution) reads back identically and continues the same."""
    saved: list[tuple[int, Game]] = []
    moves = [0]

    def hook(game: Game, referee: Referee, rng: random.Random) -> None:
        if rng.random() < 0.2:
            restored = round_trip(game)
            if not saved:
                saved.append((moves[0], restored))
        moves[0] += 1

    game = spec.new_game()
    record = play_checked(spec, hook, game)
    round_trip(game)
    if saved:
        at, restored = saved[0]
        for action, events in zip(record.actions[at:], record.events[at:], strict=True):
            assert restored.apply(action) == events
        assert restored.to_json() == record.final


@MEDIUM
@given(specs())
def test_the_same_seed_gives_the_same_game(spec: Spec) -> None:
    """Same deal, dice and choices: identical events, actions and final state."""
    first = play_checked(spec)
    again_game = spec.new_game()
    assert again_game.opening_events == spec.new_game().opening_events
    again = play_checked(spec, game=again_game)
    assert again.actions == first.actions
    assert again.events == first.events
    assert again.final == first.final


@MEDIUM
@given(specs())
def test_replaying_recorded_faces_needs_no_dice_and_gives_the_same_state(spec: Spec) -> None:
    """A journal replays from its own record: the dice source is never consulted."""
    record = play_checked(spec)
    replay = spec.new_game(dice=NoDice())
    for action, events in zip(recorded_actions(record), record.events, strict=True):
        assert replay.apply(action) == events
    assert replay.over
    assert replay.to_json() == record.final


@pytest.mark.parametrize("players", range(3, 9))
def test_a_fixed_sweep_of_seeds_per_player_count(players: int) -> None:
    """The same 40 games per player count on every run, so a regression always shows."""
    for seed in range(40):
        play_checked(Spec(players, seed, seed))
