"""The built-in modules, each a package of its own found by its entry point as any other."""
