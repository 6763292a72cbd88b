"""One box per state folder: a second real process on a folder in use exits 2 with one line
naming the first one's process id, and the first plays on without losing a press; a lock left
by a process that died never blocks the next."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from companion.table.folder_lock import LOCK_FILE

from .table.driver import CHARACTERS_5, SETUP_5

ROOT = Path(__file__).resolve().parents[1]


def companion(state: Path, *command: str) -> list[str]:
    return [sys.executable, "-m", "companion", *command, "--state-dir", str(state)]


class Emulator:
    """A real ``bang-companion emulate --keys -`` on ``state``, pressed line by line."""

    def __init__(self, state: Path) -> None:
        command = companion(state, "emulate", "--keys", "-", "--seats", "5", "--seed", "5")
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
        )
        self.ready = self.process.stdout.readline().split()[1]

    def press(self, key: str) -> str:
        self.process.stdin.write(key + "\n")
        self.process.stdin.flush()
        words = self.process.stdout.readline().split()
        assert words[0] == "ok", words
        return words[2]

    def finish(self) -> int:
        self.process.stdin.close()
        self.process.stdout.close()
        return self.process.wait(timeout=60)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=60)
        self.process.stdin.close()
        self.process.stdout.close()
        self.process.stderr.close()


def second(state: Path, *command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        companion(state, *command),
        cwd=ROOT,
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )


def test_a_second_box_on_a_busy_state_folder_exits_2_naming_the_first_and_the_first_loses_nothing(
    tmp_path: Path,
) -> None:
    first = Emulator(tmp_path)
    shown = [first.press(key) for key in SETUP_5]
    for command in (["emulate", "--keys", "-"], ["emulate", "--keys", "ROLL"]):
        refused = second(tmp_path, *command)
        assert refused.returncode == 2
        assert refused.stdout == ""
        lines = refused.stderr.splitlines()
        assert len(lines) == 1, refused.stderr
        assert f"in use by process {first.process.pid}" in lines[0] and str(tmp_path) in lines[0]
    shown += [first.press(key) for key in [*CHARACTERS_5, "ROLL", "DIE2", "ROLL"]]
    assert first.finish() == 0
    again = Emulator(tmp_path)
    assert again.ready == shown[-1]  # every press of the first is on disk, and nothing else
    assert again.finish() == 0


def test_run_on_a_busy_state_folder_exits_2_naming_the_first(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[game]\nseats = 5\nstate_dir = "{tmp_path / "state"}"\n')
    first = Emulator(tmp_path / "state")
    refused = subprocess.run(
        [sys.executable, "-m", "companion", "run", "--config", str(config)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=os.environ | {"GPIOZERO_PIN_FACTORY": "mock"},  # pins, as a Pi has: run goes on
    )
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1
    assert f"in use by process {first.process.pid}" in refused.stderr
    assert first.finish() == 0


def test_the_lock_of_a_process_that_died_never_blocks(tmp_path: Path) -> None:
    first = Emulator(tmp_path)
    shown = [first.press(key) for key in SETUP_5]
    dead = first.process.pid
    first.kill()  # as a power cut or the OOM killer stops it: nothing let go by hand
    assert (tmp_path / LOCK_FILE).read_text().split() == [str(dead)]
    again = Emulator(tmp_path)
    assert again.ready == shown[-1]
    assert again.press("ROLL") != shown[-1]
    assert (tmp_path / LOCK_FILE).read_text().split() == [str(again.process.pid)]
    assert again.finish() == 0
