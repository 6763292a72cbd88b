"""Rules engine speed: whole random games per second on one core, for 3 to 8 players.

Runs ``companion.simulation.simulate`` (what ``bang-companion simulate`` runs) for each player
count, prints a markdown table and, with ``--markdown-into``, replaces the "## Rules engine"
section of that file (other sections are kept). Timing lives here, never in the tests.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from perfdoc import publish
from PIL import Image, ImageDraw, ImageFont

from companion.simulation import SimulationReport, simulate

SECTION = "## Rules engine"
COMMAND = ".venv/bin/python benchmarks/engine_simulate.py --markdown-into docs/performance.md"
CLI_COMMAND = "bang-companion simulate --players 5 --games 2000 --seed 1"
SIDES = ("sheriff", "outlaws", "renegade", "deputy", "outlaw", "nobody")
# 5 players is the headline (the README's command); the other counts get the same by default.
DEFAULT_GAMES = 2000
SEED = 1


def pin_to_one_core() -> str:
    """Run on a single CPU so the figure is per core, whatever else the machine does."""
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
    except (AttributeError, OSError):
        return "not pinned (no sched_setaffinity here)"
    return f"pinned to CPU {cpu}"


def machine() -> list[str]:
    """The "Measured on:" paragraph of a section: CPU, Python and OS, a blank line after.

    ``nproc --all`` counts the machine's CPUs, even in a process pinned to one (``taskset``).
    """
    try:
        nproc = subprocess.run(
            ["nproc", "--all"], capture_output=True, text=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        nproc = str(os.cpu_count())
    model = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return [
        "Measured on:",
        "",
        f"- CPU: {model} (`nproc --all`: {nproc.strip()})",
        f"- Python: {platform.python_implementation()} {platform.python_version()} "
        f"(`python3 --version`: Python {platform.python_version()})",
        f"- OS: {platform.system()} {platform.release()} ({platform.machine()})",
        "",
    ]


def table(reports: Sequence[SimulationReport]) -> list[str]:
    lines = [
        "| players | games | seconds | games/s (1 core) | turns/game | actions/game | win shares |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for r in reports:
        data = r.to_json()
        shares = ", ".join(f"{side} {r.wins[side] / r.games:.1%}" for side in SIDES if r.wins[side])
        lines.append(
            f"| {r.players} | {r.games} | {r.seconds:.2f} | {r.games_per_second:.0f} "
            f"| {data['average_turns']:.2f} | {data['average_actions']:.1f} | {shares} |"
        )
    return lines


COLOURS = {
    "sheriff": (214, 170, 60),
    "deputy": (214, 170, 60),
    "outlaws": (180, 70, 60),
    "outlaw": (180, 70, 60),
    "renegade": (90, 130, 190),
    "nobody": (120, 120, 120),
}
CHART = "docs/images/win-shares.png"


def draw_win_shares(reports: Sequence[SimulationReport]) -> Image.Image:
    """One bar per player count, split by the share of games each side won."""
    font = ImageFont.load_default_imagefont()
    width, bar, left = 640, 26, 90
    image = Image.new("RGB", (width, 40 + len(reports) * (bar + 10) + 30), (250, 248, 242))
    draw = ImageDraw.Draw(image)
    draw.text((10, 10), "Share of wins per side, random legal play", fill=(30, 30, 30), font=font)
    for row, r in enumerate(reports):
        top = 35 + row * (bar + 10)
        draw.text((10, top + 8), f"{r.players} players", fill=(30, 30, 30), font=font)
        x = float(left)
        for side in SIDES:
            share = r.wins[side] / r.games
            if not share:
                continue
            span = share * (width - left - 20)
            draw.rectangle((x, top, x + span - 1, top + bar), fill=COLOURS[side])
            if span > 60:
                label = f"{side} {share:.0%}"
                draw.text((x + 4, top + 8), label, fill=(255, 255, 255), font=font)
            x += span
    note = "3 players: each role its own side; nobody = the last two died together"
    draw.text((10, image.height - 20), note, fill=(90, 90, 90), font=font)
    return image


def report(
    reports: Sequence[SimulationReport], pinned: str, measured_on: list[str], seed: int
) -> str:
    five = next((r for r in reports if r.players == 5), None)
    lines = [
        SECTION,
        "",
        "Whole games with a random legal action at every decision (`companion/simulation.py`),",
        f"one process, {pinned}. Game i of a run uses seed `first seed + i` for the deal, the",
        "dice and the choices, so turns and win shares are the same on every machine; only the",
        "speed changes. Produced by:",
        "",
        "```",
        CLI_COMMAND,
        COMMAND,
        "```",
        "",
        *measured_on,
        *table(reports),
        "",
        f"![Share of wins per side by player count](images/{Path(CHART).name})",
        "",
    ]
    if five is not None:
        same = five.games == DEFAULT_GAMES and seed == SEED
        lines += [
            f"Headline: 5 players, {five.games} games from seed {seed}: "
            f"**{five.games_per_second:.0f} games per second on one core**, "
            f"{five.turns / five.games:.2f} turns per game"
            + (f" (the very games of `{CLI_COMMAND}`)" if same else "")
            + ". The requirement is at least 200 games per second for 5 players.",
            "",
        ]
    lines += [
        "Win shares come from random play, not from strategy: they check that every side can",
        "win and that a change to the rules engine leaves the games it plays unchanged (same",
        "seed, same shares), not the balance of the real game.",
        "",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=DEFAULT_GAMES, help=f"games per player count ({DEFAULT_GAMES})"
    )
    parser.add_argument(
        "--players", type=int, nargs="+", default=list(range(3, 9)), help="counts (3 to 8)"
    )
    parser.add_argument("--seed", type=int, default=SEED, help=f"first game's seed ({SEED})")
    parser.add_argument("--markdown-into", type=Path, help="update this file's section too")
    args = parser.parse_args(argv)
    measured_on = machine()
    pinned = pin_to_one_core()
    reports = []
    for players in args.players:
        reports.append(simulate(players, args.games, args.seed))
        print(f"{players} players: {reports[-1].games_per_second:.0f} games/s", file=sys.stderr)
    section = report(reports, pinned, measured_on, args.seed)
    publish(SECTION, section, args.markdown_into)
    if args.markdown_into:
        draw_win_shares(reports).save(args.markdown_into.parent / "images" / Path(CHART).name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
