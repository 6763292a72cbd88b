"""SerialPod against real pseudo-terminals: presses in, seat states out, unplug and re-plug."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from companion.devices.inputs import ButtonEvent, InputQueue
from companion.devices.pod_protocol import Hello, Ping, SeatState, parse_line
from companion.devices.pods import PodCounters, PodSpec, SerialPod

BUTTONS = {"A": "SEAT3", "B": "DONE"}


def events(queue: InputQueue, count: int) -> list[tuple[str, str, str]]:
    """The next count events as (button, kind, source), or fewer if they never come."""
    got = []
    for _ in range(count):
        event = queue.get(timeout=10)
        if event is None:
            break
        got.append((event.button, event.kind, event.source))
    return got


@pytest.fixture
def queue() -> InputQueue:
    return InputQueue()


@pytest.fixture
def pod(pty_pod, queue, wait_for):
    with SerialPod(PodSpec(str(pty_pod.link), BUTTONS), queue) as pod:
        assert wait_for(lambda: pod.connected), "pod never connected"
        yield pod


def test_presses_and_holds_arrive_in_order_with_table_names(pty_pod, pod, queue, wait_for):
    source = f"pod:{pty_pod.link}"
    pty_pod.write(b"HELLO 1 pod-3 A B\nPRESS A\nHOLD A\nPRESS B\r\nHOLD B\n")

    assert events(queue, 4) == [
        ("SEAT3", "press", source),
        ("SEAT3", "hold", source),
        ("DONE", "press", source),
        ("DONE", "hold", source),
    ]
    assert pod.hello == Hello("pod-3", ("A", "B"))
    assert pod.counters == PodCounters(lines=5, presses=2, holds=2, connects=1)


def test_pod_is_pinged_on_connect_so_it_announces_itself(pty_pod, pod):
    lines = pty_pod.read_lines(lambda lines: bool(lines))
    assert [parse_line(line) for line in lines] == [Ping()]


def test_replugged_pod_is_picked_up_again(pty_pod, pod, queue, wait_for):
    pty_pod.write(b"PRESS A\n")
    assert events(queue, 1) == [("SEAT3", "press", f"pod:{pty_pod.link}")]

    pty_pod.unplug()
    assert wait_for(lambda: not pod.connected), "unplugging went unnoticed"
    assert pod.hello is None
    pty_pod.plug()
    assert wait_for(lambda: pod.connected), "re-plugged pod was not reopened"

    pty_pod.write(b"HELLO 1 pod-3 A B\nPRESS B\n")
    assert events(queue, 1) == [("DONE", "press", f"pod:{pty_pod.link}")]
    assert wait_for(lambda: pod.hello == Hello("pod-3", ("A", "B")))
    counters = pod.counters
    assert (counters.connects, counters.disconnects) == (2, 1)


def test_garbage_is_counted_and_valid_lines_still_get_through(pty_pod, pod, queue, caplog):
    caplog.set_level(logging.WARNING)
    pty_pod.write(b"\xff\xfe not UTF-8\n")
    pty_pod.write(b"PRESS A B\nSTATE 1 2\nPRESS \x03\n")
    pty_pod.write(b"FOO bar\nPING\n")
    pty_pod.write(b"PRESS Z\n")
    pty_pod.write(b"X" * 1000 + b"\n")
    pty_pod.write(b"Y" * 300)
    pty_pod.write(b"Y" * 300 + b"\nPRE")
    pty_pod.write(b"SS A\nPRESS")
    pty_pod.write(b" B\n\n\r\nHOLD A\n")

    source = f"pod:{pty_pod.link}"
    assert events(queue, 3) == [
        ("SEAT3", "press", source),
        ("DONE", "press", source),
        ("SEAT3", "hold", source),
    ]
    assert pod.counters == PodCounters(
        lines=12,
        presses=2,
        holds=1,
        malformed=4,
        oversized=2,
        unknown=2,
        unmapped=1,
        connects=1,
    )
    assert "oversized line ignored" in caplog.text
    assert "'Z'" in caplog.text


def test_send_state_reaches_the_pod_as_a_parseable_line(pty_pod, pod):
    prompt = "Bull's Eye 1: shoot \\ seat?\x03 ☆"
    pod.send_state(5, 8, 2, turn=True, legal=True, prompt=prompt)

    lines = pty_pod.read_lines(lambda lines: len(lines) >= 2)
    assert [parse_line(line) for line in lines] == [
        Ping(),
        SeatState(5, 8, 2, turn=True, legal=True, eliminated=False, prompt=prompt),
    ]


def test_state_is_resent_when_the_pod_says_hello(pty_pod, pod):
    pod.send_state(0, 9, 0, eliminated=True)
    pty_pod.write(b"HELLO 1 pod-3 A B\n")

    lines = pty_pod.read_lines(lambda lines: len(lines) >= 3)
    state = SeatState(0, 9, 0, eliminated=True)
    assert [parse_line(line) for line in lines] == [Ping(), state, state]


def test_state_sent_while_unplugged_is_shown_once_plugged_in(tmp_path, pty_pod, queue, wait_for):
    link = tmp_path / "later"
    with SerialPod(PodSpec(str(link), BUTTONS), queue) as pod:
        pod.send_state(3, 4, 1, prompt="not yet")
        assert not pod.connected
        assert pod.counters.write_errors == 0

        link.symlink_to(pty_pod.link.resolve())
        assert wait_for(lambda: pod.connected), "pod plugged in late was never opened"
        lines = pty_pod.read_lines(lambda lines: len(lines) >= 2)
        assert [parse_line(line) for line in lines] == [
            Ping(),
            SeatState(3, 4, 1, prompt="not yet"),
        ]


def test_close_while_waiting_for_a_missing_device(tmp_path: Path, queue):
    pod = SerialPod(PodSpec(str(tmp_path / "missing"), BUTTONS), queue)
    pod.close()
    pod.close()
    assert not pod.connected
    assert queue.drain() == []


def test_send_state_rejects_values_the_protocol_cannot_carry(tmp_path, queue):
    with (
        SerialPod(PodSpec(str(tmp_path / "missing")), queue) as pod,
        pytest.raises(ValueError, match="life=100"),
    ):
        pod.send_state(100, 8, 0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"path": ""}, "expected a device path"),
        (
            {"buttons": {"A": "SEAT9"}},
            r"buttons\.A: 'SEAT9': expected ROLL, DONE, UNDO, DIE1..DIE6",
        ),
        ({"buttons": {"A B": "DONE"}}, r"buttons\.'A B': not a pod button id: expected 1 to 32"),
        ({"buttons": ["A"]}, "expected a table of pod button ids"),
        ({"baudrate": 0}, "baudrate: 0: expected a baud rate such as 115200"),
        ({"baudrate": "fast"}, "expected a baud rate"),
    ],
)
def test_pod_spec_says_what_is_wrong(kwargs, message):
    settings = {"path": "/dev/serial/by-id/pod", "buttons": BUTTONS} | kwargs
    with pytest.raises(ValueError, match=message):
        PodSpec(**settings)


def test_pod_spec_seat_and_defaults():
    spec = PodSpec("/dev/serial/by-id/pod", {"A": "SEAT3", "B": "DONE"})
    assert (spec.seat, spec.baudrate) == (3, 115200)
    assert PodSpec("/dev/x", {"A": "SEAT1", "B": "SEAT2"}).seat is None
    assert PodSpec("/dev/x").seat is None
    assert ButtonEvent(spec.buttons["A"]).button == "SEAT3"


def test_pod_spec_from_a_config_table():
    table = {"path": "/dev/serial/by-id/pod", "buttons": {"A": "SEAT3"}, "baudrate": 9600}
    assert PodSpec.from_config(table) == PodSpec("/dev/serial/by-id/pod", {"A": "SEAT3"}, 9600)
    with pytest.raises(ValueError, match=r"pod\.seat: unknown key; expected path, buttons"):
        PodSpec.from_config({"path": "/dev/x", "seat": 3})
    with pytest.raises(ValueError, match=r"pod\.path: missing"):
        PodSpec.from_config({"buttons": {}})
