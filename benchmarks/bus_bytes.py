"""Bytes the panels put on the I2C bus per press, full frames against the changed windows sent now.

Plays 30 eight-player games by presses (game i from seed i, so every run plays the same games)
through the loop the daemon uses, and shows every picture on two recording buses at once: one
driven by luma.oled's own drivers (``full_frames = true``: the whole frame of every changed
panel, as before), one by the partial-update drivers the companion uses now. Eight SSD1306
seat panels sit behind a TCA9548A selected from user space, the console is an SSD1306 at 0x3D
on the same bus. Unchanged panels send nothing in both.

Bus time per I2C message (one START ... STOP) of n payload bytes:

    bits = 9 * (n + 1) + 2      (address byte and every payload byte: 8 bits + ACK;
                                 START and STOP counted as one bit-time each)
    time = bits / clock

This is the wire time alone: clock stretching, the gap between messages and the kernel's
per-ioctl cost come on top.

    .venv/bin/python benchmarks/bus_bytes.py
    .venv/bin/python benchmarks/bus_bytes.py --markdown-into docs/performance.md
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import warnings
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from perfdoc import publish
from PIL import Image

from companion.devices.displays import Displays
from companion.devices.panel_specs import MuxSpec, PanelSpec
from companion.engine import Event
from companion.loop import Companion
from companion.table import TableConfig, TableSession

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.table.driver import next_buttons  # noqa: E402

warnings.filterwarnings("ignore", "Image.Image.getdata", DeprecationWarning)

SECTION = "## Display bus traffic"
COMMAND = ".venv/bin/python benchmarks/bus_bytes.py --markdown-into docs/performance.md"
CLOCKS_HZ = (100_000, 400_000)
SEATS = 8
GAMES = 30
MUX = 0x70
CONSOLE = 0x3D
SETUP = [f"SEAT{n}" for n in range(1, SEATS + 1)] + ["DONE", "SEAT1", "ROLL", "DONE"]
# A press is counted under the first of these its rule events include.
KINDS = (
    ("indians_attacked", "Indian attack"),
    ("gatling_fired", "Gatling"),
    ("dynamite_exploded", "Dynamite"),
    ("player_eliminated", "elimination"),
    ("life_lost", "life lost"),
    ("life_gained", "life gained"),
    ("arrow_taken", "arrow taken"),
    ("dice_rolled", "roll"),
    ("turn_started", "turn passes"),
)
QUIET = "no rule event (marks, questions)"
TARGET_SHARE = 0.35
TARGET_ONE_LIFE = 300
TARGET_INDIANS = 2500


def message_bits(payload: int) -> int:
    """Bit-times of one I2C write message carrying ``payload`` bytes after the address."""
    return 9 * (payload + 1) + 2


@dataclass
class Traffic:
    """Payload lengths of the messages each panel's transfers put on the bus."""

    messages: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))

    def wire_bytes(self, panel: str | None = None) -> int:
        """Bytes on the wire (address byte included), for one panel or all of them."""
        lists = self.messages.values() if panel is None else [self.messages.get(panel, [])]
        return sum(n + 1 for messages in lists for n in messages)

    def milliseconds(self, clock_hz: int) -> float:
        return sum(message_bits(n) for ms in self.messages.values() for n in ms) / clock_hz * 1e3


class CountingBus:
    """An smbus2.SMBus stand-in: every device answers, every message is counted under the panel
    it is for (a mux select under the seat it selects)."""

    def __init__(self) -> None:
        self.mask = 0
        self.traffic = Traffic()

    def _panel(self, address: int) -> str:
        if address == CONSOLE:
            return "console"
        return f"seat{self.mask.bit_length()}" if self.mask else "console"

    def write_byte(self, address: int, value: int) -> None:
        self.mask = value if address == MUX else self.mask
        self.traffic.messages[self._panel(0)].append(1)

    def write_i2c_block_data(self, address: int, register: int, data: Sequence[int]) -> None:
        self.traffic.messages[self._panel(address)].append(1 + len(data))

    def i2c_rdwr(self, *messages: object) -> None:
        for message in messages:
            self.traffic.messages[self._panel(message.addr)].append(len(message))  # type: ignore[attr-defined, arg-type]

    def close(self) -> None:
        """Nothing to close."""

    def take(self) -> Traffic:
        traffic, self.traffic = self.traffic, Traffic()
        return traffic


@dataclass
class Press:
    kind: str
    full: Traffic
    now: Traffic
    # Seats whose life moved by exactly one, still in the game; True if nothing else changed.
    one_life: list[tuple[str, bool]]
    eight_seat_indians: bool


def specs(full_frames: bool) -> dict[str, PanelSpec]:
    seats = {
        f"seat{n + 1}": PanelSpec("ssd1306", mux_channel=n, full_frames=full_frames)
        for n in range(SEATS)
    }
    return seats | {"console": PanelSpec("ssd1306", address=CONSOLE, full_frames=full_frames)}


def kind_of(events: list[Event], playing: bool) -> str:
    if not playing:
        return "set-up"
    kinds = {event.kind for event in events}
    return next((label for kind, label in KINDS if kind in kinds), QUIET)


def play(seed: int, state: Path) -> list[Press]:
    """One whole eight-player game by presses, each press's traffic on both buses."""
    buses = {True: CountingBus(), False: CountingBus()}
    displays = {
        full: Displays(specs(full), mux=MuxSpec(), open_i2c=lambda n, b=bus: b)
        for full, bus in buses.items()
    }

    def show(seats: list[Image.Image], console: Image.Image) -> None:
        for each in displays.values():
            for number, image in enumerate(seats, start=1):
                each[f"seat{number}"].show(image)
            each["console"].show(console)

    session = TableSession(TableConfig(seats=SEATS, state_dir=state), seed=seed)
    session.start()
    companion = Companion(session, 128, pictures=[show])
    companion.refresh()
    for bus in buses.values():
        bus.take()
    rng = random.Random(seed)
    clock = iter(range(1, 1_000_000))
    presses: list[Press] = []

    def press(button: str) -> None:
        before = session.view().seats
        playing = session.play is not None
        events = session.handle(button, "press", float(next(clock)))
        if session.flash is not None:
            raise RuntimeError(f"{button} refused: {session.flash}")
        companion.refresh()
        after = session.view().seats
        one_life = [
            (f"seat{b.number}", replace(a, life=b.life) == b)
            for a, b in zip(before, after, strict=True)
            if abs(a.life - b.life) == 1 and b.alive
        ]
        indians = any(e.kind == "indians_attacked" for e in events)
        eight = indians and sum(s.playing and s.alive for s in before) == SEATS
        presses.append(
            Press(
                kind_of(events, playing), buses[True].take(), buses[False].take(), one_life, eight
            )
        )

    for button in SETUP:
        press(button)
    assert session.play is not None
    while not session.play.game.over:
        for button in next_buttons(session, rng):
            press(button)
    session.close()
    for each in displays.values():
        each.close()
    return presses


def measure(games: int) -> list[Press]:
    presses: list[Press] = []
    for seed in range(games):
        with tempfile.TemporaryDirectory() as state:
            presses += play(seed, Path(state))
    return presses


def _ms(traffics: list[Traffic], hz: int) -> str:
    return f"{statistics.fmean(t.milliseconds(hz) for t in traffics):.1f}"


def report(games: int) -> str:
    presses = measure(games)
    full_total = sum(p.full.wire_bytes() for p in presses)
    now_total = sum(p.now.wire_bytes() for p in presses)
    share = now_total / full_total
    one_life = [p.now.wire_bytes(seat) for p in presses for seat, _ in p.one_life]
    one_life_full = [p.full.wire_bytes(seat) for p in presses for seat, _ in p.one_life]
    alone = [p.now.wire_bytes(seat) for p in presses for seat, only in p.one_life if only]
    alone_full = [p.full.wire_bytes(seat) for p in presses for seat, only in p.one_life if only]
    indians = [p for p in presses if p.eight_seat_indians]
    lines = [
        SECTION,
        "",
        f"{games} eight-player games played by presses (game i from seed i: the same games on",
        f"every run; {len(presses):,} presses), every picture shown on two recording buses: luma's",
        "own drivers sending the whole frame of every changed panel (`full_frames = true`, how",
        "every panel worked before) and the partial-update drivers sending only the changed",
        "windows (now). Eight SSD1306 seat panels behind a TCA9548A selected from user space, an",
        "SSD1306 console at 0x3D on the same bus; unchanged panels send nothing in both.",
        "Produced by:",
        "",
        "```",
        COMMAND,
        "```",
        "",
        "Wire bytes include each message's address byte and the one-byte mux selects. Wire time",
        "per I2C message of n payload bytes: `bits = 9 * (n + 1) + 2` (address byte and each",
        "payload byte are 8 bits + ACK; START and STOP one bit-time each), time = bits / clock;",
        "clock stretching, gaps between messages and per-ioctl kernel overhead come on top.",
        "",
        "| press (by its first rule event) | presses | full frames, bytes/press | now,"
        " bytes/press | now / full | full at 100 kHz | now at 100 kHz | full at 400 kHz"
        " | now at 400 kHz |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    groups: dict[str, list[Press]] = defaultdict(list)
    for p in presses:
        groups[p.kind].append(p)
    order = ["set-up", *(label for _, label in KINDS), QUIET]
    for label in [*order, "all presses"]:
        group = presses if label == "all presses" else groups.get(label, [])
        if not group:
            continue
        full = [p.full for p in group]
        now = [p.now for p in group]
        full_bytes = statistics.fmean(t.wire_bytes() for t in full)
        now_bytes = statistics.fmean(t.wire_bytes() for t in now)
        name = f"**{label}**" if label == "all presses" else label
        lines.append(
            f"| {name} | {len(group):,} | {full_bytes:,.0f} | {now_bytes:,.0f}"
            f" | {now_bytes / full_bytes:.0%}"
            f" | {_ms(full, 100_000)} ms | {_ms(now, 100_000)} ms"
            f" | {_ms(full, 400_000)} ms | {_ms(now, 400_000)} ms |"
        )
    indians_now = [p.now.wire_bytes() for p in indians]
    indians_full = [p.full.wire_bytes() for p in indians]
    lines += [
        "",
        "The targets (issue 14) hold when the worst case now is at or under them:",
        "",
        "| measure | full frames | now (mean) | now (worst) | target |",
        "| --- | ---: | ---: | ---: | ---: |",
        f"| all presses together, bytes | {full_total:,} | {now_total:,} ({share:.0%})"
        f" | {share:.0%} | at most {TARGET_SHARE:.0%} of full frames |",
        f"| one-life change, bytes on its seat's panel ({len(alone)} changes)"
        f" | {statistics.fmean(alone_full):,.0f} | {statistics.fmean(alone):,.0f}"
        f" | {max(alone):,} | at most {TARGET_ONE_LIFE} |",
        f"| the same, with whatever else changed on that seat in the press ({len(one_life)})"
        f" | {statistics.fmean(one_life_full):,.0f} | {statistics.fmean(one_life):,.0f}"
        f" | {max(one_life):,} | (for comparison) |",
        f"| eight-seat Indian attack, bytes of the press ({len(indians)} attacks)"
        f" | {statistics.fmean(indians_full):,.0f} | {statistics.fmean(indians_now):,.0f}"
        f" | {max(indians_now):,} | at most {TARGET_INDIANS:,} |",
        "",
        "A one-life change is a seat that gained or lost exactly one life, nothing else on it",
        "changed in that press, and it is still in the game (an elimination redraws the seat as",
        "OUT). The row below it counts every one-life change, with whatever else changed on the",
        "seat in the same press: its worst cases are a Beer drunk as the turn ends (life, answer",
        "badge and turn marker at once) and a winner's last life lost as the game ends. An",
        "eight-seat attack is one at a table where all eight seats still play; its bytes are",
        "every panel's, the console included.",
        "",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES, help=f"games to play ({GAMES})")
    parser.add_argument("--markdown-into", type=Path, help="update this file's section too")
    args = parser.parse_args(argv)
    publish(SECTION, report(args.games), args.markdown_into)
    return 0


if __name__ == "__main__":
    sys.exit(main())
