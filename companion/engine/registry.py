"""Where the rules register: the steps a turn is made of and the decisions they ask.

A step is a plain list, ``[name, *arguments]``, so the stack of steps still to resolve writes
to JSON; it is written by its kind's typed constructor, which ``@step`` makes of the rule's own
signature (or ``steps.py`` declares, for ``game.py``'s steps that rules below it write). The
game (``game.py``), the abilities (``abilities.py``) and each module register the rules of
their steps and decisions here; the game runs whatever is registered.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar, cast, overload

from .actions import CHOICES, SEATS, YES_NO, Accept, Action, Choose, ChooseSeat, Decline
from .decisions import Decision, DecisionKind
from .steps import KINDS, Step, writer

if TYPE_CHECKING:
    from .rules_api import RuleGame

StepRule = Callable[..., None]
STEPS: dict[str, StepRule] = {}
P = ParamSpec("P")
# The game a rule takes: a module's rules a RuleGame, game.py's own its Game.
G = TypeVar("G", bound="RuleGame")


@overload
def step(rule: Callable[Concatenate[G, P], None], /) -> Callable[P, Step]: ...
@overload
def step(name: str, /) -> Callable[[StepRule], StepRule]: ...
def step(named: Callable[..., None] | str, /) -> Any:
    """``@step`` on ``fn(game, *arguments, /)``: the rule of the steps named as ``fn`` (less a
    leading underscore), whose arguments are its own (one declaration), and it becomes their
    typed constructor; ``x = step(_x)`` keeps the rule ``_x`` for a direct call too.

    ``@step(name)``: the rule of a kind ``steps.py`` declares (the steps of ``game.py``, which
    the rule files below it write), whose arguments must be those its kind declares."""
    if not isinstance(named, str):
        name = named.__name__.removeprefix("_")
        if name in KINDS:
            raise ValueError(f"step {name!r} is declared twice")
        signature = inspect.signature(named)
        taken = list(signature.parameters.values())[1:]
        loose = [str(p) for p in taken if p.kind not in _POSITIONAL]
        if loose:
            raise ValueError(
                f"step {name!r}: its rule's arguments {', '.join(loose)} are not positional "
                "only (end them with '/'), as the stack holds them"
            )
        KINDS[name] = signature.replace(parameters=taken)
        return _registered(name, named)

    def register(fn: StepRule) -> StepRule:
        name = named
        declared = KINDS.get(name)
        if declared is None:
            raise ValueError(f"step {name!r} has no kind declared in steps.py")
        taken = list(inspect.signature(fn).parameters.values())[1:]
        if [_part(p) for p in taken] != [_part(p) for p in declared.parameters.values()]:
            raise ValueError(
                f"step {name!r}: its rule takes ({', '.join(map(str, taken))}), "
                f"its kind declares {declared}"
            )
        _registered(name, fn)
        return fn

    return register


_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.VAR_POSITIONAL)


def _registered(name: str, rule: StepRule) -> Callable[..., Step]:
    """``rule`` run for the steps ``name``; their constructor."""
    if name in STEPS:
        raise ValueError(f"step {name!r} is registered twice")
    STEPS[name] = rule
    return writer(name)


def _part(p: inspect.Parameter) -> tuple[str, bool, Any, Any]:
    """What a rule's parameter and its kind's must share (a kind's are positional only)."""
    return (p.name, p.kind is inspect.Parameter.VAR_POSITIONAL, p.default, p.annotation)


Legal = Callable[["RuleGame", Decision], list[Action]]
Decide = Callable[["RuleGame", Decision, Action], None]
Accepts = Callable[["RuleGame", Decision, Action], bool]


@dataclass(frozen=True)
class DecisionRule:
    """The legal answers to a kind of decision and what an answer does.

    ``accepts`` is a quicker legality check than building every answer (re-rolls); without it
    an action is legal when it is one of ``legal``'s.
    """

    legal: Legal
    decide: Decide
    accepts: Accepts | None = None


DECISIONS: dict[DecisionKind, DecisionRule] = {}


def one_of_options(game: RuleGame, d: Decision) -> list[Action]:
    """The ``legal`` of a decision answered by picking one of its ``options``."""
    choices = CHOICES  # a name's answer shared; an option of another type made as it is
    return [choices[o] if type(o) is str else Choose(o) for o in d.options]


def any_living_seat(game: RuleGame, d: Decision) -> list[Action]:
    """The ``legal`` of a decision answered by choosing any living seat, the asker's included."""
    return [SEATS[p.seat] for p in game.players if p.alive]


def yes_no(game: RuleGame, d: Decision) -> list[Action]:
    """The ``legal`` of a decision the asked seat accepts or declines."""
    return list(YES_NO)


# Whether an action is one of those the ``legal`` of a common shape lists, told without making
# the list (a decision registered with such a ``legal`` and no ``accepts`` is given its own).
# An action equals a listed one only when of the same class, with equal fields.


def _one_of_options(game: RuleGame, d: Decision, action: Action) -> bool:
    return type(action) is Choose and action.option in d.options


def _any_living_seat(game: RuleGame, d: Decision, action: Action) -> bool:
    if type(action) is not ChooseSeat:
        return False
    seat, players = action.seat, game.players
    if type(seat) is not int:  # a seat equal to a number, as the list would compare it
        return action in any_living_seat(game, d)
    return 0 <= seat < len(players) and players[seat].alive


def _yes_no(game: RuleGame, d: Decision, action: Action) -> bool:
    return type(action) is Accept or type(action) is Decline


_SHAPES: dict[Legal, Accepts] = {
    one_of_options: _one_of_options,
    any_living_seat: _any_living_seat,
    yes_no: _yes_no,
}


def decision(
    *kinds: DecisionKind,
    legal: Callable[[G, Decision], list[Action]],
    accepts: Callable[[G, Decision, Action], bool] | None = None,
) -> Callable[[Callable[[G, Decision, Action], None]], Callable[[G, Decision, Action], None]]:
    """Register ``fn(game, decision, action)`` as what answering ``kinds`` does.

    The game runs every rule with itself, so a rule may take the game's own type (``G``); the
    table of rules holds them as rules of any ``RuleGame``."""

    def register(
        fn: Callable[[G, Decision, Action], None],
    ) -> Callable[[G, Decision, Action], None]:
        for kind in kinds:
            if kind in DECISIONS:
                raise ValueError(f"decision {kind} is registered twice")
            DECISIONS[kind] = DecisionRule(
                cast(Legal, legal),
                cast(Decide, fn),
                cast("Accepts | None", accepts) or _SHAPES.get(cast(Legal, legal)),
            )
        return fn

    return register
