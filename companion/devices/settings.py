"""Checks shared by the device settings that come from the TOML configuration.

A SettingError carries the key it is about ("seat[2].panel.address") apart from the problem,
so whoever reads the configuration names the key without parsing a message, and a device that
checks a nested table puts its errors under that table's key with ``within``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Mapping
from typing import Any, TypeGuard

from ..errors import CompanionError
from ..i18n import CORE, Catalogue

_ = Catalogue(CORE).gettext

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_SHOWN = 60  # characters of a value shown in an error: enough to recognise it, one line


class SettingError(CompanionError, ValueError):
    """A setting that cannot be used: ``key`` says where, ``problem`` what was expected."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: {problem}")
        self.key = key
        self.problem = problem

    def within(self, prefix: str) -> SettingError:
        """The same problem, its key placed under ``prefix`` ("address" -> "mux.address")."""
        return SettingError(f"{prefix}.{self.key}", self.problem)


def key_name(key: str) -> str:
    """A TOML key as the maker would write it: bare when it can be, quoted otherwise."""
    return key if _BARE_KEY.fullmatch(key) else shown(key)


def shown(value: Any) -> str:
    """A value for an error message: its repr on one line, cut to a readable length."""
    text = repr(value)
    return text if len(text) <= _SHOWN else f"{text[: _SHOWN - 3]}..."


def require_table(value: Any, key: str, example: str = "") -> Mapping[str, Any]:
    """``value`` if it is a TOML table; otherwise the error names ``key``."""
    if not isinstance(value, Mapping):
        kind = type(value).__name__
        if example:
            said = _("expected a table such as {example}, got {kind} {value}")
            raise SettingError(key, said.format(example=example, kind=kind, value=shown(value)))
        said = _("expected a table, got {kind} {value}")
        raise SettingError(key, said.format(kind=kind, value=shown(value)))
    return value


def unknown_key(key: str, expected: Collection[str], what: str = "") -> str:
    """The problem for a key nobody reads ("unknown key" unless ``what`` says otherwise): what
    is expected, and the nearest spelling."""
    close = difflib.get_close_matches(key, list(expected), n=1, cutoff=0.6)
    said = _("{what}; expected {keys}").format(
        what=what or _("unknown key"), keys=", ".join(expected)
    )
    return said + _("; did you mean {key}?").format(key=close[0]) if close else said


def check_keys(
    table: Mapping[str, Any], expected: Collection[str], prefix: str, what: str = ""
) -> None:
    """Refuse the first key of ``table`` that is not in ``expected`` (misspelt or unknown)."""
    for key in table:
        if key not in expected:
            name = f"{prefix}.{key_name(key)}" if prefix else key_name(key)
            raise SettingError(name, unknown_key(key, expected, what))


def is_int(value: object) -> TypeGuard[int]:
    """True for a TOML integer (not a bool, which Python counts as an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def require_device_path(value: Any, key: str) -> str:
    """A non-empty path string such as /dev/ttyACM0 or a file name."""
    if not isinstance(value, str) or not value.strip() or "\0" in value:
        said = _("expected a device path such as /dev/serial/by-id/..., got {value}")
        raise SettingError(key, said.format(value=shown(value)))
    return value


#: The fastest serial line worth configuring (the Pi's PL011 UART and USB CDC manage 4 Mbaud).
MAX_BAUDRATE = 4_000_000


def require_baudrate(value: Any, key: str) -> int:
    """A serial line speed in baud."""
    if not is_int(value) or not 0 < value <= MAX_BAUDRATE:
        said = _("{value}: expected a baud rate such as 115200, at most {most}")
        raise SettingError(key, said.format(value=shown(value), most=MAX_BAUDRATE))
    return value
