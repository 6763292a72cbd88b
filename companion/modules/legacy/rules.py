"""Undead or Alive, Module 5 (Wild West Legacy): what a finished game decides for the next one.

The Sheriff's killer is the next Sheriff; a Sheriff who survived appoints the next one and, when
he appoints another player, starts with one bullet more (ruling UA5, ``legacy_bullet``); the
eliminated choose a character unused in the last game, the others keep theirs or draw anew. It
adds nothing to a turn: the core sets up the next game from what it decides (``NextGame``).
"""

from __future__ import annotations

from companion.engine import GameResult, ModuleInfo, ModuleRules, NextGame, declare_module

ID = declare_module(
    "undead_or_alive.5",
    ModuleInfo("Wild West Legacy", options=(("legacy_bullet", "the Legacy bullet"),)),
)


def next_game(result: GameResult) -> NextGame:
    """What the finished game decides for the next one at the same seats."""
    n = len(result.characters)
    killer = result.sheriff_killer
    return NextGame(
        players=n,
        sheriff=killer,
        appointer=result.sheriff if result.sheriff_alive else None,
        new_character=result.eliminated,
        may_keep=tuple(s for s in range(n) if s not in result.eliminated),
        previous=result.characters,
    )


RULES = ModuleRules(
    ID,
    follows=next_game,
    table="companion.modules.legacy.table",
    bots="companion.modules.legacy.bots",
)
