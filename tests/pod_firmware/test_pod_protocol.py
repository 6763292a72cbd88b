"""The pod firmware's protocol code, run under CPython against the companion's own."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.devices import pod_protocol as companion

FIRMWARE = Path(__file__).resolve().parents[2] / "hardware" / "pod" / "pod_protocol.py"


def load_firmware() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pod_firmware_protocol", FIRMWARE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


firmware = load_firmware()

tokens = st.text(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-", min_size=1, max_size=32
)
counts = st.integers(0, 99)
prompts = st.text(st.characters(exclude_categories=["Cs"]), max_size=60)


@given(tokens, st.lists(tokens, max_size=16, unique=True))
def test_firmware_hello_parses_on_the_companion(pod_id, buttons):
    line = firmware.format_hello(pod_id, buttons)
    assert companion.parse_line(line) == companion.Hello(pod_id, tuple(buttons))
    assert line == companion.format_message(companion.Hello(pod_id, tuple(buttons)))


@given(tokens)
def test_firmware_press_hold_and_beat_parse_on_the_companion(button):
    assert companion.parse_line(firmware.format_press(button)) == companion.Press(button)
    assert companion.parse_line(firmware.format_hold(button)) == companion.Hold(button)
    assert companion.parse_line(firmware.format_beat()) == companion.Heartbeat()


@given(counts, counts, counts, st.booleans(), st.booleans(), st.booleans(), prompts)
def test_companion_seat_state_parses_on_the_firmware(life, top, arrows, turn, legal, out, prompt):
    line = companion.format_seat_state(
        life, top, arrows, turn=turn, legal=legal, eliminated=out, prompt=prompt
    )
    assert firmware.parse_line(line) == {
        "type": "STATE",
        "life": life,
        "max_life": top,
        "arrows": arrows,
        "turn": turn,
        "legal": legal,
        "eliminated": out,
        "prompt": prompt,
    }


def test_companion_ping_parses_on_the_firmware():
    assert firmware.parse_line(companion.format_ping()) == {"type": "PING"}
    assert firmware.parse_line(b"PING\r\n") == {"type": "PING"}


def assert_judged_alike(line: bytes) -> None:
    """Both parsers accept the same STATE and PING lines and read the same values from them."""
    try:
        expected = companion.parse_line(line)
    except companion.ProtocolError:
        expected = None
    try:
        got = firmware.parse_line(line)
    except firmware.ProtocolError:
        got = None
    if isinstance(expected, companion.SeatState):
        assert got == {"type": "STATE", **vars(expected)}
    elif isinstance(expected, companion.Ping):
        assert got == {"type": "PING"}
    else:
        assert got is None


@given(st.binary(max_size=400))
def test_firmware_and_companion_agree_on_which_lines_are_seat_states(data):
    """Whatever the bytes, both sides accept the same STATE lines and read the same values."""
    assert_judged_alike(data)


@given(
    st.sampled_from(["STATE ", "STATE 1 2 3 ", "STATE 1 2 3 0 1 0 ", "PING", "HELLO 1 "]),
    st.text(st.sampled_from(" 0129Aa\\xF\r\x00é"), max_size=30),
)
def test_near_miss_lines_are_judged_alike(head, tail):
    line = (head + tail).encode()
    assert_judged_alike(line)


@given(prompts)
def test_firmware_unescapes_what_the_companion_escapes(text):
    assert firmware.unescape_prompt(companion.escape_prompt(text)) == text


@pytest.mark.parametrize(
    ("call", "args"),
    [
        ("format_hello", ("bad id", ["A"])),
        ("format_hello", ("pod", ["A", "A"])),
        ("format_hello", ("pod", [str(n) for n in range(17)])),
        ("format_press", ("",)),
        ("format_hold", ("A B",)),
    ],
)
def test_firmware_refuses_to_send_what_the_companion_would_reject(call, args):
    with pytest.raises(ValueError):
        getattr(firmware, call)(*args)


def test_line_reader_drops_overlong_lines_and_keeps_the_rest():
    reader = firmware.LineReader()
    assert reader.feed(b"PI") == []
    assert reader.feed(b"NG\nSTATE") == [b"PING"]
    assert reader.feed(b"x" * 1000) == []
    assert reader.feed(b"\nPING\r\n") == [b"PING\r"]
    assert reader.dropped == 1
    full = b"p" * firmware.MAX_LINE
    assert reader.feed(full + b"\r\n") == [full + b"\r"]


def press_script(tracker, levels):
    """Feed (level, until_ms) steps at 1 ms intervals; collect what the tracker reports."""
    reported = []
    now = 0
    for level, until in levels:
        while now < until:
            event = tracker.update(level, now)
            if event:
                reported.append((event, now))
            now += 1
    return reported


def test_tracker_reports_a_short_push_as_press_on_release():
    tracker = firmware.ButtonTracker(debounce_ms=20, hold_ms=800)
    assert press_script(tracker, [(False, 50), (True, 250), (False, 400)]) == [("PRESS", 270)]


def test_tracker_reports_a_long_push_as_one_hold_and_no_press():
    tracker = firmware.ButtonTracker(debounce_ms=20, hold_ms=800)
    assert press_script(tracker, [(True, 2000), (False, 2100)]) == [("HOLD", 800)]


def test_tracker_ignores_bounce_shorter_than_the_debounce_time():
    tracker = firmware.ButtonTracker(debounce_ms=20, hold_ms=800)
    bouncy_push = [(True, 5), (False, 8), (True, 12), (False, 15), (True, 200)]
    bouncy_release = [(False, 203), (True, 207), (False, 400)]
    assert press_script(tracker, bouncy_push + bouncy_release) == [("PRESS", 227)]


def test_tracker_uses_the_given_tick_difference_for_wrap_around():
    period = 1 << 30

    def ticks_diff(a, b):
        return ((a - b + period // 2) % period) - period // 2

    tracker = firmware.ButtonTracker(debounce_ms=20, hold_ms=800, ticks_diff=ticks_diff)
    start = period - 100
    assert tracker.update(True, start) is None
    assert tracker.update(True, (start + 30) % period) is None
    assert tracker.update(True, (start + 800) % period) == "HOLD"
