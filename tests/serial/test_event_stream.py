"""EventStream to files, FIFOs and pseudo-terminals, including their going away."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from companion.devices.event_stream import (
    EventStream,
    decode_event_line,
    encode_event,
    read_event_stream,
)

EVENTS = [
    {"type": "roll", "dice": ["arrow", "beer", "dynamite"], "seat": 1},
    {"type": "life_lost", "seat": 3, "amount": 1, "note": "Bull's Eye ☆ \n newline"},
    {"type": "game_over", "winners": []},
]


def with_version(*events: dict) -> list[dict]:
    return [{"v": 1, **event} for event in events]


def test_file_stream_reads_back_as_the_same_events(tmp_path):
    path = tmp_path / "events.jsonl"
    with EventStream(path) as stream:
        assert not stream.serial_port
        assert [stream.write(event) for event in EVENTS] == [True, True, True]
    assert read_event_stream(path) == with_version(*EVENTS)
    assert path.read_bytes().count(b"\n") == 3


def test_file_stream_is_appended_to(tmp_path):
    path = tmp_path / "events.jsonl"
    path.write_bytes(encode_event({"type": "earlier"}))
    with EventStream(path) as stream:
        stream.write(EVENTS[0])
    assert read_event_stream(path) == with_version({"type": "earlier"}, EVENTS[0])


def test_removed_file_is_recreated(tmp_path):
    path = tmp_path / "events.jsonl"
    with EventStream(path) as stream:
        stream.write(EVENTS[0])
        path.unlink()
        assert stream.write(EVENTS[1])
    assert read_event_stream(path) == with_version(EVENTS[1])


def test_stream_survives_its_directory_going_away(tmp_path, wait_for):
    folder = tmp_path / "follow"
    folder.mkdir()
    path = folder / "events.jsonl"
    with EventStream(path) as stream:
        assert stream.write(EVENTS[0])
        shutil.rmtree(folder)
        assert not stream.write(EVENTS[1])
        assert not stream.up

        folder.mkdir()
        assert wait_for(lambda: stream.write(EVENTS[2])), "stream never reopened"
        assert stream.up
    assert read_event_stream(path) == with_version(EVENTS[2])


def test_fifo_without_a_reader_is_down_until_one_comes(tmp_path, wait_for):
    path = tmp_path / "events.fifo"
    os.mkfifo(path)
    with EventStream(path) as stream:
        assert not stream.write(EVENTS[0])
        reader = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        try:
            assert wait_for(lambda: stream.write(EVENTS[1])), "stream never found the reader"
            assert decode_event_line(os.read(reader, 4096)) == with_version(EVENTS[1])[0]
        finally:
            os.close(reader)


def test_pty_stream_reads_back_and_survives_unplugging(pty_pod, wait_for):
    with EventStream(pty_pod.link) as stream:
        assert stream.serial_port
        assert stream.up
        for event in EVENTS:
            assert stream.write(event)
        lines = pty_pod.read_lines(lambda lines: len(lines) >= 3)
        assert [decode_event_line(line) for line in lines] == with_version(*EVENTS)

        pty_pod.unplug()
        assert not stream.write(EVENTS[0])
        assert not stream.up
        pty_pod.plug()
        assert wait_for(lambda: stream.write(EVENTS[1])), "stream never reopened the port"
        lines = pty_pod.read_lines(lambda lines: len(lines) >= 1)
        assert [decode_event_line(line) for line in lines] == with_version(EVENTS[1])


def test_missing_serial_port_is_down_without_raising(tmp_path):
    with EventStream(tmp_path / "gone", serial_port=True) as stream:
        assert not stream.up
        assert not stream.write(EVENTS[0])
    assert not (tmp_path / "gone").exists()


def test_encoding_is_one_compact_line_with_the_version_first():
    line = encode_event({"type": "x", "text": "a\nb ☆"})
    assert line == '{"v":1,"type":"x","text":"a\\nb ☆"}\n'.encode()
    assert json.loads(line) == {"v": 1, "type": "x", "text": "a\nb ☆"}


@pytest.mark.parametrize(
    ("event", "error"),
    [({"v": 2}, ValueError), ({"x": float("nan")}, ValueError), ({"x": object()}, TypeError)],
)
def test_events_json_cannot_carry_are_a_caller_bug(tmp_path, event, error):
    with EventStream(tmp_path / "events.jsonl") as stream, pytest.raises(error):
        stream.write(event)


@pytest.mark.parametrize("line", [b"[1]", b'{"type": "x"}', b'{"v": 2}', b"{", b""])
def test_decoding_rejects_what_is_not_a_version_1_event(line):
    with pytest.raises(ValueError):
        decode_event_line(line)


def test_reader_skips_an_unfinished_last_line_and_names_bad_ones(tmp_path):
    path = tmp_path / "events.jsonl"
    path.write_bytes(encode_event({"type": "a"}) + b'{"v":1,"ty')
    assert read_event_stream(path) == [{"v": 1, "type": "a"}]
    path.write_bytes(encode_event({"type": "a"}) + b"oops\n")
    with pytest.raises(ValueError, match="line 2"):
        read_event_stream(path)
