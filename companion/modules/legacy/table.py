"""Wild West Legacy in the words of the table: its short name (the series' own words, a game's
number in it, come from the module's title)."""

from __future__ import annotations

from companion.table.prompts import declare_module_label

from .rules import ID

declare_module_label(ID, "Legacy series")
