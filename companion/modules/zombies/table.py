"""Undead or Alive 4 in the words of the table: its short name, its cards' labels, the two
sides of an outbreak, the questions of a real Boneyard deck and of the Zombie Master, its
story lines, and what a seat's panel and the console say of the zombies."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine import Game, PlayerState
from companion.i18n import Catalogue, Labels, Word
from companion.table.labels import declare_option_label
from companion.table.module_words import ModuleWords, declare_module_words
from companion.table.prompts import (
    declare_aside,
    declare_expansion_label,
    declare_module_label,
    declare_side_label,
)
from companion.table.story import declare_line
from companion.table.words import Words, declare_question, declare_words

from .rules import (
    BEGUN,
    CARD,
    ID,
    MASTER,
    SURVIVORS,
    UNDEAD,
    BoneyardCard,
    BoneyardCardRevealed,
    BoneyardGame,
    OutbreakComing,
    ZombieOutbreak,
    hands_showing,
    is_master,
    is_undead,
    is_zombie,
    living_count,
)

_words = Catalogue(__package__)
_ = _words.gettext
N_ = _words.word

CARD_WORDS: dict[str, Word] = {
    BoneyardCard.NO_HANDS: N_("No hands"),
    BoneyardCard.ONE_HAND: N_("1 hand"),
    BoneyardCard.TWO_HANDS: N_("2 hands"),
}
CARD_LABELS: Labels[str] = Labels(CARD_WORDS)


def _seat_note(game: Game, seat: int) -> str:
    """ZOMBIE, the Master's crown, or an eliminated seat's cards."""
    p = game.players[seat]
    if is_undead(p) and not p.alive:
        return _("out for good")
    if is_master(p):
        return _("ZOMBIE MASTER")
    if is_zombie(p):
        return _("ZOMBIE")
    if not p.alive and BoneyardGame.of(game).outbreak is None:
        return _("Boneyard: hands {hands}").format(hands=hands_showing(game))
    return ""


def _became(p: PlayerState) -> str | None:
    """A zombie, or the Zombie Master, in the game's summary ("life 3/8, zombie")."""
    if is_zombie(p):
        return _("zombie")
    return _("Zombie Master") if is_master(p) else None


def _hands(game: Game) -> str:
    """The zombie hands showing against the living, so the outbreak is never a surprise."""
    if BoneyardGame.of(game).outbreak == BEGUN:
        return ""
    return _("Hands {hands} of {living} living").format(
        hands=hands_showing(game), living=living_count(game)
    )


def _revealed(e: BoneyardCardRevealed, seat: Callable[[int], int]) -> str:
    said = _words.ngettext(
        "{seat}'s Boneyard card: {card} ({hands} hand against {living} living)",
        "{seat}'s Boneyard card: {card} ({hands} hands against {living} living)",
        e.hands,
    )
    return said.format(seat=seat(e.seat), card=CARD_LABELS[e.card], hands=e.hands, living=e.living)


def _outbreak(e: ZombieOutbreak, seat: Callable[[int], int]) -> str:
    back = ", ".join(str(seat(z)) for z in e.zombies)
    if e.master is None:
        return _("Zombie outbreak: {seats} back at {life} life").format(seats=back, life=e.life)
    said = _("Zombie outbreak: {seats} back at {life} life, {master} the Zombie Master")
    return said.format(seats=back, life=e.life, master=seat(e.master))


declare_module_label(ID, N_("Zombies"))
declare_expansion_label(ID.partition(".")[0], N_("Undead or Alive"))  # the box it comes in
for _card, _label in CARD_WORDS.items():
    declare_option_label(_card, _label)
declare_side_label(UNDEAD, N_("Zombies & Master win"))
declare_side_label(SURVIVORS, N_("Survivors win"))
declare_words(
    CARD,
    Words(
        lambda q: _("Seat {seat}: which Boneyard card? draw, press its DIE").format(seat=q.seat),
        None,
    ),
)
declare_words(MASTER, Words(lambda q: _("Outbreak! Who is the Renegade? SEAT; DONE: none"), None))
declare_line(BoneyardCardRevealed, _revealed)
declare_line(
    OutbreakComing,
    lambda e, seat: _("the zombies rise at seat {seat}'s turn").format(seat=seat(e.seat)),
)
declare_line(ZombieOutbreak, _outbreak)
declare_module_words(
    ID, ModuleWords(seat_note=lambda game, seat, seats: _seat_note(game, seat), became=_became)
)
declare_aside(ID, _hands)
declare_question(CARD, N_("which Boneyard card did you draw"))
declare_question(MASTER, N_("the living Renegade declares"))
