"""The Saloon dice in the words of the table: the module's short name, the dice offered, the
Broken Arrow's name and drawing, and the questions of the Saloon die and of a Broken Arrow."""

from __future__ import annotations

from companion.engine import Choose, ChooseSeat, SaloonDie
from companion.table.labels import declare_option_label, declare_symbol_name
from companion.table.prompts import declare_module_label
from companion.table.view import declare_face_drawing
from companion.table.words import Answered, Words, declare_words

from .rules import BROKEN_ARROW, BROKEN_ARROW_FACE, ID, SALOON_DIE


def die_told(t: Answered) -> str | None:
    if not isinstance(t.action, Choose):
        return None
    return "rolls no Saloon die" if t.action.option == SaloonDie.NONE else f"rolls the {t.option}"


def _returned(t: Answered) -> str | None:
    if not isinstance(t.action, ChooseSeat):
        return None
    return f"returns an arrow of {t.seat(t.action.seat)} to the pile"


declare_module_label(ID, "Saloon dice")
declare_symbol_name(BROKEN_ARROW_FACE, "Broken Arrow")
declare_face_drawing(
    BROKEN_ARROW_FACE,
    (
        "........######",
        ".........#####",
        "..........####",
        ".........#####",
        "........###.##",
        ".......###...#",
        "......#.#.....",
        "....#.........",
        "..............",
        ".#.#..........",
        ".###..........",
        ".##...........",
        "####..........",
        "#.............",
    ),
)
for option, label in (
    (SaloonDie.LOUDMOUTH, "Loudmouth"),
    (SaloonDie.COWARD, "Coward"),
    (SaloonDie.LOUDMOUTH_SIXTH, "Loudmouth+"),
    (SaloonDie.COWARD_SIXTH, "Coward+"),
):
    declare_option_label(option, label)
declare_words(SALOON_DIE, Words(lambda q: "Saloon die? its DIE; ROLL: none", die_told))
declare_words(BROKEN_ARROW, Words(lambda q: "Broken Arrow: whose arrow goes back? SEAT", _returned))
