"""The built-in modules, each a package of its own found by its entry point as any other."""

"""The modules of the game, each a package of its own, found by its entry point."""
