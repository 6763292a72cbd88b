"""The Lucky Horseshoe's words at the table: its expansion's and its own short name on the
set-up's pages, the console's question and the box's answer, the story's cause of a life gained,
Horseshoe Harry's ability; each from this package's own catalogue (locale/), in the language in
use."""

from companion.i18n import Catalogue
from companion.table.abilities import declare_ability
from companion.table.labels import declare_cause_label
from companion.table.prompts import declare_expansion_label, declare_module_label
from companion.table.words import Words, declare_question, declare_words

from . import HORSESHOE, TOUCH

_words = Catalogue(__package__)
_ = _words.gettext
N_ = _words.word

declare_expansion_label("toy", N_("Toy"))
declare_module_label(HORSESHOE, N_("Horseshoe"))
declare_words(
    TOUCH,
    Words(
        lambda q: _(
            "Seat {seat}: touch the horseshoe for 1 life? SEAT {seat}: yes, DONE: no"
        ).format(seat=q.seat),
        lambda t: _("touches the horseshoe") if t.yes else _("leaves the horseshoe"),
    ),
)
declare_question(TOUCH, N_("touch the horseshoe for 1 life?"))
declare_cause_label("horseshoe", N_("Horseshoe"))
declare_ability("horseshoe_harry", N_("Two extra re-rolls"))
