"""Old Saloon, Module 4 (A Posse of New Characters): its cards and their abilities (``rules``),
its words for the table (``table``) and its rules for the box's players (``bots``)."""
