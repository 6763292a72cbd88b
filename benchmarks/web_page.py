"""The public page's cost (issue 26): press to picture with the page off, and on with 50
readers on its event stream; press to page (how soon the readers have the new state); and the
memory the page adds to the emulator's process.

Press to picture is timed as ``press_latency.py`` times it (the session and every panel's
picture, the journal fsynced on this checkout's disk), over whole 5-player games played by
presses 50 ms apart; with the page on, the loop then hands the public state to the page, which
is timed apart ("feed"). The readers run in a process of their own (phones are other
machines; their clients' work is not the box's), time each event on the machine's monotonic
clock, and so give press to page. Memory is the resident set of ``bang-companion emulate
--keys -`` after the same set-up and first turn, page off and on (idle, then with 50 readers).

    .venv/bin/python benchmarks/web_page.py
    .venv/bin/python benchmarks/web_page.py --markdown-into docs/performance.md
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from perfdoc import publish

from companion.devices.inputs import ButtonEvent
from companion.loop import Companion
from companion.table import TableConfig, TableSession
from companion.web.server import PublicPage
from companion.web.settings import WebSettings

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.table.driver import CHARACTERS_5, SETUP_5, next_buttons  # noqa: E402

SECTION = "## The public page"
COMMAND = ".venv/bin/python benchmarks/web_page.py --markdown-into docs/performance.md"
STATE_PARENT = Path(__file__).resolve().parent  # the checkout's disk, as press_latency.py
READERS = 50
PACE = 0.05  # seconds between presses: a table presses far slower
OVER = {"benchmark": "over"}
WEB_ON = f"""[web]
enabled = true
address = "127.0.0.1"
port = 0
max_clients = {READERS + 10}
requests_per_minute = 6000
streams_per_address = {READERS}
connections_per_address = {READERS + 10}
"""
# The readers' process: READERS streams, each event's id and arrival time, printed at the end.
READER_SCRIPT = """
import asyncio, json, sys, time
import aiohttp

URL, COUNT = sys.argv[1], int(sys.argv[2])

async def read(client, heard):
    async with client.get(URL, timeout=aiohttp.ClientTimeout(total=None)) as response:
        buffer, version = b"", None
        async for chunk in response.content.iter_any():
            now = time.monotonic()
            *whole, buffer = (buffer + chunk).split(b"\\n\\n")
            for event in whole:
                fields = dict(l.split(b": ", 1) for l in event.split(b"\\n") if b": " in l)
                if b"data" in fields:
                    heard.append((int(fields[b"id"]), now))
                    if fields[b"data"] == b'{"benchmark":"over"}':
                        return

async def main():
    heard = [[] for _ in range(COUNT)]
    async with aiohttp.ClientSession() as client:
        tasks = [asyncio.create_task(read(client, h)) for h in heard]
        await asyncio.sleep(0.5)
        print("connected", flush=True)
        await asyncio.gather(*tasks)
    print(json.dumps(heard), flush=True)

asyncio.run(main())
"""


def play(seed: int, state: Path, page: PublicPage | None, times: dict, stamps: dict) -> None:
    """One whole game by presses; each press timed, and with the page, each new state's
    press time kept by its version."""
    session = TableSession(TableConfig(seats=8, state_dir=state), seed=seed)
    session.start()
    companion = Companion(session, 256)
    rng = random.Random(seed)
    clock = iter(range(1, 1_000_000))

    def press(button: str) -> None:
        event = ButtonEvent(button, at=float(next(clock)))
        pressed, start = time.monotonic(), time.perf_counter()
        session.handle(event.button, event.kind, event.at)
        companion.refresh()
        drawn = time.perf_counter()
        times["picture"].append((drawn - start) * 1000)
        if page is not None:
            if page.show(session):
                stamps[page.version] = pressed
            times["feed"].append((time.perf_counter() - drawn) * 1000)
        time.sleep(PACE)

    for button in SETUP_5 + CHARACTERS_5:
        press(button)
    while not session.play.game.over:
        for button in next_buttons(session, rng):
            press(button)
    session.close()


def latency(games: int, readers: int) -> tuple[dict, list[float]]:
    """Milliseconds per press (page off when ``readers`` is 0), and press to page for every
    reader and state."""
    times: dict[str, list[float]] = {"picture": [], "feed": []}
    stamps: dict[int, float] = {}
    page = reading = None
    if readers:
        # The readers stand in for phones, from one address: each address's share is theirs.
        one_address = {"streams_per_address": readers, "connections_per_address": readers + 10}
        page = PublicPage(WebSettings(True, "127.0.0.1", 0, readers + 10, 6000, **one_address))
        page.start()
        reading = subprocess.Popen(
            [sys.executable, "-c", READER_SCRIPT, page.url + "events", str(readers)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert reading.stdout is not None and reading.stdout.readline() == "connected\n"
    try:
        for g in range(games):
            with tempfile.TemporaryDirectory(dir=STATE_PARENT) as state:
                play(g, Path(state), page, times, stamps)
        arrivals: list[float] = []
        if page is not None and reading is not None:
            page.publish(OVER)
            heard = json.loads(reading.communicate(timeout=120)[0])
            arrivals = [
                (at - stamps[version]) * 1000
                for said in heard
                for version, at in said
                if version in stamps
            ]
    finally:
        if page is not None:
            page.close()
    return times, arrivals


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def memory() -> dict[str, int]:
    """The emulator's resident set (KiB) after the set-up and a first roll: page off, page on,
    page on with READERS readers."""
    found = {}
    presses = " ".join(SETUP_5 + CHARACTERS_5 + ["ROLL"])
    for web in (False, True):
        with tempfile.TemporaryDirectory() as folder:
            config = Path(folder) / "config.toml"
            config.write_text(f"[game]\nseats = 5\n{WEB_ON if web else ''}")
            env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
            emulator = subprocess.Popen(
                [sys.executable, "-m", "companion", "emulate", "--config", str(config)]
                + ["--state-dir", folder, "--seed", "1", "--keys", "-"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=env,
            )
            assert emulator.stdin and emulator.stdout and emulator.stderr
            url = emulator.stderr.readline().split(": ", 1)[1].strip() if web else ""
            emulator.stdout.readline()  # ready
            emulator.stdin.write(presses + "\n")
            emulator.stdin.flush()
            for _ in presses.split():
                emulator.stdout.readline()
            time.sleep(1)
            found["on" if web else "off"] = rss_kib(emulator.pid)
            if web:
                reading = subprocess.Popen(
                    [sys.executable, "-c", READER_SCRIPT, url + "events", str(READERS)],
                    stdout=subprocess.PIPE,
                    text=True,
                )
                assert reading.stdout is not None and reading.stdout.readline() == "connected\n"
                emulator.stdin.write("DONE\n")  # one more state for every reader
                emulator.stdin.flush()
                emulator.stdout.readline()
                time.sleep(1)
                found["readers"] = rss_kib(emulator.pid)
                reading.kill()
                reading.wait()
            emulator.stdin.close()
            emulator.wait(timeout=60)
    return found


def row(name: str, values: list[float]) -> str:
    q = statistics.quantiles(values, n=20)
    return (
        f"| {name} | {len(values)} | {statistics.median(values):.2f} ms | {q[18]:.2f} ms"
        f" | {max(values):.2f} ms |"
    )


def report(games: int, rounds: int) -> str:
    off: dict[str, list[float]] = {"picture": []}
    on: dict[str, list[float]] = {"picture": [], "feed": []}
    arrivals: list[float] = []
    medians: dict[str, list[str]] = {"off": [], "on": []}
    for _ in range(rounds):  # alternated, so a change of the machine's load falls on both
        got, _ = latency(games, 0)
        off["picture"] += got["picture"]
        medians["off"].append(f"{statistics.median(got['picture']):.2f}")
        got, heard = latency(games, READERS)
        on["picture"] += got["picture"]
        on["feed"] += got["feed"]
        arrivals += heard
        medians["on"].append(f"{statistics.median(got['picture']):.2f}")
    rss = memory()
    return "\n".join(
        [
            SECTION,
            "",
            f"{rounds} rounds of {games} whole 5-player games each way (page off, then on), by "
            f"presses {PACE * 1000:.0f} ms apart at an 8-seat table, the journal fsynced on",
            "this machine's disk; the page's readers in a process of their own. Press to "
            "picture is the",
            'session and every panel\'s picture (as in "Press to picture"); the feed, the '
            "public state handed",
            "to the page after the pictures; press to page, from the press to each reader "
            "holding the new state",
            "(every reader, every state). Produced by:",
            "",
            "```",
            COMMAND,
            "```",
            "",
            "| measured | count | p50 | p95 | max |",
            "| --- | ---: | ---: | ---: | ---: |",
            row("press to picture, page off", off["picture"]),
            row(f"press to picture, page on, {READERS} readers", on["picture"]),
            row("feed (after the picture)", on["feed"]),
            row(f"press to page, {READERS} readers", arrivals),
            "",
            f"Press to picture, p50 of each round: page off {', '.join(medians['off'])} ms; "
            f"page on {', '.join(medians['on'])} ms. The spread between rounds of the same way "
            "is the noise the two ways are compared against.",
            "",
            "Memory, the resident set of `bang-companion emulate --keys -` after the set-up and "
            "a first roll:",
            "",
            "| page | resident set |",
            "| --- | ---: |",
            f"| off (aiohttp never imported) | {rss['off'] / 1024:.1f} MiB |",
            f"| on, no reader | {rss['on'] / 1024:.1f} MiB (+{(rss['on'] - rss['off']) / 1024:.1f}"
            " MiB) |",
            f"| on, {READERS} readers | {rss['readers'] / 1024:.1f} MiB "
            f"(+{(rss['readers'] - rss['off']) / 1024:.1f} MiB) |",
            "",
            "A press's picture waits for no reader: the loop hands the state to the page only "
            "after the",
            "pictures (the feed), into a slot that keeps the newest. What differs between the "
            "first two rows",
            "is the server's thread and the readers' process sharing this machine's cores with "
            "the loop; on",
            "the box the readers are phones. Most of the memory is aiohttp's import, spent only "
            "when the page",
            "is on.",
            "",
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="whole games per way (5)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of both ways (3)")
    parser.add_argument("--markdown-into", type=Path, help="update this file's section too")
    args = parser.parse_args(argv)
    publish(SECTION, report(args.games, args.rounds), args.markdown_into)
    return 0


if __name__ == "__main__":
    sys.exit(main())
