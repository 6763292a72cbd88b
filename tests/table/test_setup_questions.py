"""A module's questions at set-up: the flow asks whatever the modules in play declare
(``declare_setup_question``), once the roles the table enters are known and before the
characters, each answered by its DIE buttons; it names no module itself."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.engine import Module, Role
from companion.modules.legacy.rules import ID as WILD_WEST_LEGACY
from companion.modules.special_roles.table import THE_BEAR_SHERIFF
from companion.table.refused import Refused
from companion.table.setup_flow import SetupFlow
from companion.table.setup_questions import (
    SETUP_QUESTIONS,
    SetupQuestion,
    SoFar,
    declare_setup_question,
    questions,
)

JOIN_4 = ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "DONE"]
KEY = "posse_size"  # a question of this test's own, declared for Wild West Legacy


def _sheriff_known(so_far: SoFar) -> bool:
    return Role.SHERIFF in so_far.roles.values()


@pytest.fixture
def three_answers() -> Iterator[SetupQuestion]:
    """A question of three answers declared for a module that has none of its own, taken
    back after the test."""
    question = SetupQuestion(
        KEY,
        asked=_sheriff_known,
        prompt=lambda: "Posse: DIE1 small, DIE2 big, DIE3 none",
        answers=("small", "big", None),
    )
    assert not SETUP_QUESTIONS.get(WILD_WEST_LEGACY)
    declare_setup_question(WILD_WEST_LEGACY, question)
    try:
        yield question
    finally:
        SETUP_QUESTIONS.withdraw(WILD_WEST_LEGACY)


def test_the_flow_asks_a_module_s_question_once_the_sheriff_is_known(
    three_answers: SetupQuestion,
) -> None:
    flow = SetupFlow(seats=4, modules=frozenset({WILD_WEST_LEGACY}))
    for button in [*JOIN_4, "SEAT2"]:
        flow.press(button)
    assert flow.stage == "roles" and flow.prompt() == three_answers.prompt()
    with pytest.raises(Refused, match="Posse: DIE1 small"):
        flow.press("DIE4")  # not one of its three answers
    flow.press("DIE2")
    assert flow.answers == {KEY: "big"} and flow.stage == "characters"
    flow.press("UNDO")
    assert flow.answers == {} and flow.prompt() == three_answers.prompt()


def test_a_module_s_question_is_not_asked_with_the_module_off(
    three_answers: SetupQuestion,
) -> None:
    flow = SetupFlow(seats=4)
    for button in [*JOIN_4, "SEAT2"]:
        flow.press(button)
    assert flow.stage == "characters" and flow.answers == {}


def test_a_set_up_question_s_key_is_declared_once(three_answers: SetupQuestion) -> None:
    with pytest.raises(ValueError, match="'posse_size' is declared twice"):
        declare_setup_question(Module("old_saloon.5"), three_answers)
    assert not SETUP_QUESTIONS.get(Module("old_saloon.5"))


def test_the_modules_questions_are_asked_by_module_then_as_declared(
    three_answers: SetupQuestion,
) -> None:
    specials = Module("old_saloon.3")
    keys = [q.key for q in questions(frozenset({WILD_WEST_LEGACY, specials}))]
    assert keys == [THE_BEAR_SHERIFF, KEY]
