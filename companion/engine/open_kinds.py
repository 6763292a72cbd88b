"""Names that modules may add to: a module's id, a kind of decision.

An enum is closed, and a module installed from outside must add its own id and its own kinds of
decision without an edit to the core. An ``OpenKind`` is a string declared once (``declare``)
and then looked up by its value as an enum member is (``Kind("value")``, the same object, so
``is`` compares): iterating the class gives every declared value, those of the modules installed
included (``discovery`` imports them the first time a value is not found).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar, Self, TypeVar, overload

from . import discovery


class _Declared(type):
    """Iteration, length and membership over the values declared so far, modules included."""

    def __iter__(cls) -> Iterator[Any]:
        discovery.load()
        values = list(cls._declared.values())  # type: ignore[attr-defined]
        return iter(sorted(values) if cls._by_value else values)  # type: ignore[attr-defined]

    def __len__(cls) -> int:
        discovery.load()
        return len(cls._declared)  # type: ignore[attr-defined]

    def __contains__(cls, value: object) -> bool:
        discovery.load()
        return value in cls._declared  # type: ignore[attr-defined]


class OpenKind(str, metaclass=_Declared):
    """A declared name: a string that is its own value, as a ``StrEnum`` member is."""

    __slots__ = ()
    _declared: ClassVar[dict[str, Any]]
    # Iterated in the values' order, not the order of declaration (modules load in any order).
    _by_value: ClassVar[bool] = False

    def __init_subclass__(cls) -> None:
        cls._declared = {}

    def __new__(cls, value: str) -> Self:
        found = cls._declared.get(value)
        if found is None:
            discovery.load()
            found = cls._declared.get(value)
            if found is None:
                raise ValueError(f"{value!r} is not a {cls.__name__}")
        return found

    @classmethod
    def declare(cls, value: str) -> Self:
        """The new name ``value``; ValueError when it is declared already (two modules clash)."""
        if value in cls._declared:
            raise ValueError(f"{cls.__name__} {value!r} is declared twice")
        made = str.__new__(cls, value)
        cls._declared[value] = made
        return made

    @classmethod
    def withdraw(cls, value: str) -> None:
        """Forget ``value``: what declared it was refused."""
        cls._declared.pop(value, None)

    @property
    def value(self) -> str:
        return str.__str__(self)

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(str.__str__(self), spec)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str.__str__(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str.__str__(self),))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class Declared(Mapping[K, V]):
    """A mapping the modules add to as they are imported (characters, module titles): read
    only after the modules installed are loaded, so a reader never misses one of theirs."""

    def __init__(
        self, entries: dict[K, V] | None = None, load: Callable[[], object] = discovery.load
    ) -> None:
        self._entries: dict[K, V] = {} if entries is None else entries
        self._load = load  # what imports the modules that add to it
        self._changes = 0  # entries declared and withdrawn: ``version``

    def add(self, key: K, value: V, what: str) -> None:
        """Declare ``key``; ValueError when it is declared already (two modules clash)."""
        if key in self._entries:
            raise ValueError(f"{what} {key!r} is declared twice")
        self._entries[key] = value
        self._changes += 1

    def withdraw(self, key: K) -> None:
        """Forget ``key``: what declared it was refused."""
        self._entries.pop(key, None)
        self._changes += 1

    @property
    def version(self) -> int:
        """A number that changes whenever an entry is declared or withdrawn (the modules
        loaded first): what a reader keeps built from the entries is good while it holds."""
        self._load()
        return self._changes

    def __getitem__(self, key: K) -> V:
        found = self._entries.get(key)
        if found is None:
            self._load()
            return self._entries[key]
        return found

    @overload
    def get(self, key: K, /) -> V | None: ...

    @overload
    def get(self, key: K, /, default: V | T) -> V | T: ...

    def get(self, key: K, /, default: Any = None) -> Any:
        """As ``Mapping.get``, without raising and catching a KeyError for each key not
        declared (the table asks for many: the modules not in play)."""
        found = self._entries.get(key)
        if found is None:
            self._load()
            return self._entries.get(key, default)
        return found

    def __iter__(self) -> Iterator[K]:
        self._load()
        return iter(list(self._entries))

    def __len__(self) -> int:
        self._load()
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        if key in self._entries:
            return True
        self._load()
        return key in self._entries
