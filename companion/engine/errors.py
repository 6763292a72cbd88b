"""Typed errors with messages a player at the table can understand."""


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class SetupError(EngineError, ValueError):
    """A game set-up that the rules do not allow."""


class IllegalAction(EngineError):
    """An action that is not legal now; the game state is left unchanged."""


class StateError(EngineError, ValueError):
    """A saved game state that cannot be read back, or a state the rules cannot go on from
    (a decision no answer fits, when ``Game.strict_decisions`` is on)."""
