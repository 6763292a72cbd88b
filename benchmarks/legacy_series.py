"""Does the box's Legacy appointment win its seat the next game of a series?

Undead or Alive 5 (Wild West Legacy, ruling UA5): a Sheriff who survived appoints the next
game's Sheriff; appointing another player gives the appointer one bullet more. Its effect shows
only in the next game, so each trial is a two-game series: a first game (5 players, every seat
the default rule-based player) whose Sheriff survived, then the second game twice from the same
seed (same characters, role shuffle and dice source), once with the Sheriff the default player
appoints (``RuleBot().appoint``: keep the star) and once with its fallback twin's (the first
legal appointment: seat 1). Every seat of both games is played by the default player; only the
appointment differs. Reported: the appointer's wins, in the second game and over both, per
appointment, and the paired difference with its 95 % interval. First games whose Sheriff died
have no appointment and are skipped (counted). With ``--markdown-into docs/bots.md`` the
section "Legacy appointments" is replaced there.
"""

from __future__ import annotations

import argparse
import random
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bot_tournament import paired_interval
from engine_simulate import pin_to_one_core
from perfdoc import publish

from companion.bots import RuleBot, play_match
from companion.bots.appointments import first_appointment
from companion.engine import (
    Game,
    NextGame,
    deal,
    deal_roles,
    legacy_setup,
    result_of,
    unused_characters,
)
from companion.modules.legacy.rules import ID as WILD_WEST_LEGACY
from companion.modules.legacy.rules import next_game

SECTION = "## Legacy appointments"
MODULES = frozenset({WILD_WEST_LEGACY})
PLAYERS = 5


def second_game(nxt: NextGame, sheriff: int, seed: int) -> Game:
    """The series' next game with ``sheriff`` appointed: survivors keep their characters, the
    eliminated draw unused ones (the same for either appointment)."""
    rng = random.Random(f"legacy-series:{seed}")
    characters: list[str | None] = [
        nxt.previous[s] if s in nxt.may_keep else None for s in range(nxt.players)
    ]
    for s in nxt.new_character:
        characters[s] = rng.choice(sorted(unused_characters(nxt, MODULES, tuple(characters))))
    roles = deal_roles(nxt.players, sheriff, seed)
    named = tuple(c for c in characters if c is not None)
    return Game(legacy_setup(nxt, sheriff, named, modules=MODULES, seed=seed, roles=roles))


def series(deals: int, seed: int) -> tuple[list[int], list[int], int, int]:
    """The appointer's second-game wins (rule, fallback) for ``deals`` series, the first games
    played and the series whose rule and fallback appointed the same seat."""
    rule, twin = RuleBot(), RuleBot(appoints=first_appointment)
    kept: list[int] = []
    fell: list[int] = []
    played = same = 0
    s = seed
    while len(kept) < deals:
        first = Game(deal(PLAYERS, s, modules=MODULES))
        play_match(first, [RuleBot() for _ in range(PLAYERS)])
        played += 1
        nxt = next_game(result_of(first))
        s += 1
        if nxt.appointer is None:
            continue
        chosen = (rule.appoint(nxt), twin.appoint(nxt))
        same += chosen[0] == chosen[1]
        wins = []
        for sheriff in chosen:
            game = second_game(nxt, sheriff, s * 7919)
            play_match(game, [RuleBot() for _ in range(PLAYERS)])
            wins.append(int(nxt.appointer in game.winners))
        kept.append(wins[0])
        fell.append(wins[1])
    return kept, fell, played, same


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600, help="series with an appointment (600)")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed (1)")
    parser.add_argument("--markdown-into", type=Path, help="write the section here")
    args = parser.parse_args(argv)
    pinned = pin_to_one_core()
    started = time.perf_counter()
    kept, fell, played, same = series(args.deals, args.seed)
    minutes = (time.perf_counter() - started) / 60
    n = len(kept)
    mean, low, high = paired_interval([a - b for a, b in zip(kept, fell, strict=True)])
    verdict = "better" if low > 0 else "worse" if high < 0 else "no significant difference"
    command = shlex.join(
        ["taskset", "-c", "1", ".venv/bin/python", "benchmarks/legacy_series.py", *sys.argv[1:]]
    )
    section = [
        SECTION,
        "",
        f"{n} two-game series from seed {args.seed} whose first game's Sheriff survived "
        f"({played} first games played), 5 players, Undead or Alive 5 alone (measured in about "
        f"{max(1, round(minutes))} min, {pinned}). The default player appointed the same seat as "
        f"its fallback twin in {same} of them (the Sheriff sat at seat 1). Produced by:",
        "",
        "```",
        command,
        "```",
        "",
        "| the surviving Sheriff appoints | second game won | series games won (of 2) |",
        "| --- | ---: | ---: |",
        f"| himself (the default player's rule) | {sum(kept) / n:.1%} | {1 + sum(kept) / n:.2f} |",
        f"| seat 1 (the fallback twin) | {sum(fell) / n:.1%} | {1 + sum(fell) / n:.2f} |",
        "",
        f"Paired difference in the appointer's second-game wins (and so in his series' wins: "
        f"a surviving Sheriff won the first game): {mean:+.1%}, 95 % CI {low:+.1%} to "
        f"{high:+.1%}: {verdict}.",
        "",
    ]
    publish(SECTION, "\n".join(section), args.markdown_into)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
