"""The page is served by the daemon (``bang-companion run``) and the emulator only with
``[web] enabled = true``: a press shows on ``/state``; off, nothing listens and the server's
library is never even loaded; a page that cannot listen leaves the table playing."""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
import threading
import urllib.request
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import load
from companion.daemon import run
from companion.web.settings import WebSettings
from tests.serial.ptys import DEADLINE, wait_for
from tests.test_daemon import EXAMPLE, FakeSpi, RecordingBus


def state(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url + "state", timeout=30) as answer:
        data: dict[str, Any] = json.loads(answer.read())
        return data


def seat_note(url: str, number: int) -> str:
    note: str = state(url)["seats"][number - 1]["note"]
    return note


def test_the_daemon_serves_the_page_a_gpio_press_shows_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    factory = MockFactory()
    config = load(EXAMPLE)
    config.table.state_dir = tmp_path
    config.table.double_press = 0.0
    config.web = WebSettings(True, "127.0.0.1", 0)
    stop = threading.Event()
    caplog.set_level(logging.INFO, logger="companion.daemon")
    buses = {"open_i2c": lambda n: RecordingBus(), "open_spi": lambda: FakeSpi(factory)}
    thread = threading.Thread(
        target=run, args=(config, stop), kwargs={**buses, "pin_factory": factory}
    )
    thread.start()
    try:

        def said() -> list[str]:
            return [r.getMessage() for r in caplog.records if "web page: " in r.getMessage()]

        assert wait_for(said), "the daemon never said where its page is"
        url = said()[0].split("web page: ", 1)[1]
        assert seat_note(url, 1) == "press to join"
        pin = factory.pin(config.devices().buttons.pins["SEAT1"])
        pin.drive_low()
        pin.drive_high()
        assert wait_for(lambda: seat_note(url, 1) == "joined")
    finally:
        stop.set()
        thread.join(DEADLINE * 3)
        factory.reset()
        factory.close()
    assert not thread.is_alive()
    with pytest.raises(OSError):
        urllib.request.urlopen(url + "state", timeout=5)  # stopped with the daemon


def test_a_page_that_cannot_listen_leaves_the_daemon_playing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    factory = MockFactory()
    config = load(EXAMPLE)
    config.table = replace(config.table, state_dir=tmp_path)
    config.web = WebSettings(True, "127.0.0.1", taken.getsockname()[1])
    stop = threading.Event()
    buses = {"open_i2c": lambda n: RecordingBus(), "open_spi": lambda: FakeSpi(factory)}
    thread = threading.Thread(
        target=run, args=(config, stop), kwargs={**buses, "pin_factory": factory}
    )
    thread.start()
    try:
        assert wait_for(lambda: "the table plays on without its page" in caplog.text)
        assert f"cannot listen on 127.0.0.1:{taken.getsockname()[1]}" in caplog.text
        assert thread.is_alive()
    finally:
        stop.set()
        thread.join(DEADLINE * 3)
        taken.close()
        factory.reset()
        factory.close()
    assert not thread.is_alive()


def emulator(tmp_path: Path, web: str) -> subprocess.Popen[str]:
    tmp_path.mkdir()
    config = tmp_path / "config.toml"
    config.write_text(f"[game]\nseats = 4\n{web}")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return subprocess.Popen(
        [sys.executable, "-m", "companion", "emulate", "--config", str(config)]
        + ["--state-dir", str(tmp_path / "state"), "--keys", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_the_emulator_serves_the_page_only_when_it_is_on(tmp_path: Path) -> None:
    on = emulator(tmp_path / "on", '[web]\nenabled = true\naddress = "127.0.0.1"\nport = 0\n')
    off = emulator(tmp_path / "off", "[web]\nenabled = false\n")
    assert on.stdin and on.stdout and on.stderr and off.stdin and off.stdout and off.stderr
    try:
        url = on.stderr.readline().split("web page: ", 1)[1].strip()
        assert on.stdout.readline().startswith("ready ")
        on.stdin.write("SEAT2\n")
        on.stdin.flush()
        assert on.stdout.readline().startswith("ok 1 ")
        assert seat_note(url, 2) == "joined"  # fed once the frame was drawn, before the ok
        assert off.stdout.readline().startswith("ready ")
        maps = Path(f"/proc/{off.pid}/maps")
        if maps.exists():  # Linux: what the process has loaded
            assert "aiohttp" not in maps.read_text()  # the page's memory is not spent
    finally:
        for process in (on, off):
            process.stdin.close()
            assert process.wait(timeout=60) == 0
    assert "web page" not in off.stderr.read()
