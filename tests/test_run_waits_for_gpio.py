"""The service on a computer without GPIO pins (the image booted in an emulator, a board whose
pins are not ready) waits for its hardware with one line, ready for systemd and feeding its
watchdog, instead of failing and being restarted over and over."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def example_config(folder: str) -> str:
    """The example configuration with its state folder in ``folder``: a test never takes the
    system's folder (nor its lock, which another test of the suite may be watching)."""
    text = (ROOT / "hardware" / "config.example.toml").read_text()
    assert 'state_dir = "/var/lib/bang-companion"' in text
    path = Path(folder) / "config.toml"
    path.write_text(text.replace("/var/lib/bang-companion", str(Path(folder) / "state")))
    return str(path)


@pytest.mark.skipif(Path("/dev/gpiochip0").exists(), reason="this computer has GPIO pins")
def test_run_under_systemd_without_gpio_waits_with_one_line_and_stops_cleanly() -> None:
    with tempfile.TemporaryDirectory(dir="/tmp") as folder:
        address = os.path.join(folder, "notify")
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
            listener.bind(address)
            listener.settimeout(60)
            env = {k: v for k, v in os.environ.items() if not k.startswith("GPIOZERO_")}
            env |= {"NOTIFY_SOCKET": address, "WATCHDOG_USEC": "1000000"}
            process = subprocess.Popen(
                [sys.executable, "-m", "companion", "run", "--config", example_config(folder)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=env,
            )
            try:
                ready = listener.recv(4096).decode()
                ping = listener.recv(4096).decode()
            finally:
                process.send_signal(signal.SIGTERM)
                stdout, stderr = process.communicate(timeout=60)
    assert ready.startswith("READY=1\nSTATUS=waiting for the hardware: this computer has no GPIO")
    assert ping == "WATCHDOG=1"
    assert process.returncode == 0
    assert stdout == ""
    lines = stderr.splitlines()
    assert lines[0].startswith("bang-companion run: waiting for the hardware:")
    # Then only the stop, said by the signal handler: no retries, no traceback.
    assert lines[1:] == ["INFO companion.systemd: signal 15: pausing"], lines


@pytest.mark.skipif(Path("/dev/gpiochip0").exists(), reason="this computer has GPIO pins")
def test_run_in_a_terminal_without_gpio_still_says_so_and_exits(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NOTIFY_SOCKET", "WATCHDOG_USEC")}
    env = {k: v for k, v in env.items() if not k.startswith("GPIOZERO_")}
    result = subprocess.run(
        [sys.executable, "-m", "companion", "run", "--config", example_config(str(tmp_path))],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 2
    assert "this computer has no GPIO pins for the buttons" in result.stderr
