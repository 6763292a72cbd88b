"""Undead or Alive, Module 2 in the words of the table: its label, the entry of the Rage
cards' symbols, what its results past the dice are called, and the story's lines for the real
deck."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.engine import (
    Action,
    Choose,
    Decision,
    Decline,
    Event,
    Game,
    PlayerState,
)
from companion.i18n import Catalogue
from companion.table.chores import declare_chore
from companion.table.labels import (
    FACE_LABELS,
    SYMBOL_LETTERS,
    SYMBOL_NAMES,
    PastTheDice,
    declare_cause_label,
    declare_past_the_dice,
)
from companion.table.module_words import ModuleWords, Pieces, declare_module_words
from companion.table.prompts import declare_expansion_label, declare_module_label
from companion.table.refusals import declare_refusal
from companion.table.story import declare_arrow_heading, declare_line
from companion.table.words import Asked, Words, declare_question, declare_words

from .events import RageDiscarded, RageDrawn, RageRevealed, RageShuffled
from .rules import ID, RAGE_CAUSE, RAGE_SYMBOL, RagePlayer

_words = Catalogue(__package__)
_ = _words.gettext
N_ = _words.word

declare_module_label(ID, N_("Rage cards"))
declare_expansion_label(ID.partition(".")[0], N_("Undead or Alive"))  # the box it comes in
# An arrow a revealed card's symbol gives, as the story line says it.
declare_cause_label(RAGE_CAUSE, N_("Rage"))
declare_arrow_heading(RAGE_CAUSE, N_("Rage arrows"))
# The revealed cards' symbols join the turn's results past the dice.
declare_past_the_dice(
    ID,
    PastTheDice(
        source=N_("Rage card"),
        listed=N_("seat {seat} (Rage card)"),
        doubled=N_("doubles the Rage card's Bull's Eye with a Beer"),
        doubled_on=N_("doubles the Rage card's Bull's Eye on {seat} with a Beer"),
    ),
)


def _rage_prompt(q: Asked) -> str:
    cards = RagePlayer.of(q.game.players[q.d.seat]).rage_revealed
    said = _words.ngettext(
        "Rage: symbols on {count} card? DIE each, DONE",
        "Rage: symbols on {count} cards? DIE each, DONE",
        cards,
    )
    return said.format(count=cards)


declare_words(RAGE_SYMBOL, Words(_rage_prompt, None))


def _refused(game: Game, d: Decision, action: Action, seats: Sequence[int]) -> str | None:
    """The rules' reasons (``rules._explain_rage_symbol``) in the table's words."""
    player = RagePlayer.of(game.players[d.seat])
    if isinstance(action, Decline):
        said = _("Enter at least one symbol per Rage card first ({entered} of {cards} cards).")
        return said.format(entered=len(player.rage_symbols), cards=player.rage_revealed)
    if isinstance(action, Choose) and action.option in d.options:
        return _("Every symbol of these cards is entered: press DONE.")
    return None


declare_refusal(RAGE_SYMBOL, _refused)


def _pieces(p: PlayerState) -> Pieces:
    """The Rage cards held face down ("R2") and the symbols of those revealed ("Rage 1B")."""
    cards = RagePlayer.of(p)
    held, symbols = cards.rage_held, cards.rage_symbols
    marks, said = [], []
    if held:
        # Translators: "R" for the Rage cards a seat holds face down, then how many
        marks.append(_("R{count}").format(count=held))
        said.append(_("Rage cards face down: {count}").format(count=held))
    if symbols:
        letters = "".join(SYMBOL_LETTERS[s] for s in symbols)
        marks.append(_("Rage {letters}").format(letters=letters))
        shown = ", ".join(FACE_LABELS.get(s, s) for s in symbols)
        said.append(_("Rage revealed: {symbols}").format(symbols=shown))
    page = (("rage_held", held), ("rage_symbols", tuple(SYMBOL_NAMES.get(s, s) for s in symbols)))
    return Pieces(tuple(marks), tuple(said), page)


declare_module_words(ID, ModuleWords(pieces=_pieces))


def _drawn(event: RageDrawn, seat: Callable[[int], int]) -> str:
    if event.drawn == 1:
        return _("{seat} draws a Rage card").format(seat=seat(event.seat))
    said = _("{seat} draws a Rage card ({count} drawn, 1 kept)")
    return said.format(seat=seat(event.seat), count=event.drawn)


def _revealed(event: RageRevealed, seat: Callable[[int], int]) -> str:
    cards = event.cards
    said = _words.ngettext(
        "{seat} reveals {count} Rage card", "{seat} reveals {count} Rage cards", cards
    )
    return said.format(seat=seat(event.seat), count=cards)


declare_line(RageDrawn, _drawn)
declare_line(RageShuffled, lambda event, seat: _("Rage discards shuffled into a new pile"))
declare_line(RageRevealed, _revealed)
declare_question(RAGE_SYMBOL, N_("enter the Rage cards' symbols"))


def _drawn_chores(
    event: RageDrawn, before: Event | None, seats: Sequence[int], real: frozenset[str]
) -> list[tuple[int, str]]:
    """Draw from the real deck; shuffling the discards, when the pile ran out just before,
    falls to the seat that draws."""
    found = []
    if isinstance(before, RageShuffled):
        found.append((event.seat, _("shuffle Rage discards")))
    if event.drawn > 1:
        found.append((event.seat, _("draw {count} Rage, keep 1").format(count=event.drawn)))
    else:
        found.append((event.seat, _("draw Rage card")))
    return found


def _discarded_chores(
    event: RageDiscarded, before: Event | None, seats: Sequence[int], real: frozenset[str]
) -> list[tuple[int, str]]:
    if event.cards > 1:
        return [(event.seat, _("discard {count} Rage").format(count=event.cards))]
    return [(event.seat, _("discard Rage card"))]


declare_chore(RageDrawn, _drawn_chores)
declare_chore(RageDiscarded, _discarded_chores)
