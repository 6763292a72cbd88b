"""The public page changes nothing of the service's confinement (issues 26 and 34): its socket
is bound by systemd in bang-companion-web.socket and passed to the service, which keeps its
own network namespace, no IPv4 or IPv6 sockets of its own and every address denied, so it
accepts and never connects out, page on or off. The socket admits only the local networks,
the service's file limit stays well above the page's connections, and both units pass
scripts/check-systemd-unit (verify, and the service's exposure rated OK or better)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.web.server import BACKLOG
from companion.web.settings import DEFAULT_PORT, MAX_CONNECTIONS

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "bang-companion.service"
SOCKET = ROOT / "systemd" / "bang-companion-web.socket"


def settings(path: Path) -> dict[str, list[str]]:
    """Each setting of a unit file: its values in order."""
    found: dict[str, list[str]] = {}
    for key, value in re.findall(r"^(\w+)=(.*)$", path.read_text(), re.M):
        found.setdefault(key, []).append(value.strip())
    return found


def test_the_service_never_has_a_network_page_on_or_off() -> None:
    unit = settings(UNIT)
    assert unit["PrivateNetwork"] == ["yes"] and unit["IPAddressDeny"] == ["any"]
    assert unit["RestrictAddressFamilies"] == ["AF_UNIX"]  # sd_notify and the journal only
    assert "IPAddressAllow" not in unit
    assert not list((ROOT / "systemd").glob("*.conf"))  # no drop-in opens it again


def test_the_service_has_files_to_spare_beyond_the_pages_connections() -> None:
    assert int(settings(UNIT)["LimitNOFILE"][0]) >= 2 * MAX_CONNECTIONS


def test_the_socket_goes_to_the_service_and_admits_only_the_local_networks() -> None:
    socket = settings(SOCKET)
    assert socket["Service"] == [UNIT.name]
    assert socket["ListenStream"] == [str(DEFAULT_PORT)]
    assert "Accept" not in socket  # one service accepts every connection, not one per client
    assert int(socket["Backlog"][0]) == BACKLOG
    assert socket["IPAddressDeny"] == ["any"]
    allowed = " ".join(socket["IPAddressAllow"]).split()
    assert set(allowed) == {
        "localhost",
        "link-local",
        "10.0.0.0/8",
        "172.16.0.0/12",
        "192.168.0.0/16",
        "fc00::/7",
    }
    assert socket["WantedBy"] == ["sockets.target"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not found")
def test_both_units_pass_the_units_check() -> None:
    result = subprocess.run(
        [str(ROOT / "scripts" / "check-systemd-unit")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"checking {UNIT} {SOCKET}" in result.stdout
    assert "verify ok" in result.stdout
    assert "security ok" in result.stdout or "SKIP security" in result.stdout


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not found")
def test_the_units_check_fails_on_a_socket_for_another_service(tmp_path: Path) -> None:
    (tmp_path / UNIT.name).write_text(UNIT.read_text())
    wrong = SOCKET.read_text().replace(f"Service={UNIT.name}", "Service=elsewhere.service")
    (tmp_path / SOCKET.name).write_text(wrong)
    result = subprocess.run(
        [str(ROOT / "scripts" / "check-systemd-unit"), str(tmp_path / UNIT.name)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "elsewhere.service" in result.stderr
