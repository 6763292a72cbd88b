"""The public page follows the box's language (issue 36): the emulator runs as a real process
configured in Italian with ``[web]`` on, and a real headless browser (Debian's Chromium) shows
the page's own words in Italian; the set-up key (DIE6 held, ``L``) turns the table to English
and the page, loaded again, is in English."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from .browser import chromium, require_chromium

CONFIG = """[game]
seats = 4
language = "it"
[web]
enabled = true
address = "127.0.0.1"
port = 0
"""
WAIT = 30  # seconds the page may take to follow before the test fails


def seats_and_live(driver: Any) -> tuple[list[str], str]:
    from selenium.webdriver.common.by import By

    seats = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#seats h3")]
    return seats, driver.find_element(By.ID, "live").text


def test_the_page_speaks_the_boxs_language_and_follows_a_change_at_the_table(
    tmp_path: Path,
) -> None:
    require_chromium()
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    redrawn = (StaleElementReferenceException,)  # the page redraws its seats on each state
    config = tmp_path / "config.toml"
    config.write_text(CONFIG)
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    command = [sys.executable, "-m", "companion", "emulate", "--config", str(config)]
    command += ["--state-dir", str(tmp_path / "state"), "--seed", "3", "--keys", "-"]
    emulator = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert emulator.stdin is not None and emulator.stdout is not None
    assert emulator.stderr is not None
    try:
        said = emulator.stderr.readline()
        assert said.startswith("pagina web: http://127.0.0.1:"), said + emulator.stderr.read()
        url = said.split(": ", 1)[1].strip()
        assert emulator.stdout.readline().startswith("ready ")
        with chromium() as driver:
            driver.get(url)
            WebDriverWait(driver, WAIT, ignored_exceptions=redrawn).until(
                lambda d: (
                    seats_and_live(d)
                    == (["Posto 1", "Posto 2", "Posto 3", "Posto 4"], "in diretta")
                )
            )
            assert driver.title == "BANG! Il Gioco di Dadi: il tavolo"
            assert driver.find_element("tag name", "html").get_attribute("lang") == "it"
            emulator.stdin.write("SEAT1 L\n")
            emulator.stdin.flush()
            for button in ("SEAT1", "L"):
                answer = emulator.stdout.readline()
                assert answer.startswith("ok "), (button, answer)
            driver.get(url)
            WebDriverWait(driver, WAIT, ignored_exceptions=redrawn).until(
                lambda d: seats_and_live(d)[1] == "live" and seats_and_live(d)[0][0] == "Seat 1"
            )
            assert driver.title == "BANG! Dice: the table"
        emulator.stdin.close()
        assert emulator.wait(timeout=60) == 0
    finally:
        if emulator.poll() is None:
            emulator.kill()
            emulator.wait()
