"""Each kind of decision says in its spec what the engine and the table treat apart; the
flags must agree with how the kind is answered, or the table would offer the wrong buttons."""

from __future__ import annotations

import pytest

from companion.engine import SPECS, Answer, DecisionKind

# Each flag, and the answers a kind carrying it may take.
FLAG_ANSWERS = {
    "turn_dice": {Answer.ROLL},
    "first_roll": {Answer.ROLL},
    "holder_rolls": {Answer.ROLL},
    "before_roll": {Answer.CHOICE},
    "done_says_yes": {Answer.YES_NO},
    "face_options": {Answer.CHOICE},
    "shows_a_card": {Answer.ROLE, Answer.CHOICE},
}


def test_every_kind_has_a_spec() -> None:
    assert set(SPECS) == set(DecisionKind)


@pytest.mark.walks_modules
@pytest.mark.parametrize("kind", list(DecisionKind))
def test_a_kinds_flags_fit_its_answer(kind: DecisionKind) -> None:
    spec = SPECS[kind]
    for flag, answers in FLAG_ANSWERS.items():
        if getattr(spec, flag):
            assert spec.answer in answers, f"{kind}: {flag} with a {spec.answer} answer"


@pytest.mark.parametrize("kind", [k for k in DecisionKind if SPECS[k].first_roll])
def test_a_first_roll_is_a_roll_of_the_turns_dice(kind: DecisionKind) -> None:
    assert SPECS[kind].turn_dice, kind


def test_the_turns_dice_and_a_held_die_are_rolled_apart() -> None:
    """A duel's die is not the turn's: its roll does not count against the three."""
    for kind, spec in SPECS.items():
        assert not (spec.turn_dice and spec.holder_rolls), kind
