"""From a button press to the pictures ready for the panels: the box's own share of a response.

Plays whole 5-player games by presses through the loop the daemon uses (session, journal with
fsync on a real disk, every seat and console picture drawn) and times each press. Panel bus
time comes on top (see "Display bus traffic"). With ``--markdown-into``, replaces the
"## Press to picture" section of that file.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from perfdoc import publish

from companion.devices.inputs import ButtonEvent
from companion.loop import Companion
from companion.table import TableConfig, TableSession

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.table.driver import CHARACTERS_5, SETUP_5, next_buttons  # noqa: E402

SECTION = "## Press to picture"
# Journals go to the disk the checkout is on (/tmp may be memory, where fsync costs nothing).
STATE_PARENT = Path(__file__).resolve().parent
COMMAND = ".venv/bin/python benchmarks/press_latency.py --markdown-into docs/performance.md"


def play_one(seed: int, state: Path, console_width: int, times: dict[str, list[float]]) -> None:
    """One whole game by presses, each press timed."""
    session = TableSession(TableConfig(seats=8, state_dir=state), seed=seed)
    session.start()
    companion = Companion(session, console_width)
    rng = random.Random(seed)
    clock = iter(range(1, 1_000_000))

    def press(button: str) -> None:
        event = ButtonEvent(button, at=float(next(clock)))
        start = time.perf_counter()
        session.handle(event.button, event.kind, event.at)
        middle = time.perf_counter()
        companion.refresh()
        end = time.perf_counter()
        if session.flash is not None:
            raise RuntimeError(f"{button} refused: {session.flash}")
        times["session"].append((middle - start) * 1000)
        times["total"].append((end - start) * 1000)

    for button in SETUP_5 + CHARACTERS_5:
        press(button)
    while not session.play.game.over:
        for button in next_buttons(session, rng):
            press(button)
    session.close()


def measure(games: int, console_width: int) -> dict[str, list[float]]:
    """Milliseconds per press: session alone (incl. journal fsync) and with drawing."""
    times: dict[str, list[float]] = {"session": [], "total": []}
    for g in range(games):
        with tempfile.TemporaryDirectory(dir=STATE_PARENT) as state:
            play_one(g, Path(state), console_width, times)
    return times


def report(games: int) -> str:
    lines = [
        SECTION,
        "",
        "Time from a press reaching the session to every panel's picture being drawn, over",
        f"{games} whole 5-player games played by presses at an 8-seat table. It includes writing",
        "and fsyncing the journal line on this machine's disk. Produced by:",
        "",
        "```",
        COMMAND,
        "```",
        "",
        "| console | presses | session p50 | session p95 | total p50 | total p95 | total max |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for width in (128, 256):
        t = measure(games, width)
        q = {k: statistics.quantiles(v, n=20) for k, v in t.items()}
        lines.append(
            f"| {width}x64 | {len(t['total'])} | {statistics.median(t['session']):.2f} ms"
            f" | {q['session'][18]:.2f} ms | {statistics.median(t['total']):.2f} ms"
            f" | {q['total'][18]:.2f} ms | {max(t['total']):.2f} ms |"
        )
    lines += [
        "",
        "Only the seats whose view changed are drawn again. Not measured on a Pi here: if a",
        "Raspberry Pi Zero 2 W runs this Python ten times slower, a press costs about 10 ms, less",
        "than the 23 ms one changed SSD1306 frame takes on the bus at 400 kHz.",
        "",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="whole games to play (20)")
    parser.add_argument("--markdown-into", type=Path, help="update this file's section too")
    args = parser.parse_args(argv)
    section = report(args.games)
    publish(SECTION, section, args.markdown_into)
    return 0


if __name__ == "__main__":
    sys.exit(main())
