"""The ``[web]`` section (issue 26): off unless turned on; each key refused with its name, the
problem and what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import ConfigError, defaults, load
from companion.web.settings import WebSettings

EXAMPLE = Path(__file__).resolve().parents[2] / "hardware" / "config.example.toml"


def test_the_page_is_off_without_a_web_section_and_in_the_example() -> None:
    assert defaults().web == WebSettings() and not WebSettings().enabled
    assert not load(EXAMPLE).web.enabled


def test_every_key_reaches_the_settings(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(
        '[game]\nseats = 4\n[web]\nenabled = true\naddress = "::1"\nport = 8123\n'
        "max_clients = 5\nrequests_per_minute = 30\nstreams_per_address = 2\n"
        "max_connections = 40\nconnections_per_address = 9\nheader_timeout = 4\n"
        "idle_timeout = 12.5\n"
    )
    assert load(path).web == WebSettings(True, "::1", 8123, 5, 30, 2, 40, 9, 4.0, 12.5)


@pytest.mark.parametrize(
    ("text", "key", "expected"),
    [
        ("web = 1", "web", "expected a table such as [web]"),
        ("[web]\nenabled = 1", "web.enabled", "expected true or false, got 1"),
        ('[web]\nenabled = "yes"', "web.enabled", "expected true or false"),
        ('[web]\naddress = "localhost"', "web.address", 'an IP address such as "0.0.0.0"'),
        ('[web]\naddress = "192.168.1.300"', "web.address", "got '192.168.1.300'"),
        ("[web]\naddress = 127", "web.address", "an IP address"),
        ("[web]\nport = 80", "web.port", "80 needs root"),
        ("[web]\nport = 65536", "web.port", "1024 to 65535 (0: any free one), got 65536"),
        ('[web]\nport = "8080"', "web.port", "got '8080'"),
        ("[web]\nmax_clients = 0", "web.max_clients", "from 1 to 200, got 0"),
        ("[web]\nmax_clients = 1000", "web.max_clients", "from 1 to 200"),
        ("[web]\nrequests_per_minute = 0", "web.requests_per_minute", "1 to 6000, got 0"),
        ("[web]\nrequests_per_minute = 2.5", "web.requests_per_minute", "1 to 6000"),
        ("[web]\nenable = true", "web.enable", "unknown key; expected enabled"),
        ("[web]\nstreams_per_address = 0", "web.streams_per_address", "1 to 200, got 0"),
        ("[web]\nmax_connections = 401", "web.max_connections", "from 1 to 400, got 401"),
        ("[web]\nconnections_per_address = -1", "web.connections_per_address", "1 to 400"),
        ("[web]\nheader_timeout = 0.5", "web.header_timeout", "seconds from 1 to 300, got 0.5"),
        ("[web]\nidle_timeout = true", "web.idle_timeout", "seconds from 1 to 300, got True"),
        (
            "[web]\nmax_clients = 50\nmax_connections = 40",
            "web.max_connections",
            "40 is fewer than max_clients (50): expected at least as many connections",
        ),
        (
            "[web]\nmax_clients = 5\nmax_connections = 10\nconnections_per_address = 20",
            "web.connections_per_address",
            "20 is more than max_connections (10)",
        ),
    ],
)
def test_a_bad_web_setting_is_refused_by_key(
    tmp_path: Path, text: str, key: str, expected: str
) -> None:
    path = tmp_path / "config.toml"
    path.write_text(f"[game]\nseats = 4\n{text}\n" if not text.startswith("web =") else text)
    with pytest.raises(ConfigError) as error:
        load(path)
    assert f"{path}: {key}: " in str(error.value)
    assert expected in str(error.value)
