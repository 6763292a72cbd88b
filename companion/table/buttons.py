"""The names of the table's buttons: the one list that presses, scripts and journals are
checked against."""

from __future__ import annotations

CONSOLE = ("ROLL", "DONE", "UNDO")
DICE = tuple(f"DIE{n}" for n in range(1, 7))
SEATS = tuple(f"SEAT{n}" for n in range(1, 9))
BUTTONS: frozenset[str] = frozenset(CONSOLE + DICE + SEATS)
