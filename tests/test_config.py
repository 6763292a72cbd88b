"""The TOML configuration: the example file loads; every error names the file, key and what
was expected."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion import config
from companion.cli import main
from companion.config import ConfigError, defaults, load
from companion.engine import HouseRule

EXAMPLE = Path(__file__).resolve().parents[1] / "hardware" / "config.example.toml"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def refusal(path: Path) -> str:
    """The message `load` refuses the file at ``path`` with; the test fails if it loads."""
    with pytest.raises(ConfigError) as error:
        load(path)
    return str(error.value)


def test_the_example_config_loads_and_builds_every_device_spec() -> None:
    config = load(EXAMPLE)
    assert config.table.seats == len(config.seats)
    devices = config.devices()
    assert {"ROLL", "DONE", "UNDO", "SEAT1"} <= set(devices.buttons.pins)
    assert "console" in devices.panels and "seat1" in devices.panels
    assert devices.mux is not None and devices.mux.userspace


def test_the_emulators_default_console_is_the_example_builds() -> None:
    """Issue 23: without a file the emulator shows the console people build (an SSD1322)."""
    assert defaults().console_width == load(EXAMPLE).console_width == 256


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
        ("[[seat]]\n" * 9, "seat", "9 [[seat]] tables: expected one per seat, 3 to 8"),
        ("[[seat]]\n" * 2, "seat", "2 [[seat]] tables: expected one per seat, 3 to 8"),
        ("game = 3\n", "game", "a table such as [game]"),
        ("[game]\nconsole_width = 200\n", "game.console_width", "128 or 256"),
        ("[buttons]\nROLL = 5\nDONE = 5\n", "buttons.DONE", "already used by buttons.ROLL"),
        ("[buttons]\nJUMP = 5\n", "buttons.JUMP", "unknown key; expected ROLL"),
        (
            '[[pod]]\npath = "/dev/ttyACM0"\nbuttons = { A = "SEAT9" }\n',
            "pod[1].buttons.A",
            "SEAT9",
        ),
        (
            "[game]\nseats = 3\n" + '[[seat]]\npanel = { driver = "ssd1309" }\n' * 3,
            "seat[1].panel.driver",
            "ssd1309",
        ),
    ],
)
def test_a_bad_config_names_file_key_and_expectation(
    tmp_path: Path, text: str, key: str, expected: str
) -> None:
    path = write(tmp_path, text)
    message = refusal(path)
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


# Issue 8, fault 6: configuration mistakes that crashed with a traceback or passed silently.

TRACEBACKS = {
    "house_rules = [[x]]": ('[game]\nhouse_rules = [["x"]]\n', "game.house_rules"),
    "state_dir = 5": ("[game]\nstate_dir = 5\n", "game.state_dir"),
    "seat panel is a string": (
        "[game]\nseats = 3\n" + '[[seat]]\npanel = "ssd1306"\n' * 3,
        "seat[1].panel",
    ),
    "stream path = 5": ("[game]\nseats = 3\n[stream]\npath = 5\n", "stream.path"),
}


@pytest.mark.parametrize(("text", "key"), TRACEBACKS.values(), ids=TRACEBACKS)
def test_a_value_of_the_wrong_type_is_a_one_line_error_naming_its_key(
    tmp_path: Path, text: str, key: str
) -> None:
    path = write(tmp_path, text)
    message = refusal(path)
    assert message.startswith(f"{path}: {key}: ")
    assert "\n" not in message


@pytest.mark.parametrize(("text", "key"), TRACEBACKS.values(), ids=TRACEBACKS)
def test_the_box_refuses_a_wrong_value_with_one_line_not_a_traceback(
    tmp_path: Path, capsys, text: str, key: str
) -> None:
    path = write(tmp_path, text)
    assert main(["emulate", "--config", str(path), "--keys", "DONE"]) == 2
    err = capsys.readouterr().err
    assert err == f"bang-companion: {path}: {key}: {err.split(': ', 3)[3]}"
    assert err.count("\n") == 1 and "Traceback" not in err


MISSPELT = {
    "seat buton": ("[game]\nseats = 3\n" + "[[seat]]\nbuton = 17\n" * 3, "seat[1].buton", "button"),
    "seat pannel": (
        "[game]\nseats = 3\n" + '[[seat]]\npannel = { driver = "ssd1306" }\n' * 3,
        "seat[1].pannel",
        "panel",
    ),
    "pod pth": ('[[pod]]\npth = "/dev/ttyACM0"\n', "pod[1].pth", "path"),
    "stream pth": ('[stream]\npth = "/dev/ttyUSB0"\n', "stream.pth", "path"),
    "console pannel": ('[console]\npannel = { driver = "ssd1306" }\n', "console.pannel", "panel"),
    "panel adress": (
        '[console]\npanel = { driver = "ssd1306", adress = 0x3D }\n',
        "console.panel.adress",
        "address",
    ),
    "buttons hold": ("[buttons]\nROLL = 5\nhold = 1.0\n", "buttons.hold", "hold_time"),
    "mux adress": ("[mux]\nadress = 0x70\n", "mux.adress", "address"),
    "game seat": ("[game]\nseat = 4\n", "game.seat", "seats"),
}


@pytest.mark.parametrize(("text", "key", "meant"), MISSPELT.values(), ids=MISSPELT)
def test_a_misspelt_key_is_refused_with_the_expected_keys_and_a_suggestion(
    tmp_path: Path, text: str, key: str, meant: str
) -> None:
    path = write(tmp_path, text)
    message = refusal(path)
    assert message.startswith(f"{path}: {key}: ") and "; expected " in message
    assert message.endswith(f"did you mean {meant}?")


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("[console]\nstyle = 1\n", "console.style"),
        (
            "[game]\nseats = 3\n" + "[[seat]]\nbutton = 17\ncolour = 1\n" + "[[seat]]\n" * 2,
            "seat[1].colour",
        ),
        ('[stream]\npath = "/dev/ttyUSB0"\nparity = "N"\n', "stream.parity"),
    ],
)
def test_an_unknown_key_in_console_seat_or_stream_is_refused(
    tmp_path: Path, text: str, key: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError, match=rf"^{path}: {re.escape(key)}: unknown key; expected"):
        load(path)


SPI_CONSOLE = (
    '[console]\npanel = { driver = "ssd1322", port = 0, device = 0, gpio_dc = 24, gpio_rst = 25 }\n'
)
I2C_SEATS = (
    "[game]\nseats = 3\n"
    + "".join(
        f'[[seat]]\npanel = {{ driver = "ssd1306", address = 0x3C, mux_channel = {n} }}\n'
        for n in range(3)
    )
    + "[mux]\n"
)


@pytest.mark.parametrize(
    ("text", "key", "owner"),
    [
        (SPI_CONSOLE + "[buttons]\nROLL = 24\n", "buttons.ROLL", "console.panel.gpio_dc (the D/C"),
        (
            SPI_CONSOLE + "[buttons]\nDONE = 25\n",
            "buttons.DONE",
            "console.panel.gpio_rst (the RESET",
        ),
        (SPI_CONSOLE + "[buttons]\nDIE1 = 11\n", "buttons.DIE1", "console.panel (SPI0 SCLK)"),
        (SPI_CONSOLE + "[buttons]\nDIE2 = 10\n", "buttons.DIE2", "console.panel (SPI0 MOSI)"),
        (SPI_CONSOLE + "[buttons]\nDIE3 = 8\n", "buttons.DIE3", "console.panel (SPI0 CE0)"),
        (
            SPI_CONSOLE.replace("device = 0", "device = 1") + "[buttons]\nDIE3 = 7\n",
            "buttons.DIE3",
            "console.panel (SPI0 CE1)",
        ),
        (I2C_SEATS + "[buttons]\nUNDO = 2\n", "buttons.UNDO", "seat[1].panel (I2C bus 1 SDA)"),
        (
            I2C_SEATS.replace("[[seat]]\n", "[[seat]]\nbutton = 3\n", 1),
            "seat[1].button",
            "seat[1].panel (I2C bus 1 SCL)",
        ),
        ("[mux]\n[buttons]\nUNDO = 3\n", "buttons.UNDO", "mux (I2C bus 1 SCL)"),
        ("[buttons]\nROLL = 5\nDONE = 5\n", "buttons.DONE", "buttons.ROLL"),
    ],
)
def test_a_button_on_a_pin_another_part_uses_is_refused_naming_that_part(
    tmp_path: Path, text: str, key: str, owner: str
) -> None:
    path = write(tmp_path, text)
    message = refusal(path)
    assert message.startswith(f"{path}: {key}: BCM pin ")
    assert f"already used by {owner}" in message


def test_pins_the_console_does_not_use_stay_free_for_buttons(tmp_path: Path) -> None:
    # An SPI panel never reads (MISO, GPIO 9) and uses one chip select; with no I2C part, GPIO 2
    # and 3 are free as well.
    path = write(tmp_path, SPI_CONSOLE + "[buttons]\nROLL = 9\nDONE = 7\nUNDO = 2\nDIE1 = 3\n")
    assert load(path).devices().buttons.pins == {"ROLL": 9, "DONE": 7, "UNDO": 2, "DIE1": 3}


@pytest.mark.parametrize(
    ("value", "expected"),
    [('""', "got ''"), ('"  "', "got '  '"), ('"journals"', "expected an absolute path")],
)
def test_an_empty_or_relative_state_dir_is_refused(
    tmp_path: Path, value: str, expected: str
) -> None:
    path = write(tmp_path, f"[game]\nstate_dir = {value}\n")
    message = refusal(path)
    assert message.startswith(f"{path}: game.state_dir: ") and expected in message


@pytest.mark.parametrize("text", ["", "\n\n", "# the table's settings\n"])
def test_an_empty_file_is_refused_saying_what_a_configuration_needs(
    tmp_path: Path, text: str
) -> None:
    path = write(tmp_path, text)
    message = refusal(path)
    assert message.startswith(f"{path}: (file): has no settings: expected ")
    assert "[[seat]]" in message and "[buttons]" in message and "config.example.toml" in message


def test_the_ways_to_deal_special_roles_are_the_words_the_module_declares(
    tmp_path: Path,
) -> None:
    """``game.special_roles``: every card special (the default) or mixed with normal cards, in
    the words the module that deals them declares (its set-up part's ``config_words``)."""
    state = f'state_dir = "{tmp_path}"\n'
    for line, mixed in (("", False), ('special_roles = "special"\n', False)):
        assert load(write(tmp_path, "[game]\n" + line + state)).table.cards_mixed is mixed
    chosen = load(write(tmp_path, '[game]\nspecial_roles = "mixed"\n' + state))
    assert chosen.table.cards_mixed
    message = refusal(write(tmp_path, '[game]\nspecial_roles = "shuffled"\n'))
    assert 'game.special_roles: expected "special" or "mixed", got \'shuffled\'' in message


def test_a_module_s_key_that_is_the_box_s_own_is_refused_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module installed that takes a [game] key of the box's (its set-up part's
    ``config_key``) stops the start in one line naming the key."""
    monkeypatch.setattr(config, "config_keys", lambda: {"seats": ("few", "many")})
    message = refusal(write(tmp_path, "[game]\nseats = 4\n"))
    assert "game.seats: a module installed takes this key, which is the box's own" in message
