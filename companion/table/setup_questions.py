"""The questions a module asks the table at set-up, and what their answers show.

The set-up flow names no module: once the roles the table enters are known, and before the
characters, it asks each question a module in play declares (``declare_setup_question``) and
its DIE buttons answer it. A module whose role cards differ from the plain ones says which card
the Sheriff's seat shows face up (``SetupQuestion.sheriff_card``), asked or not.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from ..engine import Declared, Module, Role, load_layer


class SoFar(NamedTuple):
    """What the set-up has decided when a question may be asked: the modules on, the roles
    known by seat, whether the box deals the role cards, whether a module's role cards are
    mixed with the plain ones by type, and the questions answered (by key)."""

    modules: frozenset[Module]
    roles: Mapping[int, Role]
    dealt: bool
    mixed: bool
    answers: Mapping[str, object]


@dataclass(frozen=True)
class SetupQuestion:
    """``key``: the answer's name in the set-up (its module's word); ``asked``: whether the
    table must answer it now, not answered yet; ``prompt``: the console's question, saying
    what each DIE button answers; ``answers``: the answer of DIE1, DIE2, ... in order;
    ``sheriff_card``: the role card the Sheriff's seat shows by what is known so far (None: a
    plain one, or not known yet)."""

    key: str
    asked: Callable[[SoFar], bool]
    prompt: Callable[[], str]
    answers: tuple[object, ...]
    sheriff_card: Callable[[SoFar], str | None] | None = None


SETUP_QUESTIONS: Declared[Module, tuple[SetupQuestion, ...]] = Declared(
    load=lambda: load_layer("table")
)


def declare_setup_question(module: Module, question: SetupQuestion) -> None:
    """A question ``module`` asks at set-up, after those it declared before; ValueError when
    a question of that key is declared already."""
    declared = SETUP_QUESTIONS.get(module, ())
    if any(q.key == question.key for qs in SETUP_QUESTIONS.values() for q in qs):
        raise ValueError(f"set-up question {question.key!r} is declared twice")
    if declared:
        SETUP_QUESTIONS.withdraw(module)
    SETUP_QUESTIONS.add(module, (*declared, question), "set-up questions of the module")


def questions(modules: frozenset[Module]) -> tuple[SetupQuestion, ...]:
    """The questions of the modules in ``modules``, by module then as each declared them."""
    return _questions(modules, SETUP_QUESTIONS.version)


@lru_cache(maxsize=64)
def _questions(modules: frozenset[Module], version: int) -> tuple[SetupQuestion, ...]:
    """``questions`` as the declarations stand at ``version`` (a module's since is read)."""
    return tuple(q for m in sorted(modules) for q in SETUP_QUESTIONS.get(m, ()))


def next_question(so_far: SoFar) -> SetupQuestion | None:
    """The first question of the modules on that the table must answer now, or None."""
    return next(
        (q for q in questions(so_far.modules) if q.key not in so_far.answers and q.asked(so_far)),
        None,
    )


def sheriff_card(so_far: SoFar) -> str | None:
    """The role card the Sheriff's seat shows face up, as a module on says (None: a plain
    one, or not known yet)."""
    for q in questions(so_far.modules):
        card = q.sheriff_card(so_far) if q.sheriff_card is not None else None
        if card is not None:
            return card
    return None
