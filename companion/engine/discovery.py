"""Finding the modules installed: every package that declares an entry point in the group
``bang_companion.modules``, the built-in ten as any other (``pyproject.toml``).

Importing a module's package declares what it adds (its id, kinds of decision, steps,
characters); its entry point names the package's ``ModuleRules``. Loading happens once, the
first time anything asks for a name not yet declared or for the list; a package that fails is
kept out and its problem kept, one line naming it, for the start to report (``modules.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any

GROUP = "bang_companion.modules"


@dataclass(frozen=True)
class Loaded:
    """One entry point of the group: its name (the module's id), where it points, and what
    loading it gave, or why it failed."""

    name: str
    target: str
    value: Any = None
    problem: str | None = None


_loaded: list[Loaded] = []
_state = {"started": False}


def load() -> list[Loaded]:
    """Every module installed, loaded once (a module's own import asking again gets the list
    as it stands)."""
    if _state["started"]:
        return _loaded
    _state["started"] = True
    # The same entry point met twice (a package seen on two paths) is one.
    found = sorted(
        {(ep.name, ep.value): ep for ep in entry_points(group=GROUP)}.values(),
        key=lambda ep: (ep.name, ep.value),
    )
    names = [ep.name for ep in found]
    for ep in found:
        if names.count(ep.name) > 1:
            others = ", ".join(e.value for e in found if e.name == ep.name)
            _loaded.append(Loaded(ep.name, ep.value, problem=f"its id is declared by {others}"))
            continue
        try:
            value = ep.load()
        except Exception as exc:  # a module's own bug: kept out and reported, never fatal
            _loaded.append(Loaded(ep.name, ep.value, problem=f"{type(exc).__name__}: {exc}"))
        else:
            _loaded.append(Loaded(ep.name, ep.value, value))
    return _loaded
