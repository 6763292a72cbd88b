"""A whole game with special roles and a Ghost played by presses in the emulator: the same
presses, fed to ``bang-companion emulate --keys``, play the same game to the same end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from companion.config import load
from companion.devices.inputs import ButtonEvent
from companion.emulate import Emulator, text_view
from companion.modules.ghost.rules import is_ghost

from .table.test_roles_at_the_table import play_whole_game

CONFIG = '[game]\nseats = 5\nroles = "dealt"\nmodules = ["old_saloon.3", "old_saloon.5"]\n'


def test_a_game_with_special_roles_and_a_ghost_by_presses_in_the_emulator(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(CONFIG)
    for seed in range(10):
        config = load(path)
        config.table.state_dir = tmp_path / f"here{seed}"
        emulator = Emulator(config, seed=seed)
        keys: list[str] = []

        def press(
            button: str, kind: str, emulator: Emulator = emulator, keys: list[str] = keys
        ) -> None:
            keys.append(button if kind == "press" else f"HOLD:{button}")
            emulator.press(ButtonEvent(button, kind, "test"), at=float(len(keys)))

        seen = play_whole_game(emulator.session, press, seed, "dealt")
        game = emulator.session.play.game
        if seen["other_turn_reveals"] and any(is_ghost(p) for p in game.players):
            break
        emulator.close()
    else:
        raise AssertionError("no seed gave a reveal in another's turn and a Ghost")
    shown = text_view(emulator.session.view())
    emulator.close()
    assert "win" in shown.lower()

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "emulate",
            "--config",
            str(path),
            "--state-dir",
            str(tmp_path / "cli"),
            "--seed",
            str(seed),
            "--keys",
            " ".join(keys),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith(shown.strip())
