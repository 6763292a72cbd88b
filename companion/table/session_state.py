"""What a table session holds between presses: the set-up or the game, what the console says,
and what more than one of its parts reads. It is a plain value: the parts that act on it
(``box_seats``, ``lifecycle``, ``presses``) each hold it and keep only their own bookkeeping
besides, and the views (``showing``) are functions of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .end_roles import Declared
from .play import TablePlay
from .setup_flow import SetupFlow
from .story import Change, History, Tokens
from .table_config import TableConfig
from .view import ConsoleView


@dataclass
class SessionState:
    """Everything the session's parts share, and all that the table's views read."""

    config: TableConfig
    seed: int | None = None  # for set-up's shuffles; None: truly random
    play: TablePlay | None = None
    setup: SetupFlow | None = None
    flash: str | None = None
    menu: int | None = None  # the physical seat whose menu is open
    story: str = ""  # what the rules did after the last press, for the console
    marks: dict[int, Change] = field(default_factory=dict)  # physical seat: its last change
    history: History = field(default_factory=History)
    looking_back: int | None = None  # how many pages back the console's history shows
    # Whether the console shows a view whole (the panels' measure, at the console's width):
    # the history's page breaks (history_page); None: a turn a page.
    console_fits: Callable[[ConsoleView], bool] | None = None
    asked_to_end: bool = False  # UNDO was held: the next press starts over (DONE) or goes back
    refused: str | None = None  # why the last press or hold changed nothing (None: it acted)
    declared: Declared = ()  # the game over screen: roles the living entered (end_roles)
    # Which game of its module's series the table shows (at set-up: the one set up).
    series_game: int = 1
    # A player of the box's failed or retired: who plays instead, said until the people's
    # next press (the box's seats and a resume say it, a press forgets it).
    fell_back: str | None = None
    since_press: Tokens | None = None  # life and arrows at the people's last press

    def refuse(self, why: str) -> None:
        """A press that changed nothing: said on the console, and to a script (``refused``)."""
        self.flash = self.refused = why

    def seat_count(self) -> int:
        """The seats drawn: the table's, or more when a resumed game was set up on a bigger one."""
        return max(self.config.seats, *(self.play.seats if self.play is not None else ()))
