"""One root for the project's errors: ``except CompanionError`` catches every error the project
raises on purpose and nothing else, while each error still is the built-in type a caller caught
it by before (gpiozero's way: ``GPIOZeroError`` and its tree)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import companion
from companion.config import ConfigError
from companion.devices.pod_protocol import ProtocolError, parse_line
from companion.devices.settings import SettingError
from companion.engine import CompanionError, Game, SetupError, StateError
from companion.errors import CompanionError as GivenRoot
from companion.table.records import RecordError
from companion.web.settings import WebPageError

# Every module of the package but the one that runs the command line when imported.
MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(companion.__path__, "companion.")
    if info.name != "companion.__main__"
)


def project_exceptions() -> dict[str, type[BaseException]]:
    """Every exception class a module under companion/ defines, by its dotted name."""
    found: dict[str, type[BaseException]] = {}
    for name in MODULES:
        module = importlib.import_module(name)
        todo = list(vars(module).values())
        while todo:
            value = todo.pop()
            if inspect.isclass(value) and value.__module__ == name:
                todo += vars(value).values()  # a class defined inside a class
                if issubclass(value, BaseException):
                    found[f"{name}.{value.__qualname__}"] = value
    return found


def test_the_walk_finds_the_errors_of_every_layer() -> None:
    found = set(project_exceptions())
    assert {
        "companion.engine.errors.StateError",
        "companion.table.records.JournalError",
        "companion.table.refused.Refused",
        "companion.devices.pod_protocol.ProtocolError",
        "companion.hardware_check.HardwareError",
        "companion.config.ConfigError",
    } <= found


def test_every_exception_of_the_project_is_a_companion_error() -> None:
    outside = sorted(
        name for name, error in project_exceptions().items() if not issubclass(error, GivenRoot)
    )
    assert not outside, f"not under CompanionError: {', '.join(outside)}"


def test_the_root_is_one_class_wherever_it_is_imported_from() -> None:
    assert GivenRoot is CompanionError
    assert CompanionError.__bases__ == (Exception,)


def test_each_error_keeps_the_built_in_type_it_was_caught_by() -> None:
    for error in (SetupError, StateError, RecordError, SettingError, ConfigError, ProtocolError):
        assert issubclass(error, ValueError), error
    assert issubclass(WebPageError, RuntimeError)


def test_one_except_catches_a_refused_game_state_and_a_bad_pod_line() -> None:
    caught = []
    for wrong in (lambda: Game.from_json({}), lambda: parse_line(b"PRESS\n")):
        try:
            wrong()
        except CompanionError as error:
            caught.append(type(error))
    assert caught == [StateError, ProtocolError]
