"""The Lucky Horseshoe, a toy module: at the start of each turn, a player who has lost life may
touch the horseshoe to gain one back; its card, Horseshoe Harry, re-rolls twice more."""

from __future__ import annotations

from companion.engine import (
    Ability,
    Accept,
    Action,
    Answer,
    Character,
    Decision,
    ModuleInfo,
    ModuleRules,
    RuleGame,
    Spec,
    ability,
    decision,
    declare_kind,
    declare_module,
    step,
    yes_no,
)

HORSESHOE = declare_module(
    "toy.horseshoe",
    ModuleInfo("The Lucky Horseshoe"),
    characters=[
        Character("horseshoe_harry", "Horseshoe Harry", 8, "Two extra re-rolls", "toy.horseshoe")
    ],
)
TOUCH = declare_kind("horseshoe", Spec(Answer.YES_NO, True, "touch the horseshoe for 1 life?"))


@step
def horseshoe(game: RuleGame) -> None:
    player = game.players[game.turn]
    if player.life < player.max_life:
        game.ask(TOUCH, game.turn)


@decision(TOUCH, legal=yes_no)
def _touch(game: RuleGame, d: Decision, action: Action) -> None:
    if isinstance(action, Accept):
        game.gain(d.seat, 1, "horseshoe")


@ability
class HorseshoeHarry(Ability):
    name = "horseshoe_harry"
    extra_rolls = 2


RULES = ModuleRules(
    HORSESHOE, start=("horseshoe",), table="bang_horseshoe.table", bots="bang_horseshoe.bots"
)
