"""Old Saloon, Module 4 (A Posse of New Characters): eight new character cards and their
abilities; the module adds nothing to the turn beyond what its characters do.

Three of them ask a question of their own: Elena Fuente gives an arrow rolled away, Apache Kid
takes the Chief's Arrow from its holder (with Old Saloon 2), Molly Stark loses life in
another's place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.engine import (
    Ability,
    Accept,
    Action,
    Answer,
    Character,
    ChooseSeat,
    Decision,
    Decline,
    Event,
    ModuleInfo,
    ModuleRules,
    Phase,
    RuleGame,
    Spec,
    ability,
    declare_kind,
    declare_module,
    in_play,
    quick_init,
)
from companion.engine.registry import decision, step, yes_no
from companion.engine.steps import Step, gain, lose, take_arrow
from companion.modules.chief_arrow.rules import ID as CHIEF_ARROW_MODULE
from companion.modules.chief_arrow.rules import holder as chief_holder
from companion.modules.chief_arrow.rules import take_from as take_chief_from
from companion.modules.loudmouth_coward.rules import (
    COWARD_DIE,
    LOUDMOUTH_DIE,
    SALOON_OPTIONS,
    as_sixth,
)
from companion.modules.loudmouth_coward.rules import ID as SALOON_DICE

_MODULE = "old_saloon.4"
ID = declare_module(
    _MODULE,
    ModuleInfo("A Posse of New Characters"),
    characters=(
        Character(name, title, life, power, _MODULE, needs)
        for name, title, life, power, needs in (
            ("jose_delgado", "Jose Delgado", 7, "Loudmouth as a sixth die", (SALOON_DICE,)),
            ("tequila_joe", "Tequila Joe", 7, "Coward as a sixth die", (SALOON_DICE,)),
            (
                "apache_kid",
                "Apache Kid",
                9,
                "Arrow rolled: may take the Chief's",
                (CHIEF_ARROW_MODULE,),
            ),
            ("bill_noface", "Bill Noface", 9, "Arrows only after the last roll", ()),
            ("elena_fuente", "Elena Fuente", 7, "Arrows rolled: may give one away", ()),
            ("vera_custer", "Vera Custer", 7, "Bull's Eyes cost her 1 life less", ()),
            ("doc_holyday", "Doc Holyday", 8, "3+ Bull's Eyes used: gain 2", ()),
            ("molly_stark", "Molly Stark", 8, "May lose life in another's place", ()),
        )
    ),
)


@quick_init
@dataclass(frozen=True)
class LossTakenOver(Event):
    """Molly Stark (``seat``) loses ``amount`` life points in the place of ``instead_of``."""

    kind: ClassVar[str] = "loss_taken_over"
    seat: int
    instead_of: int
    amount: int


# ====================================================================== its decisions


def _fits_take_chief(game: RuleGame, d: Decision) -> str | None:
    if d.target is None or d.target == d.seat or chief_holder(game) != d.target:
        return f"target {d.target}: another player holding the Chief's Arrow"
    return None


def _fits_take_loss(game: RuleGame, d: Decision) -> str | None:
    loss = game.scratch.loss
    if loss is None or d.target is None:
        return "Molly Stark takes a loss waiting in scratch.loss, of a target"
    if not any(s == d.target for s, _a, _r in loss[0]):
        return f"target {d.target} loses nothing in scratch.loss {loss[0]}"
    return None


# Elena Fuente: give one of the arrows rolled to someone?
GIVE_ARROW = declare_kind(
    "give_arrow",
    Spec(
        Answer.SEAT,
        True,
        "whom do you give an arrow rolled",
        active=True,
        counted=True,
        carries=("remaining",),
    ),
)
# Apache Kid: take the Chief's Arrow from its holder?
TAKE_CHIEF_ARROW = declare_kind(
    "take_chief_arrow",
    Spec(
        Answer.YES_NO,
        True,
        "take the Chief's Arrow",
        active=True,
        counted=True,
        fits=_fits_take_chief,
        carries=("target", "remaining"),
    ),
)
# Molly Stark: lose these life points in that player's place?
TAKE_LOSS = declare_kind(
    "take_loss",
    Spec(
        Answer.YES_NO,
        True,
        "lose these life points in their place",
        counted=True,
        fits=_fits_take_loss,
        carries=("target", "remaining"),
    ),
)


# ========================================================================== abilities


@ability
class JoseDelgado(Ability):
    """Ruling OS6: with the Loudmouth he always rolls six dice (never five, one replaced)."""

    name = "jose_delgado"
    traits = SALOON_OPTIONS.given(as_sixth(LOUDMOUTH_DIE))


@ability
class TequilaJoe(Ability):
    """Ruling OS6: with the Coward he always rolls six dice (never five, one replaced)."""

    name = "tequila_joe"
    traits = SALOON_OPTIONS.given(as_sixth(COWARD_DIE))


@ability
class ApacheKid(Ability):
    """An arrow rolled may be taken as the Chief's Arrow from its holder (one arrow result)."""

    name = "apache_kid"

    def arrow_steps(self, game: RuleGame, arrows: int) -> list[Step]:
        return [apache_kid(arrows)] if arrows else []


@step
def apache_kid(game: RuleGame, arrows: int, /) -> None:
    holder = chief_holder(game)
    if holder is not None and holder != game.turn and game.players[holder].alive:
        game.ask(TAKE_CHIEF_ARROW, game.turn, target=holder, remaining=arrows)
    else:
        game.front([take_arrow(game.turn, "dice")] * arrows)


@decision(TAKE_CHIEF_ARROW, legal=yes_no)
def _decide_apache_kid(game: RuleGame, d: Decision, action: Action) -> None:
    assert d.remaining is not None and d.target is not None
    arrows = d.remaining
    if isinstance(action, Accept):
        take_chief_from(game, d.seat, d.target, "apache_kid")
        arrows -= 1
    game.front([take_arrow(d.seat, "dice")] * arrows)


@ability
class BillNoface(Ability):
    """Arrows rolled are taken only after the last roll."""

    name = "bill_noface"
    defers_arrows = True

    def turn_steps(self, game: RuleGame, phase: Phase) -> list[Step]:
        if phase is not Phase.LAST_ROLL:
            return []
        return [take_arrow(game.turn, "dice")] * game.symbol_count("arrow")


@ability
class ElenaFuente(Ability):
    """Each roll with arrows: may give one of them to a player of her choice."""

    name = "elena_fuente"

    def arrow_steps(self, game: RuleGame, arrows: int) -> list[Step]:
        return [give_arrow(arrows)] if arrows else []


@step
def give_arrow(game: RuleGame, arrows: int, /) -> None:
    game.ask(GIVE_ARROW, game.turn, remaining=arrows)


def _legal_give(game: RuleGame, d: Decision) -> list[Action]:
    return [*(ChooseSeat(s) for s in game.living() if s != d.seat), Decline()]


@decision(GIVE_ARROW, legal=_legal_give)
def _decide_give(game: RuleGame, d: Decision, action: Action) -> None:
    assert d.remaining is not None
    steps: list[Step] = [take_arrow(d.seat, "dice")] * d.remaining
    if isinstance(action, ChooseSeat):
        steps[0] = take_arrow(action.seat, "elena_fuente")
    game.front(steps)


@ability
class VeraCuster(Ability):
    """Bull's Eyes resolved together cost her one life less (a double face counts two)."""

    name = "vera_custer"

    def bullseye_loss(self, amount: int) -> int:
        return max(amount - 1, 0)


@ability
class DocHolyday(Ability):
    """Three or more Bull's Eye results used in his turn: he also gains 2 life."""

    name = "doc_holyday"

    def turn_steps(self, game: RuleGame, phase: Phase) -> list[Step]:
        return [doc_holyday()] if phase is Phase.BULLSEYE else []


@step
def doc_holyday(game: RuleGame) -> None:
    if len(game.scratch.assigned) >= 3:
        game.front([gain(game.turn, 2, "doc_holyday")])


def _price(game: RuleGame, cause: str) -> bool:
    """Life a player chooses to pay for a power (a module's ``prices``) is no loss he "must"
    take, so Molly Stark cannot pay it for him."""
    return any(cause in rules.prices for rules in in_play(game.setup.modules))


def _own_result(seat: int, by: int | None) -> bool:
    """A loss Molly Stark's own result deals (her Bull's Eye, Gatling, a duel she won): the
    rulebook makes her use every result on the others ("you must use them all!"; a Bull's Eye
    is another player's), so she is not offered to turn it on herself (our reading)."""
    return by == seat


@ability
class MollyStark(Ability):
    """Each time another player must lose life, she may lose it in their place."""

    name = "molly_stark"

    def offer_for_losses(
        self,
        game: RuleGame,
        seat: int,
        losses: list[list[int]],
        cause: str,
        by: int | None,
        then: list[Step],
    ) -> list[Step]:
        if _price(game, cause) or _own_result(seat, by):
            return []
        if not any(s != seat and amount > 0 for s, amount, _r in losses):
            return []
        game.scratch.loss = [losses, cause, by, then]
        return [take_loss(seat, 0)]


def _budget(game: RuleGame, seat: int, losses: list[list[int]]) -> int:
    """Life Molly Stark still has to give: her life less what she loses already."""
    return game.players[seat].life - sum(a for s, a, _r in losses if s == seat)


@step
def take_loss(game: RuleGame, seat: int, start: int, /) -> None:
    """Offer Molly Stark the next loss she can take, clockwise from the active player."""
    assert game.scratch.loss is not None
    losses, cause, by, then = game.scratch.loss
    order = game.clockwise([s for s, _a, _r in losses if s != seat])
    for i in range(start, len(order)):
        amount = next(a for s, a, _r in losses if s == order[i])
        if amount > 0 and game.players[seat].alive and amount <= _budget(game, seat, losses):
            game.front([take_loss(seat, i + 1)])
            game.ask(TAKE_LOSS, seat, target=order[i], remaining=amount)
            return
    game.scratch.loss = None
    game.front([lose(losses, cause, by, then, True)])


@decision(TAKE_LOSS, legal=yes_no)
def _decide_take_loss(game: RuleGame, d: Decision, action: Action) -> None:
    if isinstance(action, Decline):
        return
    assert game.scratch.loss is not None and d.remaining is not None
    losses = game.scratch.loss[0]
    for loss in losses:
        if loss[0] == d.target:
            loss[1] = 0
    mine = next((loss for loss in losses if loss[0] == d.seat), None)
    if mine is None:
        losses.append([d.seat, d.remaining, 0])
    else:
        mine[1] += d.remaining
    assert d.target is not None
    game.emit(LossTakenOver(d.seat, d.target, d.remaining))


# ================================================================== a state read back


def _arrows_rolled(game: RuleGame, args: list[Any]) -> str | None:
    return None if args[0] >= 1 else f"arrows {args[0]}: the arrows of a roll, one or more"


def _loss_waiting(game: RuleGame, args: list[Any]) -> str | None:
    if game.scratch.loss is None:
        return "Molly Stark is offered a loss waiting in scratch.loss, which is None"
    return None


RULES = ModuleRules(
    ID,
    step_fits=(
        ("give_arrow", _arrows_rolled),
        ("apache_kid", _arrows_rolled),
        ("take_loss", _loss_waiting),
    ),
    table="companion.modules.saloon_characters.table",
    bots="companion.modules.saloon_characters.bots",
)
