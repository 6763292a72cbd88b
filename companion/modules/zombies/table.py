"""Undead or Alive 4 in the words of the table: its short name, its cards' labels, the two
sides of an outbreak, the questions of a real Boneyard deck and of the Zombie Master, its
story lines, and what a seat's panel and the console say of the zombies."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine import Game
from companion.table.labels import declare_option_label
from companion.table.module_words import ModuleWords, declare_module_words
from companion.table.prompts import declare_aside, declare_module_label, declare_side_label
from companion.table.story import declare_line
from companion.table.words import Words, declare_words

from .rules import (
    BEGUN,
    CARD,
    ID,
    MASTER,
    SURVIVORS,
    UNDEAD,
    BoneyardCard,
    BoneyardCardRevealed,
    OutbreakComing,
    ZombieOutbreak,
    hands_showing,
    living_count,
)

CARD_LABELS: dict[str, str] = {
    BoneyardCard.NO_HANDS: "No hands",
    BoneyardCard.ONE_HAND: "1 hand",
    BoneyardCard.TWO_HANDS: "2 hands",
}


def _seat_note(game: Game, seat: int) -> str:
    """ZOMBIE, the Master's crown, or an eliminated seat's cards."""
    p = game.players[seat]
    if (p.zombie or p.master) and not p.alive:
        return "out for good"
    if p.master:
        return "ZOMBIE MASTER"
    if p.zombie:
        return "ZOMBIE"
    if not p.alive and game.outbreak is None:
        return f"Boneyard: hands {hands_showing(game)}"
    return ""


def _hands(game: Game) -> str:
    """The zombie hands showing against the living, so the outbreak is never a surprise."""
    if game.outbreak == BEGUN:
        return ""
    return f"Hands {hands_showing(game)} of {living_count(game)} living"


def _revealed(e: BoneyardCardRevealed, seat: Callable[[int], int]) -> str:
    hands = f"{e.hands} hand{'s' if e.hands != 1 else ''}"
    return (
        f"{seat(e.seat)}'s Boneyard card: {CARD_LABELS[e.card]} ({hands} against {e.living} living)"
    )


def _outbreak(e: ZombieOutbreak, seat: Callable[[int], int]) -> str:
    back = ", ".join(str(seat(z)) for z in e.zombies)
    said = f"Zombie outbreak: {back} back at {e.life} life"
    return said if e.master is None else f"{said}, {seat(e.master)} the Zombie Master"


declare_module_label(ID, "Zombies")
for _card, _label in CARD_LABELS.items():
    declare_option_label(_card, _label)
declare_side_label(UNDEAD, "Zombies & Master win")
declare_side_label(SURVIVORS, "Survivors win")
declare_words(
    CARD, Words(lambda q: f"Seat {q.seat}: which Boneyard card? draw, press its DIE", None)
)
declare_words(MASTER, Words(lambda q: "Outbreak! Who is the Renegade? SEAT; DONE: none", None))
declare_line(BoneyardCardRevealed, _revealed)
declare_line(OutbreakComing, lambda e, seat: f"the zombies rise at seat {seat(e.seat)}'s turn")
declare_line(ZombieOutbreak, _outbreak)
declare_module_words(ID, ModuleWords(seat_note=lambda game, seat, seats: _seat_note(game, seat)))
declare_aside(ID, _hands)
