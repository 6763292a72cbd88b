"""The pod line protocol: round trips, hostile bytes and the examples in the document."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.devices.pod_protocol import (
    MAX_LINE,
    Heartbeat,
    Hello,
    Hold,
    LineSplitter,
    OversizedLineError,
    Ping,
    Press,
    ProtocolError,
    SeatState,
    UnknownMessageError,
    escape_prompt,
    format_message,
    format_ping,
    format_seat_state,
    parse_line,
    unescape_prompt,
)

ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
tokens = st.text(ID_ALPHABET, min_size=1, max_size=32)
counts = st.integers(0, 99)
prompts = st.text(st.characters(exclude_categories=["Cs"]), max_size=60)

messages = st.one_of(
    st.builds(Hello, tokens, st.lists(tokens, max_size=6, unique=True).map(tuple)),
    st.builds(Press, tokens),
    st.builds(Hold, tokens),
    st.just(Heartbeat()),
    st.just(Ping()),
    st.builds(SeatState, counts, counts, counts, st.booleans(), st.booleans(), st.booleans()),
)


@given(messages)
def test_every_message_survives_format_then_parse(message):
    line = format_message(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert len(line) <= MAX_LINE + 1
    assert parse_line(line) == message


@given(counts, counts, counts, st.booleans(), st.booleans(), st.booleans(), prompts)
def test_seat_state_round_trips_with_any_short_prompt(life, top, arrows, turn, legal, out, prompt):
    line = format_seat_state(
        life, top, arrows, turn=turn, legal=legal, eliminated=out, prompt=prompt
    )
    assert parse_line(line) == SeatState(life, top, arrows, turn, legal, out, prompt)
    assert all(byte >= 0x20 and byte != 0x7F for byte in line[:-1])


@given(st.text(st.characters(exclude_categories=["Cs"]), min_size=200, max_size=400))
def test_a_long_prompt_is_cut_to_fit_the_line(prompt):
    line = format_seat_state(1, 2, 3, prompt=prompt)
    assert len(line) <= MAX_LINE + 1
    assert prompt.startswith(parse_line(line).prompt)


@given(st.binary(max_size=600))
def test_arbitrary_bytes_raise_nothing_but_protocol_error(data):
    with contextlib.suppress(ProtocolError):
        parse_line(data)


@given(
    st.sampled_from(["HELLO", "PRESS", "HOLD", "BEAT", "STATE", "PING", "HELLO 1", "STATE 1 2 3"]),
    st.text(st.sampled_from(" 019AZaz_-\\x\r\x00é"), max_size=40),
)
def test_near_miss_lines_raise_nothing_but_protocol_error(keyword, rest):
    with contextlib.suppress(ProtocolError):
        parse_line(f"{keyword} {rest}".encode())


@given(st.text(st.characters(exclude_categories=["Cs"])))
def test_escaping_round_trips_and_leaves_no_control_characters(text):
    escaped = escape_prompt(text)
    assert unescape_prompt(escaped) == text
    assert all(ord(c) >= 0x20 and ord(c) != 0x7F for c in escaped)


@given(st.lists(st.binary(max_size=300), max_size=8), st.data())
def test_splitting_does_not_depend_on_how_bytes_arrive(lines, data):
    stream = b"".join(line.replace(b"\n", b"") + b"\n" for line in lines)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=10)))
    chunks = [stream[a:b] for a, b in zip([0, *cuts], [*cuts, len(stream)], strict=True)]
    splitter = LineSplitter()
    pieces = [line for chunk in chunks for line in splitter.feed(chunk)]
    assert pieces == LineSplitter().feed(stream)
    expected = [line.replace(b"\n", b"") for line in lines]
    assert len(pieces) == len(expected)
    for piece, line in zip(pieces, expected, strict=True):
        if len(line) > MAX_LINE + 1:
            assert piece == line[: MAX_LINE + 2]
            with pytest.raises(OversizedLineError):
                parse_line(piece)
        else:
            assert piece == line


def test_splitter_reports_an_endless_line_once_and_recovers():
    splitter = LineSplitter()
    assert splitter.feed(b"Z" * 200) == []
    [oversized] = splitter.feed(b"Z" * 200)
    with pytest.raises(OversizedLineError):
        parse_line(oversized)
    assert splitter.feed(b"Z" * 5000) == []
    assert splitter.feed(b"ZZ\nPRESS A\nPRE") == [b"PRESS A"]
    splitter.reset()
    assert splitter.feed(b"SS B\n") == [b"SS B"]


def test_a_full_length_line_with_crlf_is_not_oversized():
    line = b"STATE 1 2 3 0 0 0 " + b"p" * (MAX_LINE - 18)
    assert len(line) == MAX_LINE
    assert LineSplitter().feed(line + b"\r\n") == [line + b"\r"]
    assert parse_line(line + b"\r").prompt == "p" * (MAX_LINE - 18)
    with pytest.raises(OversizedLineError):
        parse_line(line + b"p")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b"HELLO 1 pod-3 A B C\n", Hello("pod-3", ("A", "B", "C"))),
        (b"HELLO 1 display-only\n", Hello("display-only")),
        (b"PRESS A\n", Press("A")),
        (b"HOLD A\r\n", Hold("A")),
        (b"BEAT\n", Heartbeat()),
        (b"PING\n", Ping()),
        (
            b"STATE 5 8 2 1 0 0 Bull's Eye 1: shoot\n",
            SeatState(5, 8, 2, True, False, False, "Bull's Eye 1: shoot"),
        ),
        (b"STATE 0 9 0 0 0 1\n", SeatState(0, 9, 0, eliminated=True)),
        (b"STATE 4 8 0 0 1 0 \n", SeatState(4, 8, 0, legal=True)),
        (
            b"STATE 4 8 0 0 1 0 C:\\\\tmp \\x07!\n",
            SeatState(4, 8, 0, legal=True, prompt="C:\\tmp \x07!"),
        ),
    ],
)
def test_document_examples(line, message):
    assert parse_line(line) == message


@pytest.mark.parametrize(
    ("line", "error", "words"),
    [
        (b"", ProtocolError, "empty line"),
        (b"HELLO 2 pod-3 A\n", ProtocolError, "version '2'"),
        (b"HELLO 1 pod-3 A A\n", ProtocolError, "twice"),
        (b"HELLO 1\n", ProtocolError, "version and a pod id"),
        (b"PRESS\n", ProtocolError, "expected one button id"),
        (b"PRESS A B\n", ProtocolError, "expected one button id"),
        (b"press A\n", UnknownMessageError, "unknown message 'press'"),
        (b"BEAT 1\n", ProtocolError, "no arguments"),
        (b"PING \n", ProtocolError, "no arguments"),
        (b"STATE 100 8 0 0 0 0\n", ProtocolError, "life '100'"),
        (b"STATE 1 8 0 2 0 0\n", ProtocolError, "turn '2': expected 0 or 1"),
        (b"STATE 1 8 0 0 0\n", ProtocolError, "six fields"),
        (b"STATE 1 8 0 0 0 0 a\\qb\n", ProtocolError, "bad escape"),
        (b"STATE 1 8 0 0 0 0 tab\there\n", ProtocolError, "control character"),
        (b"PRESS \xc3\n", ProtocolError, "UTF-8"),
        (b"P" * 300, OversizedLineError, "longer than 256"),
    ],
)
def test_bad_lines_say_what_is_wrong(line, error, words):
    with pytest.raises(error, match=words):
        parse_line(line)


@pytest.mark.parametrize(
    "message",
    [
        Hello("bad id"),
        Hello("p", ("A", "A")),
        Press(""),
        SeatState(-1, 8, 0),
        SeatState(1, True, 0),
    ],
)
def test_formatting_refuses_what_the_protocol_cannot_carry(message):
    with pytest.raises(ValueError):
        format_message(message)


def test_ping_and_seat_state_helpers():
    assert format_ping() == b"PING\n"
    assert format_seat_state(5, 8, 2, turn=True, prompt="a\\b") == b"STATE 5 8 2 1 0 0 a\\\\b\n"
