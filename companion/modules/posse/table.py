"""Undead or Alive, Module 3 in the words of the table: its label, its characters' questions
and answers, and the story's line for Pat Brennan's move."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.engine import Event
from companion.i18n import Catalogue
from companion.table.abilities import declare_ability
from companion.table.chores import declare_chore
from companion.table.labels import FACE_LABELS, cause_label
from companion.table.prompts import declare_expansion_label, declare_module_label
from companion.table.story import declare_line
from companion.table.words import (
    BY_THE_RULES,
    Words,
    _gift,
    _source,
    declare_question,
    declare_words,
    dice_offered,
    die_told,
    seat_told,
    turned,
)

from .events import FaceChanged, RageMoved
from .rules import BELLE_STAR, CHUCK_DIE, CHUCK_FACE, ID, RAGE_FROM, RAGE_TO, SAM_HEAL

_words = Catalogue(__package__)
_ = _words.gettext
N_ = _words.word

declare_module_label(ID, N_("New posse"))
declare_expansion_label(ID.partition(".")[0], N_("Undead or Alive"))  # the box it comes in
for _character, _ability in (
    ("belle_star", N_("Each roll: a Dynamite may be Gatling")),
    ("chuck_wengam", N_("Once a turn: 1 life turns a die")),
    ("greg_digger", N_("Each Beer counts twice")),
    ("herb_hunter", N_("Lose 2+ in his turn: Wound token")),
    ("pat_brennan", N_("Turn start: move a Rage card")),
    ("pixie_pete", N_("Draws two Rage cards, keeps one")),
    ("sam_the_healer", N_("Each Duel he starts: +1 life to one")),
    ("sean_mallory", N_("Once a turn: re-roll a Duel die")),
):
    declare_ability(_character, _ability)

declare_words(
    SAM_HEAL,
    Words(
        lambda q: _("Sam the Healer: who gains 1 life? SEAT; DONE: no"),
        seat_told(_gift, N_("heals nobody")),
    ),
)
declare_words(
    RAGE_FROM,
    Words(
        lambda q: _("Pat Brennan: move whose Rage card? SEAT; DONE: no"),
        seat_told(
            lambda t, target: _("moves the Rage card of {seat}").format(seat=t.seat(target)),
            N_("moves no Rage card"),
        ),
    ),
)
declare_words(
    RAGE_TO,
    Words(
        lambda q: _("Pat Brennan: who gets the Rage card? SEAT"),
        seat_told(lambda t, target: _("gives the Rage card to {seat}").format(seat=t.seat(target))),
    ),
)
declare_words(
    BELLE_STAR,
    Words(
        lambda q: _("Belle Star: a Dynamite to Gatling? {dice}; DONE: no").format(
            dice=dice_offered(q.game)
        ),
        # 'Belle Star turns die 2 to Gatling' says the yes
        die_told(lambda die: BY_THE_RULES, N_("keeps the Dynamite")),
    ),
)
declare_words(
    CHUCK_DIE,
    Words(
        lambda q: _("Chuck Wengam: turn a die for 1 life? DIE; DONE: no"),
        die_told(
            lambda die: _("loses 1 life to turn die {die}").format(die=die + 1), N_("turns no die")
        ),
    ),
)
declare_words(
    CHUCK_FACE,
    Words(
        lambda q: _("Chuck Wengam: {source} to which side? DIE").format(
            source=_source(q.game, q.d.die or 0)
        ),
        turned,
    ),
)


def _moved(event: RageMoved, seat: Callable[[int], int]) -> str:
    return _("Pat Brennan moves a Rage card from {seat} to {other}").format(
        seat=seat(event.source), other=seat(event.target)
    )


def _face_changed(event: FaceChanged, seat: Callable[[int], int]) -> str:
    return _("{cause} turns die {die} to {face}").format(
        cause=cause_label(event.cause),
        die=event.die + 1,
        face=FACE_LABELS.get(event.face, event.face),
    )


declare_line(RageMoved, _moved)
declare_line(FaceChanged, _face_changed)
declare_question(SAM_HEAL, N_("who gains one life for this duel"))
declare_question(RAGE_FROM, N_("whose Rage card do you move"))
declare_question(RAGE_TO, N_("who gets the Rage card"))
declare_question(BELLE_STAR, N_("turn which Dynamite to Gatling"))
declare_question(CHUCK_DIE, N_("lose a life to turn which die"))
declare_question(CHUCK_FACE, N_("turn the die to which side"))


def _moved_chores(
    event: RageMoved, before: Event | None, seats: Sequence[int], real: frozenset[str]
) -> list[tuple[int, str]]:
    """The real card moves too: its giver hands it over."""
    return [(event.source, _("Rage card to seat {seat}").format(seat=seats[event.target]))]


declare_chore(RageMoved, _moved_chores)
