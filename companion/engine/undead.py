"""Undead or Alive, Modules 1-3: Duel dice and Wound tokens, Rage cards, a new posse.

Module 1 replaces two base dice with the black Duel dice: Whiskey and Fight a Duel resolve in
the order the module's data gives (``modules.py``); each duel is a roll-off of real rolls, the
seat holding the die rolling it (ruling UA1). Duel Wound tokens cancel kept results of their
symbol, the Dynamite token adds a Dynamite. Module 2's Rage deck is physical (ruling UA2): the
engine counts cards and asks the owner for the symbols when they are revealed; the symbols join
the turn's results (past the dice, as ``Game.result_face`` reads them). Module 3's characters
are abilities registered here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .abilities import Ability, ability
from .actions import Action, Choose, ChooseDie, ChooseSeat, Decline, Roll, Stop
from .components import (
    DICE,
    DUEL_DICE,
    DUEL_DIE,
    DYNAMITE_LIMIT,
    FACES,
    RAGE_SYMBOLS,
    RAGE_SYMBOLS_PER_CARD,
)
from .decisions import Decision, DecisionKind
from .events import (
    DuelChallenged,
    DuelLost,
    DuelRolled,
    FaceChanged,
    RageDiscarded,
    RageDrawn,
    RageMoved,
    RageRevealed,
    RageShuffled,
    RageSymbolEntered,
    WoundDrawn,
    WoundsReturned,
)
from .game import RESOLUTION_PHASES
from .modules import Module
from .rules import Step, decision, step

if TYPE_CHECKING:
    from .game import Game

DYNAMITE = "dynamite"
WOUNDS_PILE = "wounds"


# ============================================================== the turn's dice and results


def turn_dice(game: Game, kinds: Sequence[str]) -> list[str]:
    """The dice of a turn: with Module 1, the last two base dice become Duel dice (kept last)."""
    if Module.LOOK_ME_IN_THE_EYES not in game.setup.modules:
        return list(kinds)
    base = [k for k in kinds if k == "base"]
    others = [k for k in kinds if k != "base"]
    return base[:-DUEL_DICE] + others + [DUEL_DIE] * DUEL_DICE


def extra_results(game: Game) -> list[str]:
    """Rage symbols that join the dice's results this turn (their arrows acted on reveal)."""
    return [s for s in game.players[game.turn].rage_symbols if s != "arrow"]


def adjusted_count(game: Game, symbol: str, rolled: int) -> int:
    """Results of ``symbol``: the dice's, less the tokens that cancel them, plus Rage symbols.

    The Dynamite token adds a Dynamite instead of cancelling one.
    """
    player = game.players[game.turn]
    tokens = player.wounds.count(symbol)
    extra = extra_results(game).count(symbol)
    if symbol == DYNAMITE:
        return rolled + tokens + extra
    return rolled - min(tokens, rolled) + extra


def collect(game: Game, symbols: Sequence[str]) -> list[list[object]]:
    """The results of these symbols, ``[die, symbol]`` each: kept dice less what the Wound
    tokens cancel (each Beer twice for Greg Digger), then the Rage symbols past the dice."""
    wounds = game.players[game.turn].wounds
    cancel = {s: wounds.count(s) for s in symbols if s != DYNAMITE}
    uses = game.ability(game.turn).beer_uses
    results: list[list[object]] = []
    for die, face in enumerate(game.faces):
        if face is None or FACES[face].symbol not in symbols:
            continue
        symbol = FACES[face].symbol.value
        count = FACES[face].count
        cancelled = min(cancel[symbol], count)
        cancel[symbol] -= cancelled
        results += [[die, symbol]] * ((count - cancelled) * (uses if symbol == "beer" else 1))
    for i, symbol in enumerate(extra_results(game)):
        if symbol in symbols:
            results.append([len(game.faces) + i, symbol])
    return results


def _dice_showing(game: Game, symbol: str) -> list[int]:
    return [i for i, f in enumerate(game.faces) if f is not None and FACES[f].symbol == symbol]


# ================================================================= Duel Wound tokens


@step("draw_wound")
def _draw_wound(game: Game, seat: int, cause: str) -> None:
    """``seat`` draws a token: simulated from the seed, or entered from the real pile."""
    if not game.players[seat].alive or not game.wound_pile:
        return
    if WOUNDS_PILE in game.setup.real_piles:
        options = tuple(sorted(set(game.wound_pile)))
        game.ask(DecisionKind.WOUND_TOKEN, seat, options=options, cause=cause)
        return
    rng = random.Random(f"wounds:{game.setup.seed}:{game.wound_draws}")
    game.wound_draws += 1
    _receive(game, seat, rng.choice(game.wound_pile), cause)


def _legal_choice(game: Game, d: Decision) -> list[Action]:
    return [Choose(o) for o in d.options]


@decision(DecisionKind.WOUND_TOKEN, legal=_legal_choice)
def _decide_wound_token(game: Game, d: Decision, action: Action) -> None:
    assert isinstance(action, Choose) and d.cause is not None
    _receive(game, d.seat, action.option, d.cause)


def _receive(game: Game, seat: int, token: str, cause: str) -> None:
    """A token already held is shuffled back with no replacement ("a lucky son of a gun")."""
    player = game.players[seat]
    kept = token not in player.wounds
    if kept:
        game.wound_pile.remove(token)
        player.wounds.append(token)
    game.emit(WoundDrawn(seat, token, kept, cause))


def _return_wounds(game: Game, seat: int, tokens: list[str], cause: str) -> None:
    player = game.players[seat]
    for token in tokens:
        player.wounds.remove(token)
    game.wound_pile = sorted(game.wound_pile + tokens)
    game.emit(WoundsReturned(seat, tuple(tokens), cause))


@step("wounds_back")
def _wounds_back(game: Game) -> None:
    """End of turn: the active player's tokens (and any eliminated player's) go back."""
    for p in game.players:
        if p.wounds and (p.seat == game.turn or not p.alive):
            _return_wounds(game, p.seat, list(p.wounds), "end_of_turn")


# ======================================================================= Whiskey


def _phase_whiskey(game: Game, exploded: bool) -> list[Step]:
    return [["whiskey"]] * len(_dice_showing(game, "whiskey"))


@step("whiskey")
def _whiskey(game: Game) -> None:
    """Gain 1 life; discard a Wound token, or without one draw a Rage card."""
    seat = game.turn
    game.gain(seat, 1, "whiskey")
    tokens = sorted(set(game.players[seat].wounds))
    if len(tokens) > 1:
        game.ask(DecisionKind.WHICH_WOUND, seat, options=tuple(tokens))
    elif tokens:
        _return_wounds(game, seat, tokens, "whiskey")
    else:
        game.front([["draw_rage", seat, "whiskey"]])


@decision(DecisionKind.WHICH_WOUND, legal=_legal_choice)
def _decide_which_wound(game: Game, d: Decision, action: Action) -> None:
    assert isinstance(action, Choose)
    _return_wounds(game, d.seat, [action.option], "whiskey")


# ========================================================================= Duels


def _phase_duel(game: Game, exploded: bool) -> list[Step]:
    duels = len(_dice_showing(game, "duel"))
    return [["duels", duels]] if duels else []


def _challengeable(game: Game) -> list[int]:
    """At most one Duel die to each player a turn (ruling UA1)."""
    return [s for s in game.living() if s != game.turn and s not in game.scratch.duels]


@step("duels")
def _duels(game: Game, remaining: int) -> None:
    if remaining > 0 and game.players[game.turn].alive and _challengeable(game):
        game.ask(DecisionKind.DUEL_TARGET, game.turn, remaining=remaining)


def _legal_duel_target(game: Game, d: Decision) -> list[Action]:
    return [ChooseSeat(s) for s in _challengeable(game)]


@decision(DecisionKind.DUEL_TARGET, legal=_legal_duel_target)
def _decide_duel_target(game: Game, d: Decision, action: Action) -> None:
    assert isinstance(action, ChooseSeat) and d.remaining is not None
    die = _dice_showing(game, "duel")[len(game.scratch.duels)]
    game.scratch.duels.append(action.seat)
    game.emit(DuelChallenged(game.turn, action.seat, die))
    game.front(
        [
            *game.ability(game.turn).turn_steps(game, "duel"),
            ["duel_roll", action.seat, game.turn, die],
            ["duels", d.remaining - 1],
        ]
    )


@step("duel_roll")
def _duel_roll(game: Game, roller: int, other: int, die: int) -> None:
    if game.players[roller].alive and game.players[other].alive:
        game.ask(DecisionKind.DUEL_ROLL, roller, die=die, target=other)


def _legal_duel_roll(game: Game, d: Decision) -> list[Action]:
    assert d.die is not None
    rolls: list[Action] = [Roll((d.die,))]
    return rolls if d.kind is DecisionKind.DUEL_ROLL else [*rolls, Stop()]


def _accepts_duel_roll(game: Game, d: Decision, action: Action) -> bool:
    if isinstance(action, Stop):
        return d.kind is DecisionKind.DUEL_REROLL
    return isinstance(action, Roll) and action.dice == (d.die,)


@decision(
    DecisionKind.DUEL_ROLL,
    DecisionKind.DUEL_REROLL,
    legal=_legal_duel_roll,
    accepts=_accepts_duel_roll,
)
def _decide_duel_roll(game: Game, d: Decision, action: Action) -> None:
    """A real roll, its face in its event; a Fight a Duel passes the die back."""
    assert d.die is not None and d.target is not None
    if isinstance(action, Stop):
        game.front([["duel_lost", d.seat, d.target]])
        return
    assert isinstance(action, Roll)
    if d.kind is DecisionKind.DUEL_REROLL:
        game.scratch.used.append("duel_reroll")
    if action.faces is not None:
        face = action.faces[0]
    else:
        (face,) = game.dice_source.roll(game.roll_count, [(d.die, DUEL_DIE)])
    game.roll_count += 1
    game.emit(DuelRolled(d.seat, d.target, (d.die,), (face,)))
    if FACES[face].symbol == "duel":
        game.front([["duel_roll", d.target, d.seat, d.die]])
    elif d.seat == game.turn and game.scratch.used.count("duel_reroll") < (
        game.ability(d.seat).duel_rerolls
    ):
        game.ask(DecisionKind.DUEL_REROLL, d.seat, die=d.die, target=d.target)
    else:
        game.front([["duel_lost", d.seat, d.target]])


@step("duel_lost")
def _duel_lost(game: Game, loser: int, winner: int) -> None:
    """The first to miss loses 1 life (by the winner's hand) and draws a Wound token."""
    game.emit(DuelLost(loser, winner))
    game.front([["lose", [[loser, 1, 1]], "duel", winner, [["draw_wound", loser, "duel"]]]])


# =================================================================== Rage cards


@step("draw_rage")
def _draw_rage(game: Game, seat: int, cause: str) -> None:
    """The seat draws from the real deck; the engine only counts the cards."""
    player = game.players[seat]
    if not player.alive:
        return
    wanted = game.ability(seat).draws_rage
    if game.rage_pile < wanted and game.rage_discard:
        game.rage_pile += game.rage_discard
        game.emit(RageShuffled(game.rage_discard))
        game.rage_discard = 0
    if not game.rage_pile:
        return
    drawn = min(wanted, game.rage_pile)
    game.rage_pile -= 1  # one kept; any other is shuffled back (Pixie Pete)
    player.rage_held += 1
    game.emit(RageDrawn(seat, drawn, cause))


@step("rage_reveal")
def _rage_reveal(game: Game) -> None:
    """Start of turn: all the cards held are revealed and their symbols entered."""
    player = game.players[game.turn]
    if player.rage_held:
        player.rage_revealed += player.rage_held
        game.emit(RageRevealed(game.turn, player.rage_held))
        player.rage_held = 0
        game.front([["rage_symbol"]])


@step("rage_symbol")
def _rage_symbol(game: Game) -> None:
    player = game.players[game.turn]
    if player.alive:
        game.ask(
            DecisionKind.RAGE_SYMBOL,
            game.turn,
            options=RAGE_SYMBOLS,
            remaining=player.rage_revealed - len(player.rage_symbols),
        )


def _legal_rage_symbol(game: Game, d: Decision) -> list[Action]:
    player = game.players[d.seat]
    entered = len(player.rage_symbols)
    actions: list[Action] = []
    if entered < player.rage_revealed * RAGE_SYMBOLS_PER_CARD:
        actions += [Choose(s) for s in d.options]
    if entered >= player.rage_revealed:
        actions.append(Decline())
    return actions


@decision(DecisionKind.RAGE_SYMBOL, legal=_legal_rage_symbol)
def _decide_rage_symbol(game: Game, d: Decision, action: Action) -> None:
    """One symbol per press; arrows act at once; DONE when every card is entered."""
    if isinstance(action, Decline):
        return
    assert isinstance(action, Choose)
    game.players[d.seat].rage_symbols.append(action.option)
    game.emit(RageSymbolEntered(d.seat, action.option))
    steps: list[Step] = [["take_arrow", d.seat, "rage"]] if action.option == "arrow" else []
    game.front([*steps, ["rage_symbol"]])


def _phase_beer_rage(game: Game, exploded: bool) -> list[Step]:
    return [["beer_rage"]]


@step("beer_rage")
def _beer_rage(game: Game) -> None:
    """A Beer rolled and kept with no Wound token to discard draws a Rage card (UA2)."""
    if _dice_showing(game, "beer") and not game.players[game.turn].wounds:
        game.scratch.beer_rage = True


@step("rage_end")
def _rage_end(game: Game) -> None:
    """End of turn: revealed cards discarded; 2 or more life lost, or the Beer, draws one."""
    for p in game.players:
        cards = p.rage_revealed + (0 if p.alive else p.rage_held)
        if cards and (p.seat == game.turn or not p.alive):
            game.rage_discard += cards
            p.rage_revealed = 0
            p.rage_symbols = []
            if not p.alive:
                p.rage_held = 0
            game.emit(RageDiscarded(p.seat, cards))
    scratch = game.scratch
    steps: list[Step] = [
        ["draw_rage", s, "lost_two"] for s in game.clockwise(game.living()) if scratch.lost[s] >= 2
    ]
    if scratch.beer_rage:
        steps.append(["draw_rage", game.turn, "beer"])
    game.front(steps)


RESOLUTION_PHASES.update(
    whiskey=_phase_whiskey,
    duel=_phase_duel,
    beer_rage=_phase_beer_rage,
)


# ============================================================ Module 3: a new posse


@ability
class BelleStar(Ability):
    """After each roll: may change one Dynamite to Gatling (not with three or more)."""

    name = "belle_star"

    def turn_steps(self, game: Game, phase: str) -> list[Step]:
        return [["belle_star"]] if phase == "rolled" else []


def _belle_dice(game: Game) -> list[int]:
    if game.symbol_count(DYNAMITE) >= DYNAMITE_LIMIT:
        return []
    return [i for i in _dice_showing(game, DYNAMITE) if "gatling" in DICE[game.dice_kinds[i]]]


@step("belle_star")
def _belle_star(game: Game) -> None:
    if _belle_dice(game):
        game.ask(DecisionKind.BELLE_STAR, game.turn)


def _legal_belle(game: Game, d: Decision) -> list[Action]:
    return [*(ChooseDie(i) for i in _belle_dice(game)), Decline()]


@decision(DecisionKind.BELLE_STAR, legal=_legal_belle)
def _decide_belle(game: Game, d: Decision, action: Action) -> None:
    if isinstance(action, ChooseDie):
        game.faces[action.die] = "gatling"
        game.emit(FaceChanged(d.seat, action.die, "gatling", "belle_star"))


@ability
class ChuckWengam(Ability):
    """Once a turn, after a roll: lose 1 life to turn a die to any side (not one of 3 Dynamite)."""

    name = "chuck_wengam"

    def turn_steps(self, game: Game, phase: str) -> list[Step]:
        return [["chuck"]] if phase == "rolled" and "chuck" not in game.scratch.used else []


def _chuck_dice(game: Game) -> list[int]:
    if game.symbol_count(DYNAMITE) >= DYNAMITE_LIMIT:
        return [i for i in range(len(game.faces)) if i not in _dice_showing(game, DYNAMITE)]
    return list(range(len(game.faces)))


@step("chuck")
def _chuck(game: Game) -> None:
    if _chuck_dice(game):
        game.ask(DecisionKind.CHUCK_DIE, game.turn)


def _legal_chuck_die(game: Game, d: Decision) -> list[Action]:
    return [*(ChooseDie(i) for i in _chuck_dice(game)), Decline()]


@decision(DecisionKind.CHUCK_DIE, legal=_legal_chuck_die)
def _decide_chuck_die(game: Game, d: Decision, action: Action) -> None:
    if isinstance(action, Decline):
        return
    assert isinstance(action, ChooseDie)
    current = game.faces[action.die]
    sides = tuple(dict.fromkeys(f for f in DICE[game.dice_kinds[action.die]] if f != current))
    game.ask(DecisionKind.CHUCK_FACE, d.seat, die=action.die, options=sides)


@decision(DecisionKind.CHUCK_FACE, legal=_legal_choice)
def _decide_chuck_face(game: Game, d: Decision, action: Action) -> None:
    assert isinstance(action, Choose) and d.die is not None
    game.scratch.used.append("chuck")
    game.front(
        [["lose", [[d.seat, 1, 0]], "chuck_wengam", None, []], ["turn_die", d.die, action.option]]
    )


@step("turn_die")
def _turn_die(game: Game, die: int, face: str) -> None:
    """Chuck Wengam's die shows its new side; an arrow turned to is taken at once."""
    game.faces[die] = face
    game.emit(FaceChanged(game.turn, die, face, "chuck_wengam"))
    if FACES[face].symbol == "arrow":
        game.front([["take_arrow", game.turn, "chuck_wengam"]])


@ability
class GregDigger(Ability):
    name = "greg_digger"
    beer_uses = 2


@ability
class HerbHunter(Ability):
    """Another player who lost 2 or more life in his turn takes a Wound token."""

    name = "herb_hunter"

    def turn_steps(self, game: Game, phase: str) -> list[Step]:
        return [["herb_hunter"]] if phase == "end" else []


@step("herb_hunter")
def _herb_hunter(game: Game) -> None:
    lost = game.scratch.lost
    game.front(
        [
            ["draw_wound", s, "herb_hunter"]
            for s in game.clockwise(game.living())
            if s != game.turn and lost[s] >= 2
        ]
    )


@ability
class PatBrennan(Ability):
    """Start of turn: may move one face-down Rage card from one player to another."""

    name = "pat_brennan"

    def turn_steps(self, game: Game, phase: str) -> list[Step]:
        return [["rage_from"]] if phase == "start" else []


def _rage_holders(game: Game) -> list[int]:
    return [p.seat for p in game.players if p.alive and p.rage_held]


@step("rage_from")
def _rage_from(game: Game) -> None:
    if _rage_holders(game):
        game.ask(DecisionKind.RAGE_FROM, game.turn)


def _legal_rage_from(game: Game, d: Decision) -> list[Action]:
    return [*(ChooseSeat(s) for s in _rage_holders(game)), Decline()]


@decision(DecisionKind.RAGE_FROM, legal=_legal_rage_from)
def _decide_rage_from(game: Game, d: Decision, action: Action) -> None:
    if isinstance(action, ChooseSeat):
        game.ask(DecisionKind.RAGE_TO, d.seat, target=action.seat)


def _legal_rage_to(game: Game, d: Decision) -> list[Action]:
    return [ChooseSeat(s) for s in game.living() if s != d.target]


@decision(DecisionKind.RAGE_TO, legal=_legal_rage_to)
def _decide_rage_to(game: Game, d: Decision, action: Action) -> None:
    assert isinstance(action, ChooseSeat) and d.target is not None
    game.players[d.target].rage_held -= 1
    game.players[action.seat].rage_held += 1
    game.emit(RageMoved(d.seat, d.target, action.seat))


@ability
class PixiePete(Ability):
    name = "pixie_pete"
    draws_rage = 2


@ability
class SamTheHealer(Ability):
    """Each duel he starts in his turn: may give one player one life."""

    name = "sam_the_healer"

    def turn_steps(self, game: Game, phase: str) -> list[Step]:
        return [["sam_heal"]] if phase == "duel" else []


@step("sam_heal")
def _sam_heal(game: Game) -> None:
    game.ask(DecisionKind.SAM_HEAL, game.turn)


def _legal_sam(game: Game, d: Decision) -> list[Action]:
    return [*(ChooseSeat(s) for s in game.living()), Decline()]


@decision(DecisionKind.SAM_HEAL, legal=_legal_sam)
def _decide_sam(game: Game, d: Decision, action: Action) -> None:
    if isinstance(action, ChooseSeat):
        game.gain(action.seat, 1, "sam_the_healer")


@ability
class SeanMallory(Ability):
    """May re-roll a Duel die once in his own turn (a duel roll of his that missed)."""

    name = "sean_mallory"
    duel_rerolls = 1
