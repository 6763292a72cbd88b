"""The posse of Old Saloon 4 in the words of the table: the module's short name and the
questions of Elena Fuente, Apache Kid and Molly Stark, and the story's line of Molly's loss."""

from __future__ import annotations

from companion.engine import ChooseSeat
from companion.i18n import Catalogue
from companion.table.abilities import declare_ability
from companion.table.prompts import declare_expansion_label, declare_module_label
from companion.table.story import StoryLine, declare_story
from companion.table.words import Answered, Words, declare_question, declare_words

from .rules import GIVE_ARROW, ID, TAKE_CHIEF_ARROW, TAKE_LOSS, LossTakenOver

_words = Catalogue(__package__)
_ = _words.gettext
N_ = _words.word


def _given(t: Answered) -> str | None:
    if isinstance(t.action, ChooseSeat):
        return _("gives an arrow to {seat}").format(seat=t.seat(t.action.seat))
    return _("keeps the arrow")


def _chief_taken(t: Answered) -> str:
    return _("takes the Chief's Arrow") if t.yes else _("leaves the Chief's Arrow")


def _loss_taken(t: Answered) -> str:
    whom = t.seat(t.d.target or 0)
    if t.yes:
        return _("loses the life for {seat}").format(seat=whom)
    return _("lets {seat} lose the life").format(seat=whom)


def _told_loss(line: StoryLine, event: LossTakenOver) -> None:
    seat = line.seat
    line.say(
        _("Molly Stark {seat} loses {count} for {other}").format(
            seat=seat(event.seat), count=event.amount, other=seat(event.instead_of)
        )
    )


declare_module_label(ID, N_("New characters"))
declare_expansion_label(ID.partition(".")[0], N_("Old Saloon"))  # the box it comes in
for _character, _ability in (
    ("jose_delgado", N_("Loudmouth as a sixth die")),
    ("tequila_joe", N_("Coward as a sixth die")),
    ("apache_kid", N_("Arrow rolled: may take the Chief's")),
    ("bill_noface", N_("Arrows only after the last roll")),
    ("elena_fuente", N_("Arrows rolled: may give one away")),
    ("vera_custer", N_("Bull's Eyes cost her 1 life less")),
    ("doc_holyday", N_("3+ Bull's Eyes used: gain 2")),
    ("molly_stark", N_("May lose life in another's place")),
):
    declare_ability(_character, _ability)
declare_story(LossTakenOver, _told_loss)
declare_words(
    GIVE_ARROW, Words(lambda q: _("Elena Fuente: give the arrow? SEAT; DONE: keep"), _given)
)
declare_words(
    TAKE_CHIEF_ARROW,
    Words(
        lambda q: _(
            "Apache Kid: take seat {other}'s Chief's Arrow? SEAT{seat}: yes; DONE: no"
        ).format(other=q.other, seat=q.seat),
        _chief_taken,
    ),
)
declare_words(
    TAKE_LOSS,
    Words(
        lambda q: _("Molly Stark: lose {count} for seat {other}? SEAT{seat}: yes; DONE: no").format(
            count=q.d.remaining, other=q.other, seat=q.seat
        ),
        _loss_taken,
    ),
)
declare_question(GIVE_ARROW, N_("whom do you give an arrow rolled"))
declare_question(TAKE_CHIEF_ARROW, N_("take the Chief's Arrow"))
declare_question(TAKE_LOSS, N_("lose these life points in their place"))
