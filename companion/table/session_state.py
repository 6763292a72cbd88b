"""What a table session holds between presses: the set-up or the game, what the console says,
the box's next choice, and the set-up's file. The session's parts build on it in layers:
the box's seats (``box_seats``), the files from one game to the next (``lifecycle``), the
presses (``presses``), and what the table shows (``showing``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .end_roles import Declared
from .play import TablePlay
from .setup_flow import SetupFlow
from .setup_journal import SetupJournal, SetupRecord
from .story import History, Tokens
from .table_config import TableConfig
from .view import ConsoleView


@dataclass
class SessionState:
    """Everything the session holds; its parts add what they do with it."""

    config: TableConfig
    seed: int | None = None  # for set-up's shuffles; None: truly random
    play: TablePlay | None = None
    setup: SetupFlow | None = None
    flash: str | None = None
    menu: int | None = None  # the physical seat whose menu is open
    story: str = ""  # what the rules did after the last press, for the console
    marks: dict[int, str] = field(default_factory=dict)  # physical seat: its last change
    history: History = field(default_factory=History)
    looking_back: int | None = None  # how many pages back the console's history shows
    # Whether the console shows a view whole (the panels' measure, at the console's width):
    # the history's page breaks (history_pages); None: a turn a page.
    console_fits: Callable[[ConsoleView], bool] | None = None
    asked_to_end: bool = False  # UNDO was held: the next press starts over (DONE) or goes back
    refused: str | None = None  # why the last press or hold changed nothing (None: it acted)
    setup_journal: SetupJournal | None = None
    setup_unsaved: str | None = None  # why set-up presses cannot be saved now
    declared: Declared = ()  # the game over screen: roles the living entered (end_roles)
    # Which game of its Wild West Legacy series the table shows (at set-up: the one set up).
    series_game: int = 1
    _last_press: dict[str, float] = field(default_factory=dict)
    _box_at: float | None = None  # when the box makes the choice it owes, on the caller's clock
    _box_unclocked: bool = False  # it owes one since a resume: its pause starts at the next time
    _since_press: Tokens | None = None  # life and arrows at the people's last press
    _fell_back: str | None = None  # a player of the box's failed or retired: who plays instead
    # The set-up that made the game in progress (UNDO before anyone's choice goes back into
    # it), and its record as the game's journal holds it.
    _made_by: SetupFlow | None = field(default=None, repr=False)
    _made_from: SetupRecord | None = field(default=None, repr=False)
    # The set-up in progress as its journal holds it (or would, once the disk takes it); the
    # file read at start to open again rather than write anew;
    # a finished game the series still owes an entry (the disk refused it).
    _setup_record: SetupRecord = field(default_factory=lambda: SetupRecord(0, [], None), repr=False)
    _opens_setup: Path | None = field(default=None, repr=False)
    _owed: tuple[TablePlay, str] | None = field(default=None, repr=False)
    # The set-up record that made the game in play (whether it followed the last game of a
    # series), and whether that game is in the series file now (it is while it is over).
    _game_from: SetupRecord | None = field(default=None, repr=False)
    _listed: bool = field(default=False, repr=False)

    def _refuse(self, why: str) -> None:
        """A press that changed nothing: said on the console, and to a script (``refused``)."""
        self.flash = self.refused = why

    def seat_count(self) -> int:
        """The seats drawn: the table's, or more when a resumed game was set up on a bigger one."""
        return max(self.config.seats, *(self.play.seats if self.play is not None else ()))

    def _games_dir(self) -> Path | None:
        return None if self.config.state_dir is None else self.config.state_dir / "games"
