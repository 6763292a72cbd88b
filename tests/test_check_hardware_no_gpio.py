"""check-hardware on a computer without GPIO pins (a laptop, CI, a chroot): the reason and the
hint in at most three lines, never gpiozero's traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(Path("/dev/gpiochip0").exists(), reason="this computer has GPIO pins")
def test_without_gpio_check_hardware_says_so_in_three_lines_at_most() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GPIOZERO_")}
    result = subprocess.run(
        [sys.executable, "-m", "companion", "check-hardware"]
        + ["--config", str(ROOT / "hardware" / "config.example.toml")],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    lines = (result.stdout + result.stderr).splitlines()
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert 1 <= len(lines) <= 3, lines
    assert "this computer has no GPIO pins" in lines[0]
    assert "bang-companion emulate" in result.stderr  # the hint


@pytest.mark.skipif(Path("/dev/gpiochip0").exists(), reason="this computer has GPIO pins")
def test_without_gpio_or_configuration_check_hardware_says_both(tmp_path: Path) -> None:
    """A laptop with no configuration: that it has no GPIO matters first, the missing file too;
    neither fact hides the other."""
    missing = tmp_path / "config.toml"
    env = {k: v for k, v in os.environ.items() if not k.startswith("GPIOZERO_")}
    result = subprocess.run(
        [sys.executable, "-m", "companion", "check-hardware", "--config", str(missing)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    lines = (result.stdout + result.stderr).splitlines()
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert 1 <= len(lines) <= 3, lines
    assert "this computer has no GPIO pins" in lines[0]
    assert f"{missing}: (file): not found" in result.stderr
    assert "bang-companion emulate" in result.stderr
