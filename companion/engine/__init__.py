"""The rules engine: pure Python, standard library only, deterministic given a dice source.

>>> from companion.engine import Game, deal
>>> game = Game(deal(players=5, seed=1))
>>> game.pending.kind
<DecisionKind.ROLL: 'roll'>
>>> events = game.apply(game.legal_actions()[0])
"""

from .actions import (
    Accept,
    Action,
    Choose,
    ChooseDie,
    ChooseSeat,
    Decline,
    Reveal,
    Roll,
    Stop,
    action_from_json,
)
from .components import CHARACTERS, DICE, FACES, ROLE_MIX, HouseRule, Role, Symbol
from .decisions import SPECS, Answer, Decision, DecisionKind
from .dice import DiceSource, ScriptedDice, SeededDice
from .errors import EngineError, IllegalAction, SetupError, StateError
from .events import Event
from .game import Game
from .modules import MODULES, Module, characters_for
from .options import NORMAL_CARD, ArrowKind, BoneyardCard, SaloonDie
from .setup import GameSetup, deal
from .state import PlayerState

__all__ = [
    "Accept",
    "Action",
    "Answer",
    "ArrowKind",
    "BoneyardCard",
    "Choose",
    "CHARACTERS",
    "ChooseDie",
    "ChooseSeat",
    "DICE",
    "Decision",
    "DecisionKind",
    "Decline",
    "DiceSource",
    "EngineError",
    "Event",
    "FACES",
    "Game",
    "GameSetup",
    "HouseRule",
    "MODULES",
    "NORMAL_CARD",
    "Module",
    "IllegalAction",
    "PlayerState",
    "ROLE_MIX",
    "Reveal",
    "SPECS",
    "Role",
    "Roll",
    "SaloonDie",
    "ScriptedDice",
    "SeededDice",
    "SetupError",
    "StateError",
    "Stop",
    "Symbol",
    "action_from_json",
    "characters_for",
    "deal",
]
