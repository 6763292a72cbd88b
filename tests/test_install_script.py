"""hardware/install.sh reads config.txt as the firmware does: a commented line is off, a line
already set is enough, a missing one is named with the line to add."""

from __future__ import annotations

import os
import shutil
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
        # 100 kHz written down is the guide's choice for long cables, not the default.
        (READY.replace("i2c_arm_baudrate=400000", "i2c_arm_baudrate=100000"), None),
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


# ------------------------------------------------------------------ the installer's surface

ROOT = INSTALL.parents[1]
# Where a real install writes: each must be named in a dry run's plan while it is missing.
TARGETS = [
    "/opt/bang-companion/venv",
    "/etc/bang-companion/config.toml",
    "/etc/systemd/system/bang-companion.service",
    "/etc/modules-load.d/bang-companion.conf",
    "/var/lib/bang-companion",
    "/usr/local/bin/bang-companion",
]
# What apt-get, useradd, groupadd and pip would change, besides the targets.
SYSTEM_FILES = ["/etc/passwd", "/etc/group", "/var/lib/dpkg/status", "/etc/udev/rules.d"]


def installer(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(INSTALL), *args], capture_output=True, text=True, timeout=120, env=env
    )


def snapshot(paths: list[Path]) -> dict[str, tuple[int, int, int, int, float]]:
    """Every file and folder under ``paths``: mode, owner, group, size and modification time."""
    found = {}
    for top in paths:
        for path in [top, *top.rglob("*")] if top.is_dir() else [top]:
            if path.exists():
                st = path.lstat()
                found[str(path)] = (st.st_mode, st.st_uid, st.st_gid, st.st_size, st.st_mtime)
    return found


def test_help_says_what_it_installs_and_that_it_needs_the_network() -> None:
    result = installer("--help")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith("Usage: sudo hardware/install.sh")
    assert "It needs the network" in result.stdout
    for option in ("--dry-run", "--uninstall", "--check-boot-config FILE", "--yes"):
        assert option in result.stdout


@pytest.mark.parametrize("argv", [["--bogus"], ["--dry-run", "extra"], ["-x"]])
def test_an_unknown_argument_exits_2_with_the_usage_before_anything_starts(
    argv: list[str],
) -> None:
    result = installer(*argv)
    assert result.returncode == 2
    assert result.stdout == ""  # no plan, no step
    assert f"install.sh: unknown argument {argv[-1]}" in result.stderr
    assert "Usage: sudo hardware/install.sh" in result.stderr


def test_a_dry_run_prints_every_change_and_makes_none(tmp_path: Path) -> None:
    """The plan on this machine, from a copy of the checkout: nothing in the copy nor on the
    system changes, and every place a real install writes to is named."""
    checkout = tmp_path / "bang-companion"
    for part in ("hardware", "systemd", "companion", "pyproject.toml", "README.md"):
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, checkout / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, checkout / part)
    watched = [checkout, *(Path(p) for p in TARGETS + SYSTEM_FILES)]
    before = snapshot(watched)
    result = subprocess.run(
        ["bash", str(checkout / "hardware" / "install.sh"), "--dry-run"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert snapshot(watched) == before
    out = result.stdout
    assert out.rstrip().endswith("Dry run: nothing was changed.")
    assert f"Source: {checkout} (bang-companion " in out
    plan = [line for line in out.splitlines() if line.startswith("  + ")]
    for target in TARGETS:
        if not Path(target).exists():
            assert any(target in line for line in plan), f"{target} is not in the plan:\n{out}"
    if plan:
        assert "This needs the network" in out
        assert out.index("This needs the network") < out.index("  + ")
    pip_lines = [line for line in plan if line.startswith("  + pip install bang-companion")]
    assert all("nothing is written into the checkout" in line for line in pip_lines)


def apt_archive(tmp_path: Path, packages: list[str]) -> dict[str, str]:
    """An environment whose apt knows only a local archive holding ``packages``."""
    repo, etc = tmp_path / "repo", tmp_path / "etc"
    for folder in (repo, etc / "sources.list.d", tmp_path / "lists" / "partial"):
        folder.mkdir(parents=True)
    (repo / "Packages").write_text(
        "".join(
            f"Package: {name}\nVersion: 1.0-1\nArchitecture: all\nMaintainer: m <m@example.org>\n"
            f"Filename: ./{name}.deb\nSize: 1\nDescription: {name}\n\n"
            for name in packages
        )
    )
    (etc / "sources.list").write_text(f"deb [trusted=yes] file:{repo} ./\n")
    (tmp_path / "status").write_text("")
    conf = tmp_path / "apt.conf"
    conf.write_text(
        f'Dir::Etc "{etc}";\nDir::State::lists "{tmp_path / "lists"}";\n'
        f'Dir::State::status "{tmp_path / "status"}";\nDir::Cache "{tmp_path / "cache"}";\n'
        'APT::Sandbox::User "root";\n'
    )
    env = {**os.environ, "APT_CONFIG": str(conf)}
    update = subprocess.run(
        ["apt-get", "update", "-q"], capture_output=True, text=True, env=env, timeout=60
    )
    assert update.returncode == 0, update.stderr
    return env


@pytest.mark.skipif(shutil.which("apt-get") is None, reason="needs apt-get (Debian or Ubuntu)")
@pytest.mark.parametrize(
    ("archive", "lgpio_from"),
    [
        # Raspberry Pi OS's own archive has python3-lgpio ...
        (["python3-lgpio", "python3-spidev"], "python3-lgpio from this system's archive"),
        # ... Debian's and Ubuntu's do not.
        (["python3-spidev"], "from PyPI: this system's archive has no python3-lgpio"),
    ],
)
def test_lgpio_comes_from_pypi_only_where_the_archive_has_no_python3_lgpio(
    tmp_path: Path, archive: list[str], lgpio_from: str
) -> None:
    result = installer("--dry-run", env=apt_archive(tmp_path, archive))
    assert result.returncode == 0, result.stderr
    assert f"lgpio (the GPIO library): {lgpio_from}\n" in result.stdout
    pypi_step = [line for line in result.stdout.splitlines() if "pip install lgpio" in line]
    if archive[0] == "python3-lgpio":
        assert not pypi_step
    elif not Path("/opt/bang-companion/venv").exists():
        assert pypi_step and "this system's archive has no python3-lgpio" in pypi_step[0]
