"""The console-fit and no-internal-name scans at length: whole games of random presses in every
module set the set-up accepts, each state laid out on both consoles (128x64 and 256x64) and every
string shown scanned for a ``snake_case`` identifier or a "die N" standing for a symbol.

The same code as the suite's two tests (``tests/table/table_scan.py``): the suite plays a game
of each set (whole in one set of four); this plays ``--games`` whole games of each (200 by
default), game 0 of each set kept on disk for ``games`` and ``replay`` to read. The sets are
``benchmarks/campaign.py``'s list, where a set with Old Saloon 3 comes twice (its special roles
dealt by type, or mixed); ``--module-sets`` counts ``--games`` per set of modules instead, those
two sharing them half and half. A finding names the set and game that shows it again.
``--keep DIR`` keeps each set's findings as it ends, and a run given the same folder again goes
on from there::

    .venv/bin/python benchmarks/table_scan.py --jobs 2                 # 200 games of every set
    .venv/bin/python benchmarks/table_scan.py --module-sets --keep scan --jobs 2
    .venv/bin/python benchmarks/table_scan.py --games 5 --sample 40    # a short slice
"""

from __future__ import annotations

import argparse
import os
import pickle
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from itertools import chain
from multiprocessing import Pool
from pathlib import Path

from campaign import ModuleSet, choose_sets, positive

from companion.engine import DecisionKind
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.table.table_scan import Findings, scan_set  # noqa: E402

DEFAULT_GAMES = 200


def run_set(task: tuple[str, int, bool]) -> tuple[str, Findings, list[str], float]:
    """One set's games in a worker process: what they found, the games that raised (each with
    what reproduces it), and the CPU seconds taken."""
    key, games, fit = task
    start = time.process_time()
    found, raised = Findings(), []
    with tempfile.TemporaryDirectory() as state:

        def on_disk(chosen: ModuleSet, game: int) -> Path | None:
            return Path(state) / f"game{game}" if game == 0 else None

        for game in range(games):
            try:
                found.add(scan_set(ModuleSet.parse(key), range(game, game + 1), on_disk, fit=fit))
            except Exception as exc:  # noqa: BLE001 (a game that raises is a finding too)
                error = traceback.format_exception_only(type(exc), exc)[-1].strip()
                again = f"scan_game(ModuleSet.parse({key!r}), {game})"  # tests/table/table_scan.py
                raised.append(f"{key} game {game}: {error}; again: {again}")
    return key, found, raised, time.process_time() - start


def games_of(chosen: ModuleSet, games: int, module_sets: bool) -> int:
    """A set's games: ``games``, or with ``module_sets`` its half of its set of modules' when
    Old Saloon 3 deals its special roles two ways (the odd one to the cards dealt by type)."""
    if not module_sets or SPECIAL_ROLES_ID not in chosen.modules:
        return games
    return (games + (0 if chosen.mixed else 1)) // 2


Result = tuple[str, Findings, list[str], float]


def kept(folder: Path | None, key: str, games: int) -> Result | None:
    """A set's findings an earlier run kept, if it played the same games."""
    if folder is None or not (folder / f"{key}.pickle").exists():
        return None
    result: tuple[int, Result] = pickle.loads((folder / f"{key}.pickle").read_bytes())
    return result[1] if result[0] == games else None


def keep(folder: Path, games: int, result: Result) -> None:
    path = folder / f"{result[0]}.pickle"
    part = path.with_suffix(".part")
    part.write_bytes(pickle.dumps((games, result)))
    os.replace(part, path)  # a run stopped now finds the set whole or not at all


def summary(
    found: Findings, raised: list[str], sets: int, seconds: float, cpu: float, argv: Sequence[str]
) -> str:
    """What the scans saw and found, for docs/panels.md."""
    never = sorted(k.value for k in set(DecisionKind) - found.kinds)
    lines = [
        f"Command: `{' '.join(['.venv/bin/python benchmarks/table_scan.py', *argv])}`",
        f"Sets: {sets}; games: {found.games:,}; states looked at: {found.states:,}; "
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
    parser.add_argument(
        "--module-sets",
        action="store_true",
        help="--games per set of modules: Old Saloon 3's two ways of dealing share them",
    )
    parser.add_argument(
        "--names-only",
        action="store_true",
        help="scan the words only, not the fit on the consoles (a quarter faster)",
    )
    parser.add_argument(
        "--keep", type=Path, metavar="DIR", help="keep each set's findings here; go on from them"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    sets = choose_sets(args)
    each = "per set of modules" if args.module_sets else "each"
    print(f"{len(sets)} sets, {args.games} games {each}", file=sys.stderr)
    found, raised = Findings(), []
    cpu = 0.0
    start = time.perf_counter()
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    tasks, done = [], []
    for chosen in sets:
        games = games_of(chosen, args.games, args.module_sets)
        earlier = kept(args.keep, chosen.key, games)
        if earlier is not None:
            done.append(earlier)
        elif games:
            tasks.append((chosen.key, games, not args.names_only))
    print(f"{len(done)} sets kept from an earlier run, {len(tasks)} to play", file=sys.stderr)
    with Pool(args.jobs) as pool:
        results = pool.imap_unordered(run_set, tasks)
        for n, (key, one, errors, seconds) in enumerate(chain(done, results), 1):
            if args.keep is not None:
                keep(args.keep, one.games, (key, one, errors, seconds))
            found.add(one)
            raised += errors
            cpu += seconds
            print(
                f"{n}/{len(done) + len(tasks)} {key}: {len(errors)} raised, {len(one.cut)} cut, "
                f"{len(one.misnamed)} names "
                f"({found.games / (time.perf_counter() - start):.2f} games/s)",
                file=sys.stderr,
            )
    given = list(sys.argv[1:] if argv is None else argv)
    played = len(done) + len(tasks)
    print(summary(found, raised, played, time.perf_counter() - start, cpu, given))
    return 1 if raised or found.cut or found.misnamed else 0


if __name__ == "__main__":
    sys.exit(main())
