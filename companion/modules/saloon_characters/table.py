"""The posse of Old Saloon 4 in the words of the table: the module's short name and the
questions of Elena Fuente, Apache Kid and Molly Stark, and the story's line of Molly's loss."""

from __future__ import annotations

from companion.engine import ChooseSeat
from companion.table.prompts import declare_module_label
from companion.table.story import StoryLine, declare_story
from companion.table.words import Answered, Words, declare_words

from .rules import GIVE_ARROW, ID, TAKE_CHIEF_ARROW, TAKE_LOSS, LossTakenOver


def _given(t: Answered) -> str | None:
    if isinstance(t.action, ChooseSeat):
        return f"gives an arrow to {t.seat(t.action.seat)}"
    return "keeps the arrow"


def _chief_taken(t: Answered) -> str:
    return "takes the Chief's Arrow" if t.yes else "leaves the Chief's Arrow"


def _loss_taken(t: Answered) -> str:
    whom = t.seat(t.d.target or 0)
    return f"loses the life for {whom}" if t.yes else f"lets {whom} lose the life"


def _told_loss(line: StoryLine, event: LossTakenOver) -> None:
    seat = line.seat
    line.say(f"Molly Stark {seat(event.seat)} loses {event.amount} for {seat(event.instead_of)}")


declare_module_label(ID, "New characters")
declare_story(LossTakenOver, _told_loss)
declare_words(GIVE_ARROW, Words(lambda q: "Elena Fuente: give the arrow? SEAT; DONE: keep", _given))
declare_words(
    TAKE_CHIEF_ARROW,
    Words(
        lambda q: f"Apache Kid: take seat {q.other}'s Chief's Arrow? SEAT{q.seat}: yes; DONE: no",
        _chief_taken,
    ),
)
declare_words(
    TAKE_LOSS,
    Words(
        lambda q: (
            f"Molly Stark: lose {q.d.remaining} for seat {q.other}? SEAT{q.seat}: yes; DONE: no"
        ),
        _loss_taken,
    ),
)
