"""Undead or Alive, Module 3 (A New Posse in Town): the eight new characters' abilities.

The module is its characters: their cards, their abilities and the decisions those ask.
"""

from __future__ import annotations

from companion.engine import (
    DICE,
    DYNAMITE_LIMIT,
    FACES,
    Ability,
    Action,
    Answer,
    Character,
    Choose,
    ChooseDie,
    ChooseSeat,
    Decision,
    Decline,
    ModuleInfo,
    ModuleRules,
    Phase,
    RuleGame,
    Spec,
    ability,
    declare_kind,
    declare_module,
    dice_showing,
    returned,
)
from companion.engine.registry import decision, one_of_options, step
from companion.engine.steps import Step, gain, lose, take_arrow
from companion.modules.duels.rules import DUEL_PHASE, DUEL_REROLLS, draw_wound
from companion.modules.duels.rules import ID as DUEL_DICE_MODULE
from companion.modules.rage.rules import DRAWS_RAGE, cards_held, move_card
from companion.modules.rage.rules import ID as RAGE_CARDS

from .events import FaceChanged, RageMoved

ID = declare_module(
    "undead_or_alive.3",
    ModuleInfo("A New Posse in Town"),
    characters=(
        Character(name, title, life, power, "undead_or_alive.3", needs)
        for name, title, life, power, needs in (
            ("belle_star", "Belle Star", 8, "Each roll: a Dynamite may be Gatling", ()),
            ("chuck_wengam", "Chuck Wengam", 8, "Once a turn: 1 life turns a die", ()),
            ("greg_digger", "Greg Digger", 7, "Each Beer counts twice", ()),
            (
                "herb_hunter",
                "Herb Hunter",
                8,
                "Lose 2+ in his turn: Wound token",
                (DUEL_DICE_MODULE,),
            ),
            (
                "pat_brennan",
                "Pat Brennan",
                8,
                "Turn start: move a Rage card",
                (RAGE_CARDS,),
            ),
            (
                "pixie_pete",
                "Pixie Pete",
                9,
                "Draws two Rage cards, keeps one",
                (RAGE_CARDS,),
            ),
            (
                "sam_the_healer",
                "Sam the Healer",
                7,
                "Each Duel he starts: +1 life to one",
                (DUEL_DICE_MODULE,),
            ),
            (
                "sean_mallory",
                "Sean Mallory",
                8,
                "Once a turn: re-roll a Duel die",
                (DUEL_DICE_MODULE,),
            ),
        )
    ),
)
DYNAMITE = "dynamite"


def _fits_rage_to(game: RuleGame, d: Decision) -> str | None:
    if d.target is None or not cards_held(game.players[d.target]):
        return f"target {d.target}: a player holding a Rage card face down to move"
    return None


def _fits_chuck_face(game: RuleGame, d: Decision) -> str | None:
    if d.die is None or not 0 <= d.die < len(game.faces) or game.faces[d.die] is None:
        return f"die {d.die}: a die rolled this turn"
    current = game.faces[d.die]
    sides = tuple(dict.fromkeys(f for f in DICE[game.dice_kinds[d.die]] if f != current))
    if d.options != sides:
        return f"options {list(d.options)}: the other sides {list(sides)} of die {d.die + 1}"
    return None


# Its decisions, each asked of the player whose turn it is.
SAM_HEAL = declare_kind(  # Sam the Healer: who gains one life for this duel
    "sam_heal",
    Spec(
        Answer.SEAT,
        True,
        "who gains one life for this duel",
        active=True,
        queued_last="end_turn",
        carries=(),
    ),
)
RAGE_FROM = declare_kind(  # Pat Brennan: whose Rage card to move
    "rage_from",
    Spec(
        Answer.SEAT,
        True,
        "whose Rage card do you move",
        active=True,
        queued_last="roll_decision",
        carries=(),
    ),
)
RAGE_TO = declare_kind(  # Pat Brennan: to whom
    "rage_to",
    Spec(
        Answer.SEAT,
        False,
        "who gets the Rage card",
        active=True,
        fits=_fits_rage_to,
        queued_last="roll_decision",
        carries=("target",),
    ),
)
BELLE_STAR = declare_kind(  # Belle Star: which Dynamite becomes a Gatling
    "belle_star", Spec(Answer.DIE, True, "turn which Dynamite to Gatling", active=True, carries=())
)
CHUCK_DIE = declare_kind(  # Chuck Wengam: lose a life to turn which die
    "chuck_die", Spec(Answer.DIE, True, "lose a life to turn which die", active=True, carries=())
)
CHUCK_FACE = declare_kind(  # Chuck Wengam: to which side
    "chuck_face",
    Spec(
        Answer.CHOICE,
        False,
        "turn the die to which side",
        face_options=True,
        active=True,
        fits=_fits_chuck_face,
        carries=("die", "options"),
    ),
)


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
        game.ask(BELLE_STAR, game.turn)


def _legal_belle(game: RuleGame, d: Decision) -> list[Action]:
    return [*(ChooseDie(i) for i in _belle_dice(game)), Decline()]


@decision(BELLE_STAR, legal=_legal_belle)
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
        game.ask(CHUCK_DIE, game.turn)


def _legal_chuck_die(game: RuleGame, d: Decision) -> list[Action]:
    return [*(ChooseDie(i) for i in _chuck_dice(game)), Decline()]


@decision(CHUCK_DIE, legal=_legal_chuck_die)
def _decide_chuck_die(game: RuleGame, d: Decision, action: Action) -> None:
    if isinstance(action, Decline):
        return
    assert isinstance(action, ChooseDie)
    current = game.faces[action.die]
    sides = tuple(dict.fromkeys(f for f in DICE[game.dice_kinds[action.die]] if f != current))
    game.ask(CHUCK_FACE, d.seat, die=action.die, options=sides)


@decision(CHUCK_FACE, legal=one_of_options)
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
    """Any other living player but one back in play after his elimination, who collects no
    Rage cards (Undead or Alive 4)."""
    players = game.players
    return [s for s in game.living() if s != holder and not returned(players[s])]


def _rage_holders(game: RuleGame) -> list[int]:
    """The seats whose card Pat Brennan may move: a move is one he can complete, so only a
    holder some other player may receive it from (none when every other survivor is back from
    the dead)."""
    return [p.seat for p in game.players if p.alive and cards_held(p) and _receivers(game, p.seat)]


@step
def rage_from(game: RuleGame) -> None:
    if _rage_holders(game):
        game.ask(RAGE_FROM, game.turn)


def _legal_rage_from(game: RuleGame, d: Decision) -> list[Action]:
    return [*(ChooseSeat(s) for s in _rage_holders(game)), Decline()]


@decision(RAGE_FROM, legal=_legal_rage_from)
def _decide_rage_from(game: RuleGame, d: Decision, action: Action) -> None:
    if isinstance(action, ChooseSeat):
        game.ask(RAGE_TO, d.seat, target=action.seat)


def _legal_rage_to(game: RuleGame, d: Decision) -> list[Action]:
    assert d.target is not None
    return [ChooseSeat(s) for s in _receivers(game, d.target)]


@decision(RAGE_TO, legal=_legal_rage_to)
def _decide_rage_to(game: RuleGame, d: Decision, action: Action) -> None:
    assert isinstance(action, ChooseSeat) and d.target is not None
    move_card(game.players[d.target], game.players[action.seat])
    game.emit(RageMoved(d.seat, d.target, action.seat))


@ability
class PixiePete(Ability):
    name = "pixie_pete"
    traits = DRAWS_RAGE.given(2)


@ability
class SamTheHealer(Ability):
    """Each duel he starts in his turn: may give one player one life."""

    name = "sam_the_healer"

    def turn_steps(self, game: RuleGame, phase: Phase) -> list[Step]:
        return [sam_heal()] if phase is DUEL_PHASE else []


@step
def sam_heal(game: RuleGame) -> None:
    game.ask(SAM_HEAL, game.turn)


def _legal_sam(game: RuleGame, d: Decision) -> list[Action]:
    return [*(ChooseSeat(s) for s in game.living()), Decline()]


@decision(SAM_HEAL, legal=_legal_sam)
def _decide_sam(game: RuleGame, d: Decision, action: Action) -> None:
    if isinstance(action, ChooseSeat):  # a gain step: The Bad's moment (Old Saloon 3)
        game.front([gain(action.seat, 1, "sam_the_healer")])


@ability
class SeanMallory(Ability):
    """May re-roll a Duel die once in his own turn (a duel roll of his that missed)."""

    name = "sean_mallory"
    traits = DUEL_REROLLS.given(1)


# Its characters' abilities are all the module adds to the turn; Chuck Wengam's life is a price.
RULES = ModuleRules(
    ID,
    prices=("chuck_wengam",),
    used=("chuck",),
    table="companion.modules.posse.table",
    bots="companion.modules.posse.bots",
)
