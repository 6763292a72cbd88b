"""The game's state as typed data: players, the table, one turn's scratch.

Every field of the core is declared once, here, and a module's in its own package, in the parts
of a player, of the game and of a turn's scratch it registers (``state_parts``); copying,
writing JSON and reading it back are generic over the declared types, so a new field needs no
other line. Reading checks each value's type and
names the field that is wrong. A field a seat may not see is declared so (``hidden.secret``):
the same walk that writes the state writes it as that seat may see it.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from dataclasses import MISSING, Field, dataclass, field, fields, is_dataclass, replace
from enum import Enum
from types import NoneType, UnionType
from typing import Any, ClassVar, TypeVar

from .components import Role
from .decisions import Decision
from .errors import StateError
from .hidden import OWN_OFFERS, PARTS, SECRET, SNAPSHOT, Parts, Secret, own_or_shown, secret
from .steps import Step

T = TypeVar("T")
P = TypeVar("P", bound="Part")


JSON_KEY = "json_key"  # field metadata: the field's key in JSON, when not its name


@dataclass
class PlayerState:
    """``role`` is None while the engine does not know it (physical, secret role cards).

    ``arrows`` counts regular arrow tokens (a module's own tokens are in its part).
    """

    seat: int
    character: str
    max_life: int
    life: int
    arrows: int = 0
    role: Role | None = field(default=None, metadata=secret(sees=own_or_shown("revealed")))
    revealed: bool = False
    alive: bool = True
    parts: tuple[Any, ...] = field(default_factory=lambda: _DEFAULTS[PlayerState])

    def to_json(self) -> dict[str, Any]:
        return encode(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PlayerState:
        return decode(cls, data, "player")


@dataclass
class TurnScratch:
    """What one turn's resolution keeps between steps."""

    to_assign: list[list[Any]] = field(default_factory=list)  # [die, symbol] still to target
    assigned: list[list[Any]] = field(default_factory=list)  # [die, symbol, target] Bull's Eyes
    beers: list[list[int]] = field(default_factory=list)  # [die, target] Beer results
    doubled: int | None = None  # the die Slab the Killer doubled with a Beer
    hits: list[int] = field(default_factory=list)  # life each seat is about to lose
    hit_results: list[int] = field(default_factory=list)  # results that hit each seat
    # Life losses waiting for Molly Stark's answers: [[seat, amount, results]...], cause, by
    # and the steps after the loss (the next seat she may be asked about is on her step).
    loss: list[Any] | None = None
    # Life each seat lost this turn, the once-a-turn abilities used (``ModuleRules.used``),
    # and whether the turn's end steps of the modules have run.
    lost: list[int] = field(default_factory=list)
    used: list[str] = field(default_factory=list)
    closed: bool = False
    parts: tuple[Any, ...] = field(default_factory=lambda: _DEFAULTS[TurnScratch])

    @classmethod
    def fresh(cls, players: int) -> TurnScratch:
        return cls(hits=[0] * players, hit_results=[0] * players, lost=[0] * players)


def _known_winners(state: Any, win: list[Any] | None, seat: int) -> list[Any] | None:
    """A win waiting on open moments as ``seat`` sees it: its side, and of its winners those
    whose role the seat sees (the others' would tell their hidden roles)."""
    if win is None:
        return None
    side, winners = win
    players = state.players
    return [side, [w for w in winners if w == seat or players[w].revealed]]


@dataclass(eq=False)
class GameState:
    """The whole table: everything a game is, apart from its set-up and dice source.

    ``stack`` holds the steps still to resolve, the next step last; its JSON (``"queue"``)
    lists them in the order they will run. A field whose JSON key is not its name says so
    (``JSON_KEY``): the names say what they hold, the keys stay those written before.
    """

    players: list[PlayerState]
    pile: int
    dice_kinds: list[str]
    faces: list[str | None]
    rolls: int
    roll_count: int = field(metadata=secret(blank=0))  # the key of the next roll in the seed's dice
    turn: int
    turn_number: int
    stack: list[Step] = field(metadata={JSON_KEY: "queue"})
    pending: Decision | None
    over: bool
    side: str | None
    winners: tuple[int, ...]
    last_standing: bool
    scratch: TurnScratch
    # Old Saloon 3: the moments still open to a reveal, each [moment, arguments, the state at
    # that moment, the actions offered there as JSON]; a win waiting for them, [side, winners].
    open_moments: list[list[Any]] = field(
        default_factory=list,
        metadata={PARTS: Parts({2: SNAPSHOT, 3: OWN_OFFERS}), JSON_KEY: "windows"},
    )
    waiting_win: list[Any] | None = field(
        default=None, metadata={JSON_KEY: "ending", **secret(shown_as=_known_winners)}
    )
    preset: list[int] = field(default_factory=list)  # dice a module set before the first roll
    eliminated_now: list[int] = field(default_factory=list)  # seats eliminated this turn
    parts: tuple[Any, ...] = field(default_factory=lambda: _DEFAULTS[GameState])


# ------------------------------------------------------------------- the modules' parts

# A module's part of each player, of the game or of a turn's scratch is a frozen dataclass of
# its own package (tuples for lists), registered with ``state_parts``. Every owner holds one of
# each registered part in ``parts``, in play or not, so a state reads the same whatever the
# modules; a copy of the owner shares them, and a rule changes one by replacing it
# (``Part.change``). Their fields are written flat in the owner's JSON object after the core
# field each names (``after``), the parts after one field in their modules' order.


class Part:
    """A module's part of an owner (a player, the game, a turn's scratch)."""

    __slots__ = ()
    index: ClassVar[int]  # its place in its owner's ``parts``, set when registered

    @classmethod
    def of(cls: type[P], owner: Any) -> P:
        """``owner``'s part of this type."""
        found: P = owner.parts[cls.index]
        return found

    @classmethod
    def change(cls: type[P], owner: Any, **changes: Any) -> P:
        """Replace ``owner``'s part of this type by one with ``changes``; the new part."""
        part = owner.parts[cls.index]
        made = _CHANGERS.get(type(part))
        if made is None:
            made = _CHANGERS[type(part)] = _changer(type(part))
        new: P = made(part, changes)
        new.put(owner)
        return new

    def put(self, owner: Any) -> None:
        """Make this ``owner``'s part of its type."""
        i = self.index
        held = owner.parts
        owner.parts = (*held[:i], self, *held[i + 1 :])


def _changer(kind: type[Part]) -> Callable[[Part, dict[str, Any]], Any]:
    """``dataclasses.replace`` for the part ``kind``, written out once: a part changes at every
    draw, token and symbol of its module, and ``replace`` walks the fields' declarations each
    time. Its fields are given to the constructor as ``replace`` gives them."""
    names = [f.name for f in fields(kind)]  # type: ignore[arg-type]
    body = ["def change(part, changes):"]
    body += [f"    {name} = changes.pop({name!r}, part.{name})" for name in names]
    body += [
        "    if changes:",
        "        raise TypeError(f'{_kind.__name__} has no field {next(iter(changes))!r}')",
        f"    return _kind({', '.join(f'{name}={name}' for name in names)})",
    ]
    namespace: dict[str, Any] = {"_kind": kind}
    exec("\n".join(body), namespace)  # noqa: S102 - the source is built above from field names
    change: Callable[[Part, dict[str, Any]], Any] = namespace["change"]
    return change


_CHANGERS: dict[type, Callable[[Part, dict[str, Any]], Any]] = {}
_OWNERS: tuple[type, ...] = ()  # set below: PlayerState, GameState, TurnScratch
_PARTS: dict[type, list[type[Part]]] = {}  # an owner's registered parts, in ``parts`` order
_DEFAULTS: dict[type, tuple[Any, ...]] = {}  # an owner's parts, each with its defaults
_PLACES: dict[type[Part], tuple[str, str]] = {}  # a part: its module, the core field it follows
MODULE_PARTS: dict[str, list[type[Part]]] = {}  # a module's id: the parts it registered


def state_parts(
    module: str,
    *,
    player: tuple[type[Part], str] | None = None,
    game: tuple[type[Part], str] | None = None,
    scratch: tuple[type[Part], str] | None = None,
) -> None:
    """Register ``module``'s parts of each player, of the game and of a turn's scratch, each
    with the core field of its owner its fields are written after in JSON. A part must be a
    frozen dataclass whose fields all have defaults; a key the owner or another part writes is
    refused (StateError)."""
    for held, owner in ((player, PlayerState), (game, GameState), (scratch, TurnScratch)):
        if held is not None:
            register_part(module, owner, *held)
            MODULE_PARTS.setdefault(module, []).append(held[0])


def register_part(module: str, owner: type, kind: type[Part], after: str) -> None:
    """Register ``module``'s part ``kind`` of ``owner`` (a state's owner, or another declared
    with ``part_owner``), written after the owner's field ``after``; StateError as
    ``state_parts`` says."""
    where = f"{module}: {kind.__name__}"
    if not (is_dataclass(kind) and kind.__dataclass_params__.frozen):
        raise StateError(f"{where} is not a frozen dataclass")
    if after not in {f.name for f in fields(owner)} - {"parts"}:
        raise StateError(f"{where}: {owner.__name__} has no field {after!r} to follow")
    registered = _PARTS.setdefault(owner, [])
    if kind in registered:
        raise StateError(f"{where} is registered twice")
    taken = {json_key(f): owner.__name__ for f in fields(owner) if f.name != "parts"}
    for other in registered:
        taken.update((json_key(f), other.__name__) for f in fields(other))
    for f in fields(kind):
        if f.default is MISSING and f.default_factory is MISSING:
            raise StateError(f"{where}.{f.name} has no default")
        if json_key(f) in taken:
            raise StateError(f"{where} and {taken[json_key(f)]} both write the key {json_key(f)!r}")
    kind.index = len(registered)
    registered.append(kind)
    _PLACES[kind] = (module, after)
    _DEFAULTS[owner] = tuple(k() for k in registered)
    for plans in (_ENCODINGS, _WRITERS, _READERS, _PLANS, _SECRETS):
        plans.clear()  # a plan made before would leave the new part out


def part_owner(owner: type) -> None:
    """Let ``owner``, a dataclass with a ``parts`` field, hold registered parts written flat
    in its JSON as a state's owners do (the set-up's, ``setup.py``)."""
    global _OWNERS
    _OWNERS = (*_OWNERS, owner)
    _DEFAULTS.setdefault(owner, ())


def part_defaults(owner: type) -> tuple[Any, ...]:
    """One of each part registered for ``owner``, each with its defaults, in ``parts`` order."""
    return _DEFAULTS[owner]


def parts_seen(owner: Any, seat: int) -> tuple[Any, ...]:
    """``owner``'s parts as ``seat`` sees them: each secret field of a part as its declaration
    shows it to that seat (``hidden.py``), the others shared."""
    held = owner.parts
    secrets = _SECRETS.get(type(owner))
    if secrets is None:
        secrets = _SECRETS[type(owner)] = []
        for part in _PARTS.get(_owner(type(owner)) or type(owner), []):
            found = _part_fields(part)
            hidden = {f.name: f.metadata[SECRET] for f in found if SECRET in f.metadata}
            if hidden:
                secrets.append((part.index, hidden))
    if not secrets:
        return tuple(held)
    seen = list(held)
    for i, hidden in secrets:
        part = held[i]
        shown = {}
        for name, s in hidden.items():
            value = getattr(part, name)
            as_seen = s.shown(owner, value, seat)
            if as_seen is not value and as_seen != value:
                shown[name] = as_seen
        if shown:  # else the part is shared: a bot observes every seat at each decision
            seen[i] = replace(part, **shown)
    return tuple(seen)


_SECRETS: dict[type, list[tuple[int, dict[str, Secret]]]] = {}


def field_names(owner: type) -> tuple[str, ...]:
    """The names of an owner's fields, its parts' included, in the order written, each with
    its JSON key after it when that is another."""
    found: list[str] = []
    for _part, f in _flat_fields(owner):
        found += [f.name] if json_key(f) == f.name else [f.name, json_key(f)]
    return tuple(found)


def _part_fields(kind: type[Part]) -> list[Field[Any]]:
    return list(fields(kind))  # type: ignore[arg-type]


def _owner(kind: type) -> type | None:
    """The owner type ``kind`` is (a Game is a GameState), or None."""
    for owner in _OWNERS:
        if issubclass(kind, owner):
            return owner
    return None


def _flat_fields(kind: type) -> list[tuple[type[Part] | None, Field[Any]]]:
    """The fields ``kind`` writes in their JSON order: its own (None), and after each the
    fields of the parts that follow it, in their modules' order."""
    owner = _owner(kind)
    if owner is None:
        return [(None, f) for f in fields(kind)]
    parts = sorted(_PARTS.get(owner, []), key=lambda k: _PLACES[k][0])
    placed: list[tuple[type[Part] | None, Field[Any]]] = []
    for f in fields(kind):
        if f.name == "parts":
            continue
        placed.append((None, f))
        for part in parts:
            if _PLACES[part][1] == f.name:
                placed += [(part, pf) for pf in _part_fields(part)]
    return placed


# ------------------------------------------------------------------- generic JSON and copy


WRITTEN = "written"  # field metadata: written only when this holds of the record


def encode(value: Any, seat: int | None = None) -> Any:
    """Plain JSON data for a state value: dataclasses by field, enums by value, tuples as
    lists, sets sorted. For ``seat``, each secret field as that seat sees it (``hidden.py``):
    the one walk, so nothing declared secret is ever written for a seat that may not see it.
    """
    kind = value.__class__
    if kind in _FLAT:  # most values: as they are
        return value
    write = _WRITERS.get(kind)
    if write is None:
        write = _WRITERS[kind] = _writer(kind)
    return write(value, seat)


Writer = Callable[[Any, "int | None"], Any]
# How ``encode`` writes each type, chosen once per type: a game is written whole at every
# decision a test or the table compares, and a chain of ``isinstance`` per value cost most of it.
_WRITERS: dict[type, Writer] = {}


def _writer(kind: type) -> Writer:
    if issubclass(kind, Enum):  # before str and int: an enum of names is a str too
        return _enum_value
    if issubclass(kind, str | int | float):
        return _as_it_is
    if issubclass(kind, list | tuple):
        return _write_list
    if issubclass(kind, frozenset):
        return _write_set
    if is_dataclass(kind):
        return _record_writer(kind)
    return _as_it_is


def _as_it_is(value: Any, seat: int | None) -> Any:
    return value


def _enum_value(value: Enum, seat: int | None) -> Any:
    return value.value


def _write_list(value: list[Any] | tuple[Any, ...], seat: int | None) -> list[Any]:
    return [v if v.__class__ in _FLAT else encode(v, seat) for v in value]


def _write_set(value: frozenset[Any], seat: int | None) -> list[Any]:
    return sorted(encode(v, seat) for v in value)


def _record_writer(kind: type) -> Writer:
    """``encode`` for the dataclass ``kind``: the whole record written out field by field once
    (as ``_copy_function`` copies one), a seat's view by the declarations of each field."""
    plan = _encoding(kind)
    namespace: dict[str, Any] = {"_flat": _FLAT, "_encode": encode, "_seen": _seen_record}
    body = [
        "def write(value, seat):",
        "    if seat is not None:",
        "        return _seen(value, seat)",
    ]
    if any(part is not None for part, *_rest in plan):
        body.append("    parts = value.parts")
    body.append("    data = {}")
    for i, (part, name, key, _hidden, _parts, written) in enumerate(plan):
        holder = "value" if part is None else f"parts[{part.index}]"
        indent = "    "
        if written is not None:
            namespace[f"_written{i}"] = written
            body.append(f"    if _written{i}({holder}):")
            indent += "    "
        body += [
            f"{indent}v = {holder}.{name}",
            f"{indent}data[{key!r}] = v if v.__class__ in _flat else _encode(v, None)",
        ]
    body.append("    return data")
    exec("\n".join(body), namespace)  # noqa: S102 - the source is built above from field names
    write: Writer = namespace["write"]
    return write


def _seen_record(value: Any, seat: int) -> dict[str, Any]:
    """A record as ``seat`` sees it: each secret field as its declaration shows it."""
    data = {}
    for part, name, key, hidden, parts, written in _encoding(type(value)):
        holder = value if part is None else value.parts[part.index]
        if written is not None and not written(holder):
            continue
        v = getattr(holder, name)
        if hidden is not None:
            v = hidden.shown(value, v, seat)
        if parts is not None:
            data[key] = [_encode_parts(entry, parts, seat) for entry in v]
        else:
            data[key] = encode(v, seat)
    return data


Encoding = tuple[type[Part] | None, str, str, Secret | None, Parts | None, Any]
_ENCODINGS: dict[type, list[Encoding]] = {}


def _encoding(kind: type) -> list[Encoding]:
    """Each field ``kind`` writes (its own, its parts'), its JSON key, and what its declaration
    says of writing it. A secret's record is the owner (the player, the game), part or not."""
    found = _ENCODINGS.get(kind)
    if found is None:
        found = _ENCODINGS[kind] = [
            (
                part,
                f.name,
                json_key(f),
                f.metadata.get(SECRET),
                f.metadata.get(PARTS),
                f.metadata.get(WRITTEN),
            )
            for part, f in _flat_fields(kind)
        ]
    return found


def json_key(f: Field[Any]) -> str:
    """The key of field ``f`` in JSON: its name unless its declaration names another."""
    key: str = f.metadata.get(JSON_KEY, f.name)
    return key


def _encode_parts(entry: list[Any], parts: Parts, seat: int) -> list[Any]:
    """An entry of an untyped field as ``seat`` sees it: a snapshot walked like the state
    (read back first when it is plain data, as in a state read from JSON), only the seat's
    own offers."""
    seen = []
    for i, part in enumerate(entry):
        holds = parts.at.get(i)
        if holds == SNAPSHOT:
            state = decode(GameState, part, "snapshot") if isinstance(part, dict) else part
            seen.append(encode(state, seat))
        elif holds == OWN_OFFERS:
            seen.append([copy_data(o) for o in part if o.get("seat") == seat])
        else:
            seen.append(encode(part, seat))
    return seen


def decode(kind: Any, data: Any, where: str) -> Any:
    """Read ``data`` as a value of type ``kind``; StateError names ``where`` it went wrong."""
    return _reader(kind)(data, where)


# How to read each type, made once per type from its declaration: reading a state is done
# whenever a game is resumed and many times per decision of a player that plays positions
# forward (the Monte Carlo experiment of benchmarks/).
Reader = Callable[[Any, str], Any]
_READERS: dict[Any, Reader] = {}


def _reader(kind: Any) -> Reader:
    found = _READERS.get(kind)
    if found is None:
        found = _READERS[kind] = _make_reader(kind)
    return found


def _make_reader(kind: Any) -> Reader:
    origin = typing.get_origin(kind)
    if kind is Any:
        return lambda data, where: copy_data(data)
    if origin is UnionType or origin is typing.Union:
        (inner,) = [o for o in typing.get_args(kind) if o is not NoneType]
        read = _reader(inner)
        return lambda data, where: None if data is None else read(data, where)
    if origin is list or origin is tuple:
        return _sequence_reader(typing.get_args(kind)[0], list if origin is list else tuple)
    if kind is Decision:
        return _read_decision
    if isinstance(kind, type) and is_dataclass(kind):
        return _dataclass_reader(kind)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return _enum_reader(kind)
    if kind is bool or kind is int or kind is str:
        return _plain_reader(kind)
    raise StateError(f"cannot read a {kind!r}")


def _plain_reader(kind: type) -> Reader:
    def read(data: Any, where: str) -> Any:
        if type(data) is not kind:
            raise StateError(f"{where}: expected {kind.__name__}, got {data!r}")
        return data

    return read


def _enum_reader(kind: type[Enum]) -> Reader:
    def read(data: Any, where: str) -> Any:
        try:
            return kind(data)
        except ValueError:
            raise StateError(f"{where}: {data!r} is not a {kind.__name__}") from None

    return read


def _sequence_reader(inner: Any, make: type[list[Any]] | type[tuple[Any, ...]]) -> Reader:
    def expect_list(data: Any, where: str) -> None:
        if not isinstance(data, list):
            raise StateError(f"{where}: expected a list, got {data!r}")

    if inner is bool or inner is int or inner is str:

        def read_plain(data: Any, where: str) -> Any:
            expect_list(data, where)
            for i, v in enumerate(data):
                if type(v) is not inner:
                    raise StateError(f"{where}[{i}]: expected {inner.__name__}, got {v!r}")
            return make(data)

        return read_plain
    read_item = _reader(inner)

    def read(data: Any, where: str) -> Any:
        expect_list(data, where)
        return make(read_item(v, f"{where}[{i}]") for i, v in enumerate(data))

    return read


def _read_decision(data: Any, where: str) -> Decision:
    try:
        return Decision.from_json(data)
    except ValueError as exc:
        raise StateError(f"{where}: not a decision ({exc}): {data!r}") from exc


def _dataclass_reader(kind: type) -> Reader:
    """Each field read by its type's reader; a field left out takes its default. The fields of
    the parts an owner holds are read from the same object, each into its part."""
    owner = _owner(kind)
    own = [f for f in fields(kind) if owner is None or f.name != "parts"]
    plan = _field_plan(kind, own)
    parts = [(p, _field_plan(p, _part_fields(p))) for p in _PARTS.get(owner, [])] if owner else []
    defaults = _DEFAULTS.get(owner, ()) if owner else ()

    def read(data: Any, where: str) -> Any:
        if not isinstance(data, dict):
            raise StateError(f"{where}: expected an object, got {data!r}")
        obj: Any = object.__new__(kind)
        _fill(obj.__dict__, plan, data, where)
        if owner is not None:
            held = []
            for (part, part_plan), default in zip(parts, defaults, strict=True):
                if any(key in data for _name, key, *_rest in part_plan):
                    values: dict[str, Any] = {}
                    _fill(values, part_plan, data, where)
                    held.append(part(**values))
                else:
                    held.append(default)  # shared: a part is never changed in place
            obj.__dict__["parts"] = tuple(held)
        return obj

    return read


FieldPlan = list[tuple[str, str, Reader, Any, Any]]


def _field_plan(kind: type, of: list[Field[Any]]) -> FieldPlan:
    """How to read each field ``of`` a dataclass: name, key, reader, default, factory."""
    hints = _hints(kind)
    return [
        (
            f.name,
            json_key(f),
            _reader(hints[f.name]),
            f.default,
            None if f.default_factory is MISSING else f.default_factory,
        )
        for f in of
    ]


def _fill(values: dict[str, Any], plan: FieldPlan, data: dict[str, Any], where: str) -> None:
    """Each field of ``plan`` read from ``data`` into ``values``, its default when left out."""
    for name, key, read_field, default, factory in plan:
        if key in data:
            values[name] = read_field(data[key], f"{where}.{key}")
        elif factory is not None:
            values[name] = factory()
        elif default is not MISSING:
            values[name] = default
        else:
            raise StateError(f"{where}: {key!r} is missing")


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(kind: type) -> dict[str, Any]:
    if kind not in _HINTS:
        _HINTS[kind] = typing.get_type_hints(kind)
    return _HINTS[kind]


def copy_data(value: Any) -> Any:
    """A copy of JSON-like data (lists of lists, numbers, strings), as deep as it goes."""
    if isinstance(value, list):
        return [v if type(v) in _FLAT else copy_data(v) for v in value]
    if isinstance(value, dict):
        return {k: v if type(v) in _FLAT else copy_data(v) for k, v in value.items()}
    return value


# What ``copy_data`` shares as it is, told without a call: most of what it copies (a state's
# steps and results) is lists of numbers and names.
_FLAT = frozenset({int, str, bool, float, NoneType})


def _copier(kind: Any) -> Any:
    """A function that copies values of ``kind`` as deep as they are mutable, or None."""
    origin = typing.get_origin(kind)
    if origin is UnionType or origin is typing.Union:
        inner = [_copier(o) for o in typing.get_args(kind) if o is not NoneType]
        if inner == [None]:
            return None
        return copy_data
    if origin is list:
        item = _copier(typing.get_args(kind)[0])
        if item is None:
            return list
        if item is copy_data:
            return copy_data  # a list of JSON-like data is JSON-like data
        return lambda values: [item(v) for v in values]
    if kind is Any:
        return copy_data
    if isinstance(kind, type) and is_dataclass(kind) and not kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return _copy_function(kind)
    return None  # immutable: shared


_PLANS: dict[type, Callable[[Any, Any], Any]] = {}


def copy_state(value: T, into: T | None = None) -> T:
    """An independent copy of a state dataclass, each field copied as deep as it is mutable."""
    kind = type(value)
    copy = _PLANS.get(kind)
    if copy is None:
        copy = _PLANS[kind] = _copy_function(kind)
    clone: T = copy(value, into)
    return clone


def _copy_function(kind: type) -> Callable[[Any, Any], Any]:
    """``copy_state`` for ``kind``, written out field by field once: a state is copied at
    every moment Old Saloon 3 opens, and a loop over the fields with ``getattr`` and
    ``setattr`` costs several times the straight assignments."""
    hints = _hints(kind)
    namespace: dict[str, Any] = {"_new": kind.__new__, "_kind": kind}
    copiers = [(f.name, _copier(hints[f.name])) for f in fields(kind)]
    body = ["def copy(value, into=None):"]
    if all(copier is None for _name, copier in copiers):  # a player: every field shared
        body += [
            "    if into is None:",
            "        clone = _new(_kind)",
            "        clone.__dict__.update(value.__dict__)",
            "        return clone",
        ]
    body.append("    clone = _new(_kind) if into is None else into")
    for i, (name, copier) in enumerate(copiers):
        if copier is None:
            body.append(f"    clone.{name} = value.{name}")
        else:
            namespace[f"_copy{i}"] = copier
            body.append(f"    clone.{name} = _copy{i}(value.{name})")
    body.append("    return clone")
    exec("\n".join(body), namespace)  # noqa: S102 - the source is built above from field names
    copy: Callable[[Any, Any], Any] = namespace["copy"]
    return copy


_OWNERS = (PlayerState, GameState, TurnScratch)
for _kind in _OWNERS:
    _DEFAULTS[_kind] = ()
