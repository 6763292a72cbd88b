"""The console line for each choice the box makes for a seat it plays, from the decision and
the action alone."""

from __future__ import annotations

from pathlib import Path

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
from companion.modules.duels.rules import DUEL_REROLL, DUEL_ROLL, DUEL_TARGET, WHICH_WOUND
from companion.modules.ghost.rules import GHOST_ROLL
from companion.modules.posse.rules import BELLE_STAR, CHUCK_FACE
from companion.modules.special_roles.rules import DOC_FACE
from companion.table.narration import box_line, table_entries
from tests.test_box_reveals import Table as BoxTable
from tests.test_box_reveals import to_seat_2s_roll

from .test_slab_rage import slab_with_a_rage_card

SEATS = [1, 3, 4, 7]  # engine seats 0..3 sit at physical seats 1, 3, 4 and 7
K = DecisionKind
# Answers whose event says them whole ('The Doc turns die 3 to Dynamite'): no line of the box's.
SAID_BY_THE_RULES = {(DOC_FACE, Choose), (CHUCK_FACE, Choose), (BELLE_STAR, ChooseDie)}


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
        (K("saloon_die"), Choose("coward"), "Seat 3 rolls the Coward"),
        (K("saloon_die"), Choose("none"), "Seat 3 rolls no Saloon die"),
        (K("chief_arrow"), Choose("chief_arrow"), "Seat 3 takes the Chief's Arrow"),
        (DUEL_TARGET, ChooseSeat(3), "Seat 3 challenges seat 7 to a duel"),
        (DUEL_REROLL, Stop(), "Seat 3 keeps the Duel die"),
        (WHICH_WOUND, Choose("beer"), "Seat 3 discards a Beer Wound token"),
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


@pytest.mark.walks_modules
@pytest.mark.parametrize("kind", sorted(set(K) - table_entries()))
def test_every_decision_the_box_makes_has_its_own_words(kind: K) -> None:
    """None falls through to the generic line; the table's own entries are a person's."""
    d = Decision(kind, 0, die=0, target=1, options=("none", "chief_arrow", "beer"))
    for action in answers(kind):
        optional = d.spec.optional or d.spec.answer == "roll"
        if isinstance(action, Decline) and not optional:
            continue
        if isinstance(action, Stop) and kind in (K.ROLL, GHOST_ROLL, DUEL_ROLL):
            continue
        line = box_line(d, action, SEATS)
        if (kind, type(action)) in SAID_BY_THE_RULES:
            assert line == "", (kind, action, line)  # the rules' own line says it, once
            continue
        assert line.startswith("Seat 1 ") and "chooses" not in line, (kind, action, line)


def test_an_answer_the_words_do_not_know_is_still_said() -> None:
    assert box_line(Decision(K.BULLSEYE_TARGET, 2), Stop(), SEATS) == "Seat 4 stops"


def test_slab_doubling_a_rage_cards_bullseye_says_the_seat_hit_as_the_console_lists_it() -> None:
    """A Rage card's Bull's Eye is past the dice: no 'die 8', but the seat it hits and the
    Rage card, as the console's list says 'seat 4 (Rage card)'."""
    table = slab_with_a_rage_card(
        ["bullseye1", "beer", "dynamite", "dynamite", "gatling"], ("DIE6", "DIE5", "DIE4")
    )
    table.press("SEAT1", "SEAT4")  # die 1's Bull's Eye at seat 1, the Rage card's at seat 4
    game, d = table.game, table.game.pending
    assert d.kind is K.SLAB_DOUBLE and table.session.view().console.choices == (
        "1 seat 1 (die 1)",
        "2 seat 4 (Rage card)",
    )
    seats = [1, 2, 3, 4, 5]
    assert (
        box_line(d, ChooseDie(7), seats, game)
        == "Seat 2 doubles the Rage card's Bull's Eye on seat 4 with a Beer"
    )
    assert (
        box_line(d, ChooseDie(0), seats, game)
        == "Seat 2 doubles the Bull's Eye of die 1 on seat 1 with a Beer"
    )


def test_rule_os3_the_doc_turning_a_die_for_the_box_is_said_once(tmp_path: Path) -> None:
    """The box's seat reveals The Doc and picks die 3, then its side: the rules' line says
    the turn ('The Doc turns die 3 to Dynamite'), the box's adds no second one."""
    table = BoxTable(tmp_path)
    to_seat_2s_roll(table)
    table.box()
    texts = [press.text for press in table.session.history.presses[-3:]]
    assert texts[1] == "Seat 5 turns die 3"
    assert texts[2] == "The Doc turns die 3 to Dynamite; 3 Dynamite! 2: -1"
    assert box_line(Decision(DOC_FACE, 1, die=2), Choose("dynamite"), SEATS) == ""
