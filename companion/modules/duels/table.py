"""Undead or Alive, Module 1 in the words of the table: its label, its decisions' questions and
answers, and the story's lines for duels and Wound tokens."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine import (
    CHARACTERS,
    Choose,
    DuelChallenged,
    DuelLost,
    DuelRolled,
    PlayerState,
    ResultsCancelled,
    WoundDrawn,
    WoundsReturned,
)
from companion.table.labels import FACE_LABELS, SYMBOL_LETTERS, WOUND_LABELS
from companion.table.module_words import ModuleWords, Pieces, declare_module_words
from companion.table.prompts import declare_module_label
from companion.table.story import declare_line
from companion.table.words import (
    Answered,
    Asked,
    Words,
    declare_words,
    roll_told,
    seat_told,
)

from .rules import DUEL_REROLL, DUEL_ROLL, DUEL_TARGET, ID, WHICH_WOUND, WOUND_TOKEN, wounds_of

Seat = Callable[[int], int]

declare_module_label(ID, "Duel dice")


def _pieces(p: PlayerState) -> Pieces:
    """The Wound tokens a seat holds, face up ("W1D")."""
    tokens = sorted(wounds_of(p))
    page = (("wounds", tuple(WOUND_LABELS.get(t, FACE_LABELS.get(t, t)) for t in tokens)),)
    if not tokens:
        return Pieces(page=page)
    return Pieces(
        ("W" + "".join(SYMBOL_LETTERS[t] for t in tokens),),
        ("Wound tokens: " + ", ".join(FACE_LABELS.get(t, t) for t in tokens),),
        page,
    )


declare_module_words(ID, ModuleWords(pieces=_pieces))


def _duel_roll_prompt(q: Asked) -> str:
    assert q.d.target is not None
    return f"Duel with seat {q.seats[q.d.target]}: SEAT{q.seat} rolls the Duel die"


def _roller(q: Asked) -> str:
    """The character whose ability re-rolls the Duel die (only a character's may)."""
    return CHARACTERS[q.game.players[q.d.seat].character].title


def _wound_discarded(t: Answered) -> str | None:
    if isinstance(t.action, Choose):
        return f"discards a {WOUND_LABELS.get(t.action.option, 'Dynamite')} Wound token"
    return None


declare_words(
    DUEL_TARGET,
    Words(
        lambda q: "Duel: challenge whom? SEAT",
        seat_told(lambda t, target: f"challenges {t.seat(target)} to a duel"),
    ),
)
declare_words(DUEL_ROLL, Words(_duel_roll_prompt, roll_told(lambda roll: "rolls the Duel die")))
declare_words(
    DUEL_REROLL,
    Words(
        lambda q: f"{_roller(q)}: re-roll the Duel die? SEAT{q.seat}: yes; DONE: no",
        roll_told(lambda roll: "re-rolls the Duel die", "keeps the Duel die"),
    ),
)
declare_words(
    WOUND_TOKEN,
    Words(lambda q: f"Seat {q.seat}: which Wound token? draw, press its DIE", None),
)
declare_words(
    WHICH_WOUND,
    Words(
        lambda q: f"Whiskey: seat {q.seat} discards which Wound token? DIE",
        _wound_discarded,
    ),
)


def _token(symbol: str) -> str:
    return WOUND_LABELS.get(symbol, FACE_LABELS.get(symbol, symbol))


def _cancelled(e: ResultsCancelled, seat: Seat) -> str:
    return f"{seat(e.seat)}'s Wound token cancels {e.count} {FACE_LABELS[e.symbol]}"


def _drawn(e: WoundDrawn, seat: Seat) -> str:
    if e.kept:
        return f"{seat(e.seat)} takes a {_token(e.token)} Wound token"
    return f"{seat(e.seat)} already has a {_token(e.token)} Wound token: it goes back"


def _returned(e: WoundsReturned, seat: Seat) -> str:
    names = ", ".join(_token(t) for t in e.tokens)
    return f"{seat(e.seat)} gives back Wound token{'s' if len(e.tokens) > 1 else ''} {names}"


def _rolled(e: DuelRolled, seat: Seat) -> str:
    rolled = ", ".join(FACE_LABELS.get(f, f) for f in e.faces)
    return f"{seat(e.seat)}'s Duel die: {rolled}"


declare_line(ResultsCancelled, _cancelled)
declare_line(WoundDrawn, _drawn)
declare_line(WoundsReturned, _returned)
declare_line(DuelChallenged, lambda e, seat: f"Duel: {seat(e.seat)} against {seat(e.target)}")
declare_line(DuelRolled, _rolled)
declare_line(DuelLost, lambda e, seat: f"{seat(e.winner)} wins the duel against {seat(e.seat)}")
