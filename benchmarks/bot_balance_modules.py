"""The game's balance with the expansions: rule-based players at every seat, per module set.

Each set of modules (each one alone with what it needs, each expansion whole, both together) is
played at 5 players (the Ghost needs 5, Undead or Alive 4 at least 4) from the same seeds; the
win share of each side carries a Wilson 95 % interval. The expansions' characters (Old Saloon 4,
Undead or Alive 3) get their own plot: the share of games their seat won, over every game
they were dealt in. Drawn with Pillow into docs/images/; with ``--markdown-into docs/bots.md``
the section "Balance by module set" is replaced there.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from bot_tournament import Balance, balance, bars, role_rows, share_rows
from engine_simulate import pin_to_one_core
from perfdoc import publish

from companion.engine import CHARACTERS, MODULES, Module
from companion.modules.ghost.rules import ID as GHOST

SECTION = "## Balance by module set"
COMMAND = ".venv/bin/python benchmarks/bot_balance_modules.py --markdown-into docs/bots.md"
# The sides a game can end with: the base game's, then Undead or Alive 4's after an outbreak.
SIDES = ("sheriff", "outlaws", "renegade", "survivors", "zombies")
OLD_SALOON = frozenset(m for m in Module if m.value.startswith("old_saloon"))
UNDEAD_OR_ALIVE = frozenset(m for m in Module if m.value.startswith("undead_or_alive"))


def module_sets() -> list[frozenset[Module]]:
    """The base game, each module alone (with the modules it needs), each expansion, both
    (without the Ghost: it and Undead or Alive 4 are not played together)."""
    alone = [frozenset({m, *MODULES[m].requires}) for m in Module]
    return [
        frozenset(),
        *alone,
        OLD_SALOON,
        UNDEAD_OR_ALIVE,
        (OLD_SALOON | UNDEAD_OR_ALIVE) - {GHOST},
    ]


def short(modules: frozenset[Module]) -> str:
    """A module set as the plot's rows name it: OS1 for old_saloon.1, whole expansions."""
    if not modules:
        return "base game"
    if modules == OLD_SALOON:
        return "Old Saloon, all"
    if modules == UNDEAD_OR_ALIVE:
        return "Undead or Alive, all"
    if modules == (OLD_SALOON | UNDEAD_OR_ALIVE) - {GHOST}:
        return "both, all but the Ghost"
    names = {"old_saloon": "OS", "undead_or_alive": "UA"}
    return "+".join(names[m.value.split(".")[0]] + m.value.split(".")[1] for m in sorted(modules))


def expansion_character_rows(
    results: Sequence[Balance],
) -> list[tuple[str, float, float, float, tuple]]:
    won: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for b in results:
        won.update(b.character_won)
        played.update(b.character_played)
    new = Counter({c: n for c, n in played.items() if CHARACTERS[c].module is not None})
    return share_rows(won, new, lambda c: f"{CHARACTERS[c].title} ({CHARACTERS[c].module})")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5, help="players at the table (5)")
    parser.add_argument("--games", type=int, default=300, help="games per module set (300)")
    parser.add_argument("--seed", type=int, default=1, help="first game's seed (1)")
    parser.add_argument("--markdown-into", type=Path, help="write the section here (docs/bots.md)")
    args = parser.parse_args(argv)
    pinned = pin_to_one_core()
    started = time.perf_counter()
    results = []
    for modules in module_sets():
        results.append(balance(args.players, args.games, args.seed, modules=modules))
        results[-1].label = short(modules)
        print(f"  {results[-1].label}: done", file=sys.stderr)
    minutes = (time.perf_counter() - started) / 60
    images = (args.markdown_into or Path("docs/bots.md")).parent / "images"
    pictures = {
        "balance-modules.png": bars(
            f"Win share per side by module set, rule-based players, {args.players} players",
            role_rows(results),
            f"{args.games} games per set; whiskers: 95 % Wilson intervals",
        ),
        "balance-expansion-characters.png": bars(
            "Share of games won by the seat of each expansion character, rule-based players",
            expansion_character_rows(results),
            "over every game above the character was dealt in; whiskers: 95 % Wilson intervals",
        ),
    }
    sides = [s for s in SIDES if any(b.sides[s] for b in results)]
    table = ["| modules | games | " + " | ".join(sides) + " |"]
    table.append("| --- | ---: |" + " ---: |" * len(sides))
    for b in results:
        shares = [f"{b.sides[side] / b.games:.0%}" for side in sides]
        table.append(f"| {b.label} | {b.games} | " + " | ".join(shares) + " |")
    section = [
        SECTION,
        "",
        f"Rule-based players at every seat, {args.players} players, {args.games} games per set "
        f"from seed {args.seed} (measured in about {max(1, round(minutes))} min, {pinned}). "
        "Produced by:",
        "",
        "```",
        COMMAND,
        "```",
        "",
        "The players answer every module's decisions by their rules (The modules' decisions, "
        "below) and reveal their special cards when those rules say it helps. The UA5 row is "
        "the base game's very games (Wild West Legacy changes only a series' next game). After "
        "an Undead or Alive 4 outbreak the sides are survivors and zombies.",
        "",
        *table,
        "",
        "![Win share per side by module set](images/balance-modules.png)",
        "",
        "![Win share per expansion character](images/balance-expansion-characters.png)",
        "",
    ]
    publish(SECTION, "\n".join(section), args.markdown_into)
    if args.markdown_into:
        for name, picture in pictures.items():
            picture.save(images / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
