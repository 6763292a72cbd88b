"""The Lucky Horseshoe's words at the table: the console's question, the box's answer."""

from companion.table.words import Words, declare_words

from . import TOUCH

declare_words(
    TOUCH,
    Words(
        lambda q: f"Seat {q.seat}: touch the horseshoe for 1 life? SEAT {q.seat}: yes, DONE: no",
        lambda t: "touches the horseshoe" if t.yes else "leaves the horseshoe",
    ),
)
