"""The second run of scripts/test (``COMPANION_SUITE_RUN=outside``): the tests that walk the
modules installed, each over what holds a module from outside. Read here without one installed,
so a test parametrized over the box's modules alone is left to the first run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def collected(*paths: str) -> list[str]:
    """The tests the outside run takes of ``paths``, as pytest collects them."""
    env = {**os.environ, "COMPANION_SUITE_RUN": "outside"}
    env.pop("PYTHONPATH", None)  # the box's modules alone
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
        + ["-p", "no:xdist", *paths],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_the_outside_run_takes_the_tests_that_walk_the_modules_with_a_module_from_outside() -> None:
    words = "tests/test_modules_own_their_words.py"
    found = collected(words, "tests/table/test_words.py")
    # marked in its file: its tests run, but the walk over each module takes none of the box's
    assert f"{words}::test_the_terms_are_read_from_the_code" in found
    assert not [t for t in found if "appear_only_in_its_own_package" in t]
    # a file not marked: only the tests it marks, here a walk over every kind of decision
    assert "tests/table/test_words.py::test_every_entry_of_words_names_a_kind" not in found
    assert any("test_every_kind_of_decision_has_its_words[" in t for t in found)
