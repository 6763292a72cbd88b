"""The ``bang-companion`` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .engine import SetupError


def _simulate(args: argparse.Namespace) -> int:
    from .simulation import simulate

    report = simulate(args.players, args.games, args.seed)
    print(json.dumps(report.to_json(), indent=2) if args.json else report.to_text())
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bang-companion",
        description="A table companion for BANG! The Dice Game: buttons, dice, life and arrows.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    sim = commands.add_parser(
        "simulate", help="play whole games with random legal actions (fuzzer and benchmark)"
    )
    sim.add_argument("--players", type=int, default=5, help="3 to 8 (default 5)")
    sim.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    sim.add_argument("--seed", type=int, default=1, help="first game's seed (default 1)")
    sim.add_argument("--json", action="store_true", help="print the report as JSON")
    sim.set_defaults(func=_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "func"):
        parser.print_help()
        return 2
    try:
        return args.func(args)
    except SetupError as exc:
        print(f"bang-companion: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
