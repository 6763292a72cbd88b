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
    assert "Raspberry Pi Pico" in guide.split("## Wiring table")[0]  # in the bill of materials
    assert "git clone" in guide and "sudo hardware/install.sh" in guide
    assert "6-core cable" in guide and "button" in guide.split("6-core cable")[1][:200]
    assert "sudo -u bang sh -c 'cd /var/lib/bang-companion &&" in guide
