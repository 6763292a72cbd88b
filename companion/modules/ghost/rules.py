"""Old Saloon, Module 5: the first eliminated player who is not the Sheriff comes back as the Ghost.

The Ghost is a player who takes turns without being alive: never counted in range, never a
target, never gaining or losing life (it is not alive, so the rules that look for living players
pass it by), with no ability and no role power. Its turn is two base dice and two re-rolls
whose results do nothing and whose Dynamite is not locked (ruling OS5), then one result given
to another player (twice on a pair); The Doc may turn one of its dice after a roll (OS7). That
player's next turn starts with one (or two) base dice set to the result and not rolled on the
first roll; the token comes back at the end of that turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from companion.engine import (
    DICE,
    REROLLS,
    Ability,
    Action,
    Answer,
    Choose,
    ChooseSeat,
    Decision,
    DiceRolled,
    ModuleInfo,
    ModuleRules,
    Part,
    Role,
    Roll,
    RuleGame,
    Spec,
    StateError,
    Stop,
    any_living_seat,
    decision,
    declare_kind,
    declare_module,
    declare_team_player,
    moment_steps,
    one_of_options,
    state_parts,
    step,
)
from companion.engine.steps import Step, end_turn
from companion.modules.zombies.rules import ID as ZOMBIES

from .events import BecameGhost, DicePreset, GhostTokenGiven, GhostTokenReturned

if TYPE_CHECKING:
    from companion.engine import PlayerState

# The Ghost and Undead or Alive both give the eliminated a part (a Ghost's turns, Boneyard
# cards and zombies): the rulebook says nothing of the two together, so they play apart.
ID = declare_module("old_saloon.5", ModuleInfo("The Ghost", min_players=5, excludes=(ZOMBIES,)))
GHOST_DICE: tuple[str, ...] = ("base",) * 2


@dataclass(frozen=True, slots=True)
class GhostPlayer(Part):
    """This eliminated player is the Ghost."""

    ghost: bool = False


@dataclass(frozen=True, slots=True)
class GhostGame(Part):
    """The Ghost's token, [holder, face, dice] (replaced whole, never changed in place)."""

    ghost_token: list[Any] | None = None


state_parts(ID, player=(GhostPlayer, "alive"), game=(GhostGame, "waiting_win"))


def is_ghost(player: PlayerState) -> bool:
    """Asked of every player at each check of the game's end: its part read straight."""
    ghost: bool = player.parts[GhostPlayer.index].ghost
    return ghost


# The side a Ghost Renegade plays on, by the number of players.
RENEGADE_TEAM: dict[int, Role] = {
    5: Role.OUTLAW,
    6: Role.DEPUTY,
    7: Role.OUTLAW,
    8: Role.DEPUTY,
}


def ghost_team(role: Role | None, players: int) -> Role | None:
    """The side the Ghost wins with: a Renegade's by the rulebook's table, any other role its
    own."""
    if role is Role.RENEGADE:
        return RENEGADE_TEAM[players]
    return role


def _team(player: PlayerState, players: int) -> Role | None:
    return ghost_team(player.role, players) if is_ghost(player) else None


declare_team_player(_team)  # a Ghost Renegade wins with a team


def _token(game: RuleGame) -> list[Any] | None:
    return GhostGame.of(game).ghost_token


def _fits(game: RuleGame, d: Decision) -> str | None:
    """A Ghost's decision of a state read back: only the Ghost takes them, at its own dice."""
    if not is_ghost(game.players[d.seat]):
        return "only the Ghost takes its turn's decisions (ghost)"
    if game.dice_kinds != list(GHOST_DICE):
        return f"dice_kinds {game.dice_kinds}: the Ghost rolls {list(GHOST_DICE)}"
    faces = game.faces
    if d.kind is GHOST_ROLL:
        return None if not game.rolls else f"rolls {game.rolls}: the first roll comes first"
    if d.kind is GHOST_REROLL:
        return None if 1 <= game.rolls < 3 else f"rolls {game.rolls}: a re-roll has one left"
    if d.kind is GHOST_FACE:
        if len(set(faces)) != 2 or d.options != tuple(faces):
            return f"options {list(d.options)}: the Ghost's two different faces {faces}"
        return None
    if (
        len(d.options) != 1
        or d.options[0] not in faces
        or d.remaining != (2 if faces[0] == faces[1] else 1)
    ):
        return (
            f"options {list(d.options)}, remaining {d.remaining}: a face of {faces}, twice "
            "on a pair"
        )
    return None


# The Ghost's turn: its two dice rolled and re-rolled, one result given (asked of the seat
# whose turn it is, which is eliminated: ``turn_seat``).
GHOST_ROLL = declare_kind(
    "ghost_roll",
    Spec(
        Answer.ROLL,
        False,
        "roll the Ghost's two dice",
        turn_dice=True,
        first_roll=True,
        turn_seat=True,
        fits=_fits,
        queued_last="end_turn",
        carries=(),
    ),
)
GHOST_REROLL = declare_kind(
    "ghost_reroll",
    Spec(
        Answer.ROLL,
        False,
        "re-roll the Ghost's dice or stop",
        turn_dice=True,
        turn_seat=True,
        fits=_fits,
        queued_last="end_turn",
        carries=(),
    ),
)
GHOST_FACE = declare_kind(
    "ghost_face",
    Spec(
        Answer.CHOICE,
        False,
        "which result does the Ghost give",
        turn_seat=True,
        fits=_fits,
        queued_last="end_turn",
        carries=("options",),
    ),
)
GHOST_TARGET = declare_kind(
    "ghost_target",
    Spec(
        Answer.SEAT,
        False,
        "to whom does the Ghost give it",
        turn_seat=True,
        fits=_fits,
        queued_last="end_turn",
        carries=("options", "remaining"),
    ),
)


class _Ghost(Ability):
    """The Ghost's character loses all of its abilities; the Ghost's Dynamite is not locked
    (ruling OS5)."""

    rerolls_dynamite = True


_GHOST = _Ghost()


def on_eliminated(game: RuleGame, dead: list[int]) -> None:
    """The first eliminated player who is not the Sheriff becomes the Ghost (clockwise from the
    player whose turn it is, when several fall together); a token held by the dead returns."""
    token = _token(game)
    if token is not None and token[0] in dead:
        return_token(game)
    if ID not in game.setup.modules or any(is_ghost(p) for p in game.players):
        return
    candidates = [s for s in game.clockwise(dead) if game.players[s].role is not Role.SHERIFF]
    if candidates:
        p = game.players[candidates[0]]
        GhostPlayer(ghost=True).put(p)
        game.refresh_abilities()
        side = ghost_team(p.role, len(game.players))
        game.emit(BecameGhost(p.seat, None if side is None else str(side)))


def return_token(game: RuleGame) -> None:
    token = _token(game)
    assert token is not None
    game.emit(GhostTokenReturned(token[0]))
    GhostGame().put(game)
    game.preset = []


def _powerless(game: RuleGame) -> dict[int, Ability]:
    return {p.seat: _GHOST for p in game.players if is_ghost(p)}


def _own_turn(game: RuleGame) -> list[Step] | None:
    return [ghost_turn(), end_turn()] if is_ghost(game.players[game.turn]) else None


def _plays_out(player: PlayerState) -> bool:
    return is_ghost(player)


def end_of_turn(game: RuleGame) -> None:
    """The tokens go back to the Ghost at the end of their holder's turn."""
    token = _token(game)
    if token is not None and token[0] == game.turn:
        return_token(game)


def preset(game: RuleGame, announce: bool) -> None:
    """Set the first base dice of the token holder's turn to the token's face."""
    token = _token(game)
    if token is None or token[0] != game.turn:
        return
    holder, face, count = token
    dice = [i for i, kind in enumerate(game.dice_kinds) if kind == "base"][:count]
    for i in dice:
        game.faces[i] = face
    game.preset = dice
    if announce:
        game.emit(DicePreset(holder, tuple(dice), face))


def check(game: RuleGame) -> None:
    """A state read back: the Ghost is the first eliminated player who is not the Sheriff, and
    its token is held by a living player; the dice it sets are set only before that player's
    first roll (``checks.py``)."""
    players = game.players
    ghosts = [p.seat for p in players if is_ghost(p)]
    on = ID in game.setup.modules
    for seat in ghosts:
        p = players[seat]
        if not on:
            raise StateError(f"seat {seat + 1}: ghost, but module {ID} is off")
        if p.alive:
            raise StateError(f"seat {seat + 1}: ghost but alive: only the eliminated come back")
        if p.role is Role.SHERIFF:
            raise StateError(f"seat {seat + 1}: ghost, but the Sheriff never becomes the Ghost")
    if len(ghosts) > 1:
        raise StateError(f"ghost: seats {[s + 1 for s in ghosts]}; there is one Ghost at most")
    fallen = [p.seat for p in players if not p.alive and p.role is not Role.SHERIFF]
    if on and fallen and not ghosts:
        raise StateError(
            f"ghost: seat {fallen[0] + 1} was eliminated and is not the Sheriff, but nobody is "
            "the Ghost"
        )
    token = _token(game)
    if token is not None:
        _check_token(game, token, bool(ghosts))
    if game.preset:
        _check_preset(game)
    if token is not None and token[0] == game.turn and not game.rolls and players[token[0]].alive:
        _check_set(game, token)


def _check_set(game: RuleGame, token: list[Any]) -> None:
    """Its holder's turn sets the first base dice to the token's face as it starts (and
    again when its dice change, a Saloon die chosen): before the first roll they are set."""
    dice = [i for i, kind in enumerate(game.dice_kinds) if kind == "base"][: token[2]]
    if game.preset != dice:
        raise StateError(
            f"preset {game.preset}: the turn of the token's holder (ghost_token {token}) "
            f"sets base dice {dice} to {token[1]!r} before its first roll (rolls 0)"
        )


def _check_token(game: RuleGame, token: list[object], ghost: bool) -> None:
    n = len(game.players)
    if (
        len(token) != 3
        or type(token[0]) is not int
        or not 0 <= token[0] < n
        or token[1] not in DICE["base"]
        or token[2] not in (1, 2)
        or type(token[2]) is not int
    ):
        raise StateError(
            f"ghost_token {token}: expected [holder seat, a base die's face, 1 or 2 dice]"
        )
    if not ghost:
        raise StateError(f"ghost_token {token}: given, but nobody is the Ghost")
    if not game.players[token[0]].alive:
        raise StateError(
            f"ghost_token {token}: held by seat {token[0] + 1}, which is eliminated: a token "
            "returns when its holder falls"
        )


def _check_preset(game: RuleGame) -> None:
    token, preset = _token(game), game.preset
    faces, kinds = game.faces, game.dice_kinds
    if token is None or token[0] != game.turn or game.rolls:
        raise StateError(
            f"preset {preset}: the Ghost's token sets dice only before the first roll of its "
            f"holder's turn (ghost_token {token}, turn of seat {game.turn + 1}, rolls {game.rolls})"
        )
    if (
        len(set(preset)) != len(preset)
        or len(preset) > token[2]
        or any(not 0 <= die < len(faces) for die in preset)
        or any(kinds[die] != "base" or faces[die] != token[1] for die in preset)
    ):
        raise StateError(
            f"preset {preset}: up to {token[2]} base dice showing {token[1]!r} (ghost_token)"
        )


# ====================================================================== the Ghost's turn


@step
def ghost_turn(game: RuleGame) -> None:
    game.dice_kinds = list(GHOST_DICE)
    game.faces = [None] * len(GHOST_DICE)
    game.ask(GHOST_ROLL, game.turn)


_ALL = Roll(tuple(range(len(GHOST_DICE))))
_REROLLS: list[Action] = [
    Stop(),
    *(Roll(c) for n in range(1, len(GHOST_DICE) + 1) for c in combinations(range(2), n)),
]


def _legal_roll(game: RuleGame, d: Decision) -> list[Action]:
    return [_ALL] if d.kind is GHOST_ROLL else list(_REROLLS)


def _accepts(game: RuleGame, d: Decision, action: Action) -> bool:
    if isinstance(action, Roll):
        return action.without_faces() in _legal_roll(game, d)
    return action in _legal_roll(game, d)


@decision(GHOST_ROLL, GHOST_REROLL, legal=_legal_roll, accepts=_accepts)
def _decide_roll(game: RuleGame, d: Decision, action: Action) -> None:
    if isinstance(action, Roll):
        dice = list(action.dice)
        faces = (
            list(action.faces)
            if action.faces is not None
            else game.dice_source.roll(game.roll_count, [(i, "base") for i in dice])
        )
        for i, face in zip(dice, faces, strict=True):
            game.faces[i] = face
        game.rolls += 1
        game.roll_count += 1
        shown = tuple(f for f in game.faces if f is not None)
        game.emit(DiceRolled(game.turn, game.rolls, tuple(dice), tuple(faces), shown))
        # Ruling OS7: "The Doc" may turn one of the Ghost's dice after its roll.
        game.front([*moment_steps(game, "roll", game.turn), ghost_rolled()])
        return
    _give(game)


@step
def ghost_rolled(game: RuleGame) -> None:
    if game.rolls < 1 + REROLLS:
        game.ask(GHOST_REROLL, game.turn)
    else:
        _give(game)


def _rolled_fits(game: RuleGame, args: list[object]) -> str | None:
    """A state read back about to run ``ghost_rolled``: the Ghost's turn, after a roll."""
    if not is_ghost(game.players[game.turn]) or None in game.faces or not game.rolls:
        return f"the Ghost's roll (ghost, faces {game.faces}, rolls {game.rolls})"
    return None


def _give(game: RuleGame) -> None:
    """One result to give, or the pair twice (as the dice show now: The Doc may have turned one)."""
    first, second = game.faces
    assert first is not None and second is not None
    if first == second:
        game.ask(GHOST_TARGET, game.turn, options=(first,), remaining=2)
    else:
        game.ask(GHOST_FACE, game.turn, options=(first, second))


@decision(GHOST_FACE, legal=one_of_options)
def _decide_face(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, Choose)
    game.ask(GHOST_TARGET, d.seat, options=(action.option,), remaining=1)


@decision(GHOST_TARGET, legal=any_living_seat)
def _decide_target(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, ChooseSeat) and d.remaining is not None
    GhostGame([action.seat, d.options[0], d.remaining]).put(game)
    game.emit(GhostTokenGiven(d.seat, action.seat, d.options[0], d.remaining))


RULES = ModuleRules(
    ID,
    own_turn=_own_turn,
    own_dice=(GHOST_DICE,),
    dice_set=preset,
    turn_over=end_of_turn,
    plays_out=_plays_out,
    powerless=_powerless,
    on_eliminated=on_eliminated,
    check=check,
    table="companion.modules.ghost.table",
    bots="companion.modules.ghost.bots",
    step_fits=(("ghost_rolled", _rolled_fits),),
)
