"""A quicker ``__init__`` for the engine's frozen dataclasses (events, decisions).

A frozen dataclass sets each field through ``object.__setattr__``, about three times slower
than an ordinary one; events and decisions are made for every action of every simulated game.
This ``__init__`` writes the instance's ``__dict__`` directly and keeps everything else of the
dataclass (frozen attributes, equality, hashing, repr).
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Give the frozen dataclass ``cls`` an ``__init__`` with the same signature, made quicker."""
    params, body, defaults = [], [], {}
    for f in fields(cls):  # type: ignore[arg-type]
        if f.default is not MISSING:
            defaults[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        else:
            params.append(f.name)
        body.append(f"    d[{f.name!r}] = {f.name}")
    signature = ", ".join(["self", *params])
    source = "\n".join([f"def __init__({signature}):", "    d = self.__dict__", *body])
    namespace: dict[str, Any] = dict(defaults)
    exec(source, namespace)  # noqa: S102 - the source is built above from field names only
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
