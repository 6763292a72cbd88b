"""Old Saloon, Module 3, Special Roles: its rules (``rules``), its words for the table
(``table``) and its rules for the box's players (``bots``)."""
