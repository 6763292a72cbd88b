"""docs/extending.md, followed as written: its blocks make a new package, which is the example
module under examples/horseshoe file for file; installed with pip beside the companion it plays.

Each file block of the guide names its file in its info string (```python bang_horseshoe/x.py``);
a ```python try``` block is run, in a separate process, with the package installed. A step the
guide forgets, or one the code no longer takes, fails here; and the module is written without a
line under companion/. Its compiled catalogue (``messages.mo``) is no block: the guide's step
``scripts/i18n compile`` makes it from the ``.po`` block, here too, and the example's is that.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "extending.md"
EXAMPLE = ROOT / "examples" / "horseshoe"
COMPILED = ".mo"  # made by scripts/i18n compile from the .po beside it
FENCE = re.compile(r"^```(?P<lang>\w+) (?P<where>[^\n]+)\n(?P<code>.*?)^```$", re.M | re.S)


@dataclass(frozen=True)
class Block:
    path: str  # "try" for a block to run
    code: str


def blocks() -> list[Block]:
    return [Block(m["where"].strip(), m["code"]) for m in FENCE.finditer(GUIDE.read_text("utf-8"))]


def written(tmp_path: Path, leave_out: str | None = None) -> Path:
    """The package the guide's file blocks make, in a new folder."""
    package = tmp_path / "horseshoe"
    for block in blocks():
        if block.path in ("try", leave_out):
            continue
        target = package / block.path
        assert not target.exists(), f"{block.path} is written twice"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(block.code, encoding="utf-8")
    return package


def compiled(package: Path) -> Path:
    """The guide's step after writing the words: each language's .po compiled."""
    subprocess.run(
        [str(ROOT / "scripts" / "i18n"), "compile", str(package / "bang_horseshoe")],
        check=True,
        capture_output=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin"},
    )
    return package


def installed(package: Path, tmp_path: Path) -> Path:
    """``package`` installed by pip into a folder of its own (offline, no build isolation)."""
    site = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--no-index",
            "--no-build-isolation",
            "--target",
            str(site),
            str(package),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return site


def run(args: list[str], site: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


def test_the_guide_writes_the_example_module_file_for_file(tmp_path: Path) -> None:
    package = written(tmp_path)
    made = sorted(str(p.relative_to(package)) for p in package.rglob("*") if p.is_file())
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=EXAMPLE, capture_output=True, text=True, check=True
    ).stdout
    example = sorted(name for name in tracked.split() if not name.endswith(COMPILED))
    assert made == example
    for name in made:
        assert (package / name).read_text("utf-8") == (EXAMPLE / name).read_text("utf-8"), name


def test_the_example_s_compiled_words_are_its_po_compiled() -> None:
    """Each committed .mo holds its .po's translations, every one of them written."""
    mos = sorted(EXAMPLE.rglob(f"*{COMPILED}"))
    assert mos
    for mo in mos:
        with mo.with_suffix(".po").open("rb") as file:
            po = {m.id: m.string for m in read_po(file) if m.id}
        with mo.open("rb") as file:
            assert {m.id: m.string for m in read_mo(file) if m.id} == po, mo
        assert all(po.values()), mo


def test_the_module_is_written_without_a_line_under_companion() -> None:
    named = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "companion").rglob("*.py")
        if re.search(r"horseshoe", path.read_text("utf-8"), re.I)
    ]
    assert named == []


def test_the_guide_s_module_installs_and_plays(tmp_path: Path) -> None:
    site = installed(compiled(written(tmp_path)), tmp_path)
    tried = 0
    for block in blocks():
        if block.path == "try":
            done = run([sys.executable, "-c", block.code], site)
            assert done.returncode == 0, f"a try block failed:\n{block.code}\n{done.stderr}"
            tried += 1
    assert tried
    done = run(
        [sys.executable, "-m", "companion", "simulate", "--modules", "toy.horseshoe"]
        + ["--games", "200", "--policy", "rules,random"],
        site,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "200 games of 5 players with toy.horseshoe" in done.stdout, done.stdout


@pytest.mark.parametrize("left_out", ["bang_horseshoe/table.py"])
def test_a_kind_without_its_words_fails_the_words_check(tmp_path: Path, left_out: str) -> None:
    """The guide's decision, without its words, is caught by the check it names."""
    site = installed(written(tmp_path, leave_out=left_out), tmp_path)
    done = run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider"]
        + ["tests/table/test_words.py"],
        site,
    )
    assert done.returncode != 0 and "horseshoe has no entry" in done.stdout, done.stdout
