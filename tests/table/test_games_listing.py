"""``bang-companion games`` speaks as a person would (issue 35): "seat 4" for one winner, and
a series named only for the games of a Wild West Legacy series, with which game of it."""

from __future__ import annotations

from companion.engine import CHARACTERS, GameResult, Module
from companion.table.series import SeriesGame, listing

FIVE = tuple(list(CHARACTERS)[:5])
RENEGADE_ALONE = GameResult(FIVE, 0, False, 3, (0, 1, 2, 4), "renegade", (3,))
OUTLAWS = GameResult(FIVE, 0, False, 1, (0,), "outlaws", (1, 2))
LEGACY = (str(Module.WILD_WEST_LEGACY),)


def game(n: int, series: int, result: GameResult, modules: tuple[str, ...] = ()) -> SeriesGame:
    return SeriesGame(
        journal=f"game-{n:06d}.jsonl",
        finished=f"2026-12-0{n}T20:00:00Z",
        series=series,
        seats=(1, 2, 3, 4, 5),
        modules=modules,
        result=result,
    )


def test_games_says_seat_for_one_winner_and_a_series_only_for_legacy_games() -> None:
    lines = listing(
        [
            game(1, 1, RENEGADE_ALONE),
            game(2, 2, OUTLAWS, LEGACY),
            game(3, 2, RENEGADE_ALONE, LEGACY),
            game(4, 3, OUTLAWS),
            game(5, 4, OUTLAWS, LEGACY),
        ]
    )
    assert lines[0].endswith("  Renegade wins: seat 4")
    assert "series" not in lines[0] and "series" not in lines[3]
    assert lines[1].endswith("Outlaws win: seats 2, 3  (Wild West Legacy series 1, game 1)")
    assert lines[2].endswith("Renegade wins: seat 4  (Wild West Legacy series 1, game 2)")
    assert lines[4].endswith("  (Wild West Legacy series 2, game 1)")
    assert all(line.startswith(f"{n:3d}  2026-12-0{n} 20:00:00  5 players: ") for n, line in
               enumerate(lines, 1))  # fmt: skip
