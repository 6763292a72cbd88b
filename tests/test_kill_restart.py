"""Pull the plug: a real companion process is SIGKILLed at many points of a scripted game (its
set-up included) and restarted; each time it resumes at the last journaled press and the game
ends the same."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from companion.emulate import digest
from companion.table import TableConfig, TableSession, read_journal
from companion.table.journal import journals
from companion.table.play import TablePlay

from .table.driver import CHARACTERS_5, SETUP_5, next_buttons

SEED = 7


def reference_game(tmp_path: Path) -> tuple[list[str], list[str], list[bool], dict]:
    """The scripted game played in this process: presses, digest after each, safe kill points."""
    session = TableSession(TableConfig(seats=6, state_dir=tmp_path), seed=SEED)
    session.start()
    presses: list[str] = []
    digests: list[str] = []
    killable: list[bool] = []
    rng = random.Random(21)

    def press(button: str) -> None:
        session.handle(button, "press", float(len(presses) + 1))
        assert session.flash is None, session.flash
        presses.append(button)
        digests.append(digest(session))
        # Dice marked for a re-roll live only on the console, not in the journal: the plug is
        # pulled only where no die is marked. Set-up presses are journaled too.
        killable.append(session.play is None or not session.play.marked)

    for button in SETUP_5 + CHARACTERS_5:
        press(button)
    while not session.play.game.over:
        for button in next_buttons(session, rng):
            press(button)
    return presses, digests, killable, session.play.game.to_json()


class Companion:
    """A real `bang-companion emulate --keys -` process (``options``: more of its options)."""

    def __init__(self, state_dir: Path, options: Sequence[str] = ()) -> None:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "companion",
                "emulate",
                "--keys",
                "-",
                "--seats",
                "6",
                "--state-dir",
                str(state_dir),
                "--seed",
                str(SEED),
                *options,
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.ready = self._line().split()[1]

    def _line(self) -> str:
        line = self.process.stdout.readline()
        if not line:
            raise AssertionError(f"companion died: {self.process.stderr.read()}")
        return line.strip()

    def press(self, button: str) -> str:
        self.send(button)
        words = self._line().split()
        assert words[0] == "ok", words
        return words[2]

    def send(self, button: str) -> None:
        self.process.stdin.write(button + "\n")
        self.process.stdin.flush()

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            stream.close()


def play_with_kills(
    state_dir: Path,
    keys: list[str],
    digests: list[str],
    kill_after: set[int],
    on_the_way: set[int],
    options: Sequence[str] = (),
) -> int:
    """Send every key to a real companion, pulling the plug after each key in ``kill_after``
    (it must resume exactly there) and with each key in ``on_the_way`` still in flight (it
    resumes before or after that key); returns how many times it was killed."""
    companion = Companion(state_dir, options)
    kills = 0
    i = 0
    while i < len(keys):
        key = keys[i]
        if i in on_the_way:
            on_the_way.discard(i)
            companion.send(key)
            companion.kill()
            companion = Companion(state_dir, options)
            assert companion.ready in (digests[i - 1], digests[i])
            kills += 1
            i += companion.ready == digests[i]
            continue
        assert companion.press(key) == digests[i], f"key {i} {key}"
        if i in kill_after:
            companion.kill()
            companion = Companion(state_dir, options)
            assert companion.ready == digests[i], f"resumed elsewhere after key {i} {key}"
            kills += 1
        i += 1
    companion.kill()
    return kills


def test_killed_at_many_points_it_resumes_at_the_last_journaled_action(tmp_path: Path) -> None:
    presses, digests, killable, final = reference_game(tmp_path / "reference")
    start = len(SETUP_5 + CHARACTERS_5)
    points = [i for i in range(start, len(presses) - 1) if killable[i]]
    rng = random.Random(5)
    synced = set(rng.sample(points, min(8, len(points)))) | {2, start - 3}  # two in set-up
    after_action = [i for i in points if killable[i - 1] and i not in synced]
    unsynced = set(rng.sample(after_action, min(4, len(after_action))))
    assert len(synced) >= 6, "the scripted game is too short to kill it often"

    state_dir = tmp_path / "table"
    kills = play_with_kills(state_dir, presses, digests, synced, unsynced)
    assert kills >= 10

    path = journals(state_dir / "games")[-1]
    replayed = TablePlay.replay(read_journal(path), path)
    assert replayed.game.over
    assert replayed.game.to_json() == final
