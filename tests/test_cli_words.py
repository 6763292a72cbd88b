"""The command line's own words go through the core's catalogue (issue 36): its help, the
hardware check's lines and the games' list, made in the pseudo-language (the games' own words,
the table's, marked already), show no run of letters outside the marks; and a configuration's
language is spoken from the start, so the help is in it."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion import i18n
from companion.cli import build_parser
from companion.config import load
from companion.devices.buttons import ButtonPins
from companion.games_list import Listed, lines
from companion.hardware_check import check_hardware
from companion.i18n import CORE, PSEUDO, Catalogue, set_language

from .fakes import MuxBus, Spi
from .panels.test_panel_words import unmarked

EXAMPLE = Path(__file__).resolve().parents[1] / "hardware" / "config.example.toml"
BUTTON = re.compile(r"\b(ROLL|DONE|UNDO|DIE\d|SEAT\d)\b")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language(i18n.SOURCE)


def outside(texts: list[str]) -> dict[str, list[str]]:
    return {t: u for t in texts if (u := unmarked(t))}


def helps(parser: argparse.ArgumentParser) -> list[str]:
    """Every help the parser and its commands give, the description too."""
    said = [parser.description or ""]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            said += [choice.help or "" for choice in action._choices_actions]
            for command in action.choices.values():
                said += helps(command)
        elif action.help and action.help != argparse.SUPPRESS and action.dest != "help":
            said.append(action.help)
    return [s for s in said if s]


def test_every_help_of_the_command_line_is_catalogued() -> None:
    set_language(PSEUDO)
    said = helps(build_parser())
    assert len(said) > 30 and outside(said) == {}


def test_the_configurations_language_is_spoken_from_the_start(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[game]\nseats = 4\nstate_dir = "{tmp_path}"\nlanguage = "it"\n')
    done = subprocess.run(
        [sys.executable, "-m", "companion", "games", "--config", str(config), "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "stampa i registri come JSON" in done.stdout


def test_every_line_of_the_hardware_check_is_catalogued(mock_factory: MockFactory) -> None:
    set_language(PSEUDO)
    config = load(EXAMPLE)
    config.stream = {}
    config.pods = []
    bus = MuxBus({0, 1, 2, 3, 4, 5, 6})  # seat 8's panel (channel 7) is unplugged
    pins = ButtonPins.from_config(config.buttons, config.seats).pins
    said: list[str] = []

    def say(line: str) -> None:
        said.append(line)
        asked = BUTTON.search(line)
        if line.endswith("...»") and asked and asked.group(1) != "SEAT5":  # never pressed
            pin = mock_factory.pin(pins[asked.group(1)])
            pin.drive_low()
            pin.drive_high()

    code = check_hardware(
        config,
        say,
        open_i2c=lambda number: bus,
        pin_factory=mock_factory,
        open_spi=lambda: Spi(),
        button_timeout=0.2,
    )
    assert code == 1 and len(said) > 20
    assert any("ok (gpio)" in line for line in said)  # the presses were made, and said
    assert outside(said) == {}


def test_every_word_of_the_games_list_is_catalogued() -> None:
    set_language(PSEUDO)
    games = [
        Listed(
            "2026-12-03T20:00:00Z", 1, ((1, "«Kit»"), (2, "«Bart»")), "«Outlaws win»", (1,), True
        ),
        Listed("2026-12-03T21:00:00Z", 1, ((1, "«Kit»"),), "«Sheriff wins»", (1, 2), False),
    ]
    said = lines(games, Catalogue(CORE))
    assert len(said) == 2 and outside(said) == {}
    assert lines(games) == lines(games, Catalogue(CORE, i18n.SOURCE))  # the quick start's
