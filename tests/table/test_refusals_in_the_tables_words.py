"""A press the rules refuse is said in the table's words: in the language in use, with the
physical seats, never the engine's English; and the box's answer that a decision's words do not
know is said by the table's words for its kind, never the engine's name for it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion import i18n
from companion.engine import (
    Accept,
    ChooseDie,
    ChooseSeat,
    Decision,
    Decline,
    IllegalAction,
    Roll,
    Stop,
)
from companion.i18n import set_language
from companion.modules.rage.rules import RAGE_SYMBOL, RagePlayer
from companion.table import TableConfig, TableSession
from companion.table.narration import chosen_said
from companion.table.play import TablePlay
from companion.table.refusals import refusal_said
from tests.engine.helpers import make_game

FIVE = ("jesse_jones", "suzy_lafayette", "lucky_duke", "willy_the_kid", "black_jack")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language(i18n.SOURCE)


def refusals(code: str, seats: list[int]) -> list[str | None]:
    """What the table says to a Bull's Eye 1 aimed at a seat out of reach and at its roller."""
    set_language(code)
    session = TableSession(TableConfig(seats=max(seats)))
    session.start()
    game = make_game(FIVE, faces=["bullseye1", "dynamite", "dynamite", "arrow", "arrow"])
    session.begin_play(TablePlay(game, seats))
    said = []
    for now, button in enumerate(("ROLL", "DONE", f"SEAT{seats[2]}", f"SEAT{seats[0]}"), 1):
        session.handle(button, "press", float(now))
        said.append(session.refused)
    return said[2:]


def test_a_refused_shot_is_said_in_the_language_in_use_with_the_physical_seats() -> None:
    assert refusals(i18n.SOURCE, [1, 2, 3, 4, 5]) == [
        "Seat 3 is out of reach of this Bull's Eye; in reach: 2, 5.",
        "You cannot shoot yourself.",
    ]
    assert refusals(i18n.SOURCE, [2, 3, 5, 6, 8]) == [
        "Seat 5 is out of reach of this Bull's Eye; in reach: 3, 8.",
        "You cannot shoot yourself.",
    ]
    assert refusals("it", [1, 2, 3, 4, 5]) == [
        "Il posto 3 è fuori tiro di questo Colpo; a tiro: 2, 5.",
        "Non puoi sparare a te stesso.",
    ]
    assert all(said and "«" in said for said in refusals(i18n.PSEUDO, [1, 2, 3, 4, 5]))


def test_the_tables_refusal_says_what_the_engines_says_in_english() -> None:
    game = make_game(FIVE, faces=["bullseye1", "dynamite", "dynamite", "arrow", "arrow"])
    session = TableSession(TableConfig(seats=5))
    session.start()
    session.begin_play(TablePlay(game, [1, 2, 3, 4, 5]))
    for now, button in enumerate(("ROLL", "DONE"), 1):
        session.handle(button, "press", float(now))
    with pytest.raises(IllegalAction) as engine:
        game.copy().apply(ChooseSeat(0))
    session.handle("SEAT1", "press", 3.0)
    assert session.refused == str(engine.value)


def test_an_answer_the_words_do_not_know_is_said_by_its_kind_in_the_language_in_use() -> None:
    actions = [ChooseSeat(2), ChooseDie(0), Roll((1, 2)), Stop(), Accept()]
    english = [chosen_said(a, [2, 4, 6]) for a in actions]
    assert english == ["chooses seat 6", "chooses die 1", "rolls", "stops", "says yes"]
    set_language("it")
    italian = [chosen_said(a, [2, 4, 6]) for a in actions]
    assert italian == ["sceglie il posto 6", "sceglie il dado 1", "tira", "si ferma", "dice sì"]
    set_language(i18n.PSEUDO)
    assert all(said.startswith("«") for said in (chosen_said(a, [2, 4, 6]) for a in actions))


def test_a_modules_refusal_is_said_in_its_packages_words() -> None:
    """The rules of Undead or Alive 2 explain a DONE before the Rage cards' symbols; the table
    says it in the rage package's words, as the engine says it in English."""
    game = make_game(FIVE, faces=["beer"] * 5)
    RagePlayer(rage_revealed=2).put(game.players[1])
    d = Decision(RAGE_SYMBOL, 1)
    english = refusal_said(game, d, Decline(), [1, 2, 3, 4, 5])
    assert english == "Enter at least one symbol per Rage card first (0 of 2 cards)."
    set_language("it")
    assert refusal_said(game, d, Decline(), [1, 2, 3, 4, 5]) == (
        "Prima inserisci almeno un simbolo per carta Furia (0 di 2 carte)."
    )
