"""The configuration's ``language`` (issue 36): English by default, any language with a
catalogue, refused otherwise naming the key and the languages there are; the box speaks it
from the start."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import cli, i18n
from companion.config import ConfigError, defaults, load

EXAMPLE = Path(__file__).resolve().parents[1] / "hardware" / "config.example.toml"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language(i18n.SOURCE)


def write(tmp_path: Path, game: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(f'[game]\nseats = 4\nstate_dir = "{tmp_path}"\n{game}\n', encoding="utf-8")
    return path


def test_the_language_is_english_unless_the_file_says_otherwise(tmp_path: Path) -> None:
    assert load(write(tmp_path, "")).language == "en"
    assert defaults(tmp_path).language == "en"


def test_the_example_config_documents_the_language_and_loads_with_it() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert 'language = "en"' in text and "docs/translating.md" in text
    assert load(EXAMPLE).language == "en"


@pytest.mark.parametrize("code", ["it", "qps"])
def test_a_language_with_a_catalogue_is_taken(tmp_path: Path, code: str) -> None:
    assert load(write(tmp_path, f'language = "{code}"')).language == code


@pytest.mark.parametrize("value", ['"fr"', '"IT"', '""', "3", '["it"]'])
def test_an_unknown_language_is_refused_naming_the_key_and_the_languages(
    tmp_path: Path, value: str
) -> None:
    path = write(tmp_path, f"language = {value}")
    with pytest.raises(ConfigError) as error:
        load(path)
    message = str(error.value)
    assert message.startswith(f"{path}: game.language: expected one of ")
    assert '"en", "it", "qps", got ' in message and "\n" not in message


def test_the_emulator_speaks_the_configured_language_from_the_start(tmp_path: Path) -> None:
    path = write(tmp_path, 'language = "qps"')
    args = argparse.Namespace(config=str(path), state_dir=None, seats=None, console_width=None)
    assert cli._emulator_config(args).language == "qps"
    assert i18n.language() == "qps"
    assert i18n.Catalogue("companion").gettext("Roll") == "«Roll»"
