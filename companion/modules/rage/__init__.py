"""Undead or Alive, Module 2 (Two Bullets Are Enough): its rules (``rules``) and its words for
the table (``table``); a person enters what its real cards show, so the box's players have no
rule of its own."""
