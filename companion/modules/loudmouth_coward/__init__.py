"""Old Saloon, Module 1 (The Loudmouth and the Coward): its rules (``rules``), its words for the
table (``table``) and its rules for the box's players (``bots``)."""
