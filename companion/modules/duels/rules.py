"""Undead or Alive, Module 1 (Look Me in the Eyes): Duel dice, duels, Wound tokens, Whiskey.

Two base dice become the black Duel dice: Whiskey and Fight a Duel resolve in the order the
module's ``RULES`` give; each duel is a roll-off of real rolls, the seat holding the die rolling
it (ruling UA1). Wound tokens cancel kept results of their symbol, the Dynamite token adds a
Dynamite (``results.py``); Module 3's characters are in ``companion.modules.posse``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from companion.engine import (
    FACES,
    Action,
    Answer,
    Choose,
    ChooseSeat,
    Decision,
    Face,
    ModuleInfo,
    ModuleRules,
    Part,
    PlayerState,
    Roll,
    RuleGame,
    Spec,
    StateError,
    Stop,
    declare_die,
    declare_kind,
    declare_module,
    declare_phase,
    declare_pile,
    declare_real_pile,
    declare_trait,
    dice_showing,
    moment_steps,
    returned,
    secret,
    state_parts,
    still_rolling,
)
from companion.engine.registry import decision, one_of_options, step
from companion.engine.steps import Step, gain, lose
from companion.modules.rage.rules import ID as RAGE_CARDS_MODULE
from companion.modules.rage.rules import draw_rage

from .events import DuelChallenged, DuelLost, DuelRolled, WoundDrawn, WoundsReturned

ID = declare_module(
    "undead_or_alive.1", ModuleInfo("Look Me in the Eyes", requires=(RAGE_CARDS_MODULE,))
)
# The black Duel die, in the order of the errata's dice table: Fight a Duel and Whiskey are
# faces and symbols of this module alone.
DUEL_DIE = "duel"
DUEL_FACE = "duel"
WHISKEY_FACE = "whiskey"
declare_die(
    DUEL_DIE,
    (DUEL_FACE, DUEL_FACE, "arrow", "dynamite", "gatling", WHISKEY_FACE),
    (Face(DUEL_FACE, DUEL_FACE), Face(WHISKEY_FACE, WHISKEY_FACE)),
)
DUEL_DICE = 2
# A duel challenged, before its roll: where the challenger's ability may add steps.
DUEL_PHASE = declare_phase(ID, "duel")
# The Duel dice a player may re-roll in his own turn, a roll of his that missed (Undead or
# Alive 3's Sean Mallory: one).
DUEL_REROLLS = declare_trait(ID, "duel_rerolls", 0)
# The 15 Duel Wound tokens (the errata, "Decks and tokens").
WOUND_TOKENS: tuple[str, ...] = (
    ("beer",) * 3 + ("bullseye1",) * 5 + ("bullseye2",) * 5 + ("dynamite",) * 2
)
WOUNDS_PILE = "wounds"
declare_real_pile(WOUNDS_PILE, ID)


@dataclass(frozen=True, slots=True)
class DuelsPlayer(Part):
    """The Duel Wound tokens a seat holds, face up."""

    wounds: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DuelsGame(Part):
    """The Wound tokens in the pile (sorted: the simulated draw picks by position), and how
    many draws the simulated pile has made (with the seed, it would tell the next token)."""

    wound_pile: tuple[str, ...] = ()
    wound_draws: int = field(default=0, metadata=secret(blank=0))


@dataclass(frozen=True, slots=True)
class DuelsTurn(Part):
    """The seats challenged to a duel this turn, in order."""

    duels: tuple[int, ...] = ()


state_parts(
    ID,
    player=(DuelsPlayer, "alive"),
    game=(DuelsGame, "preset"),
    scratch=(DuelsTurn, "lost"),
)


def wounds_of(player: PlayerState) -> tuple[str, ...]:
    """The Wound tokens ``player`` holds (asked at each count of the turn's results: its part
    read straight)."""
    wounds: tuple[str, ...] = player.parts[DuelsPlayer.index].wounds
    return wounds


def challenged(game: RuleGame) -> tuple[int, ...]:
    return DuelsTurn.of(game.scratch).duels


def _follow_pile(data: dict[str, Any], before: list[dict[str, Any]], table: Any) -> None:
    """The tokens a seat gains in a position come out of the pile, those it loses go back."""
    if "wound_pile" not in table:
        held = Counter(t for p in data["players"] for t in p["wounds"])
        held_before = Counter(t for p in before for t in p["wounds"])
        pile = Counter(data["wound_pile"]) - (held - held_before) + (held_before - held)
        data["wound_pile"] = sorted(pile.elements())


declare_pile(_follow_pile)


def _pile(game: RuleGame) -> tuple[str, ...]:
    return DuelsGame.of(game).wound_pile


# ======================================================================= its decisions


def duels_left(game: RuleGame) -> int:
    """Duel dice showing that no player has been given yet this turn."""
    return len(dice_showing(game, "duel")) - len(challenged(game))


def _fits_duel_target(game: RuleGame, d: Decision) -> str | None:
    """The duels step asks with the Duel dice showing as its count, and each seat challenged
    takes one: the count left is the dice not given yet."""
    assert d.remaining is not None  # counted
    if d.remaining != duels_left(game):
        return (
            f"remaining {d.remaining}, but {duels_left(game)} Duel dice showing are not given "
            f"yet (faces, scratch.duels {list(challenged(game))})"
        )
    return None


def _fits_duel_roll(game: RuleGame, d: Decision) -> str | None:
    """The duel under way is the last one challenged, fought with its Duel die (the Duel
    dice showing are given in order) between the turn's player and the seat challenged."""
    kinds = game.dice_kinds
    if d.die is None or not 0 <= d.die < len(kinds) or kinds[d.die] != DUEL_DIE:
        return f"die {d.die}: a duel rolls a Duel die (dice_kinds {kinds})"
    if d.target is None or d.target == d.seat or not game.players[d.target].alive:
        return f"target {d.target}: the living player the duel is against"
    seats = challenged(game)
    showing = dice_showing(game, "duel")
    if not seats or len(seats) > len(showing):
        return f"scratch.duels {list(seats)}: a duel is fought with a seat challenged"
    if {d.seat, d.target} != {game.turn, seats[-1]}:
        return (
            f"seat {d.seat + 1}, target {d.target}: the duel under way is between the turn's "
            f"player (seat {game.turn + 1}) and the seat last challenged "
            f"(scratch.duels {list(seats)})"
        )
    if d.die != showing[len(seats) - 1]:
        return (
            f"die {d.die}: the duel of the seat last challenged (scratch.duels {list(seats)}) "
            f"is fought with Duel die {showing[len(seats) - 1]}, the Duel dice showing "
            "given in order"
        )
    return None


def _fits_wound_token(game: RuleGame, d: Decision) -> str | None:
    if WOUNDS_PILE not in game.setup.real_piles:
        return "the Wound tokens are simulated: nothing to enter (real_piles)"
    left = tuple(sorted(set(_pile(game))))
    if not left or d.options != left or d.cause is None:
        return f"options {list(d.options)}: the tokens left in wound_pile {list(left)}, a cause"
    return None


def _fits_which_wound(game: RuleGame, d: Decision) -> str | None:
    held = tuple(sorted(set(wounds_of(game.players[d.seat]))))
    if len(held) < 2 or d.options != held:
        return f"options {list(d.options)}: two or more kinds of the seat's wounds {list(held)}"
    return None


def _explain_duel_target(game: RuleGame, d: Decision, action: Action) -> str | None:
    """A second Duel die to one player, or one to oneself."""
    if isinstance(action, ChooseSeat):
        if action.seat == game.turn:
            return "You cannot challenge yourself to a duel."
        if action.seat in challenged(game):
            return f"Seat {action.seat + 1} already has a Duel die this turn: one per player."
    return None


def _explain_duel_roll(game: RuleGame, d: Decision, action: Action) -> str | None:
    if isinstance(action, Roll):
        return f"Seat {d.seat + 1} rolls the Duel die {(d.die or 0) + 1}, and only that die."
    return None


DUEL_TARGET = declare_kind(  # whom this Fight a Duel challenges
    "duel_target",
    Spec(
        Answer.SEAT,
        False,
        "whom do you challenge to a duel",
        active=True,
        before_end=True,
        counted=True,
        fits=_fits_duel_target,
        explains=_explain_duel_target,
        queued_last="end_turn",
        carries=("remaining",),
    ),
)
DUEL_ROLL = declare_kind(  # the seat holding the Duel die rolls it
    "duel_roll",
    Spec(
        Answer.ROLL,
        False,
        "roll the Duel die",
        holder_rolls=True,
        before_end=True,
        fits=_fits_duel_roll,
        explains=_explain_duel_roll,
        queued_last="end_turn",
        carries=("die", "target"),
    ),
)
DUEL_REROLL = declare_kind(  # Sean Mallory: re-roll the Duel die that missed, or keep it
    "duel_reroll",
    Spec(
        Answer.ROLL,
        False,
        "re-roll the Duel die or keep it",
        holder_rolls=True,
        may_keep=True,
        before_end=True,
        fits=_fits_duel_roll,
        explains=_explain_duel_roll,
        queued_last="end_turn",
        carries=("die", "target"),
    ),
)
WOUND_TOKEN = declare_kind(  # real pile: which Duel Wound token was drawn
    "wound_token",
    Spec(
        Answer.CHOICE,
        False,
        "which Wound token did you draw",
        shows_a_card=True,
        person_enters=True,
        face_options=True,
        fits=_fits_wound_token,
        carries=("options", "cause"),
    ),
)
WHICH_WOUND = declare_kind(  # Whiskey: discard which of your Duel Wound tokens
    "which_wound",
    Spec(
        Answer.CHOICE,
        False,
        "discard which Wound token",
        face_options=True,
        active=True,
        fits=_fits_which_wound,
        carries=("options",),
    ),
)


# ============================================================== the turn's dice and results


def _turn_dice(kinds: list[str]) -> list[str]:
    """The dice of every turn: the last two base dice become Duel dice (kept last)."""
    base = [k for k in kinds if k == "base"]
    others = [k for k in kinds if k != "base"]
    return base[:-DUEL_DICE] + others + [DUEL_DIE] * DUEL_DICE


# ================================================================= Duel Wound tokens


@step
def draw_wound(game: RuleGame, seat: int, cause: str, /) -> None:
    """``seat`` draws a token: simulated from the seed, or entered from the real pile."""
    player = game.players[seat]
    pile = DuelsGame.of(game)
    if not player.alive or returned(player) or not pile.wound_pile:  # nor do zombies (UA 4)
        return
    if WOUNDS_PILE in game.setup.real_piles:
        options = tuple(sorted(set(pile.wound_pile)))
        game.ask(WOUND_TOKEN, seat, options=options, cause=cause)
        return
    rng = random.Random(f"wounds:{game.setup.seed}:{pile.wound_draws}")
    DuelsGame.change(game, wound_draws=pile.wound_draws + 1)
    _receive(game, seat, rng.choice(pile.wound_pile), cause)


@decision(WOUND_TOKEN, legal=one_of_options)
def _decide_wound_token(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, Choose) and d.cause is not None
    _receive(game, d.seat, action.option, d.cause)


def _receive(game: RuleGame, seat: int, token: str, cause: str) -> None:
    """A token already held is shuffled back with no replacement ("a lucky son of a gun")."""
    player = game.players[seat]
    held = wounds_of(player)
    kept = token not in held
    if kept:
        pile = list(_pile(game))
        pile.remove(token)
        DuelsGame.change(game, wound_pile=tuple(pile))
        DuelsPlayer((*held, token)).put(player)
    game.emit(WoundDrawn(seat, token, kept, cause))


def _return_wounds(game: RuleGame, seat: int, tokens: list[str], cause: str) -> None:
    player = game.players[seat]
    held = list(wounds_of(player))
    for token in tokens:
        held.remove(token)
    DuelsPlayer(tuple(held)).put(player)
    DuelsGame.change(game, wound_pile=tuple(sorted((*_pile(game), *tokens))))
    game.emit(WoundsReturned(seat, tuple(tokens), cause))


@step
def wounds_back(game: RuleGame) -> None:
    """End of turn: the active player's tokens go back (an eliminated player's went at once)."""
    p = game.players[game.turn]
    if wounds_of(p):
        _return_wounds(game, p.seat, list(wounds_of(p)), "end_of_turn")


def _give_back(game: RuleGame, player: PlayerState) -> None:
    """Ruling UA3: an eliminated player's Wound tokens go back at once, like their arrows and
    Rage cards (the rulebook's Module 4 sentence), so they can be drawn again in the same turn."""
    if wounds_of(player):
        _return_wounds(game, player.seat, list(wounds_of(player)), "eliminated")


def _check_queue(game: RuleGame) -> None:
    """The duels are queued with the results, after the Gatling, one step for the Duel dice
    showing: while gatling is left, so is that step after it."""
    # In the order the steps run (each step's own form is checked with the queue's).
    names = [step[0] if isinstance(step, list) and step else None for step in game.stack[::-1]]
    showing = len(dice_showing(game, "duel"))
    count = names.count("duels")
    if count > 1 or (
        "gatling" in names
        and showing
        and ("duels", showing)
        not in [tuple(step) for step in game.stack[: len(names) - 1 - names.index("gatling")]]
    ):
        raise StateError(
            f"queue {names}: with {showing} Duel dice showing (faces), a duels step for them "
            "follows gatling, once a turn"
        )


def check(game: RuleGame) -> None:
    """A state read back: the 15 Wound tokens are all somewhere, the pile kept sorted (the
    simulated draw picks by position), none held twice, by the eliminated or by a player back in
    play after his elimination (``checks.py``)."""
    on = ID in game.setup.modules
    pile = DuelsGame.of(game)
    wound_pile, draws = list(pile.wound_pile), pile.wound_draws
    held = [t for p in game.players for t in wounds_of(p)]
    if sorted(wound_pile + held) != (sorted(WOUND_TOKENS) if on else []):
        raise StateError(
            f"Wound tokens not conserved: wound_pile {wound_pile} and the seats' wounds "
            f"{held}; expected "
            + ("beer x3, bullseye1 x5, bullseye2 x5, dynamite x2" if on else "none (module off)")
        )
    if wound_pile != sorted(wound_pile):
        raise StateError(f"wound_pile {wound_pile}: the pile is kept sorted")
    simulated = on and WOUNDS_PILE not in game.setup.real_piles
    # A turn's draws: one by each duel's loser (a duel a Duel die) and the Herb Hunter's
    # (New Posse) token; bounded here by a Duel die and a seat each, a turn.
    most = game.turn_number * (DUEL_DICE + len(game.players)) if simulated else 0
    if not 0 <= draws <= most:
        raise StateError(
            f"wound_draws {draws}: draws of the simulated pile, 0 to {most} "
            f"(turn_number {game.turn_number}; none with the real pile or module "
            f"{ID} off)"
        )
    # Each token held came out of the pile by a draw; a seat's view shows none (0), as it
    # shows no roll (roll_count 0).
    if simulated and game.roll_count and draws < len(held):
        raise StateError(
            f"wound_draws {draws}: the simulated pile gave the {len(held)} Wound tokens held "
            f"({held}), a draw each (real_piles {sorted(game.setup.real_piles)})"
        )
    seats = challenged(game)
    n = len(game.players)
    for i, seat in enumerate(seats):
        if type(seat) is not int or not 0 <= seat < n:
            raise StateError(f"scratch.duels[{i}]: {seat!r} is not a seat (0 to {n - 1})")
    if len(set(seats)) != len(seats):
        raise StateError(f"scratch.duels {list(seats)}: one Duel die to each player a turn")
    if on:
        _check_queue(game)
    rolling = still_rolling(game)
    if rolling is not None and seats:
        raise StateError(
            f"scratch.duels {list(seats)}: the seats challenged after the results, but the turn "
            f"still rolls (queue ending with {rolling!r}, or a roll asked)"
        )
    showing = len(dice_showing(game, "duel"))
    if len(seats) > showing:
        raise StateError(
            f"scratch.duels {list(seats)}: a seat challenged for each Duel die showing, but "
            f"faces {game.faces} show {showing}"
        )
    for p in game.players:
        wounds = list(wounds_of(p))
        if len(set(wounds)) != len(wounds):
            raise StateError(f"seat {p.seat + 1} holds the same Wound token twice: {wounds}")
        back = returned(p) if wounds else None
        if wounds and (back or not p.alive):
            raise StateError(
                f"seat {p.seat + 1}: wounds {wounds}, but "
                + (f"{back} takes none" if back else "an eliminated player's go back at once")
            )


# ======================================================================= Whiskey


def _whiskey_gained(game: RuleGame) -> bool:
    """A Whiskey showing may have given life this turn once the rolls are over: it resolves
    with the results, before the Beers."""
    return bool(dice_showing(game, "whiskey")) and still_rolling(game) is None


def _phase_whiskey(game: RuleGame, exploded: bool) -> list[Step]:
    return [whiskey()] * len(dice_showing(game, "whiskey"))


@step
def whiskey(game: RuleGame) -> None:
    """Gain 1 life (a gain step: "about to gain life" is The Bad's moment, Old Saloon 3), then
    discard a Wound token, or without one draw a Rage card."""
    game.front([gain(game.turn, 1, "whiskey"), whiskey_wound()])


@step
def whiskey_wound(game: RuleGame) -> None:
    seat = game.turn
    tokens = sorted(set(wounds_of(game.players[seat])))
    if len(tokens) > 1:
        game.ask(WHICH_WOUND, seat, options=tuple(tokens))
    elif tokens:
        _return_wounds(game, seat, tokens, "whiskey")
    else:
        game.front([draw_rage(seat, "whiskey")])


@decision(WHICH_WOUND, legal=one_of_options)
def _decide_which_wound(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, Choose)
    _return_wounds(game, d.seat, [action.option], "whiskey")


# ========================================================================= Duels


def _phase_duel(game: RuleGame, exploded: bool) -> list[Step]:
    count = len(dice_showing(game, "duel"))
    return [duels(count)] if count else []


def _challengeable(game: RuleGame) -> list[int]:
    """At most one Duel die to each player a turn (ruling UA1)."""
    return [s for s in game.living() if s != game.turn and s not in challenged(game)]


@step
def duels(game: RuleGame, remaining: int, /) -> None:
    if remaining > 0 and game.players[game.turn].alive and _challengeable(game):
        game.ask(DUEL_TARGET, game.turn, remaining=remaining)


def _legal_duel_target(game: RuleGame, d: Decision) -> list[Action]:
    return [ChooseSeat(s) for s in _challengeable(game)]


@decision(DUEL_TARGET, legal=_legal_duel_target)
def _decide_duel_target(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, ChooseSeat) and d.remaining is not None
    seats = challenged(game)
    die = dice_showing(game, "duel")[len(seats)]
    DuelsTurn((*seats, action.seat)).put(game.scratch)
    game.emit(DuelChallenged(game.turn, action.seat, die))
    game.front(
        [
            *game.own_steps(DUEL_PHASE),
            duel_roll(action.seat, game.turn, die),
            duels(d.remaining - 1),
        ]
    )


@step
def duel_roll(game: RuleGame, roller: int, other: int, die: int, /) -> None:
    if game.players[roller].alive and game.players[other].alive:
        game.ask(DUEL_ROLL, roller, die=die, target=other)


def _legal_duel_roll(game: RuleGame, d: Decision) -> list[Action]:
    assert d.die is not None
    rolls: list[Action] = [Roll((d.die,))]
    return rolls if d.kind is DUEL_ROLL else [*rolls, Stop()]


def _accepts_duel_roll(game: RuleGame, d: Decision, action: Action) -> bool:
    if isinstance(action, Stop):
        return d.kind is DUEL_REROLL
    return isinstance(action, Roll) and action.dice == (d.die,)


@decision(
    DUEL_ROLL,
    DUEL_REROLL,
    legal=_legal_duel_roll,
    accepts=_accepts_duel_roll,
)
def _decide_duel_roll(game: RuleGame, d: Decision, action: Action) -> None:
    """A real roll, its face in its event; a Fight a Duel passes the die back."""
    assert d.die is not None and d.target is not None
    if isinstance(action, Stop):
        game.front([duel_lost(d.seat, d.target)])
        return
    assert isinstance(action, Roll)
    if d.kind is DUEL_REROLL:
        game.scratch.used.append("duel_reroll")
    if action.faces is not None:
        face = action.faces[0]
    else:
        (face,) = game.dice_source.roll(game.roll_count, [(d.die, DUEL_DIE)])
    game.roll_count += 1
    game.emit(DuelRolled(d.seat, d.target, (d.die,), (face,)))
    moment = moment_steps(game, "roll", d.seat, d.die)
    if moment:  # "after any dice roll" (The Doc, Old Saloon 3): a duel's roll too
        game.front([*moment, duel_face(d.seat, d.target, d.die, face)])
    else:
        _duel_face(game, d.seat, d.target, d.die, face)


def _duel_face(game: RuleGame, roller: int, other: int, die: int, face: str, /) -> None:
    """The face a duel's roll shows (or The Doc turned it to): a Fight a Duel passes it back."""
    if FACES[face].symbol == "duel":
        game.front([duel_roll(other, roller, die)])
    elif roller == game.turn and game.scratch.used.count("duel_reroll") < DUEL_REROLLS.of(
        game.ability(roller)
    ):
        game.ask(DUEL_REROLL, roller, die=die, target=other)
    else:
        game.front([duel_lost(roller, other)])


duel_face = step(_duel_face)


@step
def duel_lost(game: RuleGame, loser: int, winner: int, /) -> None:
    """The first to miss loses 1 life (by the winner's hand) and draws a Wound token."""
    game.emit(DuelLost(loser, winner))
    game.front([lose([[loser, 1, 1]], "duel", winner, [draw_wound(loser, "duel")])])


def _fits_duels(game: RuleGame, args: list[Any]) -> str | None:
    """The duels still to come, queued: the Duel dice not given yet (the step is queued with
    those showing, and each seat challenged takes one)."""
    if args[0] != duels_left(game):
        return (
            f"{args[0]} duels to come, but {duels_left(game)} Duel dice showing are not given "
            f"yet (faces, scratch.duels {list(challenged(game))})"
        )
    return None


def _initial(game: RuleGame) -> None:
    DuelsGame(wound_pile=tuple(sorted(WOUND_TOKENS))).put(game)


RULES = ModuleRules(
    ID,
    initial=_initial,
    resolution=(("whiskey", "dynamite", _phase_whiskey), ("duel", "gatling", _phase_duel)),
    end=("wounds_back",),
    turn_dice=_turn_dice,
    hand_causes=("duel",),
    gives_back=_give_back,
    held_results=wounds_of,
    step_fits=(("duels", _fits_duels),),
    gains=_whiskey_gained,
    hands=challenged,  # a duel's winner eliminates by its own hand
    used=("duel_reroll",),  # a Duel die re-rolled, counted against ``DUEL_REROLLS``
    check=check,
    table="companion.modules.duels.table",
    bots="companion.modules.duels.bots",
)
