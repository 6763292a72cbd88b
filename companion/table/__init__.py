"""A game session at a physical table: set-up, presses to actions, the journal, undo."""

from .journal import Journal, JournalError, read_journal
from .play import TablePlay
from .refused import Refused
from .session import TableSession
from .table_config import TableConfig
from .view import ConsoleView, SeatView, TableView

__all__ = [
    "ConsoleView",
    "Journal",
    "JournalError",
    "Refused",
    "SeatView",
    "TablePlay",
    "TableConfig",
    "TableSession",
    "TableView",
    "read_journal",
]
