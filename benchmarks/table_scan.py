"""The console-fit and no-internal-name scans at length: whole games of random presses in every
module set the set-up accepts, each state laid out on both consoles (128x64 and 256x64) and every
string shown scanned for a ``snake_case`` identifier or a "die N" standing for a symbol.

The same code as the suite's two tests (``tests/table/table_scan.py``): the suite plays a game
of each set (whole in one set of four); this plays ``--games`` whole games of each (200 by
default), game 0 of each set kept on disk for ``games`` and ``replay`` to read. The sets are
``benchmarks/campaign.py``'s list; a finding names the set and game that shows it again::

    .venv/bin/python benchmarks/table_scan.py --jobs 2                 # 200 games of every set
    .venv/bin/python benchmarks/table_scan.py --games 5 --sample 40    # a short slice
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path

from campaign import ModuleSet, choose_sets, positive

from companion.engine import DecisionKind

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.table.table_scan import Findings, scan_set  # noqa: E402

DEFAULT_GAMES = 200


def run_set(task: tuple[str, int]) -> tuple[str, Findings, list[str], float]:
    """One set's games in a worker process: what they found, the games that raised (each with
    what reproduces it), and the CPU seconds taken."""
    key, games = task
    start = time.process_time()
    found, raised = Findings(), []
    with tempfile.TemporaryDirectory() as state:

        def on_disk(chosen: ModuleSet, game: int) -> Path | None:
            return Path(state) / f"game{game}" if game == 0 else None

        for game in range(games):
            try:
                found.add(scan_set(ModuleSet.parse(key), range(game, game + 1), on_disk))
            except Exception as exc:  # noqa: BLE001 (a game that raises is a finding too)
                error = traceback.format_exception_only(type(exc), exc)[-1].strip()
                again = f"scan_game(ModuleSet.parse({key!r}), {game})"  # tests/table/table_scan.py
                raised.append(f"{key} game {game}: {error}; again: {again}")
    return key, found, raised, time.process_time() - start


def summary(
    found: Findings, raised: list[str], sets: int, seconds: float, cpu: float, argv: Sequence[str]
) -> str:
    """What the scans saw and found, for docs/panels.md."""
    never = sorted(k.value for k in set(DecisionKind) - found.kinds)
    lines = [
        f"Command: `{' '.join(['.venv/bin/python benchmarks/table_scan.py', *argv])}`",
        f"Module sets: {sets}; games: {found.games:,}; states looked at: {found.states:,}; "
        f"strings scanned: {found.strings:,}.",
        f"Wall time {seconds / 60:.1f} min; {cpu / 60:.1f} CPU min "
        f"({found.games / cpu if cpu else 0:.2f} games per CPU second).",
        f"Games that raised: {len(raised)}; "
        f"cut or overflowing: {len(found.cut)}; internal names: {len(found.misnamed)}; "
        f"decision kinds never asked: {', '.join(never) or 'none'}.",
        f"History pages looked at: {found.history_pages:,} (each on its game's console; "
        "a cut one is among the cut above).",
    ]
    lines += [f"- raised: {line}" for line in raised]
    for what, where in (("cut", found.cut), ("internal name", found.misnamed)):
        lines += [f"- {what}: {text} ({first})" for text, first in sorted(where.items())[:60]]
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games",
        type=positive,
        default=DEFAULT_GAMES,
        help=f"whole games per module set (default {DEFAULT_GAMES})",
    )
    parser.add_argument("--sets", nargs="+", metavar="SET", help="only these (campaign keys)")
    parser.add_argument(
        "--sample", type=positive, metavar="N", help="N sets spread over the whole list"
    )
    parser.add_argument("--jobs", type=positive, default=1, help="processes (default 1)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    sets = choose_sets(args)
    print(f"{len(sets)} sets, {args.games} games each", file=sys.stderr)
    found, raised = Findings(), []
    cpu = 0.0
    start = time.perf_counter()
    with Pool(args.jobs) as pool:
        tasks = [(chosen.key, args.games) for chosen in sets]
        for n, (key, one, errors, seconds) in enumerate(pool.imap_unordered(run_set, tasks), 1):
            found.add(one)
            raised += errors
            cpu += seconds
            print(
                f"{n}/{len(sets)} {key}: {len(errors)} raised, {len(one.cut)} cut, "
                f"{len(one.misnamed)} names "
                f"({found.games / (time.perf_counter() - start):.2f} games/s)",
                file=sys.stderr,
            )
    given = list(sys.argv[1:] if argv is None else argv)
    print(summary(found, raised, len(sets), time.perf_counter() - start, cpu, given))
    return 1 if raised or found.cut or found.misnamed else 0


if __name__ == "__main__":
    sys.exit(main())
