"""Fixtures for the serial tests: a pty pod, and a guard against leaked threads."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from .ptys import PtyPod, wait_for


@pytest.fixture
def pty_pod(tmp_path: Path) -> Iterator[PtyPod]:
    pod = PtyPod(tmp_path / "usb-Raspberry_Pi_Pico_E6614C311B-if00")
    yield pod
    pod.close()


@pytest.fixture(autouse=True)
def no_leaked_threads() -> Iterator[None]:
    before = set(threading.enumerate())
    yield
    leaked = [t for t in threading.enumerate() if t not in before and t.is_alive()]
    assert not leaked, f"threads left running: {leaked}"


@pytest.fixture(name="wait_for")
def wait_for_fixture() -> Callable[..., bool]:
    return wait_for
