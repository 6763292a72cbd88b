"""The SD card image's files that can be checked without building it: the boot configuration
config.txt gets (checked by install.sh's own check), the units, and the build and check scripts'
syntax."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
IMAGE = ROOT / "hardware" / "image"
SCRIPTS = [ROOT / "scripts" / "build-image", ROOT / "scripts" / "check-image"]
ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C"}


def test_config_txt_lines_pass_the_installers_boot_check(tmp_path: Path) -> None:
    config_txt = tmp_path / "config.txt"
    # What raspi-firmware writes before the custom lines, then the image's own.
    config_txt.write_text("arm_64bit=1\nenable_uart=0\nupstream_kernel=1\n\n")
    with config_txt.open("a") as file:
        file.write((IMAGE / "raspi-firmware-custom").read_text())
    result = subprocess.run(
        ["bash", str(ROOT / "hardware" / "install.sh"), "--check-boot-config", str(config_txt)],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def test_config_txt_sets_i2c_at_400_khz_spi_and_frees_gpio_7_and_9() -> None:
    lines = [
        line
        for line in (IMAGE / "raspi-firmware-custom").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert lines == [
        "dtparam=i2c_arm=on,i2c_arm_baudrate=400000",
        "dtparam=spi=on",
        "dtoverlay=spi0-1cs,no_miso",
    ]


def test_the_root_is_found_by_its_label_and_the_log_kept_in_ram() -> None:
    defaults = (IMAGE / "raspi-firmware").read_text()
    assert 'ROOTPART="LABEL=bang-root"' in defaults
    fstab = [line.split() for line in (IMAGE / "fstab").read_text().splitlines()]
    mounts = {fields[1]: fields for fields in fstab if fields and not fields[0].startswith("#")}
    assert mounts["/"][0] == "LABEL=bang-root" and "noatime" in mounts["/"][3]
    assert mounts["/boot/firmware"][0] == "LABEL=BANG-BOOT"
    assert "Storage=volatile" in (IMAGE / "journald.conf").read_text().splitlines()


def test_the_first_boot_unit_runs_once_before_the_companion() -> None:
    unit = (IMAGE / "bang-companion-first-boot.service").read_text().splitlines()
    assert "ConditionPathExists=!/var/lib/bang-companion-setup/applied" in unit
    before = next(line for line in unit if line.startswith("Before="))
    assert "bang-companion.service" in before.split("=", 1)[1].split()
    assert "ExecStart=/opt/bang-companion/venv/bin/python -m companion.first_boot" in unit


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_the_image_scripts_parse(script: Path) -> None:
    result = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True, env=ENV)
    assert result.returncode == 0, result.stderr
    assert os.access(script, os.X_OK)


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_the_image_scripts_are_shellcheck_clean(script: Path) -> None:
    result = subprocess.run(
        ["shellcheck", "--severity=warning", str(script)], capture_output=True, text=True, env=ENV
    )
    assert result.returncode == 0, result.stdout
