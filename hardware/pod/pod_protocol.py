"""Seat-pod line protocol, version 1: the firmware's side (see docs/serial-protocol.md).

Runs on MicroPython and on CPython (the companion's tests import it), so it sticks to what
both have: no dataclasses, no typing, no re, plain str.format and % formatting.
"""

PROTOCOL_VERSION = 1
MAX_LINE = 256
MAX_ID = 32
MAX_BUTTONS = 16
MAX_COUNT = 99

_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
_HEX_DIGITS = "0123456789abcdefABCDEF"


class ProtocolError(ValueError):
    """A line that does not follow the protocol; the pod ignores it."""


def is_token(text):
    """True for a valid pod id or button id: 1 to 32 of A-Z a-z 0-9 _ -."""
    if not 0 < len(text) <= MAX_ID:
        return False
    for char in text:
        if char not in _ID_CHARS:
            return False
    return True


def _check_token(what, token):
    if not is_token(token):
        raise ValueError("%s %r: expected 1 to %d of A-Z a-z 0-9 _ -" % (what, token, MAX_ID))


def format_hello(pod_id, buttons):
    """The HELLO line announcing this pod and its button ids."""
    _check_token("pod id", pod_id)
    if len(buttons) > MAX_BUTTONS:
        raise ValueError("%d buttons: expected at most %d" % (len(buttons), MAX_BUTTONS))
    seen = []
    for button in buttons:
        _check_token("button id", button)
        if button in seen:
            raise ValueError("button id %r listed twice" % button)
        seen.append(button)
    words = ["HELLO", str(PROTOCOL_VERSION), pod_id] + seen
    return (" ".join(words) + "\n").encode()


def format_press(button):
    """The PRESS line for a button released before the hold time."""
    _check_token("button id", button)
    return ("PRESS " + button + "\n").encode()


def format_hold(button):
    """The HOLD line for a button kept down for the hold time."""
    _check_token("button id", button)
    return ("HOLD " + button + "\n").encode()


def format_beat():
    """The heartbeat line."""
    return b"BEAT\n"


def unescape_prompt(text):
    """The prompt text from its escaped form (\\\\ and \\xHH)."""
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
        elif text[i + 1 : i + 2] == "x" and _is_hex_pair(text[i + 2 : i + 4]):
            out.append(chr(int(text[i + 2 : i + 4], 16)))
            i += 4
        else:
            raise ProtocolError("bad escape in prompt")
    return "".join(out)


def _is_hex_pair(pair):
    return len(pair) == 2 and pair[0] in _HEX_DIGITS and pair[1] in _HEX_DIGITS


def _count(name, field):
    if not 0 < len(field) <= 2:
        raise ProtocolError("STATE %s: expected 0 to %d" % (name, MAX_COUNT))
    for char in field:
        if char not in "0123456789":
            raise ProtocolError("STATE %s: expected 0 to %d" % (name, MAX_COUNT))
    return int(field)


def _flag(name, field):
    if field == "1":
        return True
    if field == "0":
        return False
    raise ProtocolError("STATE %s: expected 0 or 1" % name)


def parse_line(line):
    """The companion's message in one line, as a dict with a "type" of "STATE" or "PING".

    Raises ProtocolError for anything else, including messages this pod does not know.
    """
    if line[-1:] == b"\n":
        line = line[:-1]
    if line[-1:] == b"\r":
        line = line[:-1]
    if len(line) > MAX_LINE:
        raise ProtocolError("line too long")
    try:
        text = line.decode("utf-8")
    except Exception:
        raise ProtocolError("line is not valid UTF-8")
    for char in text:
        code = ord(char)
        if code < 0x20 or code == 0x7F:
            raise ProtocolError("control character in line")
    if text == "PING":
        return {"type": "PING"}
    if text[:6] != "STATE ":
        raise ProtocolError("unknown message")
    fields = text[6:].split(" ", 6)
    if len(fields) < 6:
        raise ProtocolError("STATE needs six fields")
    return {
        "type": "STATE",
        "life": _count("life", fields[0]),
        "max_life": _count("max", fields[1]),
        "arrows": _count("arrows", fields[2]),
        "turn": _flag("turn", fields[3]),
        "legal": _flag("legal", fields[4]),
        "eliminated": _flag("out", fields[5]),
        "prompt": unescape_prompt(fields[6]) if len(fields) == 7 else "",
    }


class LineReader:
    """Collects bytes from the companion into lines; an overlong line is dropped whole."""

    def __init__(self):
        self._buffer = bytearray()
        self._skipping = False
        self.dropped = 0

    def feed(self, data):
        """The lines (without b"\\n") completed by data."""
        lines = []
        for byte in data:
            if byte == 10:
                if not self._skipping:
                    lines.append(bytes(self._buffer))
                self._buffer = bytearray()
                self._skipping = False
            elif self._skipping:
                continue
            elif len(self._buffer) > MAX_LINE:
                self._buffer = bytearray()
                self._skipping = True
                self.dropped += 1
            else:
                self._buffer.append(byte)
        return lines


def _ticks_diff(a, b):
    return a - b


class ButtonTracker:
    """Debounced press-or-hold for one button.

    A push is reported once: HOLD as soon as the button has been down for hold_ms, otherwise
    PRESS when it is released. Pass time.ticks_diff on MicroPython so tick wrap-around is safe.
    """

    def __init__(self, debounce_ms=20, hold_ms=800, ticks_diff=_ticks_diff):
        self._debounce_ms = debounce_ms
        self._hold_ms = hold_ms
        self._diff = ticks_diff
        self._raw = False
        self._raw_since = 0
        self._down = False
        self._down_since = 0
        self._held = False

    def update(self, down, now_ms):
        """Feed the raw level (True = pushed) read at now_ms; returns "PRESS", "HOLD" or None."""
        if down != self._raw:
            self._raw = down
            self._raw_since = now_ms
        if self._raw != self._down and self._diff(now_ms, self._raw_since) >= self._debounce_ms:
            self._down = self._raw
            if self._down:
                self._down_since = self._raw_since
                self._held = False
            elif not self._held:
                return "PRESS"
        if self._down and not self._held:
            if self._diff(now_ms, self._down_since) >= self._hold_ms:
                self._held = True
                return "HOLD"
        return None
