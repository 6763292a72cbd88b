"""The systemd unit gains network access only with the public page's drop-in (issue 26): the
unit alone has none; the drop-in opens only what the page needs (the real network namespace,
IPv4 and IPv6 sockets, the local networks), and the unit with it still passes
scripts/check-systemd-unit (verify, and an exposure rated OK or better)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "bang-companion.service"
DROP_IN = ROOT / "systemd" / "web.conf"


def settings(text: str) -> list[tuple[str, str]]:
    return re.findall(r"^(\w+)=(.*)$", text, re.M)


def test_the_unit_alone_has_no_network() -> None:
    unit = dict(settings(UNIT.read_text()))
    assert unit["PrivateNetwork"] == "yes" and unit["IPAddressDeny"] == "any"
    assert unit["RestrictAddressFamilies"] == "AF_UNIX"


def test_the_drop_in_opens_only_the_local_networks() -> None:
    found = settings(DROP_IN.read_text())
    assert {key for key, _ in found} == {
        "PrivateNetwork",
        "RestrictAddressFamilies",
        "IPAddressAllow",
    }
    allowed = " ".join(value for key, value in found if key == "IPAddressAllow").split()
    assert "any" not in allowed and "0.0.0.0/0" not in allowed and "::/0" not in allowed
    assert DROP_IN.read_text().count("[Service]") == 1


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not found")
def test_the_unit_with_the_drop_in_still_passes_the_units_check(tmp_path: Path) -> None:
    merged = tmp_path / UNIT.name  # a drop-in's [Service] lines come after the unit's
    merged.write_text(UNIT.read_text() + "\n" + DROP_IN.read_text())
    result = subprocess.run(
        [str(ROOT / "scripts" / "check-systemd-unit"), str(merged)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "security ok" in result.stdout or "SKIP security" in result.stdout
