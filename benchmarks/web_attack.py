"""The public page under attack (issue 34): how long a press takes to be acknowledged while
each attack of tests/web/attacks.py runs, against the same table with the page idle, in one
run; and what each attack got.

The table presses random legal buttons 20 ms apart through the daemon's loop (the session
takes the press, the journal is fsynced on this checkout's disk, the public state is handed to
the page); a press is timed from the button to the loop returning. The page runs with its
default caps and short timeouts (so the slow and silent clients are dropped in seconds); the
attackers are 127.0.0.N addresses of this machine, each attack bounded in count and time.

    .venv/bin/python benchmarks/web_attack.py
    .venv/bin/python benchmarks/web_attack.py --markdown-into docs/performance.md
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from perfdoc import publish

from companion.web.server import PublicPage
from companion.web.settings import WebSettings

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.web import attacks  # noqa: E402
from tests.web.attacks import Presser, served, source  # noqa: E402

SECTION = "## The public page under attack"
COMMAND = ".venv/bin/python benchmarks/web_attack.py --markdown-into docs/performance.md"
STATE_PARENT = Path(__file__).resolve().parent  # the checkout's disk, as press_latency.py
SETTINGS = replace(WebSettings(True, "127.0.0.1", 0), header_timeout=2.0, idle_timeout=4.0)
PACE = 0.02  # seconds between presses
PHONE = source(250)  # a phone of the table, asking for the state during each attack
CLIENTS = 100  # slow clients, and silent ones
BURST = 300  # requests at once: issue 34 saw them take 15.4 s with a backlog of 16
PRESSES = 100  # acknowledged during each attack, at least
HELD = 4  # the attacks after the burst hold the page for as long as their ``with`` lasts
Attack = Callable[[], contextlib.AbstractContextManager[dict[str, Any]]]


def attacks_on(at: tuple[str, int]) -> dict[str, tuple[Attack, Callable[[dict], str]]]:
    """Each attack, and how to say what it got. The four after the burst hold the page while
    their ``with`` lasts; the others are done when it begins, and are repeated until the table
    has pressed enough during them (their answers are said for the first time)."""
    s = SETTINGS
    spread = [source(10 + n % 16) for n in range(CLIENTS)]  # as many as one address may hold
    quiet = [source(30 + n % 16) for n in range(CLIENTS)]
    return {
        f"{BURST} requests at once, from 20 addresses": (
            lambda: attacks.burst(at, [source(100 + n % 20) for n in range(BURST)]),
            lambda seen: f"{_counts(seen['statuses'].elements())}, in {seen['seconds']:.2f} s",
        ),
        f"{s.streams_per_address + 4} streams from one address, never read": (
            lambda: attacks.held_streams(at, s, source(2)),
            lambda seen: _counts(seen["statuses"]),
        ),
        f"{CLIENTS} clients sending a header byte every 0.5 s": (
            lambda: attacks.slow_heads(at, s, spread, pace=0.5),
            lambda seen: f"{seen['dropped']} of {seen['connections']} dropped",
        ),
        f"{CLIENTS} silent connections": (
            lambda: attacks.silent(at, s, quiet),
            lambda seen: f"{seen['dropped']} of {seen['connections']} dropped",
        ),
        f"{s.connections_per_address + 3} connections from one address, then "
        f"{s.max_connections + 10} idle ones": (
            lambda: attacks.crowd(at, s, source(50), [source(n) for n in range(130, 150)]),
            lambda seen: f"one address: {_counts(seen['one'])}",
        ),
        f"{3 * s.requests_per_minute} requests from one address": (
            lambda: attacks.flood(at, s, source(70)),
            lambda seen: _counts(seen["statuses"].elements()),
        ),
        f"{3 * s.requests_per_minute} × `GET *`, and {len(attacks.MALFORMED)} malformed heads": (
            lambda: attacks.bad_lines(at, s, source(80), source(81)),
            lambda seen: f"{_counts(seen['flood'].elements())}; {_counts(seen['each'])}",
        ),
        f"{len(attacks.METHODS)} methods": (
            lambda: attacks.every_method(at, source(90)),
            lambda seen: _counts(seen.values()),
        ),
    }


def _counts(statuses: Any) -> str:
    counted: dict[str, int] = {}
    for status in statuses:
        key = "closed" if status is None else str(status)
        counted[key] = counted.get(key, 0) + 1
    return ", ".join(f"{n} × {key}" for key, n in sorted(counted.items()))


def ask(at: tuple[str, int], name: str, delay: float = 0.0) -> float:
    """The phone asks for the state (after ``delay`` seconds): its wait, in ms."""
    time.sleep(delay)
    start = time.perf_counter()
    status = served(at, PHONE, SETTINGS.idle_timeout)
    assert status == 200, (name, status)
    return (time.perf_counter() - start) * 1000


def run(idle_seconds: float) -> tuple[dict[str, list[float]], dict[str, str], dict[str, float]]:
    """Presses' times by phase, what each attack got, and the phone's wait for the state (ms)
    during each."""
    page = PublicPage(SETTINGS)
    page.start()
    at = page.address
    assert at is not None
    got: dict[str, str] = {}
    phone: dict[str, float] = {}
    try:
        with (
            tempfile.TemporaryDirectory(dir=STATE_PARENT) as state,
            Presser(page, Path(state), PACE) as table,
        ):
            time.sleep(idle_seconds)
            for number, (name, (attack, say)) in enumerate(attacks_on(at).items()):
                table.phase = name
                if 0 < number <= HELD:
                    with attack() as seen:
                        phone[name] = ask(at, name)
                        assert table.acknowledged(PRESSES, timeout=120), name
                    got[name] = say(seen)
                    continue

                def asking(name: str = name) -> None:  # once the attack has begun
                    phone[name] = ask(at, name, delay=0.05)

                thread = threading.Thread(target=asking)
                thread.start()
                while name not in got or len(table.times.get(name, ())) < PRESSES:
                    table.phase = name
                    with attack() as seen:
                        table.phase = "between"  # this one is over
                    got.setdefault(name, say(seen))
                thread.join()
            table.phase = "between"
        assert not table.failed, table.failed
    finally:
        page.close()
    return table.times, got, phone


def row(name: str, values: list[float], extra: str) -> str:
    q = statistics.quantiles(values, n=20)
    return (
        f"| {name} | {len(values)} | {statistics.median(values):.2f} ms | {q[18]:.2f} ms"
        f" | {max(values):.2f} ms | {extra} |"
    )


def report(idle_seconds: float) -> str:
    times, got, phone = run(idle_seconds)
    s = SETTINGS
    lines = [
        SECTION,
        "",
        "A table pressing random legal buttons every 20 ms through the daemon's loop while each "
        "attack",
        "runs, in one run: a press is timed from the button to the loop returning (the session "
        "has taken",
        "it, the journal is fsynced on this machine's disk and the public state handed to the "
        "page). The",
        f"page has its default caps ({s.max_clients} requests, {s.streams_per_address} streams "
        f"and {s.requests_per_minute} requests a minute per address, {s.max_connections}",
        f"connections, {s.connections_per_address} per address) and short timeouts (header "
        f"{s.header_timeout:g} s, idle {s.idle_timeout:g} s) so that the run is short; the "
        "attackers",
        "are 127.0.0.N addresses of this machine. The four attacks after the burst are held "
        f"while the table presses {PRESSES}",
        "times; the others are repeated until it has pressed as often during them. During "
        "each attack a",
        "phone from another address asks for the state: its wait is the last column. Produced by:",
        "",
        "```",
        COMMAND,
        "```",
        "",
        "| press acknowledged, during | presses | p50 | p95 | max | the phone waited |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        row("the page idle (no attack)", times["idle"], "–"),
    ]
    lines += [row(name, times[name], f"{phone[name]:.1f} ms") for name in got]
    lines += [
        "",
        "What each attack got:",
        "",
        "| attack | answers (the first time) |",
        "| --- | --- |",
    ]
    lines += [f"| {name} | {said} |" for name, said in got.items()]
    lines += [
        "",
        "The table's loop never waits on the page (it hands each state to a slot in the "
        "page's thread);",
        "what an attack costs a press is the page's thread and the attackers sharing this "
        "machine's cores",
        "with it; here the attackers are threads of the same process, so their own work "
        "competes for the",
        "interpreter too (on the box they are other machines). `closed`: the page closed "
        "the connection",
        "without an answer, as it was beyond an address's share, or at the cap on connections "
        "it was the",
        "one idle longest and gave way to a new one (in the burst, one whose request the page "
        "had not read",
        "yet).",
        "",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of presses, page idle")
    parser.add_argument("--markdown-into", type=Path, help="update this file's section too")
    args = parser.parse_args(argv)
    publish(SECTION, report(args.idle), args.markdown_into)
    return 0


if __name__ == "__main__":
    sys.exit(main())
