"""The TOML configuration: seats, buttons, panels, pods, house rules, roles, state directory.

Every key of every section is checked by the code that knows it: the ``[game]`` keys here, one
small check per key; each device section by its device class (``ButtonPins``, ``PanelSpec``,
``MuxSpec``, ``PodSpec``, ``StreamSpec``). They raise a SettingError that carries its key, and
this module composes them: it adds the file, refuses keys nobody reads, and checks what only
the whole configuration can tell (no pin used by two parts, seat buttons within the table).
Every error is one line: ``file: key: what was wrong and what was expected``.
"""

from __future__ import annotations

import functools
import ipaddress
import tomllib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .bots import BOTS, RETIRED
from .devices.buttons import ButtonPins
from .devices.buzzer import BuzzerSpec
from .devices.event_stream import StreamSpec
from .devices.header import check_pins
from .devices.panel_specs import MuxSpec, PanelSpec, panel_key, specs_from_config
from .devices.pods import PodSpec
from .devices.settings import SettingError, check_keys, is_int, require_table, shown
from .engine import (
    MODULES,
    REAL_PILES,
    HouseRule,
    Module,
    SetupError,
    config_keys,
    configured_parts,
    mixed_configured,
    module,
    validate_modules,
)
from .i18n import CORE, SOURCE, Catalogue, languages
from .table import TableConfig
from .web.settings import MAX_CLIENTS, MAX_CONNECTIONS, WebSettings

_ = Catalogue(CORE).gettext

DEFAULT_PATH = Path("/etc/bang-companion/config.toml")
DEFAULT_STATE_DIR = Path("/var/lib/bang-companion")
KNOWN_SECTIONS = (
    "game",
    "buttons",
    "mux",
    "console",
    "seat",
    "pod",
    "stream",
    "buzzer",
    "web",
)
SEAT_KEYS = ("button", "panel")
CONSOLE_KEYS = ("panel",)
ROLES = ("physical", "dealt")
CONSOLE_WIDTHS = (128, 256)
MIN_SEATS, MAX_SEATS = 3, 8
MAX_BOT_PAUSE = 10.0  # seconds: longer, and the table thinks the box has hung


class ConfigError(SettingError):
    """A configuration that cannot be used; the message says where and what was expected."""

    def __init__(self, path: Path | str, key: str, problem: str) -> None:
        super().__init__(key, problem)
        self.path = path
        self.args = (f"{path}: {key}: {problem}",)


@dataclass(frozen=True)
class DeviceSpecs:
    """The device sections, checked and built into the device classes' own settings."""

    buttons: ButtonPins
    panels: dict[str, PanelSpec]
    mux: MuxSpec | None
    pods: list[PodSpec]
    stream: StreamSpec | None = None


@dataclass
class Config:
    """The parsed file. Device sections stay raw tables, checked by the device classes."""

    path: Path | None
    table: TableConfig
    console_width: int = 128
    buttons: dict[str, Any] = field(default_factory=dict)
    mux: dict[str, Any] | None = None  # None: no [mux] section, so no multiplexer to drive
    console: dict[str, Any] = field(default_factory=dict)
    seats: list[dict[str, Any]] = field(default_factory=list)
    pods: list[dict[str, Any]] = field(default_factory=list)
    stream: dict[str, Any] = field(default_factory=dict)
    buzzer: BuzzerSpec | None = None  # off unless the file has a [buzzer] section
    web: WebSettings = field(default_factory=WebSettings)  # the public page: off by default
    language: str = SOURCE  # what the box speaks: "en", or a language with a catalogue

    def devices(self) -> DeviceSpecs:
        """Buttons, panels, mux, pods and stream as the devices take them; ConfigError if wrong."""
        with _in_file(self.path):
            return _devices(self)


def load(path: Path) -> Config:
    """Read and check a configuration file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        said = _("not found; see hardware/config.example.toml")
        raise ConfigError(path, "(file)", said) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(path, "(file)", _("cannot be read: {error}").format(error=exc)) from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        said = _("not valid TOML: {error}").format(error=exc)
        raise ConfigError(path, "(syntax)", said) from exc
    return parse(data, path)


def reseated(config: Config, seats: int) -> TableConfig:
    """The table at ``seats`` seats instead of the file's: the emulator's --seats, which wins
    because it is the newer word and the emulator has no wired seats to disagree with. The
    [game] checks that depend on the seats are made again."""
    with _in_file(config.path):
        _seats(seats, "--seats")
        _check_bot_seats(config.table.bots, seats)
        _check_modules_fit(config.table.modules, seats)
    return replace(config.table, seats=seats)


# The console of the example build (hardware/config.example.toml: an SSD1322, 256x64): the
# emulator shows the box people build unless told otherwise (--console-width).
EXAMPLE_CONSOLE_WIDTH = 256


def defaults(state_dir: Path | None = None, seats: int = 5) -> Config:
    """The configuration used when there is no file (the emulator on a computer)."""
    game = {"seats": seats, "console_width": EXAMPLE_CONSOLE_WIDTH}
    return parse({"game": game}, None, state_dir=state_dir)


def parse(data: dict[str, Any], path: Path | None, state_dir: Path | None = None) -> Config:
    """Check a parsed TOML document and build the Config; ConfigError names the first fault."""
    with _in_file(path):
        if not data:
            raise SettingError(
                "(file)",
                _(
                    "has no settings: expected at least [game] seats = 3..8 or one [[seat]] "
                    "table per seat, with [buttons] and the panels; "
                    "hardware/config.example.toml shows every section"
                ),
            )
        check_keys(data, KNOWN_SECTIONS, "", _("unknown section"))
        game = _section(data, "game")
        keys = _game_keys()
        check_keys(game, tuple(keys), "game")
        checked = {
            key: check(game[key], f"game.{key}") for key, check in keys.items() if key in game
        }
        seat_tables = _tables(data.get("seat", []), "seat", SEAT_KEYS)
        seats = checked.get("seats", len(seat_tables) or MAX_SEATS)
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise SettingError(
                "seat",
                _("{count} [[seat]] tables: expected one per seat, {least} to {most}").format(
                    count=len(seat_tables), least=MIN_SEATS, most=MAX_SEATS
                ),
            )
        if seat_tables and len(seat_tables) != seats:
            said = _("{seats} seats but {count} [[seat]] tables")
            raise SettingError("game.seats", said.format(seats=seats, count=len(seat_tables)))
        bots: dict[int, str | None] = checked.get("bots", {})
        _check_bot_seats(tuple(bots), seats)
        _check_modules_fit(checked.get("modules", frozenset()), seats)
        console = _section(data, "console")
        check_keys(console, CONSOLE_KEYS, "console")
        stream = _section(data, "stream")
        if "stream" in data and not stream:
            raise SettingError("stream", _('empty: expected path = "/dev/ttyUSB0" (or a file)'))
        web = _section(data, "web")
        check_keys(web, tuple(_WEB_KEYS), "web")
        web_settings = WebSettings(
            **{key: check(web[key], f"web.{key}") for key, check in _WEB_KEYS.items() if key in web}
        )
        _check_web_caps(web_settings)
        panel = console.get("panel")
        wide = isinstance(panel, dict) and panel.get("driver") == "ssd1322"
        config = Config(
            path=path,
            table=TableConfig(
                seats=seats,
                roles=checked.get("roles", "physical"),
                house_rules=checked.get("house_rules", frozenset()),
                modules=checked.get("modules", frozenset()),
                real_piles=checked.get("real_piles", frozenset()),
                parts=configured_parts(checked),
                cards_mixed=mixed_configured(checked),
                state_dir=state_dir or checked.get("state_dir", DEFAULT_STATE_DIR),
                bots=tuple(sorted(bots)),
                bot_players={seat: p for seat, p in bots.items() if p is not None},
                bot_pause=checked.get("bot_pause", TableConfig.bot_pause),
                bot_player=checked.get("bot_player", TableConfig.bot_player),
            ),
            console_width=checked.get("console_width", 256 if wide else 128),
            language=checked.get("language", SOURCE),
            buttons=dict(_section(data, "buttons")),
            mux=dict(_section(data, "mux")) if "mux" in data else None,
            console=dict(console),
            seats=seat_tables,
            pods=_tables(data.get("pod", []), "pod", None),
            stream=dict(stream),
            buzzer=BuzzerSpec.from_config(_section(data, "buzzer")) if "buzzer" in data else None,
            web=web_settings,
        )
    config.devices()
    return config


@contextmanager
def _in_file(path: Path | None) -> Iterator[None]:
    """Turn a SettingError (which knows its key) into a ConfigError that names the file too."""
    try:
        yield
    except ConfigError:
        raise
    except SettingError as error:
        raise ConfigError(path or "<defaults>", error.key, error.problem) from error


# One check per [game] key: the value as read -> the value the table uses, or SettingError.


def _seats(value: Any, key: str) -> int:
    if not is_int(value) or not MIN_SEATS <= value <= MAX_SEATS:
        said = _("expected a whole number from {least} to {most}, got {value}")
        raise SettingError(key, said.format(least=MIN_SEATS, most=MAX_SEATS, value=shown(value)))
    return value


def _one_of(value: Any, key: str, words: tuple[str, ...]) -> str:
    """A string that is one of ``words``, which the error quotes."""
    if not isinstance(value, str) or value not in words:
        quoted = [f'"{word}"' for word in words]
        if len(words) == 2:
            said = _("expected {first} or {second}, got {value}").format(
                first=quoted[0], second=quoted[1], value=shown(value)
            )
        else:
            said = _("expected one of {words}, got {value}").format(
                words=", ".join(quoted), value=shown(value)
            )
        raise SettingError(key, said)
    return value


def _roles(value: Any, key: str) -> str:
    return _one_of(value, key, ROLES)


def _names(value: Any, key: str, known: Sequence[str], what: str) -> list[str]:
    """A list whose every entry is one of the ``known`` names (``what`` names one in errors)."""
    if not isinstance(value, list):
        said = _('expected a list such as ["{name}"], got {value}')
        raise SettingError(key, said.format(name=known[0], value=shown(value)))
    for name in value:
        if not isinstance(name, str) or name not in known:
            said = _("unknown {what} {name}; expected any of {known}")
            raise SettingError(
                key, said.format(what=what, name=shown(name), known=", ".join(known))
            )
    return value


def _house_rules(value: Any, key: str) -> frozenset[HouseRule]:
    known = [rule.value for rule in HouseRule]
    rules = _names(value, key, known, _("house rule"))
    return frozenset(HouseRule(rule) for rule in rules)


def _expansions(value: Any, key: str) -> list[str]:
    if not isinstance(value, list) or value:
        raise SettingError(
            key,
            _("reserved: expected an empty list; modules go in game.modules, got {value}").format(
                value=shown(value)
            ),
        )
    return value


def _modules(value: Any, key: str) -> frozenset[Module]:
    """The default modules: known ids, with the modules they need."""
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        said = _("expected a list of module ids (strings), got {value}")
        raise SettingError(key, said.format(value=shown(value)))
    try:
        chosen = frozenset(module(name) for name in value)
        validate_modules(chosen, MAX_SEATS, ())
    except SetupError as exc:
        raise SettingError(key, str(exc)) from None
    return chosen


def _real_piles(value: Any, key: str) -> frozenset[str]:
    """The piles the table draws for real (each a module's, ``REAL_PILES``)."""
    return frozenset(_names(value, key, sorted(REAL_PILES), _("pile")))


def _state_dir(value: Any, key: str) -> Path:
    if not isinstance(value, str) or "\0" in value or not value.strip():
        said = _('expected the directory for the game journals, such as "{example}", got {value}')
        raise SettingError(key, said.format(example=DEFAULT_STATE_DIR, value=shown(value)))
    directory = Path(value).expanduser()
    if not directory.is_absolute():
        said = _(
            "{value} is relative to wherever the companion happens to start: "
            'expected an absolute path such as "{example}"'
        )
        raise SettingError(key, said.format(value=shown(value), example=DEFAULT_STATE_DIR))
    return directory


def _console_width(value: Any, key: str) -> int:
    if not is_int(value) or value not in CONSOLE_WIDTHS:
        raise SettingError(key, _("expected 128 or 256, got {value}").format(value=shown(value)))
    return value


def _language(value: Any, key: str) -> str:
    """A language the box has a catalogue for (companion/locale/), English, or the
    pseudo-language that marks every catalogued word (docs/translating.md)."""
    known = languages()
    if not isinstance(value, str) or value not in known:
        named = ", ".join(f'"{code}"' for code in known)
        said = _("expected one of {words}, got {value}").format(words=named, value=shown(value))
        raise SettingError(key, said)
    return value


def _bots(value: Any, key: str) -> dict[int, str | None]:
    """The seats the box plays from the start of every set-up (a hold at set-up adds more),
    each with its own player where a table names one (None: ``bot_player``'s)."""
    if isinstance(value, dict):
        return {_bot_seat(seat, key): _bot_player(p, f"{key}.{seat}") for seat, p in value.items()}
    if not isinstance(value, list) or not all(is_int(seat) for seat in value):
        said = _(
            "expected a list of seat numbers such as [3], or seats and players such as "
            "{example}, got {value}"
        )
        raise SettingError(key, said.format(example='{ 3 = "random" }', value=shown(value)))
    for seat in value:
        if not 1 <= seat <= MAX_SEATS:
            said = _("seat {seat}: expected seat numbers from 1 to {most}")
            raise SettingError(key, said.format(seat=seat, most=MAX_SEATS))
    if len(set(value)) != len(value):
        said = _("{value} names a seat twice: expected each seat once")
        raise SettingError(key, said.format(value=shown(value)))
    return dict.fromkeys(sorted(value))


def _bot_seat(name: str, key: str) -> int:
    """A seat number written as a key of a TOML table ("3")."""
    if not name.isdigit() or not 1 <= int(name) <= MAX_SEATS:
        said = _("expected a seat number from 1 to {most} as the key").format(most=MAX_SEATS)
        raise SettingError(f"{key}.{name}", said)
    return int(name)


def _bot_pause(value: Any, key: str) -> float:
    """Seconds the table sees each choice coming before the box makes it."""
    number = not isinstance(value, bool) and isinstance(value, int | float)
    if not number or not 0 <= value <= MAX_BOT_PAUSE:
        said = _("expected seconds from 0 to {most}, got {value}")
        raise SettingError(key, said.format(most=f"{MAX_BOT_PAUSE:g}", value=shown(value)))
    return float(value)


def _bot_player(value: Any, key: str) -> str:
    """Which computer player takes the box's seats (companion/bots); a player an older box had
    is named as gone, with the one to write instead."""
    if isinstance(value, str) and value in RETIRED:
        said = _('the "{player}" player was removed (docs/bots.md): use "{instead}"')
        raise SettingError(key, said.format(player=value, instead=RETIRED[value]))
    return _one_of(value, key, tuple(BOTS))


def _check_modules_fit(modules: frozenset[Module], seats: int) -> None:
    """A module the table's seats can never play would refuse every set-up's DONE."""
    for m in sorted(modules):
        info = MODULES[m]
        if info.min_players > seats:
            said = _(
                "{module} ({title}) needs {least} or more players, but the table has "
                "{seats} seats: add seats or leave the module out"
            )
            raise SettingError(
                "game.modules",
                said.format(module=m, title=info.title, least=info.min_players, seats=seats),
            )


def _check_bot_seats(bots: tuple[int, ...], seats: int) -> None:
    """Seats the box plays are seats of this table, and a person plays at least one other."""
    for seat in bots:
        if seat > seats:
            said = _("seat {seat}, but the table has {seats} seats: expected 1 to {seats}")
            raise SettingError("game.bots", said.format(seat=seat, seats=seats))
    if len(bots) >= seats:
        said = _("every seat of {seats} is the box's: leave at least one for a person")
        raise SettingError("game.bots", said.format(seats=seats))


_GAME_KEYS: dict[str, Callable[[Any, str], Any]] = {
    "seats": _seats,
    "roles": _roles,
    "house_rules": _house_rules,
    "expansions": _expansions,
    "modules": _modules,
    "real_piles": _real_piles,
    "state_dir": _state_dir,
    "console_width": _console_width,
    "language": _language,
    "bots": _bots,
    "bot_pause": _bot_pause,
    "bot_player": _bot_player,
}


def _game_keys() -> dict[str, Callable[[Any, str], Any]]:
    """The ``[game]`` keys: the box's own, then those the modules installed take for their parts
    of the set-up (``SetupPart.config_key``), each one of its words."""
    keys = dict(_GAME_KEYS)
    for key, words in config_keys().items():
        if key in keys:
            said = _("a module installed takes this key, which is the box's own: expected another")
            raise SettingError(f"game.{key}", said)
        keys[key] = functools.partial(_one_of, words=words)
    return keys


# One check per [web] key (the public page, issue 26), as for [game].


def _enabled(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise SettingError(key, _("expected true or false, got {value}").format(value=shown(value)))
    return value


def _address(value: Any, key: str) -> str:
    """An IP address to listen on, written as numbers: a host name would need a name server
    before the table could start."""
    try:
        if not isinstance(value, str):
            raise ValueError
        return str(ipaddress.ip_address(value))
    except ValueError:
        said = _(
            'expected an IP address such as "0.0.0.0" (every network of the box) or '
            '"127.0.0.1" (this computer only), got {value}'
        )
        raise SettingError(key, said.format(value=shown(value))) from None


def _port(value: Any, key: str) -> int:
    if not is_int(value) or not 0 <= value <= 65535:
        said = _("expected a port number from 1024 to 65535 (0: any free one), got {value}")
        raise SettingError(key, said.format(value=shown(value)))
    if 0 < value < 1024:
        said = _(
            "{value} needs root, which the service never has: expected 1024 to 65535, such as 8080"
        )
        raise SettingError(key, said.format(value=value))
    return value


def _max_clients(value: Any, key: str) -> int:
    if not is_int(value) or not 1 <= value <= MAX_CLIENTS:
        said = _("expected a whole number from {least} to {most}, got {value}")
        raise SettingError(key, said.format(least=1, most=MAX_CLIENTS, value=shown(value)))
    return value


def _requests_per_minute(value: Any, key: str) -> int:
    if not is_int(value) or not 1 <= value <= 6000:
        said = _("expected requests a minute from each address, 1 to 6000, got {value}")
        raise SettingError(key, said.format(value=shown(value)))
    return value


def _streams_per_address(value: Any, key: str) -> int:
    if not is_int(value) or not 1 <= value <= MAX_CLIENTS:
        raise SettingError(
            key,
            _("expected streams open at once from one address, 1 to {most}, got {value}").format(
                most=MAX_CLIENTS, value=shown(value)
            ),
        )
    return value


def _connections(value: Any, key: str) -> int:
    if not is_int(value) or not 1 <= value <= MAX_CONNECTIONS:
        said = _("expected a whole number from {least} to {most}, got {value}")
        raise SettingError(key, said.format(least=1, most=MAX_CONNECTIONS, value=shown(value)))
    return value


def _timeout(value: Any, key: str) -> float:
    """Seconds a connection is given before it is dropped: long enough for a phone on a poor
    network, short enough that silent connections do not pile up."""
    number = not isinstance(value, bool) and isinstance(value, int | float)
    if not number or not 1 <= value <= MAX_WEB_TIMEOUT:
        said = _("expected seconds from 1 to {most}, got {value}")
        raise SettingError(key, said.format(most=f"{MAX_WEB_TIMEOUT:g}", value=shown(value)))
    return float(value)


MAX_WEB_TIMEOUT = 300


def _check_web_caps(web: WebSettings) -> None:
    """Each open request holds a connection: the connections must fit the requests."""
    if web.max_clients > web.max_connections:
        raise SettingError(
            "web.max_connections",
            _(
                "{connections} is fewer than max_clients ({clients}): "
                "expected at least as many connections as requests"
            ).format(connections=web.max_connections, clients=web.max_clients),
        )
    if web.connections_per_address > web.max_connections:
        raise SettingError(
            "web.connections_per_address",
            _(
                "{per_address} is more than max_connections ({connections}): "
                "expected at most as many"
            ).format(per_address=web.connections_per_address, connections=web.max_connections),
        )


_WEB_KEYS: dict[str, Callable[[Any, str], Any]] = {
    "enabled": _enabled,
    "address": _address,
    "port": _port,
    "max_clients": _max_clients,
    "requests_per_minute": _requests_per_minute,
    "streams_per_address": _streams_per_address,
    "max_connections": _connections,
    "connections_per_address": _connections,
    "header_timeout": _timeout,
    "idle_timeout": _timeout,
}


def _section(data: dict[str, Any], name: str) -> Any:
    return require_table(data.get(name, {}), name, f"[{name}]")


def _tables(value: Any, section: str, keys: tuple[str, ...] | None) -> list[dict[str, Any]]:
    """An array of tables ([[seat]], [[pod]]); ``keys`` (if given) are the only ones allowed."""
    if not isinstance(value, list):
        said = _("expected [[{section}]] tables, got {kind} {value}")
        raise SettingError(
            section, said.format(section=section, kind=type(value).__name__, value=shown(value))
        )
    for number, table in enumerate(value, start=1):
        require_table(table, f"{section}[{number}]")
        if keys is not None:
            check_keys(table, keys, f"{section}[{number}]")
    return [dict(table) for table in value]


def _devices(config: Config) -> DeviceSpecs:
    """Each device section built by its class, then what only the whole file can tell."""
    sections: dict[str, Any] = {"console": config.console, "seat": config.seats}
    if config.mux is not None:
        sections["mux"] = config.mux
    buttons = ButtonPins.from_config(config.buttons, config.seats)
    panels, mux = specs_from_config(sections)
    pods = [PodSpec.from_config(table, f"pod[{n}]") for n, table in enumerate(config.pods, 1)]
    stream = StreamSpec.from_config(config.stream) if config.stream else None
    _check_console_width(config.console_width, panels.get("console"))
    _check_seat_buttons(config.table.seats, buttons, pods)
    _check_serial_paths(pods, stream)
    check_pins(
        [
            *(use for name, spec in panels.items() for use in spec.pin_uses(panel_key(name))),
            *(mux.pin_uses() if mux else []),
            *buttons.pin_uses,
            *([config.buzzer.pin_use] if config.buzzer else []),
        ]
    )
    return DeviceSpecs(buttons, panels, mux, pods, stream)


def _check_console_width(width: int, console: PanelSpec | None) -> None:
    """The console picture is drawn ``width`` x 64; the console panel must be that size."""
    if console is None or console.size == (width, 64):
        return
    if console.rotate % 2:
        raise SettingError(
            "console.panel.rotate",
            _(
                "{turns} quarter turns make the console panel {size}, but its picture is "
                "{width}x64: expected 0 or 2"
            ).format(
                turns=console.rotate, size=f"{console.size[0]}x{console.size[1]}", width=width
            ),
        )
    raise SettingError(
        "game.console_width",
        _(
            "{width}, but the console panel (a {driver}) is {wide} wide: "
            "expected {wide}, or leave it out"
        ).format(width=width, driver=console.driver, wide=console.size[0]),
    )


def _check_seat_buttons(seats: int, buttons: ButtonPins, pods: list[PodSpec]) -> None:
    """A SEATn button beyond the table's seats would never mean anything."""
    wired = [(buttons.key_of(name), name) for name in buttons.pins]
    wired += [
        (f"pod[{number}].buttons.{pod_button}", name)
        for number, pod in enumerate(pods, start=1)
        for pod_button, name in pod.buttons.items()
    ]
    for key, name in wired:
        if name.startswith("SEAT") and int(name[4:]) > seats:
            said = _("{button}, but the table has {seats} seats: expected SEAT1..SEAT{seats}")
            raise SettingError(key, said.format(button=name, seats=seats))


def _check_serial_paths(pods: list[PodSpec], stream: StreamSpec | None) -> None:
    """One device per pod, and the event stream on a device of its own."""
    owner: dict[str, str] = {}
    paths = [(f"pod[{n}].path", pod.path) for n, pod in enumerate(pods, start=1)]
    paths += [("stream.path", stream.path)] if stream else []
    for key, path in paths:
        if path in owner:
            said = _("{path} is already {owner}: expected a device of its own")
            raise SettingError(key, said.format(path=path, owner=owner[path]))
        owner[path] = key
