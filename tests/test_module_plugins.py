"""Modules found by their entry points (``bang_companion.modules``), as pip installs them: a
module that fails to load or clashes is refused at start in one line naming it, and the others
play; a configuration naming a module that is not installed is refused by name.

Each module here is a real distribution on the path: its package and its ``.dist-info`` with
the entry point, which is what ``importlib.metadata`` reads of what pip installed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import ConfigError, load
from companion.engine import Module

ROOT = Path(__file__).resolve().parent.parent


def installed(site: Path, name: str, module_id: str, code: str) -> None:
    """A distribution ``name`` in ``site`` whose package holds ``code`` and whose entry point
    gives ``module_id``."""
    (site / name).mkdir(parents=True)
    (site / name / "__init__.py").write_text(code, encoding="utf-8")
    info = site / f"{name}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        f"[bang_companion.modules]\n{module_id} = {name}:RULES\n", encoding="utf-8"
    )


def companion(site: Path, *args: str, presses: str = "") -> subprocess.CompletedProcess[str]:
    """``bang-companion args`` with ``site`` installed beside whatever this process has, given
    ``presses`` on its standard input."""
    path = [str(site), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        cwd=ROOT,
        env=env,
        input=presses,
        capture_output=True,
        text=True,
        timeout=300,
    )


BROKEN = "raise RuntimeError('the horseshoe is bent')\n"
CLASHING = """
from companion.engine import ModuleInfo, ModuleRules, declare_module

RULES = ModuleRules(declare_module("old_saloon.2", ModuleInfo("Another Chief's Arrow")))
"""
WRONG_RULES = """
from companion.engine import ModuleInfo, ModuleRules, declare_module

declare_module("toy.lent", ModuleInfo("Lent rules"))
RULES = ModuleRules(declare_module("toy.other", ModuleInfo("The rules of another")))
"""


def test_a_module_that_fails_to_load_is_refused_in_one_line_and_the_game_plays(
    tmp_path: Path,
) -> None:
    installed(tmp_path, "bent_horseshoe", "toy.bent", BROKEN)
    done = companion(tmp_path, "simulate", "--games", "3", "--modules", "old_saloon.2")
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert lines == [
        "bang-companion: module toy.bent (bent_horseshoe:RULES) failed to load: "
        "RuntimeError: the horseshoe is bent"
    ]
    assert "3 games" in done.stdout


def test_a_module_declaring_an_id_already_taken_is_refused_naming_it(tmp_path: Path) -> None:
    installed(tmp_path, "second_arrow", "toy.arrow", CLASHING)
    done = companion(tmp_path, "simulate", "--games", "3", "--modules", "old_saloon.2")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "bang-companion: module toy.arrow (second_arrow:RULES) failed to load: "
        "ValueError: Module 'old_saloon.2' is declared twice"
    ]


def test_an_entry_point_giving_another_module_s_rules_is_refused(tmp_path: Path) -> None:
    installed(tmp_path, "lent_rules", "toy.lent", WRONG_RULES)
    done = companion(tmp_path, "simulate", "--games", "1", "--modules", "toy.lent")
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == (
        "bang-companion: module toy.lent (lent_rules:RULES) gives the rules of toy.other"
    )
    assert "unknown module 'toy.lent'" in done.stderr.splitlines()[-1]


LONE = """
from companion.engine import ModuleInfo, ModuleRules, declare_module

RULES = ModuleRules(declare_module("lone.module", ModuleInfo("A lone module")))
"""


def test_a_set_up_page_of_one_module_names_its_one_die_button(tmp_path: Path) -> None:
    """An expansion from outside makes a page of its own, after the box's two (and before
    toy.horseshoe's, installed on the suite's second run): a die past its one module is refused
    naming DIE1 alone, and DIE1 turns it on."""
    site = tmp_path / "site"
    installed(site, "lone_module", "lone.module", LONE)
    pressed = companion(
        site,
        "emulate",
        "--keys",
        "-",
        "--state-dir",
        str(tmp_path / "a"),
        presses="DIE6\nDIE6\nDIE2\n",
    )
    assert pressed.returncode == 0, pressed.stderr
    assert pressed.stdout.splitlines()[3] == "refused DIE1 turns the module on and off."
    shown = companion(
        site, "emulate", "--keys", "DIE6 DIE6 DIE2 DIE1", "--state-dir", str(tmp_path / "b")
    )
    assert shown.returncode == 0, shown.stderr
    assert "  DIE1 A lone module: on" in shown.stdout.splitlines(), shown.stdout
    # the set-up's prompt counts the modules on of expansions from outside: any number fits
    assert shown.stdout.splitlines()[-1].endswith("then DONE. Modules: 1 more"), shown.stdout


def test_a_module_named_but_not_installed_is_refused_by_name(tmp_path: Path) -> None:
    done = companion(tmp_path, "simulate", "--games", "1", "--modules", "toy.absent")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "simulate: unknown module 'toy.absent'; expected one of " + ", ".join(Module)
    ]


def test_a_configuration_naming_a_module_not_installed_is_refused_naming_the_key(
    tmp_path: Path,
) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('[game]\nmodules = ["toy.absent"]\n', encoding="utf-8")
    with pytest.raises(ConfigError) as refused:
        load(config)
    (line,) = str(refused.value).splitlines()
    assert "game.modules" in line and "'toy.absent'" in line, line


def test_importing_the_package_loads_no_module() -> None:
    """A module's own import asks for companion.engine: were the modules loaded while the
    engine is half imported, the module would meet it half made."""
    code = (
        "import companion.engine, companion.table, companion.bots, companion.web, companion.cli\n"
        "from companion.engine import discovery\n"
        "print(discovery._state['started'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.stdout.strip() == "False", done.stderr
