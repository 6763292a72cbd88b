"""The first boot's lines a maker reads (on the console panel, in its log) go through the core's
catalogue (issue 36): a bang-setup.txt refused line by line, said in the pseudo-language, holds
no run of letters outside the marks; the refusals read Italian in Italian."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion import i18n
from companion.first_boot import Setup, _config_summary, parse_setup
from companion.i18n import PSEUDO, set_language

from .panels.test_panel_words import unmarked

REFUSED = "\n".join(
    [
        "no equals sign",
        "colour = blue",
        "seats = 12",
        "seats = 4",
        "seats = 5",
        "seat_panels = lcd",
        "web = maybe",
        "hostname = -bad-",
        'wifi_network = "quoted"',
        "wifi_password = short",
        "wifi_country = GBR",
        "login_key = not a key",
        "login_password = short",
        "ssh = on",
    ]
)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language(i18n.SOURCE)


def test_every_refusal_of_the_setup_file_is_catalogued() -> None:
    set_language(PSEUDO)
    _setup, problems = parse_setup(REFUSED)
    assert len(problems) >= 12
    assert {p: u for p in problems if (u := unmarked(p))} == {}
    wifi, _problems = parse_setup("wifi_network = home\nwifi_password = 12345678\n")
    assert wifi.wifi_network is None and not unmarked(" ".join(_problems))
    summary = _config_summary(Setup(seats=5, seat_panels="ssd1306", console="ssd1322", web=True))
    assert unmarked(summary) == []


def test_the_setup_files_refusals_read_italian() -> None:
    set_language("it")
    _setup, problems = parse_setup("seats = 12\n")
    assert problems == [
        "bang-setup.txt riga 1: seats = '12': serve un numero di posti da 3 a 8; "
        "resta il valore predefinito dell’immagine"
    ]
