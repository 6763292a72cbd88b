"""Undead or Alive, Module 1 (Look Me in the Eyes): its rules (``rules``), its words for the
table (``table``) and its rules for the box's players (``bots``)."""
