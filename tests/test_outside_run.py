"""The second run of scripts/test (``COMPANION_SUITE_RUN=outside``): the whole suite with a
module from outside installed, each walk over the modules taking what holds one. Read here
without one installed, so a test parametrized over the box's modules alone is left to the first
run, and every other test is taken."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.installed_modules import OUTSIDE, OUTSIDE_RUN

ROOT = Path(__file__).resolve().parent.parent


def collected(*paths: str, outside: bool = True) -> list[str]:
    """The tests the outside run (or the first) takes of ``paths``, as pytest collects them."""
    env = {**os.environ, "COMPANION_SUITE_RUN": "outside" if outside else "first"}
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


def test_the_outside_run_takes_every_test_but_the_cases_of_the_boxs_own_modules_alone() -> None:
    words = "tests/test_modules_own_their_words.py"
    found = collected(words, "tests/table/test_words.py")
    everything = collected(words, "tests/table/test_words.py", outside=False)
    # a test of no module, or walking them inside (marked in its file): taken as it is
    assert f"{words}::test_the_terms_are_read_from_the_code" in found
    assert "tests/table/test_words.py::test_every_entry_of_words_names_a_kind" in found
    # a test parametrized over the box's modules alone: left to the first run
    assert any("appear_only_in_its_own_package" in t for t in everything)
    assert not [t for t in found if "appear_only_in_its_own_package" in t]
    # a walk over something else (every kind of decision) is the suite's as it is
    assert any("test_every_kind_of_decision_has_its_words[" in t for t in found)
    own_alone = {t for t in everything if "appear_only_in_its_own_package" in t}
    assert set(found) == set(everything) - own_alone, "only the box's own modules' cases left"


@pytest.mark.skipif(not OUTSIDE_RUN, reason="the first run: nothing from outside is installed")
def test_the_outside_run_has_a_module_from_outside_installed() -> None:
    """Else its walks over what holds one would take nothing, and pass having played nothing."""
    assert OUTSIDE, "COMPANION_SUITE_RUN=outside, but no module from outside is installed"
