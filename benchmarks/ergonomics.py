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
import tempfile
from pathlib import Path

from perfdoc import publish

from companion.table import TableConfig, TableSession
from companion.table.buttons import BUTTONS
from companion.table.setup_flow import CHARACTER_ORDER, PAGE, page_count

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


# The six games a new user played in issue 23: (name, players, the DIE presses that turn their
# modules on at set-up, the seats the box plays).
SIX_GAMES: list[tuple[str, int, list[str], list[int]]] = [
    ("base, the box at seat 4", 4, [], [4]),
    ("Old Saloon 1+2+4", 5, ["DIE1", "DIE2", "DIE4"], []),
    ("Old Saloon 3 special roles + 5 the Ghost", 6, ["DIE3", "DIE3", "DIE5"], []),
    ("Undead or Alive 1+2+3", 5, ["DIE6", "DIE1", "DIE2", "DIE3"], []),
    ("Undead or Alive 4, the Boneyard", 6, ["DIE6", "DIE4"], []),
    ("Undead or Alive 5, a Legacy series: first game", 5, ["DIE6", "DIE5"], []),
    ("8 players", 8, [], []),
]


class Presser:
    """Presses on a session a second apart, counted; a refused press stops the measure."""

    def __init__(self, session: TableSession) -> None:
        self.session, self.count = session, 0

    def __call__(self, button: str, kind: str = "press") -> None:
        self.count += 1
        self.session.handle(button, kind, float(self.count))
        if self.session.refused is not None:
            raise RuntimeError(f"{kind} {button} refused: {self.session.refused}")


def pick_all(press: Presser, rng: random.Random) -> None:
    """Each seat still without a character picks a random one it may take, in the fewest
    presses: its own button to pick out of turn, page turns, then the DIE."""
    flow = press.session.setup
    while flow is not None and flow.stage == "characters" and flow.picker is not None:
        names = flow.choices()
        name = rng.choice(names)
        pages, target = page_count(names), names.index(name) // PAGE
        forward = (target - flow.page) % pages
        turns = [f"SEAT{flow.picker}"] * forward
        if pages - forward < forward:
            turns = ["DONE"] * (pages - forward)  # the shorter way round
        for button in [*turns, f"DIE{names.index(name) % PAGE + 1}"]:
            press(button)
        flow = press.session.setup


def six_game_set_up(game: int, deal: int, dealt: bool) -> tuple[int, int | None]:
    """Presses to set up one of SIX_GAMES (characters picked, or ``dealt`` by ROLL), and for
    the Legacy series, to set up its second game after a random first one (else None)."""
    _, players, modules, box = SIX_GAMES[game]
    with tempfile.TemporaryDirectory() as folder:  # a series lives on disk
        return _six_game_set_up(game, deal, dealt, Path(folder))


def _six_game_set_up(game: int, deal: int, dealt: bool, folder: Path) -> tuple[int, int | None]:
    _, players, modules, box = SIX_GAMES[game]
    rng = random.Random(deal)
    session = TableSession(TableConfig(seats=8, state_dir=folder), seed=deal)
    session.start()
    press = Presser(session)
    for seat in range(1, players + 1):
        press(f"SEAT{seat}", "hold" if seat in box else "press")
    for button in [*modules, "DONE"]:
        press(button)
    press("ROLL" if box else f"SEAT{rng.randrange(1, players + 1)}")
    if dealt:
        press("ROLL")
        press("DONE")
    else:
        pick_all(press, rng)
    if session.play is None:
        raise RuntimeError(f"{SIX_GAMES[game][0]}, deal {deal}: the set-up did not finish")
    first = press.count
    if "DIE5" not in modules or "DIE6" not in modules:
        return first, None
    while not session.play.game.over:
        for button in next_buttons(session, rng):
            press(button)
    played = press.count
    press("ROLL")
    flow = session.setup
    if flow is not None and flow.stage == "roles":  # the surviving Sheriff appoints
        press(f"SEAT{rng.randrange(1, players + 1)}")
    if dealt:
        press("ROLL")
        press("DONE")
    else:
        pick_all(press, rng)
        if session.play is None:
            press("DONE")  # every seat kept its character: DONE starts
    return first, press.count - played


def six_games(deals: int) -> list[str]:
    lines = [
        "Set-up of each of issue 23's six games (and the Legacy series' second game), from the",
        "first join to the first roll's prompt, modules turned on with the DIE buttons: random",
        "characters picked in the fewest presses, or dealt (ROLL, then DONE):",
        "",
        "| game | players | picked, mean | picked, most | dealt, mean | dealt, most |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    turns = [
        "",
        "A turn in each of them (whole games of random legal play by presses, characters dealt;",
        "the box's choices are not presses):",
        "",
        "| game | players | games | turns | presses, mean | presses, most |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for game, (name, players, _, _) in enumerate(SIX_GAMES):
        counts = [t for seed in range(deals) for t in six_game_turns(game, seed)]
        turns.append(
            f"| {name.removesuffix(': first game')} | {players} | {deals} | {len(counts)} "
            f"| {statistics.mean(counts):.2f} | {max(counts)} |"
        )
        picked = [six_game_set_up(game, deal, dealt=False) for deal in range(deals)]
        dealt = [six_game_set_up(game, deal, dealt=True) for deal in range(deals)]
        rows = [(name, [p for p, _ in picked], [d for d, _ in dealt])]
        if picked[0][1] is not None:
            second = [q for _, q in picked if q is not None], [q for _, q in dealt if q is not None]
            rows.append(("Undead or Alive 5, a Legacy series: second game", *second))
        for title, p, d in rows:
            lines.append(
                f"| {title} | {players} | {statistics.mean(p):.1f} | {max(p)} "
                f"| {statistics.mean(d):.1f} | {max(d)} |"
            )
    return lines + turns


# Where a table may be when it leaves a Wild West Legacy series (issue 35: it took two
# start-overs from a game of it).
SERIES_PLACES = ("its second game, in play", "its second game's set-up", "its first game, over")


def leave_series(place: str, seed: int) -> int:
    """Presses from ``place`` in a series (the first game played to its end, the second set
    up, then a press into it) to a fresh set-up, by the console's way out (hold UNDO, then
    DONE, as often as it takes)."""
    _, players, modules, _box = SIX_GAMES[5]
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        session = TableSession(TableConfig(seats=8, state_dir=Path(folder)), seed=seed)
        session.start()
        press = Presser(session)
        for button in [*(f"SEAT{n}" for n in range(1, players + 1)), *modules, "DONE", "SEAT1"]:
            press(button)
        press("ROLL")
        press("DONE")
        for _ in range(2):
            play = session.play
            assert play is not None
            while not play.game.over:
                for button in next_buttons(session, rng):
                    press(button)
            if place == SERIES_PLACES[2]:
                break
            press("ROLL")  # the series' next set-up
            flow = session.setup
            if flow is not None and flow.stage == "roles":  # the surviving Sheriff appoints
                press(f"SEAT{rng.randrange(1, players + 1)}")
            if place == SERIES_PLACES[1]:
                break
            press("ROLL")
            press("DONE")
            if session.play is None:
                press("DONE")  # every seat kept its character: DONE starts
            for button in next_buttons(session, rng):  # a press into the game
                press(button)
            break
        start = press.count
        for _ in range(3):
            if session.fresh():
                break
            press("UNDO", "hold")
            press("DONE")
        if not session.fresh():
            raise RuntimeError(f"{place}, seed {seed}: not a fresh set-up after three start-overs")
        session.close()
        return press.count - start


def series_ways_out(seeds: int) -> list[str]:
    lines = [
        "",
        "Leaving a Wild West Legacy series for a fresh set-up (hold UNDO, then DONE; each a",
        "press), random legal play by presses up to there:",
        "",
        "| from | series | presses, mean | presses, most |",
        "| --- | ---: | ---: | ---: |",
    ]
    for place in SERIES_PLACES:
        counts = [leave_series(place, seed) for seed in range(seeds)]
        lines.append(f"| {place} | {seeds} | {statistics.mean(counts):.1f} | {max(counts)} |")
    return lines


def six_game_turns(game: int, seed: int) -> list[int]:
    """The people's presses in each turn of one whole game of SIX_GAMES (characters dealt),
    random legal play; the box makes its seat's choices itself."""
    _, players, modules, box = SIX_GAMES[game]
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        session = TableSession(TableConfig(seats=8, state_dir=Path(folder)), seed=seed)
        session.start()
        press = Presser(session)
        for seat in range(1, players + 1):
            press(f"SEAT{seat}", "hold" if seat in box else "press")
        for button in [*modules, "DONE", "ROLL" if box else "SEAT1", "ROLL", "DONE"]:
            press(button)
        play = session.play
        assert play is not None
        turns, turn, start = [], play.game.turn_number, press.count
        while not play.game.over:
            if play.box_due():
                session.box_step()
            else:
                buttons = next_buttons(session, rng)
                if not set(buttons) <= BUTTONS:
                    # Slab the Killer doubling a Rage card's Bull's Eye (a "die" past DIE6) has
                    # no button: he keeps the Beer instead (DONE).
                    buttons = ["DONE"]
                for button in buttons:
                    press(button)
            if play.game.turn_number != turn or play.game.over:
                turns.append(press.count - start)
                turn, start = play.game.turn_number, press.count
        session.close()
        return turns


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
    lines += ["", *six_games(max(1, deals // 4)), *series_ways_out(max(1, deals // 20))]
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
