"""Undead or Alive, Module 3 (A New Posse in Town): the eight new characters' abilities."""

from __future__ import annotations

from .abilities import ability
from .actions import Action, Choose, ChooseDie, ChooseSeat, Decline
from .components import DICE, DYNAMITE_LIMIT, FACES
from .decisions import Decision, DecisionKind
from .duels import draw_wound
from .events import FaceChanged, RageMoved
from .module_catalog import Module
from .module_rules import ModuleRules
from .registry import decision, one_of_options, step
from .results import DYNAMITE, dice_showing
from .rules_api import Ability, Phase, RuleGame
from .steps import Step, gain, lose, take_arrow


@ability
class BelleStar(Ability):
    """After each roll: may change one Dynamite to Gatling (not with three or more)."""

    name = "belle_star"

    def turn_steps(self, game: RuleGame, phase: Phase) -> list[Step]:
        return [belle_star()] if phase is Phase.ROLLED else []


def _belle_dice(game: RuleGame) -> list[int]:
    if game.symbol_count(DYNAMITE) >= DYNAMITE_LIMIT:
        return []
    return [i for i in dice_showing(game, DYNAMITE) if "gatling" in DICE[game.dice_kinds[i]]]


@step
def belle_star(game: RuleGame) -> None:
    if _belle_dice(game):
        game.ask(DecisionKind.BELLE_STAR, game.turn)


def _legal_belle(game: RuleGame, d: Decision) -> list[Action]:
    return [*(ChooseDie(i) for i in _belle_dice(game)), Decline()]


@decision(DecisionKind.BELLE_STAR, legal=_legal_belle)
def _decide_belle(game: RuleGame, d: Decision, action: Action) -> None:
    if isinstance(action, ChooseDie):
        game.faces[action.die] = "gatling"
        game.emit(FaceChanged(d.seat, action.die, "gatling", "belle_star"))


@ability
class ChuckWengam(Ability):
    """Once a turn, after a roll: lose 1 life to turn a die to any side (not one of 3 Dynamite)."""

    name = "chuck_wengam"

    def turn_steps(self, game: RuleGame, phase: Phase) -> list[Step]:
        return [chuck()] if phase is Phase.ROLLED and "chuck" not in game.scratch.used else []


def _chuck_dice(game: RuleGame) -> list[int]:
    if game.symbol_count(DYNAMITE) >= DYNAMITE_LIMIT:
        return [i for i in range(len(game.faces)) if i not in dice_showing(game, DYNAMITE)]
    return list(range(len(game.faces)))


@step
def chuck(game: RuleGame) -> None:
    if _chuck_dice(game):
        game.ask(DecisionKind.CHUCK_DIE, game.turn)


def _legal_chuck_die(game: RuleGame, d: Decision) -> list[Action]:
    return [*(ChooseDie(i) for i in _chuck_dice(game)), Decline()]


@decision(DecisionKind.CHUCK_DIE, legal=_legal_chuck_die)
def _decide_chuck_die(game: RuleGame, d: Decision, action: Action) -> None:
    if isinstance(action, Decline):
        return
    assert isinstance(action, ChooseDie)
    current = game.faces[action.die]
    sides = tuple(dict.fromkeys(f for f in DICE[game.dice_kinds[action.die]] if f != current))
    game.ask(DecisionKind.CHUCK_FACE, d.seat, die=action.die, options=sides)


@decision(DecisionKind.CHUCK_FACE, legal=one_of_options)
def _decide_chuck_face(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, Choose) and d.die is not None
    game.scratch.used.append("chuck")
    game.front([lose([[d.seat, 1, 0]], "chuck_wengam", None, []), turn_die(d.die, action.option)])


@step
def turn_die(game: RuleGame, die: int, face: str, /) -> None:
    """Chuck Wengam's die shows its new side; an arrow turned to is taken at once."""
    game.faces[die] = face
    game.emit(FaceChanged(game.turn, die, face, "chuck_wengam"))
    if FACES[face].symbol == "arrow":
        game.front([take_arrow(game.turn, "chuck_wengam")])


@ability
class GregDigger(Ability):
    name = "greg_digger"
    beer_uses = 2


@ability
class HerbHunter(Ability):
    """Another player who lost 2 or more life in his turn takes a Wound token: the moment he
    has lost his second life point, whatever becomes of Herb later in the turn (ruling UA3)."""

    name = "herb_hunter"

    def own_turn_losses(self, game: RuleGame, lost: dict[int, int]) -> list[Step]:
        total = game.scratch.lost
        return [
            draw_wound(s, "herb_hunter")
            for s in game.clockwise(list(lost))
            if s != game.turn and total[s] >= 2 > total[s] - lost[s]
        ]


@ability
class PatBrennan(Ability):
    """Start of turn: may move one face-down Rage card from one player to another."""

    name = "pat_brennan"

    def turn_steps(self, game: RuleGame, phase: Phase) -> list[Step]:
        return [rage_from()] if phase is Phase.START else []


def _receivers(game: RuleGame, holder: int) -> list[int]:
    """Any other living player but a zombie, who collects no Rage cards (Undead or Alive 4)."""
    players = game.players
    return [s for s in game.living() if s != holder and not players[s].zombie]


def _rage_holders(game: RuleGame) -> list[int]:
    """The seats whose card Pat Brennan may move: a move is one he can complete, so only a
    holder some other player may receive it from (with every other survivor a zombie, none)."""
    return [p.seat for p in game.players if p.alive and p.rage_held and _receivers(game, p.seat)]


@step
def rage_from(game: RuleGame) -> None:
    if _rage_holders(game):
        game.ask(DecisionKind.RAGE_FROM, game.turn)


def _legal_rage_from(game: RuleGame, d: Decision) -> list[Action]:
    return [*(ChooseSeat(s) for s in _rage_holders(game)), Decline()]


@decision(DecisionKind.RAGE_FROM, legal=_legal_rage_from)
def _decide_rage_from(game: RuleGame, d: Decision, action: Action) -> None:
    if isinstance(action, ChooseSeat):
        game.ask(DecisionKind.RAGE_TO, d.seat, target=action.seat)


def _legal_rage_to(game: RuleGame, d: Decision) -> list[Action]:
    assert d.target is not None
    return [ChooseSeat(s) for s in _receivers(game, d.target)]


@decision(DecisionKind.RAGE_TO, legal=_legal_rage_to)
def _decide_rage_to(game: RuleGame, d: Decision, action: Action) -> None:
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

    def turn_steps(self, game: RuleGame, phase: Phase) -> list[Step]:
        return [sam_heal()] if phase is Phase.DUEL else []


@step
def sam_heal(game: RuleGame) -> None:
    game.ask(DecisionKind.SAM_HEAL, game.turn)


def _legal_sam(game: RuleGame, d: Decision) -> list[Action]:
    return [*(ChooseSeat(s) for s in game.living()), Decline()]


@decision(DecisionKind.SAM_HEAL, legal=_legal_sam)
def _decide_sam(game: RuleGame, d: Decision, action: Action) -> None:
    if isinstance(action, ChooseSeat):  # a gain step: The Bad's moment (Old Saloon 3)
        game.front([gain(action.seat, 1, "sam_the_healer")])


@ability
class SeanMallory(Ability):
    """May re-roll a Duel die once in his own turn (a duel roll of his that missed)."""

    name = "sean_mallory"
    duel_rerolls = 1


# Its characters' abilities are all the module adds.
RULES = ModuleRules(Module.NEW_POSSE)
