"""Where the rules register: the steps a turn is made of and the decisions they ask.

A step is a plain list, ``[name, *arguments]``, so the stack of steps still to resolve writes
to JSON; it is written by its kind's typed constructor (``steps.py``). The game (``game.py``),
the abilities (``abilities.py``) and each module register the rules of their steps and
decisions here; the game runs whatever is registered.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, cast

from .actions import SEATS, YES_NO, Action, Choose
from .decisions import Decision, DecisionKind
from .steps import KINDS

if TYPE_CHECKING:
    from .rules_api import RuleGame

StepRule = Callable[..., None]
STEPS: dict[str, StepRule] = {}


def step(name: str) -> Callable[[StepRule], StepRule]:
    """Register ``fn(game, *arguments)`` as the rule of the steps ``name``, whose arguments
    must be those its kind declares (``steps.py``)."""

    def register(fn: StepRule) -> StepRule:
        declared = KINDS.get(name)
        if declared is None:
            raise ValueError(f"step {name!r} has no kind declared in steps.py")
        taken = list(inspect.signature(fn).parameters.values())[1:]
        if [_part(p) for p in taken] != [_part(p) for p in declared.parameters.values()]:
            raise ValueError(
                f"step {name!r}: its rule takes ({', '.join(map(str, taken))}), "
                f"its kind declares {declared}"
            )
        if name in STEPS:
            raise ValueError(f"step {name!r} is registered twice")
        STEPS[name] = fn
        return fn

    return register


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
    return [Choose(o) for o in d.options]


def any_living_seat(game: RuleGame, d: Decision) -> list[Action]:
    """The ``legal`` of a decision answered by choosing any living seat, the asker's included."""
    return [SEATS[p.seat] for p in game.players if p.alive]


def yes_no(game: RuleGame, d: Decision) -> list[Action]:
    """The ``legal`` of a decision the asked seat accepts or declines."""
    return list(YES_NO)


# The game a decision's rules take: a module's rules a RuleGame, game.py's own its Game.
G = TypeVar("G", bound="RuleGame")


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
                cast(Legal, legal), cast(Decide, fn), cast("Accepts | None", accepts)
            )
        return fn

    return register
