"""The TOML configuration: the example file loads; every error names the file, key and what
was expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.config import ConfigError, load
from companion.engine import HouseRule

EXAMPLE = Path(__file__).resolve().parents[1] / "hardware" / "config.example.toml"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def test_the_example_config_loads_and_builds_every_device_spec() -> None:
    config = load(EXAMPLE)
    assert config.table.seats == len(config.seats)
    devices = config.devices()
    assert {"ROLL", "DONE", "UNDO", "SEAT1"} <= set(devices.buttons.pins)
    assert "console" in devices.panels and "seat1" in devices.panels
    assert devices.mux is not None and devices.mux.userspace


def test_house_rules_and_roles_reach_the_table(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        '[game]\nroles = "dealt"\nhouse_rules = ["bullseye2_up_to_two"]\nseats = 4\n'
        f'state_dir = "{tmp_path}"\n',
    )
    config = load(path)
    assert config.table.roles == "dealt" and config.table.seats == 4
    assert config.table.house_rules == {HouseRule.BULLSEYE2_UP_TO_TWO}
    assert config.table.state_dir == tmp_path


@pytest.mark.parametrize(
    ("text", "key", "expected"),
    [
        ("[game\n", "(syntax)", "not valid TOML"),
        ('[game]\nroles = "secret"\n', "game.roles", '"physical" or "dealt"'),
        ('[game]\nhouse_rules = ["no_dynamite"]\n', "game.house_rules", "dynamite_cancels"),
        ('[game]\nhouse_rules = "bullseye2_up_to_two"\n', "game.house_rules", "a list"),
        ("[game]\nseats = 9\n", "game.seats", "3 to 8"),
        ('[game]\nexpansions = ["old_saloon"]\n', "game.expansions", "empty list"),
        ('[game]\nreal_piles = ["bones"]\n', "game.real_piles", "unknown pile"),
        ("[game]\ncolour = 1\n", "game.colour", "unknown key"),
        ("[tables]\n", "tables", "unknown section"),
        ("[game]\nseats = 4\n[[seat]]\nbutton = 17\n", "game.seats", "1 [[seat]]"),
        ("game = 3\n", "game", "[game] table"),
        ("[game]\nconsole_width = 200\n", "game.console_width", "128 or 256"),
        ("[buttons]\nROLL = 5\nDONE = 5\n", "buttons.DONE", "one pin per button"),
        ("[buttons]\nJUMP = 5\n", "buttons", "unknown button 'JUMP'"),
        ('[[pod]]\npath = "/dev/ttyACM0"\nbuttons = { A = "SEAT9" }\n', "pod /dev/ttyACM0", "9"),
        (
            "[game]\nseats = 3\n" + '[[seat]]\npanel = { driver = "ssd1309" }\n' * 3,
            "seat 1 panel",
            "ssd1309",
        ),
    ],
)
def test_a_bad_config_names_file_key_and_expectation(
    tmp_path: Path, text: str, key: str, expected: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as error:
        load(path)
    message = str(error.value)
    assert message.startswith(f"{path}: {key}: ") and expected in message


def test_a_missing_or_unreadable_config_is_reported(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not found"):
        load(tmp_path / "nope.toml")
    (tmp_path / "bin.toml").write_bytes(b"\xff\xfe[game]")
    with pytest.raises(ConfigError, match="cannot be read"):
        load(tmp_path / "bin.toml")


def test_the_cli_reports_a_bad_config_and_exits_2(tmp_path: Path, capsys) -> None:
    path = write(tmp_path, "[game]\nseats = 2\n")
    assert main(["emulate", "--config", str(path), "--keys", "DONE"]) == 2
    assert f"{path}: game.seats" in capsys.readouterr().err
