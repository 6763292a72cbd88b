"""The modules of the game, each a package of its own, found by its entry point."""
