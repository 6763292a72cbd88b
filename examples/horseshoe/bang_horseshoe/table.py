"""The Lucky Horseshoe's words at the table: its short name on the set-up's page, the console's
question, the box's answer."""

from companion.table.prompts import declare_module_label
from companion.table.words import Words, declare_words

from . import HORSESHOE, TOUCH

declare_module_label(HORSESHOE, "Horseshoe")
declare_words(
    TOUCH,
    Words(
        lambda q: f"Seat {q.seat}: touch the horseshoe for 1 life? SEAT {q.seat}: yes, DONE: no",
        lambda t: "touches the horseshoe" if t.yes else "leaves the horseshoe",
    ),
)
