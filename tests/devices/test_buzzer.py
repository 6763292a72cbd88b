"""The optional buzzer: off unless configured, its pin checked, one cue a press, beeps played on
a real gpiozero Buzzer (mock pins)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import ConfigError, load
from companion.devices.buzzer import Beeper, BuzzerSpec
from companion.engine import GameOver, IndiansAttacked, LifeLost, TurnStarted
from companion.table.story import cue_for

EXAMPLE = Path(__file__).resolve().parents[2] / "hardware" / "config.example.toml"


def with_buzzer(tmp_path: Path, section: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(EXAMPLE.read_text() + "\n" + section)
    return path


def test_the_buzzer_is_off_by_default_and_on_in_the_configuration(tmp_path: Path) -> None:
    assert load(EXAMPLE).buzzer is None
    config = load(with_buzzer(tmp_path, "[buzzer]\npin = 14\nactive_high = false\n"))
    assert config.buzzer == BuzzerSpec(14, active_high=False)


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("[buzzer]\npin = 5\n", "buzzer.pin: BCM pin 5 is already used by buttons.ROLL (a button)"),
        (
            "[buzzer]\npin = 18\n",
            "buzzer.pin: BCM pin 18 is already used by seat[6].button (a button)",
        ),
        ("[buzzer]\npin = 40\n", "buzzer.pin: 40: expected a BCM pin number 2..27"),
        ("[buzzer]\npin = 14\nvolume = 3\n", "buzzer.volume: unknown key"),
        ("[buzzer]\npin = 14\nactive_high = 1\n", "buzzer.active_high: 1: expected true"),
    ],
)
def test_a_bad_buzzer_section_is_named(tmp_path: Path, section: str, message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)):
        load(with_buzzer(tmp_path, section))


def test_one_cue_a_press_the_most_important_first() -> None:
    indians = [IndiansAttacked(0), LifeLost(1, 2, 3, "indians", None), TurnStarted(1, 2)]
    assert cue_for(indians) == "indians"
    assert cue_for([*indians, GameOver("outlaws", (1, 2))]) == "game_over"
    assert cue_for([TurnStarted(1, 2)]) == "turn"
    assert cue_for([LifeLost(1, 1, 3, "bullseye", 0)]) is None


def test_a_pattern_beeps_the_buzzer_pin(mock_factory: MockFactory) -> None:
    with Beeper(BuzzerSpec(14)) as beeper:
        beeper.play((0.001, 0.001, 2), background=False)
        mock_factory.pin(14).assert_states([False, True, False, True, False])
