"""Undead or Alive, Module 5 (Wild West Legacy): its rules (``rules``) and its words for the
table (``table``). Its games make a series, which the core keeps (``companion.engine.series``,
``companion/table/series.py``)."""
