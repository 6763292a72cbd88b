"""check-hardware's pod report: a pod behind a pseudo-terminal that answers PING with HELLO, and
a configured pod that is not plugged in."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import Config, load
from companion.hardware_check import check_hardware

from .fakes import MuxBus, Spi
from .serial.ptys import PtyPod

EXAMPLE = Path(__file__).resolve().parents[1] / "hardware" / "config.example.toml"


class AnsweringPod:
    """A pty pod whose firmware answers every PING with HELLO, on its own thread."""

    def __init__(self, link: Path, hello: bytes) -> None:
        self.pty = PtyPod(link)
        self.hello = hello
        self.pings = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._answer, name="answering pod")
        self._thread.start()

    def _answer(self) -> None:
        while not self._stop.is_set():
            lines = self.pty.read_lines(
                lambda lines: self._stop.is_set() or lines.count(b"PING") > self.pings
            )
            if lines.count(b"PING") > self.pings:
                self.pings += 1
                self.pty.write(self.hello)

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self.pty.close()


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    factory = MockFactory()
    yield factory
    factory.reset()
    factory.close()


@pytest.fixture
def no_leaked_threads() -> Iterator[None]:
    """Every pod reader thread check-hardware started has stopped when it returns."""
    before = set(threading.enumerate())
    yield
    leaked = [t for t in threading.enumerate() if t not in before and t.is_alive()]
    assert not leaked, f"threads left running: {leaked}"


def config_with_pods(pods: list[dict[str, object]]) -> Config:
    config = load(EXAMPLE)
    config.stream = {}
    config.pods = pods
    return config


def check(config: Config, factory: MockFactory, pod_wait: float) -> tuple[int, list[str]]:
    """Run check-hardware without asking for buttons; its exit code and its lines."""
    lines: list[str] = []
    bus = MuxBus()
    code = check_hardware(
        config,
        lines.append,
        open_i2c=lambda number: bus,
        open_spi=lambda: Spi(),
        pin_factory=factory,
        buttons=False,
        pod_wait=pod_wait,
    )
    return code, lines


def test_a_pod_that_answers_is_listed_with_its_id_and_buttons(
    tmp_path: Path, factory: MockFactory, no_leaked_threads: None
) -> None:
    pod = AnsweringPod(tmp_path / "usb-Raspberry_Pi_Pico_E6614C311B-if00", b"HELLO 1 pod-3 A B C\n")
    try:
        config = config_with_pods(
            [{"path": str(pod.pty.link), "buttons": {"A": "SEAT3", "B": "DONE"}}]
        )
        # The wait ends as soon as the pod has said HELLO; it is only an upper bound.
        code, lines = check(config, factory, pod_wait=30)
    finally:
        pod.close()
    assert pod.pings >= 1, "check-hardware never pinged the pod"
    assert f"pod {pod.pty.link}: 'pod-3', buttons A->SEAT3 B->DONE C->?" in lines
    assert not any(line.startswith("press ") for line in lines)  # buttons=False
    assert "buttons: not asked for (--no-buttons)" in lines
    assert lines[-1] == "all 10 configured parts answered"  # 9 panels and the pod
    assert code == 0


def test_a_configured_pod_that_is_not_plugged_in_is_a_problem(
    tmp_path: Path, factory: MockFactory, no_leaked_threads: None
) -> None:
    missing = tmp_path / "usb-Raspberry_Pi_Pico_000000000000-if00"
    config = config_with_pods([{"path": str(missing), "buttons": {"A": "SEAT4"}}])
    code, lines = check(config, factory, pod_wait=0.2)
    assert f"pod {missing}: not found" in lines
    assert lines[-1] == f"1 part(s) did not answer: pod {missing}"
    assert code == 1
