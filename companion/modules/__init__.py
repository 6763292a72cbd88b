"""The modules: each a package of its own, found by its entry point (``bang_companion.modules``)."""
