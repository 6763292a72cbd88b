"""Wild West Legacy in the words of the table: its short name (the series' own words, a game's
number in it, come from the module's title)."""

from __future__ import annotations

from companion.i18n import Catalogue
from companion.table.prompts import declare_expansion_label, declare_module_label

from .rules import ID

N_ = Catalogue(__package__).word

declare_module_label(ID, N_("Legacy series"))
declare_expansion_label(ID.partition(".")[0], N_("Undead or Alive"))  # the box it comes in
