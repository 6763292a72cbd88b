"""The Saloon dice in the words of the table: the module's short name, the dice offered, the
Broken Arrow's name and drawing, the Bullet's loss in the story, and the questions of the Saloon
die and of a Broken Arrow."""

from __future__ import annotations

from companion.engine import Choose, ChooseSeat
from companion.i18n import Catalogue
from companion.table.labels import (
    declare_cause_label,
    declare_die_label,
    declare_option_label,
    declare_symbol_name,
)
from companion.table.prompts import declare_expansion_label, declare_module_label
from companion.table.story import declare_loss_heading
from companion.table.view import declare_die_mark, declare_face_drawing
from companion.table.words import Answered, Words, declare_question, declare_words

from .rules import (
    BROKEN_ARROW,
    BROKEN_ARROW_FACE,
    BULLET_FACE,
    COWARD_DIE,
    ID,
    LOUDMOUTH_DIE,
    SALOON_DIE,
    SaloonDie,
)

_words = Catalogue(__package__)
_ = _words.gettext
N_ = _words.word


def die_told(t: Answered) -> str | None:
    if not isinstance(t.action, Choose):
        return None
    if t.action.option == SaloonDie.NONE:
        return _("rolls no Saloon die")
    return _("rolls the {die}").format(die=t.option)


def _returned(t: Answered) -> str | None:
    if not isinstance(t.action, ChooseSeat):
        return None
    return _("returns an arrow of {seat} to the pile").format(seat=t.seat(t.action.seat))


declare_module_label(ID, N_("Saloon dice"))
declare_expansion_label(ID.partition(".")[0], N_("Old Saloon"))  # the box it comes in
declare_symbol_name(BULLET_FACE, N_("Bullet"))
declare_face_drawing(
    BULLET_FACE,
    (
        "......##......",
        ".....####.....",
        "....######....",
        "....######....",
        "....######....",
        "..............",
        "....######....",
        "....#....#....",
        "....#....#....",
        "....#....#....",
        "....#....#....",
        "....######....",
        "...########...",
        "...########...",
    ),
)
# The life a Bullet rolled takes, as the story line says it.
declare_cause_label(BULLET_FACE, N_("Bullet"))
declare_loss_heading(BULLET_FACE, N_("Bullet"))
declare_symbol_name(BROKEN_ARROW_FACE, N_("Broken Arrow"))
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
declare_die_label(LOUDMOUTH_DIE, N_("Loudmouth die"))
declare_die_label(COWARD_DIE, N_("Coward die"))
# Translators: the letter on the Loudmouth die, before it rolls
declare_die_mark(LOUDMOUTH_DIE, N_("L"))
# Translators: the letter on the Coward die, before it rolls
declare_die_mark(COWARD_DIE, N_("C"))
for option, label in (
    (SaloonDie.LOUDMOUTH, N_("Loudmouth")),
    (SaloonDie.COWARD, N_("Coward")),
    (SaloonDie.LOUDMOUTH_SIXTH, N_("Loudmouth+")),
    (SaloonDie.COWARD_SIXTH, N_("Coward+")),
):
    declare_option_label(option, label)
declare_words(
    SALOON_DIE,
    Words(
        lambda q: _("Saloon die? its DIE; ROLL: none"),
        die_told,
        N_("That roll was undone: its Saloon die comes back with it (or ROLL)."),
    ),
)
declare_words(
    BROKEN_ARROW, Words(lambda q: _("Broken Arrow: whose arrow goes back? SEAT"), _returned)
)
declare_question(SALOON_DIE, N_("which Saloon die do you roll"))
declare_question(BROKEN_ARROW, N_("whose arrow does the Broken arrow return"))
