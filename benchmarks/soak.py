"""Months on a Pi, measured (issue 32): the real daemon through hundreds of games in one process.

``bang-companion run`` runs as the service does, in a process of its own: gpiozero's mock pins
for its buttons, its panels on an I2C bus that is not there (offline, as unplugged panels),
one serial pod on a pseudo-terminal that carries every press (a pod may carry any table
button), and the public page on 127.0.0.1 with readers in another process (event streams held
open, the state and the finished games' index asked for again and again).

The presses are chosen by a twin: a table session in this process started from the daemon's
own set-up file (the same seed), pressed alike, so every press is one a table could make;
at the end of each game the daemon's journal must hold the twin's very records, and its
public state must equal the twin's. Along the run the daemon's process is sampled from
``/proc``: resident memory, open files, threads, bytes it had the disk write, and the lines
it logged.

    .venv/bin/python benchmarks/soak.py --games 10
    nice .venv/bin/python benchmarks/soak.py --markdown-into docs/reliability.md

A run at size takes about an hour on a busy 2-core machine; ``--figures-into FILE`` keeps its
figures, and ``--figures-from FILE`` writes the section again from them without a run.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import tty
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from perfdoc import write_section

from companion.config import load
from companion.panels.console import shows_whole
from companion.table import TableSession
from companion.table.journal import journals
from companion.table.public import public_state
from companion.table.setup_journal import NAME as SETUP_FILE

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.table.driver import next_buttons  # noqa: E402

SECTION = "## Months on a Pi, measured"
COMMAND = "nice .venv/bin/python benchmarks/soak.py --markdown-into docs/reliability.md"
STATE_PARENT = Path(__file__).resolve().parent  # the checkout's disk: fsync as on a card
SEATS = 5
BUTTONS = [f"SEAT{n}" for n in range(1, SEATS + 1)] + ["ROLL", "DONE", "UNDO"]
BUTTONS += [f"DIE{n}" for n in range(1, 7)]
POD_KEYS = {button: chr(ord("A") + i) for i, button in enumerate(BUTTONS)}
FIRST_SETUP = [*BUTTONS[:SEATS], "DONE", "ROLL", "ROLL", "DONE"]  # join, deal roles, characters
NEXT_SETUP = ["DONE", "ROLL", "ROLL", "DONE"]  # after the game over's ROLL: the same seats
BOUNCE = 0.17  # seconds between presses of one button (the table's bounce filter: 0.15 s)
WAIT = 60.0  # seconds the daemon may take to catch up at a game's end, before the run fails
CONFIG = """\
[game]
seats = {seats}
roles = "dealt"
state_dir = "{state}"

[buttons]
ROLL = 5
DONE = 6
UNDO = 13

[console]
panel = {{ driver = "ssd1306", bus = 97, address = 0x3D }}

{seat_tables}
[[pod]]
path = "{pod}"
buttons = {{ {keys} }}

[web]
enabled = true
address = "127.0.0.1"
port = {port}
max_clients = 32
requests_per_minute = 6000
"""
# The page's readers: event streams held open (each reconnects when dropped), and the state
# and the finished games' index asked for in a loop, until stdin closes.
READERS = """
import http.client, sys, threading, time
port, streams = int(sys.argv[1]), int(sys.argv[2])
done = threading.Event()
def stream():
    while not done.is_set():
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            c.request("GET", "/events")
            r = c.getresponse()
            while not done.is_set() and r.read1(65536):
                pass
            c.close()
        except (OSError, http.client.HTTPException):
            time.sleep(1)
def ask(path, pause):
    while not done.is_set():
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            c.request("GET", path)
            c.getresponse().read()
            c.close()
        except (OSError, http.client.HTTPException):
            pass
        done.wait(pause)
threads = [threading.Thread(target=stream, daemon=True) for _ in range(streams)]
threads += [threading.Thread(target=ask, args=("/state", 0.5), daemon=True),
            threading.Thread(target=ask, args=("/games/", 5.0), daemon=True)]
for t in threads:
    t.start()
sys.stdin.read()
done.set()
"""


@dataclass
class Sample:
    """The daemon's process at one moment of the run."""

    games: int
    presses: int
    rss_kib: int
    files: int
    threads: int
    written: int  # bytes it had the storage write (/proc/<pid>/io write_bytes)
    log_lines: int
    log_bytes: int
    pages_rss_kib: int  # the finished games' pages process, when started


class Pod:
    """The device end of a pseudo-terminal: says HELLO to every PING, presses on demand, and
    reads (and drops) the seat states the daemon sends."""

    def __init__(self, link: Path) -> None:
        self.master, slave = os.openpty()
        tty.setraw(slave)
        self.slave = slave
        link.symlink_to(os.ttyname(slave))
        self.lock = threading.Lock()
        self.hellos = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, name="pod", daemon=True)
        self._thread.start()

    def _read(self) -> None:
        pending = b""
        hello = b"HELLO 1 soak-pod " + " ".join(POD_KEYS.values()).encode() + b"\n"
        while not self._stop.is_set():
            if not select.select([self.master], [], [], 0.2)[0]:
                continue
            try:
                pending += os.read(self.master, 65536)
            except OSError:
                return
            *lines, pending = pending.split(b"\n")
            if any(line.strip() == b"PING" for line in lines):
                self.send(hello)
                self.hellos += 1

    def send(self, line: bytes) -> None:
        with self.lock:
            view = memoryview(line)
            while view:
                select.select([], [self.master], [], 5)
                view = view[os.write(self.master, view) :]

    def press(self, button: str) -> None:
        self.send(f"PRESS {POD_KEYS[button]}\n".encode())

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        os.close(self.master)
        os.close(self.slave)


class Log:
    """The daemon's stderr: lines and bytes counted, the last ones kept for a failure."""

    def __init__(self, stream) -> None:  # noqa: ANN001 - a pipe's binary reader
        self.lines = self.bytes = 0
        self.last: list[str] = []
        self.ready = threading.Event()
        self._thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._thread.start()

    def _read(self, stream) -> None:  # noqa: ANN001
        for raw in stream:
            self.lines += 1
            self.bytes += len(raw)
            line = raw.decode(errors="replace").rstrip()
            self.last = [*self.last[-40:], line]
            if " ready: " in line:
                self.ready.set()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def proc_sample(pid: int, games: int, presses: int, log: Log) -> Sample:
    status = Path(f"/proc/{pid}/status").read_text()
    rss = int(next(line for line in status.splitlines() if line.startswith("VmRSS:")).split()[1])
    io = dict(line.split(": ") for line in Path(f"/proc/{pid}/io").read_text().splitlines())
    children = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            children += (task / "children").read_text().split()
    pages = 0
    for child in children:
        with contextlib.suppress(OSError, StopIteration):
            lines = Path(f"/proc/{child}/status").read_text().splitlines()
            pages += int(next(x for x in lines if x.startswith("VmRSS:")).split()[1])
    return Sample(
        games=games,
        presses=presses,
        rss_kib=rss,
        files=len(os.listdir(f"/proc/{pid}/fd")),
        threads=len(os.listdir(f"/proc/{pid}/task")),
        written=int(io["write_bytes"]),
        log_lines=log.lines,
        log_bytes=log.bytes,
        pages_rss_kib=pages,
    )


def records(path: Path) -> list[str]:
    """A journal's records after its header (the header says when it began: never alike)."""
    return path.read_text().splitlines()[1:]


def wait_until(condition, what: str, log: Log) -> None:  # noqa: ANN001
    end = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > end:
            raise RuntimeError(
                f"{what}: not within {WAIT:g} s; the daemon said:\n" + "\n".join(log.last)
            )
        time.sleep(0.02)


class Soak:
    """The daemon, its pod, its readers, and the twin that chooses the presses."""

    def __init__(self, folder: Path, twins: Path, streams: int, seed: int) -> None:
        self.folder = folder
        self.state = folder / "state"
        self.twins = twins
        self.rng = random.Random(seed)
        self.pod = Pod(folder / "usb-soak-pod-if00")
        self.port = free_port()
        seat_tables = "".join(f"[[seat]]\nbutton = {pin}\n\n" for pin in (17, 27, 22, 23, 4))
        keys = ", ".join(f'{key} = "{button}"' for button, key in POD_KEYS.items())
        self.config_path = folder / "config.toml"
        self.config_path.write_text(
            CONFIG.format(
                seats=SEATS,
                state=self.state,
                seat_tables=seat_tables,
                pod=folder / "usb-soak-pod-if00",
                keys=keys,
                port=self.port,
            )
        )
        self.config = load(self.config_path)
        env = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock"}
        self.daemon = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", "--config", str(self.config_path)],
            cwd=folder,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        assert self.daemon.stderr is not None
        self.log = Log(self.daemon.stderr)
        wait_until(self.log.ready.is_set, "the daemon ready", self.log)
        wait_until(lambda: self.pod.hellos > 0, "the pod greeted", self.log)
        self.readers = subprocess.Popen(
            [sys.executable, "-c", READERS, str(self.port), str(streams)],
            stdin=subprocess.PIPE,
        )
        self.presses = 0
        self.games = 0
        self.page: http.client.HTTPConnection | None = None
        self.sent: dict[str, float] = {}  # each button's last press, on this clock
        self.twin: TableSession | None = None
        self.now = 0.0

    # ------------------------------------------------------------------ pressing
    def press(self, button: str) -> None:
        assert self.twin is not None
        since = time.monotonic() - self.sent.get(button, -BOUNCE)
        if since < BOUNCE:
            time.sleep(BOUNCE - since)  # else the daemon takes it for a bounce; the twin not
        self.pod.press(button)
        self.now += 1.0
        self.twin.handle(button, "press", self.now)
        if self.twin.flash is not None:
            raise RuntimeError(f"{button} refused by the twin: {self.twin.flash}")
        self.presses += 1
        self.same_table()  # the daemon has taken the press: the next is stamped after it
        self.sent[button] = time.monotonic()

    def twin_from_daemon(self, follows: str | None) -> None:
        """A twin resuming the daemon's set-up, once the daemon has written it."""
        setup = self.state / SETUP_FILE

        def written() -> bool:
            try:
                header = json.loads(setup.read_text().splitlines()[0])
            except (OSError, ValueError, IndexError):
                return False
            return header.get("follows") == follows

        wait_until(written, "the daemon's next set-up", self.log)
        if self.twin is not None:
            self.twin.close()
        twin_state = self.twins / f"{self.games:06d}"
        (twin_state / "games").mkdir(parents=True)
        shutil.copyfile(setup, twin_state / SETUP_FILE)
        if follows is not None:
            shutil.copyfile(self.state / "games" / follows, twin_state / "games" / follows)
        with contextlib.suppress(OSError):
            shutil.rmtree(self.twins / f"{self.games - 1:06d}")
        table = self.config.table
        table.state_dir = twin_state
        self.twin = TableSession(table, console_fits=shows_whole(self.config.console_width))
        self.twin.start()

    def play_one(self, first: bool) -> str:
        """One game: its set-up, its presses, the ROLL after it; its journal's name, once the
        daemon's journal holds the twin's very records."""
        for button in FIRST_SETUP if first else NEXT_SETUP:
            self.press(button)
        twin = self.twin
        assert twin is not None and twin.play is not None and twin.play.path is not None
        mine = twin.play.path
        while not twin.play.game.over:
            for button in next_buttons(twin, self.rng):
                self.press(button)
        self.press("ROLL")
        self.games += 1
        theirs = self.state / "games" / mine.name
        wait_until(
            lambda: theirs.exists() and records(theirs) == records(mine),
            f"the daemon's {mine.name} equal to the twin's",
            self.log,
        )
        return mine.name

    def same_table(self) -> None:
        """Wait until the page serves the twin's public state (the daemon's table is the
        twin's); asked on one kept-alive connection, a few times a press at most."""
        assert self.twin is not None
        wanted = json.loads(json.dumps(public_state(self.twin)))
        end = time.monotonic() + WAIT
        while True:
            try:
                if self.page is None:
                    self.page = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                self.page.request("GET", "/state")
                if json.loads(self.page.getresponse().read()) == wanted:
                    return
            except (OSError, http.client.HTTPException):
                self.page = None
            if time.monotonic() > end:
                said = "\n".join(self.log.last)
                raise RuntimeError(f"the page's state is not the twin's; the daemon said:\n{said}")
            time.sleep(0.005)

    def close(self) -> int:
        if self.readers.stdin is not None:
            self.readers.stdin.close()
        self.readers.wait(timeout=60)
        self.daemon.send_signal(signal.SIGTERM)
        code = self.daemon.wait(timeout=60)
        if self.twin is not None:
            self.twin.close()
        self.pod.close()
        return code


def run(
    games: int, presses: int, streams: int, every: int, seed: int
) -> tuple[list[Sample], int, dict[str, int]]:
    """Play until both ``games`` and ``presses`` are reached, a sample after the first game
    and every ``every`` games, the last after the last; the samples, the daemon's exit status,
    and the state folder's files by kind (bytes)."""
    memory = Path("/dev/shm") if Path("/dev/shm").is_dir() else None  # the twins' fsyncs: free
    with (
        tempfile.TemporaryDirectory(dir=STATE_PARENT, prefix="soak-") as scratch,
        tempfile.TemporaryDirectory(dir=memory, prefix="soak-twins-") as twins,
    ):
        soak = Soak(Path(scratch), Path(twins), streams, seed)
        samples: list[Sample] = []
        try:
            pid = soak.daemon.pid
            follows = None
            while True:
                soak.twin_from_daemon(follows)
                due = soak.games == 1 or soak.games % every == 0
                done = soak.games >= games and soak.presses >= presses
                if due or done:
                    soak.same_table()
                    samples.append(proc_sample(pid, soak.games, soak.presses, soak.log))
                    print(line(samples[-1]), flush=True)
                if done:
                    break
                follows = soak.play_one(first=follows is None)
            code = soak.close()
        except BaseException:
            with contextlib.suppress(Exception):
                soak.daemon.kill()
                soak.daemon.wait(timeout=10)
                soak.readers.kill()
            raise
        state = Path(scratch) / "state"
        kinds = {
            "journals": sum(p.stat().st_size for p in journals(state / "games")),
            "summaries": sum(p.stat().st_size for p in (state / "games").glob("*.summary.json")),
            "series file": (state / "series.json").stat().st_size,
        }
    return samples, code, kinds


def line(s: Sample) -> str:
    return (
        f"game {s.games:4d}  presses {s.presses:6d}  rss {s.rss_kib / 1024:6.1f} MiB"
        f"  pages {s.pages_rss_kib / 1024:5.1f} MiB  files {s.files:3d}  threads {s.threads:3d}"
        f"  written {s.written / 2**20:7.1f} MiB  log {s.log_lines} lines"
    )


def mib(kib: int) -> str:
    return f"{kib / 1024:.1f}"


def report(
    samples: list[Sample], code: int, kinds: dict[str, int], warm: int, took: float, night: int
) -> str:
    first = next(s for s in samples if s.games >= warm)
    last = samples[-1]
    after = [s for s in samples if s.games >= warm]
    half = next(s for s in samples if s.games >= samples[-1].games // 2)
    games, presses = last.games - first.games, last.presses - first.presses
    per_game = (last.written - first.written) / games
    per_press = (last.written - first.written) / presses
    year = per_game * night * 52
    lines = [
        SECTION,
        "",
        f"`bang-companion run` in one process through {last.games} games and {last.presses:,}",
        f"presses ({took / 60:.0f} minutes; 5 seats, roles dealt, every press from a serial pod",
        "on a pseudo-terminal, gpiozero's mock pins, panels offline, the public page on",
        f"127.0.0.1 with {STREAMS} event streams open and the state and the finished games'",
        "index asked for in a loop). Every game's journal in the daemon equalled its twin's",
        "(a table session pressed alike) and the page's state the twin's. The daemon's",
        f"process, sampled from `/proc` (exit status after SIGTERM: {code}). Produced by:",
        "",
        "```",
        COMMAND,
        "```",
        "",
        "| games | presses | resident memory | pages' process | open files | threads "
        "| written to disk | log lines |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for s in samples:
        lines.append(
            f"| {s.games} | {s.presses:,} | {mib(s.rss_kib)} MiB | {mib(s.pages_rss_kib)} MiB"
            f" | {s.files} | {s.threads} | {s.written / 2**20:.1f} MiB | {s.log_lines} |"
        )
    rss = [s.rss_kib for s in after]
    lines += [
        "",
        f"After warm-up (game {first.games} on): resident memory grew by"
        f" {(last.rss_kib - first.rss_kib) / 1024:.1f} MiB (from {mib(min(rss))} to"
        f" {mib(max(rss))} MiB over the samples; the goal: under 5 MiB); open files"
        f" {min(s.files for s in after)} to {max(s.files for s in after)}, threads"
        f" {min(s.threads for s in after)} to {max(s.threads for s in after)} (the goal: flat);"
        f" {(last.log_lines - first.log_lines) / games:.1f} log lines a game. In the second"
        f" half of the run (game {half.games} on) memory still grew, by"
        f" {(last.rss_kib - half.rss_kib) / 1024 / (last.games - half.games) * 100:.1f} MiB"
        " every 100 games: not a plateau yet.",
        "",
        f"Written to disk: {per_press / 1024:.1f} KiB a press and {per_game / 2**20:.2f} MiB a"
        " game (the kernel's count of bytes the process had the storage write: every fsync of"
        " a journal line writes at least one 4 KiB page). Kept in the state folder at the end:"
        + ",".join(f" {kind} {size / 1024:,.0f} KiB" for kind, size in kinds.items())
        + ".",
        "",
        "### SD card wear per year of weekly game nights",
        "",
        f"A night of {night} games a week is {night * 52} games a year: at the"
        f" {per_game / 2**20:.2f} MiB a game measured, {year / 2**30:.2f} GiB a year. The ext4"
        " journal adds about as much again for each fsync (a metadata block and a commit"
        f" block), and a card rewrites a whole erase block (commonly 4 MiB) for small writes"
        " in the worst case; even counted at ten times over, that is"
        f" {10 * year / 2**30:.1f} GiB a year. A 16 GB card with 1,000 program-erase cycles"
        " (a low-end TLC card) takes about 16 TB before it wears out: over"
        f" {16e12 / (10 * year):,.0f} years of game nights. The card's wear sets no limit;"
        " the games kept do not either (a finished game keeps its journal and summary,"
        f" {(kinds['journals'] + kinds['summaries']) / last.games / 1024:.0f} KiB), so"
        " finished games are kept, all of them, and no retention setting is needed. The"
        " series file lists every game and is replaced whole at each game's end: it grows"
        f" by {kinds['series file'] / last.games:.0f} bytes a game, so after ten years of"
        f" weekly nights ({night * 520} games) each game's end writes"
        f" {kinds['series file'] / last.games * night * 520 / 2**20:.1f} MiB more.",
        "",
    ]
    return "\n".join(lines)


STREAMS = 8


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games at least (200)")
    parser.add_argument("--presses", type=int, default=50_000, help="presses at least (50000)")
    parser.add_argument("--every", type=int, default=20, help="games between samples (20)")
    parser.add_argument("--warm-up", type=int, default=20, help="games of warm-up (20)")
    parser.add_argument("--night", type=int, default=5, help="games a game night (5)")
    parser.add_argument("--seed", type=int, default=32, help="the presses' choices (32)")
    parser.add_argument("--markdown-into", type=Path, help="write the section into this file")
    parser.add_argument("--figures-into", type=Path, help="keep the run's figures in this JSON")
    parser.add_argument(
        "--figures-from", type=Path, help="write the section from a run's figures (no run)"
    )
    args = parser.parse_args(argv)
    if args.figures_from:
        figures = json.loads(args.figures_from.read_text())
    else:
        start = time.monotonic()
        samples, code, kinds = run(args.games, args.presses, STREAMS, args.every, args.seed)
        took = time.monotonic() - start
        figures = {"samples": [s.__dict__ for s in samples], "code": code, "kinds": kinds}
        figures["took"] = took
        if args.figures_into:
            args.figures_into.write_text(json.dumps(figures, indent=1))
    samples = [Sample(**s) for s in figures["samples"]]
    code = figures["code"]
    section = report(samples, code, figures["kinds"], args.warm_up, figures["took"], args.night)
    print(section)
    if args.markdown_into:
        write_section(args.markdown_into, SECTION, section)
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
