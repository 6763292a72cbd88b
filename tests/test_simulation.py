"""``bang-companion simulate``: the engine's fuzzer and benchmark, as the README runs it."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import pytest

from companion.cli import main
from companion.simulation import simulate

# What a report must say whatever the speed of the machine.
STABLE_KEYS = ("players", "games", "average_turns", "average_actions", "win_share")
BASE_SIDES = {"sheriff", "outlaws", "renegade"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the CLI in-process; argparse errors exit, and count as the exit code."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def simulate_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    code, out, err = run(capsys, "simulate", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_the_readme_command_prints_a_readable_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--players", "5", "--games", "50", "--seed", "1")
    assert code == 0, err
    assert out.startswith("50 games of 5 players in ")
    assert "games per second" in out
    assert "average turns per game:" in out
    assert "share of wins per side:" in out
    assert err == ""


def test_json_report_has_speed_turns_and_win_shares_that_sum_to_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report = simulate_json(capsys, "--players", "5", "--games", "50", "--seed", "1")
    assert {"games_per_second", "average_turns", "win_share"} <= report.keys()
    assert (report["players"], report["games"]) == (5, 50)
    assert report["games_per_second"] > 0
    assert report["average_turns"] >= 1
    assert set(report["win_share"]) <= BASE_SIDES
    assert math.isclose(sum(report["win_share"].values()), 1.0, abs_tol=1e-3)


def test_three_players_report_the_three_player_sides(capsys: pytest.CaptureFixture[str]) -> None:
    report = simulate_json(capsys, "--players", "3", "--games", "30", "--seed", "4")
    assert set(report["win_share"]) <= {"deputy", "outlaw", "renegade", "nobody"}
    assert math.isclose(sum(report["win_share"].values()), 1.0, abs_tol=1e-3)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--players", "2"], "3 to 8 players"),
        (["--players", "9"], "3 to 8 players"),
        (["--games", "0"], "--games: must be at least 1, got 0"),
        (["--games", "-5"], "--games: must be at least 1, got -5"),
        (["--games", "many"], "--games: expected a whole number, got 'many'"),
    ],
)
def test_bad_arguments_exit_non_zero_with_a_clear_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    code, out, err = run(capsys, "simulate", "--games", "3", *argv)
    assert code != 0
    assert says in err
    assert "Traceback" not in err
    assert out == ""


def test_the_same_seed_gives_the_same_turns_and_win_shares(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("--players", "6", "--games", "40", "--seed", "7")
    first, again = simulate_json(capsys, *argv), simulate_json(capsys, *argv)
    assert {k: first[k] for k in STABLE_KEYS} == {k: again[k] for k in STABLE_KEYS}


def test_another_seed_plays_other_games(capsys: pytest.CaptureFixture[str]) -> None:
    """The seed really reaches the deal and the dice (else the check above proves nothing)."""
    one = simulate_json(capsys, "--players", "6", "--games", "40", "--seed", "7")
    other = simulate_json(capsys, "--players", "6", "--games", "40", "--seed", "8")
    assert (one["average_actions"], one["win_share"]) != (
        other["average_actions"],
        other["win_share"],
    )


def test_game_i_uses_seed_plus_i() -> None:
    """Ten games from seed 3 are games 3..12: a report can be reproduced in slices."""
    whole = simulate(4, 10, 3)
    first, rest = simulate(4, 4, 3), simulate(4, 6, 7)
    assert whole.turns == first.turns + rest.turns
    assert whole.actions == first.actions + rest.actions
    assert whole.wins == first.wins + rest.wins


def test_the_module_runs_as_a_command() -> None:
    """``python -m companion simulate`` is the same CLI, for machines without the script."""
    done = subprocess.run(
        [sys.executable, "-m", "companion", "simulate", "--players", "4", "--games", "5"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("5 games of 4 players")


@pytest.mark.parametrize("unbuffered", [None, "1"], ids=["buffered", "PYTHONUNBUFFERED"])
def test_a_reader_that_stops_early_gets_no_traceback(unbuffered: str | None) -> None:
    """``bang-companion simulate | head -1`` closes the pipe before the report is written.

    A fresh Raspberry Pi OS has no PYTHONUNBUFFERED: the report then sits in a buffer, and the
    closed pipe is only met when it is flushed."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered is not None:
        env["PYTHONUNBUFFERED"] = unbuffered
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "simulate", "--players", "4", "--games", "5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader went away before the report
    _, err = process.communicate(timeout=120)
    assert process.returncode == 1
    assert err == b""


def test_policy_seats_bots_and_reports_how_often_each_kind_of_player_won(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report = simulate_json(
        capsys, "--players", "4", "--games", "12", "--seed", "2", "--policy", "rules,random"
    )
    assert report["policies"] == ["rules", "random"]
    assert set(report["win_rate_by_player"]) == {"rules", "random"}
    assert all(0 <= rate <= 1 for rate in report["win_rate_by_player"].values())
    assert math.isclose(sum(report["win_share"].values()), 1.0, abs_tol=1e-3)
    code, out, _ = run(
        capsys, "simulate", "--players", "4", "--games", "2", "--policy", "random,rules"
    )
    assert code == 0
    assert "share of seats that won, per kind of player:" in out


def test_each_kind_of_player_sits_in_every_seat_in_turn() -> None:
    from companion.simulation import seating

    assert seating(("rules", "random"), 5, 0) == ["rules", "random", "rules", "random", "rules"]
    assert seating(("rules", "random"), 5, 1) == ["random", "rules", "random", "rules", "random"]


def test_an_unknown_kind_of_player_is_refused_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--games", "2", "--policy", "rules,smart")
    assert code != 0 and out == ""
    assert "unknown player 'smart' in 'rules,smart'; expected kinds from random, rules" in err
    with pytest.raises(ValueError, match="unknown player 'smart'"):
        simulate(4, 1, 1, policies=("smart",))
