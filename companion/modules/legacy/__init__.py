"""Undead or Alive, Module 5 (Wild West Legacy): its rules (``rules``), its words for the
table (``table``) and its rule for the box's players (``bots``). Its games make a series, which
the core keeps (``companion.engine.series``, ``companion/table/series.py``)."""
