"""Undead or Alive, Module 3 in the words of the table: its label, its characters' questions
and answers, and the story's line for Pat Brennan's move."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine import RageMoved
from companion.table.prompts import declare_module_label
from companion.table.story import declare_line
from companion.table.words import (
    BY_THE_RULES,
    Words,
    _gift,
    _source,
    declare_words,
    dice_offered,
    die_told,
    seat_told,
    turned,
)

from .rules import BELLE_STAR, CHUCK_DIE, CHUCK_FACE, ID, RAGE_FROM, RAGE_TO, SAM_HEAL

declare_module_label(ID, "New posse")

declare_words(
    SAM_HEAL,
    Words(
        lambda q: "Sam the Healer: who gains 1 life? SEAT; DONE: no",
        seat_told(_gift, "heals nobody"),
    ),
)
declare_words(
    RAGE_FROM,
    Words(
        lambda q: "Pat Brennan: move whose Rage card? SEAT; DONE: no",
        seat_told(
            lambda t, target: f"moves the Rage card of {t.seat(target)}", "moves no Rage card"
        ),
    ),
)
declare_words(
    RAGE_TO,
    Words(
        lambda q: "Pat Brennan: who gets the Rage card? SEAT",
        seat_told(lambda t, target: f"gives the Rage card to {t.seat(target)}"),
    ),
)
declare_words(
    BELLE_STAR,
    Words(
        lambda q: f"Belle Star: a Dynamite to Gatling? {dice_offered(q.game)}; DONE: no",
        # 'Belle Star turns die 2 to Gatling' says the yes
        die_told(lambda die: BY_THE_RULES, "keeps the Dynamite"),
    ),
)
declare_words(
    CHUCK_DIE,
    Words(
        lambda q: "Chuck Wengam: turn a die for 1 life? DIE; DONE: no",
        die_told(lambda die: f"loses 1 life to turn die {die + 1}", "turns no die"),
    ),
)
declare_words(
    CHUCK_FACE,
    Words(
        lambda q: f"Chuck Wengam: {_source(q.game, q.d.die or 0)} to which side? DIE",
        turned,
    ),
)


def _moved(event: RageMoved, seat: Callable[[int], int]) -> str:
    return f"Pat Brennan moves a Rage card from {seat(event.source)} to {seat(event.target)}"


declare_line(RageMoved, _moved)
