"""Finished games at scale (issue 32): the web page's index and ``bang-companion games`` over
5,000 finished games, and the press latency while they are asked for.

The state folder is made fast but by the real code: ``--sample`` games are played by presses
at a table session (journals, series file and summaries written as the box writes them), then
each is copied under new numbers until there are ``--games`` finished games, its summary
written again under its new id and its series entry listed under its new journal. Then, in
that folder:

- the index served by the public page (``GET /games/`` on 127.0.0.1), and ``bang-companion
  games`` as a command (interpreter start included), each timed ``--looks`` times;
- the same folder as a state folder from before summaries (every summary removed): how long
  each look takes while the page makes the summaries a few at a time, and how many looks
  it takes until every game is listed;
- the press latency of whole games played in that folder, as ``press_latency.py`` times it
  (session and every picture, journal fsynced), idle, then while another process asks for the
  index and runs ``games`` in a loop.

    .venv/bin/python benchmarks/finished_games.py
    .venv/bin/python benchmarks/finished_games.py --markdown-into docs/performance.md
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from perfdoc import publish

from companion.loop import Companion
from companion.table import TableConfig, durable, series, summaries
from companion.table.journal import journals
from companion.web.finished_games import MADE_PER_LOOK
from companion.web.game_pages import PER_PAGE
from companion.web.server import PublicPage
from companion.web.settings import WebSettings

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.web.played import MODULES, Table  # noqa: E402

SECTION = "## Finished games at scale"
COMMAND = ".venv/bin/python benchmarks/finished_games.py --markdown-into docs/performance.md"
STATE_PARENT = Path(__file__).resolve().parent  # the checkout's disk, as press_latency.py
NEXT_GAME = ("ROLL", "DONE", "ROLL", "ROLL", "DONE")  # game over: the next, same seats
# Another process asking for the index and the list as fast as they answer, until stdin closes.
ASKER = """
import subprocess, sys, threading, urllib.request
url, state = sys.argv[1], sys.argv[2]
done = threading.Event()
def page():
    while not done.is_set():
        urllib.request.urlopen(url, timeout=60).read()
def games():
    while not done.is_set():
        subprocess.run([sys.executable, "-m", "companion", "games", "--state-dir", state],
                       stdout=subprocess.DEVNULL, check=True)
threads = [threading.Thread(target=page), threading.Thread(target=games)]
for t in threads:
    t.start()
sys.stdin.read()
done.set()
for t in threads:
    t.join()
"""


def config(state: Path) -> TableConfig:
    return TableConfig(
        seats=6, roles="dealt", modules=MODULES, state_dir=state, bots=(6,), bot_pause=0.0
    )


def played(state: Path, sample: int, seed: int) -> None:
    """``sample`` games in a row at one table, played by presses: the box's own files."""
    table = Table(config(state), seed=seed)
    table.press("SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "DONE", "ROLL", "ROLL", "DONE")
    for n in range(sample):
        table.play_to_the_end()
        table.press(*NEXT_GAME) if n < sample - 1 else table.press("ROLL")
    table.session.close()


def filled(state: Path, games: int, sample: int) -> None:
    """``state`` holding ``games`` finished games: ``sample`` played, then copied."""
    played(state, sample, seed=1)
    folder = state / "games"
    made = [p for p in journals(folder) if summaries.read(summaries.summary_path(p))]
    listed = {g.journal: g for g in series.load(state)}
    entries = []
    for number in range(1, games + 1):
        source = made[(number - 1) % len(made)]
        journal = folder / f"game-{number:06d}.jsonl"
        if journal != source:
            shutil.copyfile(source, journal)
        summary = summaries.read(summaries.summary_path(source))
        assert summary is not None
        entry = replace(listed[source.name], journal=journal.name, series=number)
        summaries.write(journal, replace(summary, id=journal.stem), entry)
        entries.append(entry)
    for extra in journals(folder)[games:]:  # the set-up's journal after the last game stays
        extra.unlink()
        summaries.summary_path(extra).unlink(missing_ok=True)
    data = {"version": series.VERSION, "games": [g.to_json() for g in entries]}
    durable.replace(state / series.SERIES_FILE, json.dumps(data, indent=1).encode())


def fetch(url: str) -> tuple[float, bytes]:
    start = time.perf_counter()
    body = urllib.request.urlopen(url, timeout=600).read()
    return time.perf_counter() - start, body


def games_command(state: Path) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "companion", "games", "--state-dir", str(state)],
        capture_output=True,
        text=True,
        check=True,
    )
    return time.perf_counter() - start, done.stdout


class TimedTable(Table):
    """The sample's table, each people's press timed (session and every picture)."""

    def __init__(self, state: Path, seed: int, times: list[float]) -> None:
        super().__init__(config(state), seed)
        self.companion = Companion(self.session, 256)
        self.times = times

    def press(self, *buttons: str) -> None:
        for button in buttons:
            self.now += 1.0
            start = time.perf_counter()
            self.session.handle(button, "press", self.now)
            self.companion.refresh()
            self.times.append((time.perf_counter() - start) * 1000)
            assert self.session.flash is None, (button, self.session.flash)
            time.sleep(0.01)  # a table presses far slower; the askers get the processor too


def press_times(state: Path, games: int, seed: int) -> list[float]:
    """Milliseconds per press, whole games in ``state`` (the next set-up is on the table)."""
    times: list[float] = []
    table = TimedTable(state, seed, times)
    table.press(*NEXT_GAME[1:])
    for n in range(games):
        table.play_to_the_end()
        table.press(*NEXT_GAME) if n < games - 1 else table.press("ROLL")
    table.session.close()
    return times


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[18]


def report(games: int, sample: int, looks: int, press_games: int, old: int) -> str:
    load_at_start = os.getloadavg()
    with tempfile.TemporaryDirectory(dir=STATE_PARENT) as scratch:
        state = Path(scratch)
        start = time.perf_counter()
        filled(state, games, sample)
        made_in = time.perf_counter() - start
        page = PublicPage(WebSettings(True, "127.0.0.1", 0, 16, 6000), state)
        page.start()
        url = page.url + "games/"
        try:
            first = fetch(url)[0]  # the pages' process starts
            page_times = [fetch(url)[0] for _ in range(looks)]
            listed = fetch(url)[1]
            assert f"of {games}, newest first".encode() in listed, "the index counts every game"
            assert listed.count(b"<tr>") == PER_PAGE + 1, "its first page: the newest games"
            command = [games_command(state) for _ in range(looks)]
            assert command[0][1].count("\n") == games, "games lists every game"

            idle: list[float] = []
            asked: list[float] = []
            for n in range(press_games):  # in turns, so the machine's other load falls on both
                idle += press_times(state, 1, seed=n)
                asker = subprocess.Popen(
                    ["nice", "-n", "10", sys.executable, "-c", ASKER, url, str(state)],
                    stdin=subprocess.PIPE,
                    cwd=ROOT,
                )
                time.sleep(2)  # both loops under way
                try:
                    asked += press_times(state, 1, seed=n)
                finally:
                    assert asker.stdin is not None
                    asker.stdin.close()
                    asker.wait(timeout=600)

            for kept in (state / "games").glob(f"*{summaries.SUFFIX}"):
                kept.unlink()  # a state folder from before summaries
            ended = len(journals(state / "games"))
            old_looks = [fetch(url) for _ in range(old)]
            left = re.search(rb"<p>(\d+) older games? still to be read", old_looks[-1][1])
            still = left.group(1).decode() if left else "no"
        finally:
            page.close()
    lines = [
        SECTION,
        "",
        f"A state folder with {games:,} finished games ({sample} played by presses at a",
        "6-seat table with four modules, each copied under new numbers with its summary and",
        f"series entry; made in {made_in:.0f} s), on this machine's disk; the machine's load",
        f"average at the start: {load_at_start[0]:.1f} (1 min), {load_at_start[1]:.1f} (5 min)"
        f" on {os.cpu_count()} processors. Produced by:",
        "",
        "```",
        COMMAND,
        "```",
        "",
        f"| asked for ({looks} times) | median | max |",
        "| --- | ---: | ---: |",
        f"| the web page's index (its first page, {PER_PAGE} games), `GET /games/`"
        f" | {statistics.median(page_times):.2f} s"
        f" | {max(page_times):.2f} s |",
        f"| the index's first look (its process starts) | {first:.2f} s | |",
        f"| `bang-companion games` (interpreter start included) | "
        f"{statistics.median(t for t, _ in command):.2f} s | {max(t for t, _ in command):.2f} s |",
        "",
        f"Press latency (session and every picture), {press_games} whole 6-seat games played",
        "by presses in that folder, in turns: with nobody asking, and while another process (at",
        "nice 10, as a command at a shell) asks for the index and runs `games` as fast as they",
        f"answer. The machine's load average meanwhile: {os.getloadavg()[0]:.1f} on",
        f"{os.cpu_count()} processors.",
        "",
        "| while | presses | p50 | p95 | max |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name, times in (("idle", idle), ("index and games asked for", asked)):
        lines.append(
            f"| {name} | {len(times)} | {statistics.median(times):.2f} ms"
            f" | {p95(times):.2f} ms | {max(times):.2f} ms |"
        )
    lines += [
        "",
        f"p95 during minus p95 idle: {p95(asked) - p95(idle):+.2f} ms. The index is made in",
        "the pages' own process (nice 10) from each game's summary, written once when its game",
        "ended; the table's thread makes no page.",
        "",
        "The same folder from before summaries (every summary removed): each look makes the",
        f"summaries of {MADE_PER_LOOK} journals, so its {ended:,} journals take"
        f" {-(-ended // MADE_PER_LOOK)} looks. The first {old} looks took"
        f" {statistics.median(t for t, _ in old_looks):.2f} s at the median and"
        f" {max(t for t, _ in old_looks):.2f} s at most; {still} older games were still to be"
        " read after them.",
        "",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="finished games (5000)")
    parser.add_argument("--sample", type=int, default=40, help="games played by presses (40)")
    parser.add_argument("--looks", type=int, default=5, help="times each list is asked for (5)")
    parser.add_argument(
        "--press-games", type=int, default=5, help="games timed idle and while asked for (5)"
    )
    parser.add_argument(
        "--old-looks", type=int, default=5, help="looks timed at the folder before summaries (5)"
    )
    parser.add_argument("--markdown-into", type=Path, help="update this file's section too")
    args = parser.parse_args(argv)
    section = report(args.games, args.sample, args.looks, args.press_games, args.old_looks)
    publish(SECTION, section, args.markdown_into)
    return 0


if __name__ == "__main__":
    sys.exit(main())
