"""The engine of a base commit against this checkout's, measured in one run.

A temporary ``git worktree`` of the base commit is imported in its place (``PYTHONPATH``), so
both engines run under the same Python, on the same machine, at the same time:

- instructions per 5-player random game (``engine_instructions.py`` under callgrind, N games
  less 0 games, divided by N): deterministic, they do not depend on the machine's load;
- ``bang-companion simulate --players 5 --games 2000 --seed 1``, games per second, the two
  engines in turn for several rounds, each pinned to one CPU (wall clock: it spreads with load).

Both engines play the very same games (the win shares printed must match). With
``--markdown-into`` the section is written into docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from perfdoc import publish

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## Rules engine: one file per module"
COMMAND = (
    ".venv/bin/python benchmarks/engine_compare.py --base 481e742 "
    "--markdown-into docs/performance.md"
)
SIMULATE = ["simulate", "--players", "5", "--games", "2000", "--seed", "1"]


def run(
    tree: Path, args: list[str], prefix: Sequence[str] = ()
) -> subprocess.CompletedProcess[str]:
    """``args`` run by this checkout's Python from ``tree``, its engine first on the path."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [*prefix, sys.executable, *args], cwd=tree, env=env, capture_output=True, text=True
    )
    if done.returncode:
        raise SystemExit(f"{' '.join(args)} in {tree} failed:\n{done.stderr}")
    return done


def instructions(tree: Path, games: int) -> float:
    """Instructions per game of ``tree``'s engine (callgrind, ``games`` less none)."""

    def collected(n: int) -> int:
        done = run(
            tree,
            [str(ROOT / "benchmarks" / "engine_instructions.py"), str(n)],
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"],
        )
        found = re.search(r"Collected : (\d+)", done.stderr)
        assert found, done.stderr
        return int(found.group(1))

    return (collected(games) - collected(0)) / games


def games_per_second(tree: Path, cpu: int) -> tuple[float, str]:
    """Games per second of ``simulate`` and its win shares (which both engines must share)."""
    out = run(tree, ["-m", "companion", *SIMULATE], ["taskset", "-c", str(cpu)]).stdout
    found = re.search(r"([\d.]+) games per second", out)
    assert found, out
    return float(found.group(1)), out[out.index("share of wins") :].strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="481e742", help="the commit to compare against")
    parser.add_argument("--rounds", type=int, default=7, help="simulate runs of each engine")
    parser.add_argument("--callgrind-games", type=int, default=60)
    parser.add_argument("--markdown-into", type=Path)
    args = parser.parse_args()
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "-C", str(ROOT), "status", "--porcelain", "companion"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    this = f"`{head}`" + (" with uncommitted changes" if dirty else "")
    cpu = max(os.sched_getaffinity(0))
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), args.base],
            capture_output=True,
            check=True,
        )
        try:
            counts = {
                name: instructions(tree, args.callgrind_games)
                for name, tree in (("base", base), ("this", ROOT))
            }
            speeds: dict[str, list[float]] = {"base": [], "this": []}
            shares: dict[str, set[str]] = {"base": set(), "this": set()}
            for _ in range(args.rounds):
                for name, tree in (("base", base), ("this", ROOT)):
                    speed, share = games_per_second(tree, cpu)
                    speeds[name].append(speed)
                    shares[name].add(share)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                capture_output=True,
                check=True,
            )
    same = shares["base"] == shares["this"] and len(shares["this"]) == 1
    median = {name: statistics.median(values) for name, values in speeds.items()}

    def spread(name: str) -> str:
        return f"{median[name]:.0f} ({min(speeds[name]):.0f} to {max(speeds[name]):.0f})"

    load = os.getloadavg()[0]
    section = f"""{SECTION}

The engine before the modules left `game.py` (`{args.base}`) against {this}, measured in
one run by:

```
{COMMAND}
```

Instructions per 5-player random game (`benchmarks/engine_instructions.py` under callgrind,
{args.callgrind_games} games less none); `bang-companion {" ".join(SIMULATE)}`, the two engines
in turn, {args.rounds} rounds, pinned to CPU {cpu} (load average {load:.1f} at the end).

| engine | instructions per game | games/s, median ({args.rounds} runs, range) |
| --- | ---: | ---: |
| `{args.base}` | {counts["base"] / 1e6:.2f} million | {spread("base")} |
| {this} | {counts["this"] / 1e6:.2f} million | {spread("this")} |
| this / base | {counts["this"] / counts["base"]:.3f} | {median["this"] / median["base"]:.3f} |

The same games on both: the win shares {"are" if same else "are NOT"} the same.

Compare the instructions: they do not depend on the machine's load, while games per second
on this shared 2-core machine spread by a third or more from run to run for the same engine.
What the refactor adds to a base game: the turn runs the hooks the modules in play give (empty
tuples without modules, still looped over at each start and end of turn, gain, loss and arrow)
and a step is written by calling its kind's constructor (about 290 steps in a 5-player game)
instead of a list literal; asking a seat's ability no longer checks for the Ghost.
"""
    publish(SECTION, section, args.markdown_into)


if __name__ == "__main__":
    main()
