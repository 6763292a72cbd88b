"""Undead or Alive, Module 4 (Undead or Alive?): its rules (``rules``), its words for the table
(``table``) and its rules for the box's players (``bots``)."""
