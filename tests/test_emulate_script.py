"""scripts/emulate installs the companion into .venv only when the checkout changed in a way
an install sees (pyproject.toml), not at every start: an editable install needs no other."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INSTALLING = "scripts/emulate: installing the companion into .venv"


def start(checkout: Path) -> tuple[str, int]:
    """One start of the emulator (--help: it exits at once); what it said, and the inode of the
    installed package's record, which pip makes anew at each install."""
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
    result = subprocess.run(
        [str(checkout / "scripts" / "emulate"), "--help"],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    assert "usage: bang-companion emulate" in result.stdout
    (record,) = (checkout / ".venv" / "lib").glob(
        "python3*/site-packages/bang_companion-*.dist-info"
    )
    return result.stderr, record.stat().st_ino


def test_emulate_installs_on_the_first_start_and_when_pyproject_changes_only(
    tmp_path: Path,
) -> None:
    checkout = tmp_path / "checkout"
    shutil.copytree(
        ROOT / "companion", checkout / "companion", ignore=shutil.ignore_patterns("__pycache__")
    )
    for name in ("pyproject.toml", "README.md", "scripts/emulate"):
        (checkout / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, checkout / name)

    said_first, first = start(checkout)

    said, again = start(checkout)
    assert again == first, "pip installed the package again though nothing changed"
    assert INSTALLING in said_first and INSTALLING not in said

    with (checkout / "pyproject.toml").open("a") as pyproject:
        pyproject.write("\n# a dependency changed\n")
    said, changed = start(checkout)
    assert INSTALLING in said and changed != first
