"""Issue 26, done means: the emulator runs as a real process with ``[web]`` on, the page is open
in a real headless browser (Debian's Chromium, driven by Selenium), presses are played on the
emulator's stdin, and the page follows each without reloading: the question, the dice and the
seats it shows are the ones the server's ``/state`` holds after the press.

The wait for the page is bounded but generous (tests never assert on time): how soon the page
follows a press is measured in ``benchmarks/press_latency.py`` (docs/performance.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from . import browser
from .browser import chromium, require_chromium

CONFIG = """[game]
seats = 5
roles = "dealt"
modules = ["old_saloon.1", "old_saloon.2", "old_saloon.3", "old_saloon.4",
           "undead_or_alive.1", "undead_or_alive.2", "undead_or_alive.3"]
[web]
enabled = true
address = "127.0.0.1"
port = 0
"""
# Joins, the box deals roles and characters, the Sheriff picks the Loudmouth die and rolls,
# then takes a regular arrow.
PRESSES = ["SEAT1 SEAT2 SEAT3", "SEAT4 SEAT5 DONE", "ROLL ROLL DONE", "DIE2 ROLL", "DIE1"]
WAIT = 30  # seconds the page may take to follow before the test fails


def state(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url + "state", timeout=30) as answer:
        data: dict[str, Any] = json.loads(answer.read())
        return data


Shown = tuple[str, list[str], list[str], list[str]]


def expected(s: dict[str, Any]) -> Shown:
    """What the page must show of a state: the question, the dice, each seat's title and
    arrows."""
    seats = [f"Seat {p['number']}" + (f" · {p['name']}" if p["name"] else "") for p in s["seats"]]
    arrows = [f"Arrows {p['arrows']}" for p in s["seats"] if p["max_life"]]
    return s["prompt"], [d["face"] or "–" for d in s["dice"]], seats, arrows


def shown(driver: Any) -> Shown:
    from selenium.webdriver.common.by import By

    def texts(css: str) -> list[str]:
        return [e.text for e in driver.find_elements(By.CSS_SELECTOR, css)]

    prompt = driver.find_element(By.ID, "prompt").text
    return prompt, texts("#dice .face"), texts("#seats h3"), texts("#seats .arrows")


def test_the_page_in_a_real_browser_follows_the_presses_without_reloading(tmp_path: Path) -> None:
    require_chromium()
    from selenium.webdriver.support.ui import WebDriverWait

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
        assert said.startswith("web page: http://127.0.0.1:"), said + emulator.stderr.read()
        url = said.split(": ", 1)[1].strip()
        assert emulator.stdout.readline().startswith("ready ")
        with chromium() as driver:
            driver.get(url)
            WebDriverWait(driver, WAIT).until(lambda d: shown(d) == expected(state(url)))
            driver.execute_script("window.sameDocument = true")  # gone if the page reloads
            for presses in PRESSES:
                before = state(url)
                emulator.stdin.write(presses + "\n")
                emulator.stdin.flush()
                for button in presses.split():
                    answer = emulator.stdout.readline()
                    assert answer.startswith("ok "), (button, answer)
                now = state(url)
                assert expected(now) != expected(before), presses  # the press changed the page
                WebDriverWait(driver, WAIT).until(lambda d, now=now: shown(d) == expected(now))
                assert driver.execute_script("return window.sameDocument") is True
            assert len(now["dice"]) == 5 and all(d["face"] for d in now["dice"])
            live = driver.find_element("id", "live").text
            assert live == "live"
        emulator.stdin.close()
        assert emulator.wait(timeout=60) == 0
    finally:
        if emulator.poll() is None:
            emulator.kill()
            emulator.wait()


def test_without_chromium_the_browser_test_fails_on_ci_and_skips_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On CI (CI=true) scripts/test installs the browser: its absence is a fault there."""
    monkeypatch.setattr(browser, "CHROMIUM", Path("/nonexistent/chromium"))
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="apt-get install chromium chromium-driver"):
        require_chromium()
    monkeypatch.delenv("CI")
    # the driver may be missing too (a machine without either): named beside it
    with pytest.raises(pytest.skip.Exception, match="/nonexistent/chromium( and .*)? not found"):
        require_chromium()
