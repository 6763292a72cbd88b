"""hardware/install.sh reads config.txt as the firmware does: a commented line is off, a line
already set is enough, a missing one is named with the line to add."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

INSTALL = Path(__file__).resolve().parents[1] / "hardware" / "install.sh"

# Raspberry Pi OS Bookworm's own config.txt: the interfaces are there, commented out.
STOCK = """\
# Uncomment some or all of these to enable the optional hardware interfaces
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on
dtparam=audio=on
camera_auto_detect=1
[all]
"""

READY = """\
dtparam=audio=on
# I2C for the seat panels, at 400 kHz
dtparam=i2c_arm=on,i2c_arm_baudrate=400000
dtparam=spi=on
dtoverlay=spi0-1cs,no_miso
"""


def check(tmp_path: Path, text: str | None) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "config.txt"
    if text is not None:
        path.write_text(text)
    return subprocess.run(
        ["bash", str(INSTALL), "--check-boot-config", str(path)],
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_commented_lines_count_as_off(tmp_path: Path) -> None:
    result = check(tmp_path, STOCK)
    assert result.returncode == 1
    warnings = result.stderr.splitlines()
    assert len(warnings) == 3
    assert "I2C is off: add 'dtparam=i2c_arm=on,i2c_arm_baudrate=400000'" in warnings[0]
    assert "SPI is off" in warnings[1]
    assert "SEAT7, SEAT8" in warnings[2] and "'dtoverlay=spi0-1cs,no_miso'" in warnings[2]


def test_a_configuration_already_set_passes_quietly(tmp_path: Path) -> None:
    result = check(tmp_path, READY)
    assert (result.returncode, result.stderr) == (0, "")


@pytest.mark.parametrize(
    ("text", "named"),
    [
        (READY.replace(",i2c_arm_baudrate=400000", ""), "I2C runs at 100 kHz"),
        (READY.replace("dtoverlay=spi0-1cs,no_miso", "dtoverlay=spi0-1cs"), "GPIO 7 and 9"),
        (READY.replace("dtparam=spi=on", "  # dtparam=spi=on"), "SPI is off"),
        (READY + "dtparam=i2c_arm_baudrate=400000\n", None),
    ],
)
def test_each_missing_part_is_named(tmp_path: Path, text: str, named: str | None) -> None:
    result = check(tmp_path, text)
    if named is None:
        assert (result.returncode, result.stderr) == (0, "")
    else:
        assert result.returncode == 1 and named in result.stderr
        assert len(result.stderr.splitlines()) == 1


def test_a_missing_config_txt_is_reported(tmp_path: Path) -> None:
    result = check(tmp_path, None)
    assert result.returncode == 1 and "cannot be read" in result.stderr


def test_the_installer_loads_what_the_units_device_rules_need() -> None:
    script = INSTALL.read_text()
    assert "MODULES=(i2c-dev spidev cdc_acm usbserial)" in script
    unit = (INSTALL.parents[1] / "systemd" / "bang-companion.service").read_text()
    assert "DeviceAllow=char-spi rw" in unit and "DeviceAllow=char-i2c rw" in unit
