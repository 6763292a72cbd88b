"""docs/extending.md's worked examples, applied to a copy of the package exactly as written.

Each code block of the guide names the file it goes into and where, in its info string:
``python companion/x.py new`` (a new file), ``python companion/x.py after <text>`` (inserted after
the first line holding <text>) or ``python companion/x.py end`` (appended). A ``python try`` block
is run, in a separate process, against the package with every earlier block applied. So the guide
cannot drift from the code: a step it forgets, or one the code no longer takes, fails here.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "extending.md"
FENCE = re.compile(r"^```python (?P<where>[^\n]+)\n(?P<code>.*?)^```$", re.M | re.S)


@dataclass(frozen=True)
class Block:
    path: str  # "try" for a block to run
    how: str  # "new", "end", "after", or "" for "try"
    anchor: str
    code: str


def blocks() -> list[Block]:
    found = []
    for m in FENCE.finditer(GUIDE.read_text(encoding="utf-8")):
        path, _, rest = m["where"].strip().partition(" ")
        how, _, anchor = rest.partition(" ")
        found.append(Block(path, how, anchor, m["code"]))
    return found


def apply(block: Block, tree: Path) -> None:
    target = tree / block.path
    if block.how == "new":
        assert not target.exists(), f"{block.path}: the guide says new, but it exists"
        target.write_text(block.code, encoding="utf-8")
        return
    text = target.read_text(encoding="utf-8")
    if block.how == "end":
        target.write_text(text.rstrip("\n") + "\n\n" + block.code, encoding="utf-8")
        return
    assert block.how == "after", f"{block.path}: unknown placement {block.how!r}"
    lines = text.splitlines(keepends=True)
    at = next((i for i, line in enumerate(lines) if block.anchor in line), None)
    assert at is not None, f"{block.path}: no line holds {block.anchor!r}, as the guide says"
    lines.insert(at + 1, block.code)
    target.write_text("".join(lines), encoding="utf-8")


def run(code: str, tree: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True
    )


def copy_of_the_package(tmp_path: Path) -> Path:
    tree = tmp_path / "tree"
    for part in ("companion", "tests"):
        shutil.copytree(ROOT / part, tree / part, ignore=shutil.ignore_patterns("__pycache__"))
    return tree


def test_the_guide_has_steps_and_tries() -> None:
    found = blocks()
    assert any(b.path == "try" for b in found) and any(b.how == "new" for b in found)


def test_every_step_of_the_guide_applies_and_each_try_runs(tmp_path: Path) -> None:
    tree = copy_of_the_package(tmp_path)
    tried = 0
    for block in blocks():
        if block.path == "try":
            done = run(block.code, tree)
            assert done.returncode == 0, f"a try block failed:\n{block.code}\n{done.stderr}"
            tried += 1
        else:
            apply(block, tree)
    assert tried


@pytest.mark.parametrize("left_out", ["companion/table/words.py"])
def test_a_kind_without_its_words_fails_the_words_check(tmp_path: Path, left_out: str) -> None:
    """The guide's decision, without its entry of words, is caught by the check it names."""
    tree = copy_of_the_package(tmp_path)
    steps = [b for b in blocks() if b.path not in ("try", left_out)]
    assert len(steps) < len([b for b in blocks() if b.path != "try"]), "nothing was left out"
    for block in steps:
        apply(block, tree)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/table/test_words.py",
        ],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0 and "horseshoe has no entry" in done.stdout, done.stdout
