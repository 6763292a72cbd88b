"""The root of every error the project raises on purpose, for the files outside the engine.

``CompanionError`` is defined by the engine (which imports nothing outside itself) and given here
to the devices and the wiring, whose layers do not take the engine's API; each error below it
also keeps the built-in type a caller already catches it by (``ValueError``, ``OSError``, ...).
"""

from companion.engine import CompanionError

__all__ = ["CompanionError"]
