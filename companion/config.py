"""The TOML configuration: seats, buttons, panels, pods, house rules, roles, state directory.

Every error names the file, the key and what was expected.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .devices.buttons import ButtonPins
from .devices.displays import MuxSpec, PanelSpec, specs_from_config
from .devices.pods import PodSpec
from .engine import HouseRule, Module, SetupError
from .engine.components import MAX_PLAYERS
from .engine.modules import module
from .engine.modules import validate as validate_modules
from .table import TableConfig

DEFAULT_PATH = Path("/etc/bang-companion/config.toml")
DEFAULT_STATE_DIR = Path("/var/lib/bang-companion")
KNOWN_SECTIONS = {"game", "buttons", "mux", "console", "seat", "pod", "stream"}
KNOWN_GAME_KEYS = {
    "roles",
    "house_rules",
    "expansions",
    "modules",
    "boneyard",
    "state_dir",
    "seats",
    "console_width",
}


class ConfigError(ValueError):
    """A configuration that cannot be used; the message says where and what was expected."""

    def __init__(self, path: Path | str, key: str, problem: str) -> None:
        super().__init__(f"{path}: {key}: {problem}")
        self.path = path
        self.key = key


@dataclass(frozen=True)
class DeviceSpecs:
    """The device sections, checked and built into the device classes' own settings."""

    buttons: ButtonPins
    panels: dict[str, PanelSpec]
    mux: MuxSpec | None
    pods: list[PodSpec]


@dataclass
class Config:
    """The parsed file. Device sections stay raw tables, checked by the device classes."""

    path: Path | None
    table: TableConfig
    console_width: int = 128
    buttons: dict[str, Any] = field(default_factory=dict)
    mux: dict[str, Any] = field(default_factory=dict)
    console: dict[str, Any] = field(default_factory=dict)
    seats: list[dict[str, Any]] = field(default_factory=list)
    pods: list[dict[str, Any]] = field(default_factory=list)
    stream: dict[str, Any] = field(default_factory=dict)

    def devices(self) -> DeviceSpecs:
        """Buttons, panels, mux and pods as the devices take them; ConfigError if wrong."""
        where = self.path or "<defaults>"
        sections: dict[str, Any] = {"console": self.console, "seat": self.seats}
        if self.mux:
            sections["mux"] = self.mux
        try:
            buttons = ButtonPins.from_config(self.buttons, self.seats)
            panels, mux = specs_from_config(sections)
            pods = [PodSpec.from_config(table) for table in self.pods]
        except (ValueError, TypeError) as exc:
            # The device classes name the key first ("buttons.DONE: ..."); keep it as the key.
            key, _, problem = str(exc).partition(": ")
            raise ConfigError(where, key, problem or key) from exc
        return DeviceSpecs(buttons, panels, mux, pods)


def load(path: Path) -> Config:
    """Read and check a configuration file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(path, "(file)", "not found; see hardware/config.example.toml") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(path, "(file)", f"cannot be read: {exc}") from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(path, "(syntax)", f"not valid TOML: {exc}") from exc
    return parse(data, path)


def defaults(state_dir: Path | None = None, seats: int = 5) -> Config:
    """The configuration used when there is no file (the emulator on a computer)."""
    return parse({"game": {"seats": seats}}, None, state_dir=state_dir)


def parse(data: dict[str, Any], path: Path | None, state_dir: Path | None = None) -> Config:
    where = path or "<defaults>"
    unknown = set(data) - KNOWN_SECTIONS
    if unknown:
        raise ConfigError(
            where,
            sorted(unknown)[0],
            f"unknown section; expected {', '.join(sorted(KNOWN_SECTIONS))}",
        )
    game = _table(data, "game", where)
    unknown = set(game) - KNOWN_GAME_KEYS
    if unknown:
        raise ConfigError(
            where,
            f"game.{sorted(unknown)[0]}",
            f"unknown key; expected {', '.join(sorted(KNOWN_GAME_KEYS))}",
        )
    roles = game.get("roles", "physical")
    if roles not in ("physical", "dealt"):
        raise ConfigError(where, "game.roles", f'expected "physical" or "dealt", got {roles!r}')
    house_rules = _list(game, "house_rules", where, "game.")
    try:
        rules = frozenset(HouseRule(h) for h in house_rules)
    except ValueError:
        bad = next(h for h in house_rules if h not in {r.value for r in HouseRule})
        raise ConfigError(
            where,
            "game.house_rules",
            f"unknown house rule {bad!r}; expected any of {', '.join(r.value for r in HouseRule)}",
        ) from None
    expansions = _list(game, "expansions", where, "game.")
    if expansions:
        raise ConfigError(
            where,
            "game.expansions",
            "reserved: expected an empty list; modules go in game.modules",
        )
    modules = _modules(_list(game, "modules", where, "game."), where)
    boneyard = game.get("boneyard", "simulated")  # Undead or Alive 4: who draws the cards
    if boneyard not in ("simulated", "real"):
        raise ConfigError(
            where, "game.boneyard", f'expected "simulated" or "real", got {boneyard!r}'
        )
    seat_tables = data.get("seat", [])
    if not isinstance(seat_tables, list) or not all(isinstance(s, dict) for s in seat_tables):
        raise ConfigError(where, "seat", "expected [[seat]] tables, one per seat")
    seats = game.get("seats", len(seat_tables) or 8)
    if not isinstance(seats, int) or isinstance(seats, bool) or not 3 <= seats <= 8:
        raise ConfigError(
            where, "game.seats", f"expected a whole number from 3 to 8, got {seats!r}"
        )
    if seat_tables and len(seat_tables) != seats:
        raise ConfigError(
            where, "game.seats", f"{seats} seats but {len(seat_tables)} [[seat]] tables"
        )
    console = _table(data, "console", where)
    panel = console.get("panel", {})
    wide = isinstance(panel, dict) and panel.get("driver") == "ssd1322"
    console_width = game.get("console_width", 256 if wide else 128)
    if console_width not in (128, 256):
        raise ConfigError(
            where, "game.console_width", f"expected 128 or 256, got {console_width!r}"
        )
    directory = state_dir or Path(game.get("state_dir", DEFAULT_STATE_DIR))
    pods = data.get("pod", [])
    if not isinstance(pods, list) or not all(isinstance(p, dict) for p in pods):
        raise ConfigError(where, "pod", "expected [[pod]] tables")
    config = Config(
        path=path,
        table=TableConfig(
            seats=seats,
            roles=roles,
            house_rules=rules,
            modules=modules,
            real_boneyard=boneyard == "real",
            state_dir=directory,
        ),
        console_width=console_width,
        buttons=_table(data, "buttons", where),
        mux=_table(data, "mux", where),
        console=console,
        seats=seat_tables,
        pods=pods,
        stream=_table(data, "stream", where),
    )
    config.devices()
    return config


def _modules(names: list[Any], where: Path | str) -> frozenset[Module]:
    """The default modules: known ids, playable, with the modules they need."""
    try:
        chosen = frozenset(module(name) for name in names)
        validate_modules(chosen, MAX_PLAYERS, ())
    except SetupError as exc:
        raise ConfigError(where, "game.modules", str(exc)) from None
    return chosen


def _table(data: dict[str, Any], key: str, where: Path | str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ConfigError(where, key, f"expected a [{key}] table, got {type(value).__name__}")
    return value


def _list(data: dict[str, Any], key: str, where: Path | str, prefix: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ConfigError(where, f"{prefix}{key}", f"expected a list, got {value!r}")
    return value
