"""The companion at the table for a whole evening: set-up, play, the end, the next game.

``TableSession`` is its parts in layers, each in its own module: what it holds
(``session_state``), the box's seats (``box_seats``), the files from one game to the next
(``lifecycle``), the presses (``presses``); and what the table shows (``showing``).
"""

from __future__ import annotations

from .presses import Presses
from .showing import play_view, setup_view
from .view import TableView


class TableSession(Presses):
    """Turns button presses into set-up steps and game actions, and says what to show."""

    def view(self) -> TableView:
        if self.play is not None:
            return play_view(self, self.play)
        assert self.setup is not None
        return setup_view(self, self.setup)
