"""The seat-pod line protocol, version 1 (see docs/serial-protocol.md): parsing and formatting.

No I/O here, so the same rules serve the serial reader, the tests and any tool that talks to a
pod. The firmware's own copy lives in hardware/pod/pod_protocol.py and must stay compatible.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import CompanionError

PROTOCOL_VERSION = 1
MAX_LINE = 256
"""Longest line in bytes, not counting the terminating b"\\n" (or b"\\r\\n")."""
MAX_BUTTONS = 16
MAX_ID = 32
MAX_COUNT = 99

_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_HEX = "0123456789ABCDEF"


class ProtocolError(CompanionError, ValueError):
    """A line that does not follow the protocol; the reader counts it and carries on."""


class UnknownMessageError(ProtocolError):
    """A well-formed line whose keyword this side does not know (perhaps a newer pod)."""


class OversizedLineError(ProtocolError):
    """A line longer than MAX_LINE bytes."""


@dataclass(frozen=True)
class Hello:
    """Pod -> companion: who the pod is and which buttons it has."""

    pod_id: str
    buttons: tuple[str, ...] = ()
    version: int = PROTOCOL_VERSION


@dataclass(frozen=True)
class Press:
    """Pod -> companion: a button was pressed and released before the hold time."""

    button: str


@dataclass(frozen=True)
class Hold:
    """Pod -> companion: a button has been down for the hold time (no Press follows)."""

    button: str


@dataclass(frozen=True)
class Heartbeat:
    """Pod -> companion: still alive, nothing happened."""


@dataclass(frozen=True)
class SeatState:
    """Companion -> pod: everything a pod with its own display draws for its seat."""

    life: int
    max_life: int
    arrows: int
    turn: bool = False
    legal: bool = False
    eliminated: bool = False
    prompt: str = ""


@dataclass(frozen=True)
class Ping:
    """Companion -> pod: please announce yourself again (the pod answers with HELLO)."""


Message = Hello | Press | Hold | Heartbeat | SeatState | Ping


def is_pod_token(token: str) -> bool:
    """True for a valid pod id or pod-local button id: 1 to 32 of A-Z a-z 0-9 _ -."""
    return 0 < len(token) <= MAX_ID and all(c in _ID_CHARS for c in token)


def escape_prompt(text: str) -> str:
    """Backslash and control characters escaped, so a prompt can never end or corrupt a line.

    Control characters matter beyond framing: a raw 0x03 would interrupt MicroPython on the pod.
    """
    out = []
    for char in text:
        code = ord(char)
        if char == "\\":
            out.append("\\\\")
        elif code < 0x20 or code == 0x7F:
            out.append("\\x" + _HEX[code >> 4] + _HEX[code & 15])
        elif 0xD800 <= code <= 0xDFFF:
            out.append("?")
        else:
            out.append(char)
    return "".join(out)


def unescape_prompt(text: str) -> str:
    """The prompt text from its escaped form; a stray or short backslash escape is an error."""
    out = []
    i = 0
    while i < len(text):
        char = text[i]
        if char != "\\":
            out.append(char)
            i += 1
        elif text[i + 1 : i + 2] == "\\":
            out.append("\\")
            i += 2
        elif text[i + 1 : i + 2] == "x" and _is_hex(text[i + 2 : i + 4]):
            out.append(chr(int(text[i + 2 : i + 4], 16)))
            i += 4
        else:
            raise ProtocolError(f"bad escape {text[i : i + 4]!r} in prompt: expected \\\\ or \\xHH")
    return "".join(out)


def _is_hex(pair: str) -> bool:
    return len(pair) == 2 and all(c in "0123456789abcdefABCDEF" for c in pair)


def format_message(message: Message) -> bytes:
    """One protocol line for message, terminated by b"\\n".

    Raises ValueError for a message the protocol cannot carry (bad id, count out of range); a
    seat-state prompt that would not fit in MAX_LINE is cut short instead, because a shortened
    prompt beats a missing one.
    """
    match message:
        case Hello(pod_id=pod_id, buttons=buttons, version=version):
            _check_token("pod id", pod_id)
            if len(buttons) > MAX_BUTTONS:
                raise ValueError(f"{len(buttons)} buttons: expected at most {MAX_BUTTONS}")
            if len(set(buttons)) != len(buttons):
                raise ValueError(f"duplicate button ids in {buttons!r}: expected unique ids")
            for button in buttons:
                _check_token("button id", button)
            return " ".join(["HELLO", str(version), pod_id, *buttons]).encode() + b"\n"
        case Press(button=button) | Hold(button=button):
            _check_token("button id", button)
            keyword = "PRESS" if isinstance(message, Press) else "HOLD"
            return f"{keyword} {button}\n".encode()
        case Heartbeat():
            return b"BEAT\n"
        case Ping():
            return b"PING\n"
        case SeatState():
            return _format_state(message)
    raise TypeError(f"not a protocol message: {message!r}")


def format_seat_state(
    life: int,
    max_life: int,
    arrows: int,
    *,
    turn: bool = False,
    legal: bool = False,
    eliminated: bool = False,
    prompt: str = "",
) -> bytes:
    """The STATE line a pod draws its seat from."""
    return _format_state(SeatState(life, max_life, arrows, turn, legal, eliminated, prompt))


def format_ping() -> bytes:
    """The PING line that asks a pod to send HELLO again."""
    return b"PING\n"


def _format_state(state: SeatState) -> bytes:
    for name in ("life", "max_life", "arrows"):
        value = getattr(state, name)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
            raise ValueError(f"{name}={value!r}: expected an integer from 0 to {MAX_COUNT}")
    flags = [str(int(bool(flag))) for flag in (state.turn, state.legal, state.eliminated)]
    head = " ".join(["STATE", str(state.life), str(state.max_life), str(state.arrows), *flags])
    line = head.encode()
    if state.prompt:
        line += b" "
        for char in state.prompt:
            piece = escape_prompt(char).encode()
            if len(line) + len(piece) > MAX_LINE:
                break
            line += piece
    return line + b"\n"


def _check_token(what: str, token: str) -> None:
    if not isinstance(token, str) or not is_pod_token(token):
        raise ValueError(f"{what} {token!r}: expected 1 to {MAX_ID} of A-Z a-z 0-9 _ -")


def parse_line(line: bytes) -> Message:
    """The message in one line (with or without its b"\\n" or b"\\r\\n").

    Raises ProtocolError (or its subclasses UnknownMessageError, OversizedLineError) and
    nothing else, whatever the bytes.
    """
    if line.endswith(b"\n"):
        line = line[:-1]
    if line.endswith(b"\r"):
        line = line[:-1]
    if not line:
        raise ProtocolError("empty line")
    if len(line) > MAX_LINE:
        raise OversizedLineError(f"line longer than {MAX_LINE} bytes")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ProtocolError(f"line is not valid UTF-8 ({error.reason})") from None
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in text):
        raise ProtocolError("control character in line: expected printable text")
    keyword, separator, rest = text.partition(" ")
    parser = _PARSERS.get(keyword)
    if parser is None:
        shown = keyword if len(keyword) <= 16 else keyword[:16] + "..."
        raise UnknownMessageError(f"unknown message {shown!r}")
    if separator and keyword in _BARE:
        raise ProtocolError(f"{keyword} takes no arguments")
    return parser(rest)


def _parse_hello(rest: str) -> Hello:
    fields = rest.split(" ")
    if len(fields) < 2:
        raise ProtocolError("HELLO needs a version and a pod id: HELLO 1 <pod-id> [buttons...]")
    version, pod_id, buttons = fields[0], fields[1], tuple(fields[2:])
    if version != str(PROTOCOL_VERSION):
        raise ProtocolError(
            f"HELLO with protocol version {version!r}: this side speaks {PROTOCOL_VERSION}"
        )
    if not is_pod_token(pod_id):
        raise ProtocolError(f"HELLO pod id {pod_id!r}: expected 1 to {MAX_ID} of A-Z a-z 0-9 _ -")
    if len(buttons) > MAX_BUTTONS:
        raise ProtocolError(f"HELLO with {len(buttons)} buttons: expected at most {MAX_BUTTONS}")
    for button in buttons:
        if not is_pod_token(button):
            raise ProtocolError(
                f"HELLO button id {button!r}: expected 1 to {MAX_ID} of A-Z a-z 0-9 _ -"
            )
    if len(set(buttons)) != len(buttons):
        raise ProtocolError("HELLO lists a button id twice")
    return Hello(pod_id, buttons)


def _parse_button(keyword: str, rest: str) -> str:
    if not is_pod_token(rest):
        raise ProtocolError(f"{keyword} {rest[:40]!r}: expected one button id (A-Z a-z 0-9 _ -)")
    return rest


def _parse_count(name: str, field: str) -> int:
    if not (0 < len(field) <= 2 and field.isascii() and field.isdigit()):
        raise ProtocolError(
            f"STATE {name} {field[:8]!r}: expected an integer from 0 to {MAX_COUNT}"
        )
    return int(field)


def _parse_flag(name: str, field: str) -> bool:
    if field not in ("0", "1"):
        raise ProtocolError(f"STATE {name} {field[:8]!r}: expected 0 or 1")
    return field == "1"


def _parse_state(rest: str) -> SeatState:
    fields = rest.split(" ", 6)
    if len(fields) < 6:
        raise ProtocolError(
            "STATE needs six fields: STATE <life> <max> <arrows> <turn> <legal> <out> [prompt]"
        )
    life, max_life, arrows = (
        _parse_count(name, field)
        for name, field in zip(("life", "max", "arrows"), fields[:3], strict=True)
    )
    turn, legal, eliminated = (
        _parse_flag(name, field)
        for name, field in zip(("turn", "legal", "out"), fields[3:6], strict=True)
    )
    prompt = unescape_prompt(fields[6]) if len(fields) == 7 else ""
    return SeatState(life, max_life, arrows, turn, legal, eliminated, prompt)


_BARE = frozenset({"BEAT", "PING"})
_PARSERS: dict[str, Callable[[str], Message]] = {
    "HELLO": _parse_hello,
    "PRESS": lambda rest: Press(_parse_button("PRESS", rest)),
    "HOLD": lambda rest: Hold(_parse_button("HOLD", rest)),
    "BEAT": lambda rest: Heartbeat(),
    "STATE": _parse_state,
    "PING": lambda rest: Ping(),
}


class LineSplitter:
    """Cuts a byte stream into lines, never holding more than MAX_LINE + 2 bytes.

    An overlong line is handed on at once, cut to MAX_LINE + 2 bytes (still too long for
    parse_line even after a b"\\r" is stripped), so it is reported while the pod is still
    babbling; the rest of it, up to the next b"\\n", is dropped.
    """

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._discarding = False

    def feed(self, data: bytes) -> list[bytes]:
        """The lines completed by data, each without its b"\\n"."""
        parts = data.split(b"\n")
        lines = []
        for part in parts[:-1]:
            lines.extend(self._take(part, ended=True))
        lines.extend(self._take(parts[-1], ended=False))
        return lines

    def reset(self) -> None:
        """Forget a partial line, e.g. when the pod was unplugged mid-line."""
        self._buffer.clear()
        self._discarding = False

    def _take(self, part: bytes, *, ended: bool) -> list[bytes]:
        lines = []
        if not self._discarding:
            self._buffer += part
            if len(self._buffer) > MAX_LINE + 1:
                lines.append(bytes(self._buffer[: MAX_LINE + 2]))
                self._buffer.clear()
                self._discarding = True
            elif ended:
                lines.append(bytes(self._buffer))
                self._buffer.clear()
        if ended:
            self._discarding = False
        return lines
