"""Rules engine speed and win shares per module set: 5-player random games on one core.

Runs ``companion.simulation.simulate`` (what ``bang-companion simulate --modules ...`` runs) for
the base game and each set of playable Old Saloon modules, prints a markdown table and, with
``--markdown-into``, replaces the "## Rules engine with modules" section of that file.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from engine_simulate import machine, pin_to_one_core
from perfdoc import publish

from companion.engine import Module
from companion.simulation import SimulationReport, simulate

SECTION = "## Rules engine with modules"
COMMAND = ".venv/bin/python benchmarks/engine_modules.py --markdown-into docs/performance.md"
SETS: list[tuple[str, ...]] = [
    (),
    ("old_saloon.1",),
    ("old_saloon.2",),
    ("old_saloon.4",),
    ("old_saloon.1", "old_saloon.2", "old_saloon.4"),
]


def report(reports: Sequence[SimulationReport], pinned: str, measured_on: list[str]) -> str:
    lines = [
        SECTION,
        "",
        "The same random games for each set of modules (5 players, 2000 games from seed 1, one",
        f"process {pinned}). Produced by:",
        "",
        "```",
        "bang-companion simulate --players 5 --games 2000 --seed 1 --modules old_saloon.1 "
        "old_saloon.2 old_saloon.4",
        COMMAND,
        "```",
        "",
        "Measured on:",
        "",
        *measured_on,
        "",
        "| modules | games/s (1 core) | turns/game | actions/game | win shares |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    for r in reports:
        data = r.to_json()
        shares = ", ".join(f"{side} {share:.1%}" for side, share in data["win_share"].items())
        lines.append(
            f"| {', '.join(data['modules']) or 'none (base game)'} | "
            f"{data['games_per_second']:.0f} | {data['average_turns']:.2f} | "
            f"{data['average_actions']:.1f} | {shares} |"
        )
    return "\n".join([*lines, ""])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per module set (2000)")
    parser.add_argument("--markdown-into", type=Path, help="update this file's section too")
    args = parser.parse_args(argv)
    measured_on = machine()
    pinned = pin_to_one_core()
    reports = []
    for names in SETS:
        reports.append(simulate(5, args.games, 1, modules=frozenset(Module(m) for m in names)))
        print(f"{names or 'base'}: {reports[-1].games_per_second:.0f} games/s", file=sys.stderr)
    publish(SECTION, report(reports, pinned, measured_on), args.markdown_into)
    return 0


if __name__ == "__main__":
    sys.exit(main())
