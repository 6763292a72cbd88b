"""Old Saloon, Module 5, The Ghost: its rules (``rules``), its words for the table
(``table``) and its rules for the box's players (``bots``)."""
