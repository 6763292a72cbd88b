"""Presses a table makes, against the decisions the rules ask of it: set-up and a typical turn.

Set-up: for every player count, random deals of the characters (and a random Sheriff) are
entered with the fewest presses the set-up allows; the rules ask for one decision per player
joining, one for the Sheriff (two face-up roles with three players) and one per character.

Turns: whole games of random legal play by presses (the test suite's driver, re-rolls kept
short). A decision is an action a player made (a roll, stopping, a target, an answer); the
presses on top are the DIE buttons that say which dice to re-roll. Automatic choices are the
ones the table made because only one answer was possible (or none mattered).

    .venv/bin/python benchmarks/ergonomics.py --markdown-into docs/ergonomics.md
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

from perfdoc import publish

from companion.table import TableConfig, TableSession
from companion.table.setup_flow import CHARACTER_ORDER

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.table.driver import next_buttons, presses_to_pick  # noqa: E402

SECTION = "## Measured"
COMMAND = ".venv/bin/python benchmarks/ergonomics.py --markdown-into docs/ergonomics.md"


def set_up_presses(players: int, deal: int) -> tuple[int, int]:
    """(presses, decisions) to set up one random deal at a table of ``players``."""
    rng = random.Random(deal)
    session = TableSession(TableConfig(seats=8), seed=deal)
    session.start()
    presses = [f"SEAT{n}" for n in range(1, players + 1)] + ["DONE"]
    roles = 2 if players == 3 else 1
    presses += [f"SEAT{n}" for n in rng.sample(range(1, players + 1), roles)]
    for at, button in enumerate(presses, start=1):
        session.handle(button, "press", float(at))
    for seat, name in enumerate(rng.sample(CHARACTER_ORDER, players), start=1):
        for button in presses_to_pick(session.setup, seat, name):
            presses.append(button)
            session.handle(button, "press", float(len(presses)))
    if session.play is None:
        raise RuntimeError(f"{players} players, deal {deal}: the set-up did not finish")
    return len(presses), players + roles + players


def turn_presses(seed: int, players: int) -> list[tuple[int, int, int]]:
    """(presses, decisions, automatic choices) for each turn of one game by presses."""
    rng = random.Random(seed)
    session = TableSession(TableConfig(seats=8), seed=seed)
    session.start()
    joined = [f"SEAT{n}" for n in range(1, players + 1)]
    at = 0.0
    for button in [*joined, "DONE", "SEAT1", *["DIE1"] * players]:
        at += 1
        session.handle(button, "press", at)
    play = session.play
    turns: list[tuple[int, int, int]] = []
    presses = 0
    start = len(play.taken)
    turn = play.game.turn_number
    while not play.game.over:
        for button in next_buttons(session, rng):
            at += 1
            session.handle(button, "press", at)
            presses += 1
        if play.game.turn_number != turn or play.game.over:
            steps = play.taken[start:]
            decisions = sum(1 for s in steps if not s.auto)
            turns.append((presses, decisions, len(steps) - decisions))
            presses, start, turn = 0, len(play.taken), play.game.turn_number
    return turns


def measure(deals: int, games: int) -> str:
    lines = [
        "Set-up, from the first join to the first roll's prompt (random characters and Sheriff):",
        "",
        "| players | decisions the rules ask | presses, mean | presses, most |",
        "| ---: | ---: | ---: | ---: |",
    ]
    for players in range(3, 9):
        results = [set_up_presses(players, deal) for deal in range(deals)]
        counts = [p for p, _ in results]
        lines.append(
            f"| {players} | {results[0][1]} | {statistics.mean(counts):.1f} | {max(counts)} |"
        )
    lines += [
        "",
        "A turn (whole games of random legal play, re-rolls kept short):",
        "",
        "| players | turns | presses, mean | decisions, mean | automatic choices, mean |",
        "| ---: | ---: | ---: | ---: | ---: |",
    ]
    for players in (4, 6, 8):
        turns = [t for seed in range(games) for t in turn_presses(seed, players)]
        presses, decisions, auto = (statistics.mean(column) for column in zip(*turns, strict=True))
        lines.append(f"| {players} | {len(turns)} | {presses:.2f} | {decisions:.2f} | {auto:.2f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="random deals per player count")
    parser.add_argument("--games", type=int, default=30, help="games per player count")
    parser.add_argument("--markdown-into", type=Path, help="replace the results in this file")
    args = parser.parse_args()
    section = f"{SECTION}\n\nMade with `{COMMAND}`.\n\n{measure(args.deals, args.games)}\n"
    publish(SECTION, section, args.markdown_into)


if __name__ == "__main__":
    main()
