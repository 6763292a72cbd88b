"""Old Saloon, Module 2 (The Arrow of the Indian Chief): its rules (``rules``), its words for
the table (``table``) and its rules for the box's players (``bots``)."""
