"""The modules installed, the box's own apart from those from outside (a package installed
beside it, as ``scripts/test`` does with ``examples/horseshoe`` on its second run).

A test whose seeds, pictures or written figures were made for the box's own modules draws from
``OWN``; a check that holds for any module also runs over ``OUTSIDE``, whatever is installed.

The second run of ``scripts/test`` (``COMPANION_SUITE_RUN=outside``, ``OUTSIDE_RUN``) is the
whole suite again with the example module installed: every test, but each walk over modules or
module sets takes only those that hold a module from outside (a test parametrized over them
loses its other cases); the box's own alone were walked, with the same seeds, by the first run.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from companion.engine import Module, built_in_module

T = TypeVar("T")

OWN: tuple[Module, ...] = tuple(m for m in sorted(Module) if built_in_module(m))
OUTSIDE: tuple[Module, ...] = tuple(m for m in sorted(Module) if m not in OWN)
OUTSIDE_RUN = os.environ.get("COMPANION_SUITE_RUN") == "outside"


def holds_outside(modules: Iterable[str]) -> bool:
    """Whether a set of module ids holds a module from outside."""
    return any(m in OUTSIDE for m in modules)


def walked(items: Sequence[T], modules: Callable[[T], Iterable[str]]) -> list[T]:
    """``items`` (module sets, or what holds one: ``modules`` reads it) as a walk over the modules
    installed takes them: every one, or in the outside run those holding a module from outside."""
    return [item for item in items if not OUTSIDE_RUN or holds_outside(modules(item))]
