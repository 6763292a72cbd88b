"""Fixtures for the whole suite: gpiozero's mock pins, so device code runs on any computer, the
engine's strict mode, so a rule that asks a decision no answer fits fails its test, and the
Hypothesis profile, so the suite draws the same examples on every machine."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from hypothesis import settings

from companion.engine import Game, Module
from tests.installed_modules import OUTSIDE_RUN, holds_outside

# The suite's verdict depends only on the code: every property draws the same examples on every
# machine and run, none is kept from an earlier run, no example fails for its time on a loaded
# machine (tests never assert on time), and a failure prints the blob that replays it.
# scripts/explore loads "explore" instead: fresh random examples, many of them (explore.py).
settings.register_profile("suite", derandomize=True, database=None, print_blob=True, deadline=None)
settings.register_profile(
    "explore", derandomize=False, database=None, print_blob=True, deadline=None
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))


def _modules_walked(item: pytest.Item) -> list[frozenset[str]]:
    """The modules (or sets of them) among a test's parameters, each as a set of ids."""
    callspec = getattr(item, "callspec", None)
    found = []
    for value in callspec.params.values() if callspec else ():
        if hasattr(value, "modules"):  # a ModuleSet of the campaign, the base game's too
            found.append(frozenset(value.modules))
        elif isinstance(value, Module):
            found.append(frozenset({value}))
        elif (
            isinstance(value, frozenset | set)
            and value
            and all(isinstance(m, Module) for m in value)
        ):
            found.append(frozenset(value))
    return found


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test parametrized over the modules installed walks them (``walks_modules``). The outside
    run of scripts/test (the whole suite again, a module from outside installed) leaves out the
    cases whose parameters hold the box's own modules alone: the first run played them
    (``installed_modules``)."""
    kept, left = [], []
    for item in items:
        walks = _modules_walked(item)
        if walks:
            item.add_marker(pytest.mark.walks_modules)
        outside = not walks or any(holds_outside(modules) for modules in walks)
        if not OUTSIDE_RUN or outside:
            kept.append(item)
        else:
            left.append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


@pytest.fixture(autouse=True, scope="session")
def strict_decisions() -> Iterator[None]:
    """Every game the tests play in this process raises StateError where the table would skip
    a decision with no legal answer (``Game.strict_decisions``)."""
    Game.strict_decisions = True
    yield
    Game.strict_decisions = False


@pytest.fixture
def mock_factory() -> Iterator[MockFactory]:
    """A fresh mock pin factory installed as gpiozero's default, removed afterwards."""
    previous = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        factory.reset()
        factory.close()
        Device.pin_factory = previous
