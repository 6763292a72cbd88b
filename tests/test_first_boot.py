"""The SD card image's first-boot file (hardware/image/bang-setup.txt): what it accepts, what it
refuses in one line each, and the configuration it makes, loaded by the companion's own loader."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.config import parse
from companion.first_boot import (
    CHECKS,
    REMOVED,
    SETUP_NAME,
    Setup,
    configured,
    parse_setup,
    without_secrets,
    wpa_config,
)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE_SETUP = ROOT / "hardware" / "image" / "bang-setup.txt"
EXAMPLE_CONFIG = (ROOT / "hardware" / "config.example.toml").read_text(encoding="utf-8")
KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKpB2yK0u4oR2j7m7aL2vJXc0pQyq3o5fS4Tq0b6gGxZ me@laptop"


def loads(text: str):  # type: ignore[no-untyped-def]
    return parse(tomllib.loads(text), Path("config.toml"))


def test_the_shipped_file_names_every_setting_once_and_changes_nothing() -> None:
    text = EXAMPLE_SETUP.read_text(encoding="utf-8")
    setup, problems = parse_setup(text)
    assert problems == []
    assert setup == Setup()
    named = [line.split("=")[0].strip() for line in text.splitlines() if "=" in line[:20]]
    named = [name for name in named if not name.startswith("#")]
    assert named == list(CHECKS)


def test_every_setting_given_is_taken() -> None:
    setup, problems = parse_setup(
        "\n".join(
            [
                "seats = 5",
                "seat_panels = SH1106",
                "console = ssd1306",
                "web = on",
                "hostname = Saloon",
                "wifi_network = Saloon Wi-Fi",
                "wifi_password = p#ss word 1",
                "wifi_country = de",
                f"login_key = {KEY}",
                "login_password = open sesame",
                "ssh = yes",
            ]
        )
    )
    assert problems == []
    assert setup == Setup(
        seats=5,
        seat_panels="sh1106",
        console="ssd1306",
        web=True,
        hostname="saloon",
        wifi_network="Saloon Wi-Fi",
        wifi_password="p#ss word 1",
        wifi_country="DE",
        login_key=KEY,
        login_password="open sesame",
        ssh=True,
    )


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("seats = 12", "seats = '12': expected a number of seats from 3 to 8"),
        ("seats = two", "seats = 'two': expected a number of seats from 3 to 8"),
        ("seat_panels = ssd1309", "expected ssd1306 or sh1106 or none"),
        ("console = lcd", "expected ssd1322 or ssd1306"),
        ("web = maybe", "web = 'maybe': expected on or off"),
        ("hostname = my box", "expected 1 to 63 letters, digits and inner hyphens"),
        ('wifi_network = say "hi"', "no quote mark"),
        ("wifi_country = Germany", "expected a two-letter country code"),
        ("login_key = AAAA not a key", "expected one SSH public key line"),
        ("login_key = ssh-ed25519 !!!!", "expected one SSH public key line"),
        ("ssh = sometimes", "expected on or off"),
    ],
)
def test_a_wrong_value_is_refused_in_one_line_naming_file_line_and_key(
    line: str, expected: str
) -> None:
    setup, problems = parse_setup(f"# a note\n\n{line}\n")
    assert setup == Setup()
    assert len(problems) == 1
    assert problems[0].startswith(f"{SETUP_NAME} line 3: {line.split()[0]}")
    assert expected in problems[0]
    assert problems[0].endswith("the image's default stays")
    assert "\n" not in problems[0]


def test_a_refused_password_is_not_repeated_in_the_log() -> None:
    _, problems = parse_setup("wifi_network = Home\nwifi_country = GB\nwifi_password = short")
    _, login = parse_setup("login_password = tiny")
    assert len(problems) == 1 and len(login) == 1
    assert "short" not in problems[0] and "(hidden)" in problems[0]
    assert "tiny" not in login[0] and "(hidden)" in login[0]


def test_unknown_settings_lines_without_equals_and_repeats_are_each_one_line() -> None:
    setup, problems = parse_setup("seats = 4\nplayers = 4\njust words\nseats = 6\n")
    assert setup.seats == 4
    assert [p.split(":")[0] for p in problems] == [
        f"{SETUP_NAME} line 2",
        f"{SETUP_NAME} line 3",
        f"{SETUP_NAME} line 4",
    ]
    assert "unknown setting 'players'" in problems[0]
    assert "expected key = value" in problems[1]
    assert "seats again (first on line 1)" in problems[2]


def test_wifi_needs_its_country_and_a_password_needs_a_network() -> None:
    setup, problems = parse_setup("wifi_network = Home\nwifi_password = 12345678\n")
    assert setup.wifi_network is None and setup.wifi_password is None
    assert "line 1: wifi_network: needs wifi_country" in problems[0]
    assert "line 2: wifi_password: no wifi_network" in problems[1]


def test_ssh_without_a_way_to_log_in_stays_off() -> None:
    setup, problems = parse_setup("ssh = on\n")
    assert setup.ssh is False
    assert problems == [
        f"{SETUP_NAME} line 1: ssh: on, but no login_key or login_password to log in with; "
        "SSH stays off"
    ]


def test_the_configuration_made_keeps_the_first_seats_and_loads() -> None:
    setup, _ = parse_setup("seats = 5\nseat_panels = sh1106\nconsole = ssd1306\nweb = on\n")
    text = configured(EXAMPLE_CONFIG, setup)
    config = loads(text)
    assert config.table.seats == 5
    data = tomllib.loads(text)
    example = tomllib.loads(EXAMPLE_CONFIG)
    assert [seat["button"] for seat in data["seat"]] == [
        seat["button"] for seat in example["seat"][:5]
    ]
    assert {seat["panel"]["driver"] for seat in data["seat"]} == {"sh1106"}
    assert [seat["panel"]["mux_channel"] for seat in data["seat"]] == [0, 1, 2, 3, 4]
    assert data["console"]["panel"] == {"driver": "ssd1306", "bus": 1, "address": 0x3D}
    assert data["web"]["enabled"] is True
    # Everything else as the example has it.
    for section in ("game", "buttons", "mux"):
        assert data[section] == example[section]


def test_seats_without_panels_keep_their_buttons() -> None:
    text = configured(EXAMPLE_CONFIG, Setup(seats=3, seat_panels="none"))
    assert tomllib.loads(text)["seat"] == [{"button": 17}, {"button": 27}, {"button": 22}]
    assert loads(text).table.seats == 3


def test_nothing_asked_leaves_the_configuration_as_it_is() -> None:
    assert configured(EXAMPLE_CONFIG, Setup()) == EXAMPLE_CONFIG


def test_more_seats_than_the_wiring_knows_is_refused() -> None:
    three = configured(EXAMPLE_CONFIG, Setup(seats=3))
    with pytest.raises(ValueError, match="has 3 seats' wiring, not 6"):
        configured(three, Setup(seats=6))


def test_the_passwords_are_removed_from_the_file_once_applied() -> None:
    text = "wifi_network = Home\nwifi_password = secret-1234\nlogin_password = open sesame\n"
    cleaned = without_secrets(text)
    assert "secret-1234" not in cleaned and "open sesame" not in cleaned
    assert cleaned.count(REMOVED) == 2
    assert "wifi_network = Home" in cleaned
    # Read again, the file asks for no password.
    setup, problems = parse_setup(cleaned)
    assert setup.wifi_password is None and setup.login_password is None
    assert problems == [
        "bang-setup.txt line 1: wifi_network: needs wifi_country (the channels "
        "allowed there), such as GB, DE or US; Wi-Fi stays off"
    ]


def test_wpa_supplicant_gets_the_network_and_country() -> None:
    setup, _ = parse_setup("wifi_network = Home\nwifi_password = secret-1234\nwifi_country = fr\n")
    text = wpa_config(setup)
    assert "country=FR" in text
    assert 'ssid="Home"' in text and 'psk="secret-1234"' in text
    open_network, _ = parse_setup("wifi_network = Cafe\nwifi_country = GB\n")
    assert "key_mgmt=NONE" in wpa_config(open_network)
