"""Every view the table shows over whole games, as one digest per language: the check that a
change made to speed the box up shows the same (run it in each tree and compare the digests),
and the CPU seconds it took (the machine may be loaded: compare two trees back to back).

The games are the scans' (``tests/table/table_scan.py``): games ``k % 7`` and the next of every
``--every``-th module set, played whole by the same random presses, each view written as its
``repr`` and its terminal text, then the history's lines::

    .venv/bin/python benchmarks/view_digest.py                # every 43rd set, en, it, qps
    .venv/bin/python benchmarks/view_digest.py --every 12 --languages it
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from companion.emulate import text_view  # noqa: E402
from companion.i18n import SOURCE, language, set_language  # noqa: E402
from companion.table import TableSession  # noqa: E402
from tests.table.table_scan import (  # noqa: E402
    SETS,
    Table,
    after_the_end,
    config_for,
    console_for,
    play_game,
)


def digest(code: str, every: int) -> tuple[str, int]:
    """The digest of every view of the games in the language ``code``, and how many views."""
    was = language()
    set_language(code)
    said = hashlib.sha256()
    views = [0]
    try:
        for n in range(0, len(SETS), every):
            for game in (n % 7, n % 7 + 1):
                config, rng = config_for(SETS[n], game, None)

                def look(session: TableSession) -> None:
                    view = session.view()
                    said.update(f"{view!r} {text_view(view)!r}\n".encode())
                    views[0] += 1

                table = Table(config, rng.randrange(2**32), look, console_for(game))
                play_game(table, config, rng, game, None)
                if table.session.play is not None:
                    said.update(repr(table.session.history.lines).encode())
                    after_the_end(table, config, rng)
                table.session.close()
    finally:
        set_language(was)
    return said.hexdigest(), views[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=int, default=43, help="every this many sets (43)")
    parser.add_argument("--languages", default=f"{SOURCE},it,qps", help="en,it,qps")
    args = parser.parse_args()
    for code in args.languages.split(","):
        start = time.process_time()
        found, views = digest(code, args.every)
        seconds = time.process_time() - start
        print(f"{code}: {views} views, sha256 {found}, {seconds:.1f} s CPU")


if __name__ == "__main__":
    main()
