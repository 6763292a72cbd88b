"""The commands a maker types on the Pi: ``replay`` with no journal shows the newest game in the
configuration's state folder, as ``games`` lists them from there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START = "SEAT1 SEAT2 SEAT3 SEAT4 Enter SEAT2 DIE1 DIE2 DIE3 DIE4 Space"


def companion(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=120
    )


def config_with_state(tmp_path: Path) -> tuple[Path, Path]:
    """The example configuration with its state folder in ``tmp_path``."""
    state = tmp_path / "state"
    state.mkdir()
    text = (ROOT / "hardware" / "config.example.toml").read_text()
    config = tmp_path / "config.toml"
    config.write_text(text.replace('"/var/lib/bang-companion"', f'"{state}"'))
    return config, state


def test_replay_without_a_journal_shows_the_newest_game(tmp_path: Path) -> None:
    config, state = config_with_state(tmp_path)
    game = companion("emulate", "--seats", "4", "--seed", "3", "--state", str(state),
                     "--keys", START)  # fmt: skip
    assert game.returncode == 0, game.stderr
    first = state / "games" / "game-000001.jsonl"
    # A second game, one action shorter, numbered after the first.
    newer = first.with_name("game-000002.jsonl")
    newer.write_text("".join(first.read_text().splitlines(keepends=True)[:-1]))
    newest = companion("replay", "--config", str(config))
    assert newest.returncode == 0, newest.stderr
    assert newest.stdout == companion("replay", str(newer)).stdout
    assert newest.stdout != companion("replay", str(first)).stdout
    assert newest.stdout.startswith(f"{newer}: ")


def test_replay_in_a_folder_without_games_says_so_in_one_line(tmp_path: Path) -> None:
    config, state = config_with_state(tmp_path)
    result = companion("replay", "--config", str(config))
    assert result.returncode == 2
    assert result.stderr == (
        f"bang-companion: {state / 'games'}: no game here yet; expected game-*.jsonl\n"
    )


def test_games_and_replay_without_options_read_the_emulators_games_on_a_computer(
    tmp_path: Path,
) -> None:
    """Issue 23: on a computer (no service configuration installed) ``games`` and ``replay``
    read the folder the emulator in a window plays in, ~/.local/state/bang-companion."""
    assert not Path("/etc/bang-companion/config.toml").exists()  # this is not a Pi
    state = tmp_path / ".local" / "state" / "bang-companion"
    game = companion("emulate", "--seats", "4", "--seed", "3", "--state", str(state),
                     "--keys", START)  # fmt: skip
    assert game.returncode == 0, game.stderr
    home = {"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    run = [sys.executable, "-m", "companion"]
    replay = subprocess.run([*run, "replay"], capture_output=True, text=True, env=home, cwd=ROOT)
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.startswith(f"{state / 'games' / 'game-000001.jsonl'}: ")
    games = subprocess.run([*run, "games"], capture_output=True, text=True, env=home, cwd=ROOT)
    assert games.returncode == 0, games.stderr
    assert games.stdout == f"No finished game in {state} yet.\n"
