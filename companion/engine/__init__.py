"""The rules engine: pure Python, standard library only, deterministic given a dice source.

Everything a client (the table, the bots, the tests, the benchmarks) uses is imported from here,
``companion.engine``, and listed in ``__all__``; the files under it are private and may be
renamed or split without a client noticing (``tests/test_layers.py`` checks that no client
reaches into one). What it holds:

- playing: ``Game``, ``deal``/``GameSetup``, the actions, ``Decision``/``DecisionKind``, the dice
  sources, the errors, and every ``Event``; ``Game.to_json(NO_SEAT)``, what the whole table may
  see;
- a saved game, ``Game.to_json()``, carries its play: ``Game.from_json`` replays it and refuses
  any field the play does not give; a position of one's making, mid-game, with any module's
  state: ``position`` (``Game.from_position``), held to the rules' checks, with no play behind
  it;
- the components and the modules: ``CHARACTERS``, ``FACES``, ``SPECIAL_ROLES``,
  ``Module``/``MODULES``, each
  module's rules from its own file (``MODULE_RULES``), and the base game's own
  (``BASE_GAME_RULES``), first in the list of a game's rules (``in_play``) and of those
  installed (``entries``), with the sides they may end with (``sides``);
- the options a decision offers, named: ``ArrowKind``, ``NORMAL_CARD``, ``NO_OPTION`` (a
  module's own are its package's);
- a series of games (a module's, its ``ModuleRules.follows``): ``result_of``, ``series_next``,
  ``legacy_setup``, …;
- reading JSON with errors that name the field: ``whole_number``, ``text``, ``listed``,
  ``truth``;
- writing rules (a module's own file, and the tests of the rules' own tables): ``RuleGame``,
  what a rule may use of a game; ``companion.engine.registry`` (``step``, ``decision``) and
  ``companion.engine.steps`` (each step's kind and its typed constructor);
- the rules' own tables, for the engine's tests to check them: ``STEPS``, ``MOMENTS``,
  ``OPENINGS``, ``ABILITIES``, ``check_state``, ``GameState``.

>>> from companion.engine import Game, deal
>>> game = Game(deal(players=5, seed=1))
>>> game.pending.kind
DecisionKind('roll')
>>> events = game.apply(game.legal_actions()[0])
"""

# First: the game imports the rule files, which register their steps and decisions in its order.
from .game import Game  # isort: split

from .abilities import (
    ABILITIES,
    ability,
    ability_of,
)
from .actions import (
    Accept,
    Action,
    Choose,
    ChooseDie,
    ChooseSeat,
    Decline,
    Reveal,
    RevealSpecial,
    Roll,
    Stop,
    WindowAction,
    action_from_json,
)
from .checks import check_state
from .components import (
    ARROWS_IN_PILE,
    BASE_DICE,
    CHARACTERS,
    DICE,
    DYNAMITE_LIMIT,
    FACE_COUNT,
    FACE_SYMBOL,
    FACES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    REROLLS,
    ROLE_MIX,
    SPECIAL_ROLES,
    THREE_PLAYER_TARGET,
    Character,
    Face,
    HouseRule,
    Role,
    SpecialRole,
    Symbol,
    declare_die,
)
from .decisions import (
    SPECS,
    Answer,
    Decision,
    DecisionKind,
    Spec,
    declare_kind,
)
from .dice import (
    DiceSource,
    ScriptedDice,
    SeededDice,
)
from .errors import (
    CompanionError,
    EngineError,
    IllegalAction,
    SetupError,
    StateError,
)
from .events import (
    ArrowsDiscarded,
    ArrowTaken,
    BullseyeDoubled,
    DiceRolled,
    DynamiteExploded,
    Event,
    ExtraTurn,
    GameEndWaiting,
    GameOver,
    GameStarted,
    GatlingFired,
    IndiansAttacked,
    LastOneStanding,
    LifeGained,
    LifeLost,
    NoLegalAnswer,
    PlayerEliminated,
    ResultAssigned,
    ResultsCancelled,
    Rewound,
    RoleRevealed,
    RolledApart,
    TurnEnded,
    TurnStarted,
)
from .frozen import quick_init
from .hidden import NO_SEAT, secret
from .module_catalog import REAL_PILES, ModuleInfo, cards_dealt, declare_module, declare_real_pile
from .module_rules import ArrowToken, ModuleRules
from .modules import BASE as BASE_GAME_RULES
from .modules import (
    MODULES,
    Module,
    characters_for,
    entries,
    in_play,
    load_layer,
    module,
    sides,
    turn_order,
)
from .modules import RULES as MODULE_RULES
from .modules import built_in as built_in_module
from .modules import origin as module_origin
from .modules import problems as module_problems
from .modules import (
    validate as validate_modules,
)
from .moments import (
    OPENINGS,
    dice_a_reveal_rolls,
    moment_steps,
    open_moments,
    opening,
    recorded,
    seizer,
    still,
)
from .open_kinds import Declared
from .options import NO_OPTION, NORMAL_CARD, ArrowKind
from .player_marks import (
    HasParts,
    declare_returned,
    declare_role_announced,
    returned,
    role_announced,
)
from .positions import declare_pile, gained, position
from .queue_checks import (
    MOMENTS,
    declare_argument,
    step_checks,
    still_rolling,
)
from .ranges import next_living
from .reading import (
    listed,
    text,
    truth,
    whole_number,
)
from .registry import STEPS, any_living_seat, decision, one_of_options, step, yes_no
from .results import dice_showing
from .role_cards import card_of, declare_card_reader, face_up_card
from .rules_api import (
    MODULE_PHASES,
    TRAITS,
    Ability,
    Phase,
    RuleGame,
    Trait,
    declare_phase,
    declare_trait,
)
from .series import (
    GameResult,
    NextGame,
    deal_roles,
    legacy_setup,
    result_of,
    series_module,
    series_next,
)
from .series import (
    unused as unused_characters,
)
from .setup import (
    SETUP_PARTS,
    GameSetup,
    SetupPart,
    config_keys,
    configured_parts,
    deal,
    dealt_parts,
    face_up_parts,
    mixed_configured,
    mixed_key,
    setup_parts,
)
from .state import (
    JSON_KEY,
    MODULE_PARTS,
    WRITTEN,
    GameState,
    Part,
    PlayerState,
    TurnScratch,
    field_names,
    json_key,
    parts_seen,
    state_parts,
)
from .victory import Outcome, declare_hand_keeper, declare_team_player, unrevealed_pool

__all__ = [
    "ABILITIES",
    "ARROWS_IN_PILE",
    "Ability",
    "Accept",
    "Action",
    "Answer",
    "ArrowKind",
    "ArrowTaken",
    "ArrowToken",
    "ArrowsDiscarded",
    "BASE_DICE",
    "BASE_GAME_RULES",
    "BullseyeDoubled",
    "CHARACTERS",
    "Character",
    "Choose",
    "ChooseDie",
    "ChooseSeat",
    "CompanionError",
    "DICE",
    "DYNAMITE_LIMIT",
    "Decision",
    "DecisionKind",
    "Declared",
    "Decline",
    "DiceRolled",
    "DiceSource",
    "DynamiteExploded",
    "EngineError",
    "Event",
    "ExtraTurn",
    "FACES",
    "FACE_COUNT",
    "FACE_SYMBOL",
    "Face",
    "Game",
    "GameEndWaiting",
    "GameOver",
    "GameResult",
    "GameSetup",
    "GameStarted",
    "GameState",
    "GatlingFired",
    "HasParts",
    "HouseRule",
    "IllegalAction",
    "IndiansAttacked",
    "JSON_KEY",
    "LastOneStanding",
    "LifeGained",
    "LifeLost",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MODULES",
    "MODULE_PARTS",
    "MODULE_PHASES",
    "MODULE_RULES",
    "MOMENTS",
    "Module",
    "ModuleInfo",
    "ModuleRules",
    "NORMAL_CARD",
    "NO_OPTION",
    "NO_SEAT",
    "NextGame",
    "NoLegalAnswer",
    "OPENINGS",
    "Outcome",
    "Part",
    "Phase",
    "PlayerEliminated",
    "PlayerState",
    "REAL_PILES",
    "REROLLS",
    "ROLE_MIX",
    "ResultAssigned",
    "ResultsCancelled",
    "Reveal",
    "RevealSpecial",
    "Rewound",
    "Role",
    "RoleRevealed",
    "Roll",
    "RolledApart",
    "RuleGame",
    "SETUP_PARTS",
    "SPECIAL_ROLES",
    "SPECS",
    "STEPS",
    "ScriptedDice",
    "SeededDice",
    "SetupError",
    "SetupPart",
    "Spec",
    "SpecialRole",
    "StateError",
    "Stop",
    "Symbol",
    "THREE_PLAYER_TARGET",
    "TRAITS",
    "Trait",
    "TurnEnded",
    "TurnScratch",
    "TurnStarted",
    "WRITTEN",
    "WindowAction",
    "ability",
    "ability_of",
    "action_from_json",
    "any_living_seat",
    "built_in_module",
    "card_of",
    "cards_dealt",
    "characters_for",
    "check_state",
    "config_keys",
    "configured_parts",
    "deal",
    "deal_roles",
    "dealt_parts",
    "decision",
    "declare_argument",
    "declare_card_reader",
    "declare_die",
    "declare_hand_keeper",
    "declare_kind",
    "declare_module",
    "declare_phase",
    "declare_pile",
    "declare_real_pile",
    "declare_returned",
    "declare_role_announced",
    "declare_team_player",
    "declare_trait",
    "dice_a_reveal_rolls",
    "dice_showing",
    "entries",
    "face_up_card",
    "face_up_parts",
    "field_names",
    "gained",
    "in_play",
    "json_key",
    "legacy_setup",
    "listed",
    "load_layer",
    "mixed_configured",
    "mixed_key",
    "module",
    "module_origin",
    "module_problems",
    "moment_steps",
    "next_living",
    "one_of_options",
    "open_moments",
    "opening",
    "parts_seen",
    "position",
    "quick_init",
    "recorded",
    "result_of",
    "returned",
    "role_announced",
    "secret",
    "seizer",
    "series_module",
    "series_next",
    "setup_parts",
    "sides",
    "state_parts",
    "step",
    "step_checks",
    "still",
    "still_rolling",
    "text",
    "truth",
    "turn_order",
    "unrevealed_pool",
    "unused_characters",
    "validate_modules",
    "whole_number",
    "yes_no",
]
