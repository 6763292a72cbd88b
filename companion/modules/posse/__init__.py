"""Undead or Alive, Module 3 (A New Posse in Town): its rules (``rules``), its words for the
table (``table``) and its rules for the box's players (``bots``)."""
