"""Checks for values read back from JSON: a saved game or journal is never trusted.

JSON has one number type, so ``1.5``, ``true`` and ``1e400`` all arrive where a seat or a seed
belongs; each check says what was expected instead. They raise ValueError; the caller wraps it
in its own error with the place it was reading.
"""

from __future__ import annotations

from typing import Any


def whole_number(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is an integer (not a bool, not 1.0) within the bounds given."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"at least {low}" if high is None else f"from {low} to {high}"
        raise ValueError(f"{what} must be {bounds}, not {value}")
    return value


def text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be a string, not {value!r}")
    return value


def listed(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list, not {value!r}")
    return value


def truth(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, not {value!r}")
    return value


def first_difference(given: Any, reached: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """Where two JSON values first differ (a key, an item, a list's length or a value of
    another type), as a path such as ``players[2].life``, with the two values there."""
    if isinstance(given, dict) and isinstance(reached, dict):
        for key in [*given, *(k for k in reached if k not in given)]:
            where = f"{path}.{key}" if path else str(key)
            if key not in given or key not in reached:
                return where, given.get(key, "(missing)"), reached.get(key, "(missing)")
            found = first_difference(given[key], reached[key], where)
            if found is not None:
                return found
        return None
    if isinstance(given, list) and isinstance(reached, list):
        if len(given) != len(reached):
            return f"{path} (its length)", len(given), len(reached)
        for i, (a, b) in enumerate(zip(given, reached, strict=True)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found is not None:
                return found
        return None
    same = given == reached and type(given) is type(reached)
    return None if same else (path, given, reached)
