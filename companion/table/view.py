"""What the table shows right now, as plain data: the panels draw it, tests read it.

The engine knows the game; only the table knows the prompt, the dice marked for re-roll and
which seats may answer. This view carries both to the panels.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import Declared, load_layer
from ..i18n import CORE, Catalogue, Labels, Word

_ = Catalogue(CORE).gettext

# The drawing of each face that a module's die alone shows, as rows of "#" (lit) and "."
# (dark), as large as the core's symbols (``panels.icons``): the module's table part adds it.
FACE_DRAWINGS: Declared[str, tuple[str, ...]] = Declared(load=lambda: load_layer("table"))


def declare_face_drawing(face: str, rows: tuple[str, ...]) -> None:
    """A module's drawing of its own face; ValueError when the face has one."""
    FACE_DRAWINGS.add(face, rows, "drawing of the face")


# The kinds of die the console sets apart after the others, each framed twice (a module's dice
# of their own colour: ``declare_dice_apart``).
DICE_APART: Declared[str, bool] = Declared(load=lambda: load_layer("table"))


def declare_dice_apart(kind: str) -> None:
    """A module's kind of die set apart on the console; ValueError when it is already."""
    DICE_APART.add(kind, True, "dice set apart")


# The mark on an unrolled die of a module's kind, which says which die it is (a letter: "L"),
# each declared by its module (``declare_die_mark``), in the language in use.
_DIE_MARK_WORDS: Declared[str, str | Word] = Declared(load=lambda: load_layer("table"))
DIE_MARKS: Labels[str] = Labels(_DIE_MARK_WORDS)


def declare_die_mark(kind: str, mark: str | Word) -> None:
    """A module's mark for its kind of die, shown on it before it rolls (its package's
    ``Word``); ValueError when the kind has one."""
    _DIE_MARK_WORDS.add(kind, mark, "mark of the die")


@dataclass(frozen=True)
class SeatView:
    number: int  # the physical seat, 1..8, clockwise
    playing: bool
    name: str = ""  # the character's name, once known
    life: int = 0
    max_life: int = 0
    arrows: int = 0
    tokens: tuple[str, ...] = ()  # the modules' arrow tokens it holds (``ArrowToken``)
    token_marks: tuple[str, ...] = ()  # their marks beside the arrows ("C"), in the language
    sheriff: bool = False
    active: bool = False  # whose turn it is
    alive: bool = True
    role: str | None = None  # shown once revealed (or while its owner peeks)
    answer: bool = False  # pressing this seat answers the current question
    asked: bool = False  # the current question is this seat's own
    winner: bool = False
    note: str = ""  # a short line: set-up state, the seat menu, "WINS"
    # What the last press did to this seat and the hits to come, in words ("-2", "+arrow, hit
    # x2"): the console's and the terminal's. The panel draws the same from numbers (any
    # language): the life moved, the arrows moved, and the hits to come alone.
    change: str = ""
    life_change: int = 0
    arrow_change: int = 0
    coming: str = ""  # results given to this seat that have not hit it yet ("hit x2")
    # What the seat shows of the modules' pieces (tokens, cards): short marks on its panel
    # (a letter and a count), lines in the terminal, facts of the public page.
    marks: tuple[str, ...] = ()
    said: tuple[str, ...] = ()
    page: tuple[tuple[str, Any], ...] = ()
    bot: bool = False  # the box plays this seat
    # What this seat's player must do with real pieces (draw a card, take a token),
    # from the game's events this turn: a restart shows it again.
    chore: str = ""

    def pod_prompt(self, prompt: str) -> str:
        """The text line of this seat's pod (docs/serial-protocol.md has no BOT field): what
        the seat must do with real cards, then the console's prompt; on the box's seat BOT
        first, the prompt itself only when its button answers it (a person may press it to
        pick the box's seat)."""
        if not self.bot:
            return (
                _("{chore}. {prompt}").format(chore=self.chore, prompt=prompt)
                if self.chore
                else prompt
            )
        if self.answer:
            return _("BOT: {prompt}").format(prompt=prompt)
        return _("BOT: the box plays this seat")


@dataclass(frozen=True)
class ConsoleView:
    faces: tuple[str | None, ...] = ()
    locked: tuple[bool, ...] = ()
    marked: tuple[bool, ...] = ()
    rolls_left: int = 0
    pile: int = 0  # arrow tokens in the pile, the Chief's Arrow included
    prompt: str = ""
    flash: str | None = None  # why the last press changed nothing
    title: str = ""
    story: str = ""  # what the rules did on their own after the last press
    aside: str = ""  # under the prompt: the special role cards that may be revealed now
    # Shorter forms of the aside, for the 128 px console when the aside does not fit there
    # under the prompt: each tried in turn, the last one in the title's place if need be.
    shorter: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()  # names to pick with DIE1.. (set-up's characters)
    kinds: tuple[str, ...] = ()  # each die's kind: the Duel dice are drawn apart
    picker: tuple[str, ...] = ()  # choices shown over the DIE buttons instead of the dice
    series: str = ""  # a module's series running, and which game of it this is


@dataclass(frozen=True)
class TableView:
    seats: tuple[SeatView, ...]
    console: ConsoleView
