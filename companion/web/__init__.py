"""The table in a browser: the public game live, and every finished game as a page."""
