"""The ``bang-companion`` command's start: ``games --state-dir DIR`` is answered from the
games' summaries before the rest of the program is loaded (its imports alone take most of a
second on a Pi); every other command line goes to ``cli``."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    from .games_list import quick

    args = sys.argv[1:] if argv is None else list(argv)
    code = quick(args)
    if code is not None:
        return code
    from .cli import main as full

    return full(args)
