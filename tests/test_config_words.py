"""The configuration's refusals a person reads go through the core's catalogue (issue 36):
each problem, said in the pseudo-language, holds no run of letters outside the marks but what
the file itself said (a value is quoted inside them); and in Italian it reads Italian."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import i18n
from companion.config import ConfigError, load
from companion.i18n import PSEUDO, set_language

from .panels.test_panel_words import unmarked

GAME = '[game]\nseats = 4\nstate_dir = "{state}"\n'
BROKEN = {
    "seats": "[game]\nseats = 12\n",
    "roles": 'roles = "both"',
    "house rules": 'house_rules = ["none such"]',
    "house rules list": "house_rules = 3",
    "expansions": 'expansions = ["x"]',
    "modules": "modules = 3",
    "state dir": 'state_dir = "relative"',
    "state dir empty": 'state_dir = ""',
    "console width": "console_width = 100",
    "language": 'language = "fr"',
    "bots": "bots = [9]",
    "bots twice": "bots = [2, 2]",
    "bots every seat": "bots = [1, 2, 3, 4]",
    "bots table": 'bots = { x = "rules" }',
    "bots list": 'bots = "x"',
    "bot pause": "bot_pause = 99",
    "bot player": 'bot_player = "mc"',
    "no settings": "",
    "web enabled": "[web]\nenabled = 3",
    "web address": '[web]\naddress = "box"',
    "web port": "[web]\nport = 80",
    "web port range": "[web]\nport = 99999",
    "web clients": "[web]\nmax_clients = 0",
    "web rate": "[web]\nrequests_per_minute = 0",
    "web streams": "[web]\nstreams_per_address = 0",
    "web connections": "[web]\nmax_connections = 0",
    "web timeout": "[web]\nheader_timeout = 0",
    "web caps": "[web]\nmax_clients = 50\nmax_connections = 10",
    "stream": "[stream]\n",
    "stream path": "[stream]\npath = 3",
    "unknown section": "[gmae]\nseats = 4",
    "unknown key": "[web]\nprot = 8080",
    "button name": "[buttons]\nJUMP = 5",
    "button pin": "[buttons]\nROLL = 99",
    "button pin type": '[buttons]\nROLL = "x"',
    "button pin twice": "[buttons]\nROLL = 5\nDONE = 5",
    "hold time": "[buttons]\nhold_time = 0",
    "bounce time": "[buttons]\nbounce_time = 9",
    "pull up": "[buttons]\npull_up = 3",
    "buzzer pin": "[buzzer]\npin = 99",
    "buzzer active": "[buzzer]\npin = 5\nactive_high = 3",
    "mux mode": '[mux]\nmode = "x"',
    "mux address": "[mux]\naddress = 3",
    "console panel": "[console]\npanel = 3",
    "console driver": '[console]\npanel = { driver = "x" }',
    "panel rotate": '[console]\npanel = { driver = "ssd1306", rotate = 7 }',
    "pod path": '[[pod]]\nbuttons = { A = "SEAT1" }',
    "pod buttons": '[[pod]]\npath = "/dev/ttyACM0"\nbuttons = 3',
    "pod button": '[[pod]]\npath = "/dev/ttyACM0"\nbuttons = { A = "JUMP" }',
}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language(i18n.SOURCE)


def refusal(tmp_path: Path, name: str) -> ConfigError:
    """The refusal of a file with one fault: a whole file, or a line or a section added to a
    [game] that is fine."""
    body = BROKEN[name]
    whole = not body or body.startswith("[game]")
    text = body if whole else GAME.format(state=tmp_path) + body + "\n"
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as error:
        load(path)
    return error.value


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_every_refusal_of_the_configuration_is_catalogued(tmp_path: Path, name: str) -> None:
    set_language(PSEUDO)
    problem = refusal(tmp_path, name).problem
    assert problem.startswith(i18n.MARKS[0]), problem
    assert unmarked(problem) == [], problem


def test_a_refusal_reads_italian(tmp_path: Path) -> None:
    set_language("it")
    assert refusal(tmp_path, "web port").problem == (
        "80 richiede root, che il servizio non ha mai: serve da 1024 a 65535, come 8080"
    )
