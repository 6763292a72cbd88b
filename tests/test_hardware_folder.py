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
