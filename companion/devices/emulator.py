"""The table on an ordinary computer: a window (or the terminal) for the panels, keys for buttons.

luma.emulator's devices stand in for the OLEDs: ``pygame`` for a window, ``gifanim`` to record.
"""

from __future__ import annotations

import atexit
import os
import select
import sys
import termios
import tty
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from PIL import Image

from ..i18n import CORE, Catalogue
from .inputs import ButtonEvent, is_button_name

_ = Catalogue(CORE).gettext

# pygame greets on stdout when imported; --keys output is for the user (and scripts) alone.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# One key per button; a capital seat letter holds that seat's button (its menu).
KEYMAP: dict[str, str] = {
    " ": "ROLL",
    "\r": "DONE",
    "\n": "DONE",
    "\x7f": "UNDO",
    "\b": "UNDO",
    "z": "UNDO",
    **{str(n): f"DIE{n}" for n in range(1, 7)},
    **{key: f"SEAT{n}" for n, key in enumerate("asdfghjk", start=1)},
}

# Keys that hold a console button: "?" what happened (hold DONE), "Z" start over (hold UNDO),
# "L" the next language while seats join (hold DIE6).
HOLDS: dict[str, str] = {"?": "DONE", "Z": "UNDO", "L": "DIE6"}

# The names the key legend uses, accepted by --keys; Esc ends a script like it ends the window.
KEY_NAMES: dict[str, str] = {"ENTER": "DONE", "SPACE": "ROLL", "BACKSPACE": "UNDO"}
QUIT = "ESC"


def key_help() -> str:
    """The key map, under the window's table and the terminal's, in the box's language."""
    return _(
        "Space ROLL   Enter DONE   Backspace/z UNDO   1-6 DIE1-6   "
        "a s d f g h j k SEAT1-8 (capital: hold)   ? what happened   Z start over   "
        "L language   Esc quit"
    )


def event_for_key(key: str) -> ButtonEvent | None:
    """The button a key stands for; a capital seat letter, "?", "Z" and "L" are holds."""
    if key in KEYMAP:
        return ButtonEvent(KEYMAP[key], "press", "keyboard")
    if key in HOLDS:
        return ButtonEvent(HOLDS[key], "hold", "keyboard")
    if key.isupper() and key.lower() in KEYMAP and KEYMAP[key.lower()].startswith("SEAT"):
        return ButtonEvent(KEYMAP[key.lower()], "hold", "keyboard")
    return None


def parse_keys(script: str) -> list[ButtonEvent]:
    """Presses from ``--keys``: button names (ROLL, DIE3, SEAT2, HOLD:SEAT2), the legend's key
    names (Enter, Space, Backspace; Esc ends the script) or single keys.

    Tokens are separated by spaces or commas; a bad token raises ValueError naming it.
    """
    events = []
    tokens = script.replace(",", " ").split()
    for position, token in enumerate(tokens, start=1):
        upper = token.upper()
        if upper == QUIT:
            if position != len(tokens):
                said = _(
                    "--keys token {position} 'Esc' quits, so nothing may follow it "
                    "({more} more token(s) given)"
                )
                raise ValueError(said.format(position=position, more=len(tokens) - position))
            break
        if upper in KEY_NAMES:
            events.append(ButtonEvent(KEY_NAMES[upper], "press", "keys"))
        elif upper.startswith("HOLD:") and is_button_name(upper[5:]):
            events.append(ButtonEvent(upper[5:], "hold", "keys"))
        elif is_button_name(upper):
            events.append(ButtonEvent(upper, "press", "keys"))
        elif len(token) == 1 and (event := event_for_key(token)) is not None:
            events.append(ButtonEvent(event.button, event.kind, "keys"))
        else:
            said = _(
                "--keys token {position} {token} is not a button: expected ROLL, DONE, UNDO, "
                "DIE1-DIE6, SEAT1-SEAT8, HOLD:<button>, Enter, Space, Backspace, Esc, "
                "or a key of the key map"
            )
            raise ValueError(said.format(position=position, token=repr(token)))
    return events


def window_available() -> bool:
    """Whether a desktop window can be opened here."""
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return True
    if sys.platform == "darwin" or sys.platform.startswith("win"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


class Window:
    """A luma.emulator pygame window showing the whole table; keys come back as button events."""

    def __init__(self, size: tuple[int, int], title: str = "BANG! Dice companion") -> None:
        import pygame  # luma.emulator's own dependency, for the caption and the keys
        from luma.emulator.device import pygame as pygame_device

        self.device = pygame_device(
            width=size[0], height=size[1], mode="RGB", transform="none", scale=1
        )
        self._pygame = pygame
        pygame.display.set_caption(title)

    def show(self, image: Image.Image) -> None:
        self.device.display(image.convert("RGB"))

    def close(self) -> None:
        self._pygame.quit()

    def poll(self) -> list[ButtonEvent]:
        """Key presses since the last poll; raises SystemExit when the window is closed."""
        events = []
        for ev in self._pygame.event.get():
            if ev.type == self._pygame.QUIT:
                raise SystemExit(0)
            if ev.type == self._pygame.KEYDOWN:
                if ev.key == self._pygame.K_ESCAPE:
                    raise SystemExit(0)
                button = event_for_key(ev.unicode) if ev.unicode else None
                if button is not None:
                    events.append(button)
        return events


class Recorder:
    """Every frame shown, collected into an animated GIF by luma.emulator's gifanim device."""

    def __init__(self, path: Path, size: tuple[int, int], frame_seconds: float = 0.6) -> None:
        from luma.emulator.device import gifanim

        self.path = path
        self.device = gifanim(
            width=size[0],
            height=size[1],
            mode="RGB",
            transform="none",
            scale=1,
            filename=str(path),
            duration=frame_seconds,
        )
        atexit.unregister(self.device.write_animation)

    def add(self, image: Image.Image) -> None:
        self.device.display(image.convert("RGB"))

    def save(self) -> None:
        self.device.write_animation()


ESC = "\x1b"
# A terminal sends an arrow or function key as Esc and more bytes at once ("\x1b[A",
# "\x1b[15~", "\x1bOP"); a lone Esc has nothing after it within this time.
SEQUENCE_WAIT = 0.05


def read_key(fd: int, timeout: float) -> list[ButtonEvent]:
    """The button of the next key typed on terminal ``fd`` (none for a key that is no button:
    an arrow or function key is read whole, never taken for Esc); a lone Esc quits."""
    ready, _, _ = select.select([fd], [], [], timeout)
    if not ready:
        return []
    key = os.read(fd, 1).decode(errors="replace")
    if key == ESC:
        if not select.select([fd], [], [], SEQUENCE_WAIT)[0]:
            raise SystemExit(0)
        key = os.read(fd, 1).decode(errors="replace")
        if key in ("[", "O"):
            _skip_sequence(fd)
            return []
    event = event_for_key(key)  # after Esc, not a sequence: Alt and that key
    return [event] if event else []


def _skip_sequence(fd: int) -> None:
    """The rest of an escape sequence after "[" or "O": parameters up to a final byte, a
    letter or "~" (ECMA-48: 0x40-0x7E)."""
    while select.select([fd], [], [], SEQUENCE_WAIT)[0]:
        byte = os.read(fd, 1)
        if not byte or 0x40 <= byte[0] <= 0x7E:
            return


@contextmanager
def terminal_keys() -> Iterator[Callable[[float], list[ButtonEvent]]]:
    """Single key presses from the terminal, without Enter, restored afterwards."""
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)
    try:
        yield lambda timeout: read_key(fd, timeout)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
