"""The README's ``[web]`` is a section of the configuration file, and says so where a reader
first meets it: ``pip install '.[web]'`` finds no such extra, and needs none (aiohttp is a
dependency of the package)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_where_web_is_first_met_it_is_a_configuration_section_not_a_pip_extra() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "web" not in project["optional-dependencies"]
    assert any(d.startswith("aiohttp") for d in project["dependencies"])
    readme = (ROOT / "README.md").read_text()
    first = readme.index("[web]")
    paragraph = readme[readme.rindex("\n\n", 0, first) : readme.index("\n\n", first)]
    assert "not a pip extra" in paragraph
    assert "aiohttp" in paragraph and "installed with the companion" in paragraph
