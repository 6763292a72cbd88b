"""The console line for each choice the box makes for a seat it plays, from the decision and
the action alone."""

from __future__ import annotations

import pytest

from companion.engine import (
    Accept,
    Choose,
    ChooseDie,
    ChooseSeat,
    Decision,
    DecisionKind,
    Decline,
    Reveal,
    Role,
    Roll,
    Stop,
)
from companion.table.narration import TABLE_ENTRIES, box_line

SEATS = [1, 3, 4, 7]  # engine seats 0..3 sit at physical seats 1, 3, 4 and 7
K = DecisionKind


@pytest.mark.parametrize(
    ("kind", "action", "line"),
    [
        (K.ROLL, Roll((0, 1, 2, 3, 4)), "Seat 3 rolls the dice"),
        (K.REROLL, Roll((0, 3)), "Seat 3 re-rolls dice 1, 4"),
        (K.REROLL, Roll((2,)), "Seat 3 re-rolls die 3"),
        (K.REROLL, Stop(), "Seat 3 keeps the dice"),
        (K.BULLSEYE_TARGET, ChooseSeat(0), "Seat 3 shoots seat 1"),
        (K.BEER_TARGET, ChooseSeat(1), "Seat 3 drinks the Beer"),
        (K.BEER_TARGET, ChooseSeat(3), "Seat 3 gives the Beer to seat 7"),
        (K.GIFT_LIFE, ChooseSeat(2), "Seat 3 gives 1 life to seat 4"),
        (K.SLAB_DOUBLE, ChooseDie(1), "Seat 3 doubles the Bull's Eye of die 2 with a Beer"),
        (K.SLAB_DOUBLE, Decline(), "Seat 3 keeps the Beer"),
        (K.ARROW_INSTEAD, Accept(), "Seat 3 takes an arrow instead"),
        (K.ARROW_INSTEAD, Decline(), "Seat 3 loses the life"),
        (K.DISCARD_ARROW, Accept(), "Seat 3 discards an arrow for the life"),
        (K.KIT_DISCARD, ChooseSeat(0), "Seat 3 discards an arrow of seat 1"),
        (K.KIT_DISCARD, Decline(), "Seat 3 discards no arrow"),
        (K.REVEAL_ROLE, Reveal(Role.OUTLAW), "Seat 3 shows the role card: Outlaw"),
        (K.SALOON_DIE, Choose("coward"), "Seat 3 rolls the Coward"),
        (K.SALOON_DIE, Choose("none"), "Seat 3 rolls no Saloon die"),
        (K.CHIEF_ARROW, Choose("chief_arrow"), "Seat 3 takes the Chief's Arrow"),
        (K.DUEL_TARGET, ChooseSeat(3), "Seat 3 challenges seat 7 to a duel"),
        (K.DUEL_REROLL, Stop(), "Seat 3 keeps the Duel die"),
        (K.WHICH_WOUND, Choose("beer"), "Seat 3 discards a Beer Wound token"),
    ],
)
def test_each_kind_of_box_choice_is_said_in_one_line(kind: K, action, line: str) -> None:
    assert box_line(Decision(kind, 1), action, SEATS) == line


def answers(kind: K) -> list:
    """Every kind of answer a decision of ``kind`` may get."""
    return {
        "roll": [Roll((0,)), Stop()],
        "seat": [ChooseSeat(0), Decline()],
        "die": [ChooseDie(0), Decline()],
        "yes_no": [Accept(), Decline()],
        "choice": [Choose("none"), Choose("chief_arrow"), Choose("beer")],
        "role": [Reveal(Role.DEPUTY)],
    }[Decision(kind, 0).spec.answer]


@pytest.mark.parametrize("kind", sorted(set(K) - TABLE_ENTRIES))
def test_every_decision_the_box_makes_has_its_own_words(kind: K) -> None:
    """None falls through to the generic line; the table's own entries are a person's."""
    d = Decision(kind, 0, die=0, target=1, options=("none", "chief_arrow", "beer"))
    for action in answers(kind):
        optional = d.spec.optional or d.spec.answer == "roll"
        if isinstance(action, Decline) and not optional:
            continue
        if isinstance(action, Stop) and kind in (K.ROLL, K.GHOST_ROLL, K.DUEL_ROLL):
            continue
        line = box_line(d, action, SEATS)
        assert line.startswith("Seat 1 ") and "chooses" not in line, (kind, action, line)


def test_an_answer_the_words_do_not_know_is_still_said() -> None:
    assert box_line(Decision(K.BULLSEYE_TARGET, 2), Stop(), SEATS) == "Seat 4 chooses stop"
