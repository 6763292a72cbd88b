"""Typed errors with messages a player at the table can understand."""


class CompanionError(Exception):
    """Root of every error the project raises on purpose, so a caller can catch the project's
    errors and nothing else; it lives in the engine, which imports nothing outside itself, and
    ``companion.errors`` gives it to the packages the engine's API is not for."""


class EngineError(CompanionError):
    """Base of every error the engine raises on purpose."""


class SetupError(EngineError, ValueError):
    """A game set-up that the rules do not allow."""


class IllegalAction(EngineError):
    """An action that is not legal now; the game state is left unchanged."""


class StateError(EngineError, ValueError):
    """A saved game state that cannot be read back, or a state the rules cannot go on from
    (a decision no answer fits, when ``Game.strict_decisions`` is on)."""
