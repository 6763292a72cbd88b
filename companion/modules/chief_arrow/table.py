"""The Chief's Arrow in the words of the table: its short name, its token's label, the
question of which token a seat takes, and the story's line when one takes it."""

from __future__ import annotations

from companion.engine import Choose, PlayerState
from companion.i18n import Catalogue
from companion.table.labels import declare_option_label, declare_token_mark
from companion.table.module_words import ModuleWords, Pieces, declare_module_words
from companion.table.prompts import declare_expansion_label, declare_module_label
from companion.table.story import StoryLine, declare_story
from companion.table.words import Answered, Words, declare_question, declare_words

from .rules import CHIEF_ARROW, ID, TAKE, ChiefArrowTaken, ChiefPlayer

_words = Catalogue(__package__)
_ = _words.gettext
N_ = _words.word


def _taken(t: Answered) -> str | None:
    if not isinstance(t.action, Choose):
        return None
    return _("takes the Chief's Arrow") if t.action.option == CHIEF_ARROW else _("takes an arrow")


def _told_taken(line: StoryLine, event: ChiefArrowTaken) -> None:
    line.under(_("Chief's Arrow"), event.seat)


declare_module_label(ID, N_("Chief's Arrow"))
declare_expansion_label(ID.partition(".")[0], N_("Old Saloon"))  # the box it comes in
declare_option_label(CHIEF_ARROW, N_("Chief's Arrow"))
# Translators: beside the arrows a seat holds on its panel, "C" for the Chief's Arrow
declare_token_mark(CHIEF_ARROW, N_("C"))
declare_words(
    TAKE, Words(lambda q: _("Seat {seat} takes which arrow? its DIE").format(seat=q.seat), _taken)
)
declare_story(ChiefArrowTaken, _told_taken)
declare_question(TAKE, N_("a regular arrow or the Chief's Arrow"))


def _pieces(p: PlayerState) -> Pieces:
    """Whether the seat holds the Chief's Arrow, a fact of the public page (its panel and the
    terminal show it beside the seat's arrows)."""
    return Pieces(page=(("chief_arrow", ChiefPlayer.of(p).chief_arrow),))


declare_module_words(ID, ModuleWords(pieces=_pieces))
