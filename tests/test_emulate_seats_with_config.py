"""``emulate --config FILE --seats N``: the command line's seats win over the file's (the
emulator has no wired seats to disagree with), checked again against the file's game."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "hardware" / "config.example.toml"


def emulate(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return subprocess.run(
        [sys.executable, "-m", "companion", "emulate", "--state-dir", str(tmp_path / "state")]
        + [*args, "--keys", "SEAT1"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def seats_shown(terminal: str) -> list[int]:
    return [int(n) for n in re.findall(r"^Seat (\d) ", terminal, re.MULTILINE)]


def test_seats_on_the_command_line_win_over_the_configuration(tmp_path: Path) -> None:
    result = emulate(tmp_path, "--config", str(EXAMPLE), "--seats", "5")
    assert result.returncode == 0, result.stderr
    assert seats_shown(result.stdout) == [1, 2, 3, 4, 5]


def test_without_seats_on_the_command_line_the_configuration_s_count(tmp_path: Path) -> None:
    result = emulate(tmp_path, "--config", str(EXAMPLE))
    assert result.returncode == 0, result.stderr
    assert seats_shown(result.stdout) == list(range(1, 9))


def test_seats_that_leave_out_a_seat_the_box_plays_are_refused_in_one_line(
    tmp_path: Path,
) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[game]\nseats = 8\nbots = [7]\n")
    result = emulate(tmp_path, "--config", str(config), "--seats", "5")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"bang-companion: {config}: game.bots: seat 7, but the table has 5 seats: expected 1 to 5"
    ]
