"""The maker's folder: scripts that parse, firmware that compiles, a diagram that matches."""

from __future__ import annotations

import py_compile
import subprocess
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]


def test_install_script_parses() -> None:
    result = subprocess.run(
        ["bash", "-n", str(ROOT / "hardware" / "install.sh")], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def test_pod_firmware_compiles(tmp_path: Path) -> None:
    """MicroPython reads Python syntax: a syntax error would only show on the Pico."""
    for source in (ROOT / "hardware" / "pod").glob("*.py"):
        py_compile.compile(str(source), cfile=str(tmp_path / f"{source.stem}.pyc"), doraise=True)


def test_the_wiring_diagram_is_a_picture_the_readme_shows() -> None:
    diagram = Image.open(ROOT / "hardware" / "wiring.png")
    assert diagram.width >= 1000
    assert "wiring.png" in (ROOT / "hardware" / "README.md").read_text()
    assert "hardware/wiring.png" in (ROOT / "README.md").read_text()


def test_the_guide_covers_what_a_maker_asked_for() -> None:
    guide = (ROOT / "hardware" / "README.md").read_text()
    assert 'driver = "sh1106"' in guide  # 1.3" panels
    order = guide.split("## What to order")[1].split("\n## ")[0]
    assert "Raspberry Pi Pico" in order and "2.2 kOhm" in order  # pods; the channels' pull-ups
    assert "git clone" in guide and "sudo hardware/install.sh" in guide
    assert "hardware/install.sh --dry-run" in guide and "It needs the network" in guide
    assert "Bookworm or Trixie" in guide and "OWNER" not in guide
    assert "bang-companion games" in guide and "bang-companion replay" in guide
    assert "ssh pi@raspberrypi.local sudo cat /var/lib/bang-companion/games/" in guide


def test_the_guide_and_the_installer_agree_on_the_i2c_line() -> None:
    """The guide's config.txt line is one the installer's check passes, and so is its 100 kHz
    line for long cables; neither is "kept free" and then used."""
    guide = (ROOT / "hardware" / "README.md").read_text()
    assert "dtparam=i2c_arm=on,i2c_arm_baudrate=400000" in guide
    assert "dtparam=i2c_arm=on,i2c_arm_baudrate=100000" in guide
    assert "kept free on purpose" not in guide
    assert "14 (the optional buzzer" in guide


def test_the_pi_command_runs_as_the_service_user_in_its_folder() -> None:
    """hardware/bin/bang-companion: the installer puts it on PATH; it becomes bang and runs the
    virtual environment's program in the state folder the unit names."""
    wrapper = (ROOT / "hardware" / "bin" / "bang-companion").read_text()
    unit = (ROOT / "systemd" / "bang-companion.service").read_text()
    assert "user=bang" in wrapper and "User=bang" in unit
    assert "state=/var/lib/bang-companion" in wrapper
    assert "WorkingDirectory=/var/lib/bang-companion" in unit
    assert "program=/opt/bang-companion/venv/bin/bang-companion" in wrapper
    assert "ExecStart=/opt/bang-companion/venv/bin/bang-companion run" in unit
    result = subprocess.run(["sh", "-n", str(ROOT / "hardware" / "bin" / "bang-companion")])
    assert result.returncode == 0
