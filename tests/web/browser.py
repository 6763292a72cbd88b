"""Debian's Chromium, headless, driven by Selenium through Debian's chromedriver: the real
browser the public page is tested in (and its picture taken with). Nothing is downloaded: the
driver is the one the ``chromium-driver`` package installs."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",  # as root on CI: Chromium's sandbox needs an unprivileged user
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def require_chromium() -> None:
    """Skip, with why, where Chromium is not installed; on CI (CI=true) fail instead:
    scripts/test installs it there, so a missing browser is a broken set-up."""
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if not missing:
        return
    why = (
        f"{' and '.join(missing)} not found: the public page's browser test needs Debian's "
        "chromium and chromium-driver (apt-get install chromium chromium-driver)"
    )
    if os.environ.get("CI") == "true":
        pytest.fail(why)
    pytest.skip(why)


@contextmanager
def chromium(width: int = 1000, height: int = 1400) -> Iterator[object]:
    """A headless Chromium of its own (a fresh profile, removed after)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="bang-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
