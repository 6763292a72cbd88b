"""Fixtures for the whole suite: gpiozero's mock pins, so device code runs on any computer, and
the engine's strict mode, so a rule that asks a decision no answer fits fails its test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.engine import Game


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
