"""scripts/check-image's driver: boots the image in qemu-system-aarch64 and checks it over the
serial console, as a maker at the box's keyboard would, one line per check.

Standard library only (it runs with the system's python3). Every wait has a timeout; the whole
conversation is written to the console log.
"""

from __future__ import annotations

import argparse
import os
import re
import select
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

BOOT_TIMEOUT = 1500.0  # seconds: a first boot under TCG emulation on a busy machine
COMMAND_TIMEOUT = 600.0
PLAY_TIMEOUT = 1800.0


# The terminal's control sequences (bash's bracketed paste, colours) in what a command said.
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Timeout(Exception):
    """The console did not say what was waited for in time."""


class Console:
    """The emulated machine's serial console: what it says, and what is typed into it."""

    def __init__(self, command: list[str], log: Path) -> None:
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        assert self.process.stdout is not None and self.process.stdin is not None
        self._out = self.process.stdout.fileno()
        self._in = self.process.stdin
        os.set_blocking(self._out, False)
        self._log = log.open("ab")
        self.text = b""
        self.position = 0
        self._markers = 0

    def _read(self, until: float) -> bool:
        """Read what the console said until ``until``; False when the machine has gone."""
        ready, _, _ = select.select([self._out], [], [], max(0.0, until - time.monotonic()))
        if not ready:
            return True
        chunk = os.read(self._out, 65536)
        if not chunk:
            return False
        self.text += chunk
        self._log.write(chunk)
        self._log.flush()
        return True

    def expect(self, pattern: bytes, timeout: float) -> re.Match[bytes]:
        """Wait for ``pattern`` in what was said since the last match."""
        regex = re.compile(pattern, re.S)
        deadline = time.monotonic() + timeout
        while True:
            match = regex.search(self.text, self.position)
            if match:
                self.position = match.end()
                return match
            if time.monotonic() >= deadline or not self._read(deadline):
                tail = self.text[-400:].decode(errors="replace")
                raise Timeout(
                    f"waited {timeout:.0f} s for {pattern.decode()!r}; last said: {tail!r}"
                )

    def type(self, text: str) -> None:
        self._log.write(f"\n[typed: {text.strip()!r}]\n".encode())
        self._in.write(text.encode())
        self._in.flush()

    def run(self, command: str, timeout: float = COMMAND_TIMEOUT) -> tuple[int, str]:
        """Run a shell command logged in at the console; its exit status and output."""
        self._markers += 1
        marker = f"__END{self._markers}_"
        start = self.position
        self.type(f"{command}; echo {marker}$?__\n")
        match = self.expect(rf"{marker}(\d+)__".encode(), timeout)
        said = self.text[start : match.start()].decode(errors="replace").replace("\r", "")
        return int(match.group(1)), ESCAPES.sub("", said).strip("\n")

    def wait_exit(self, timeout: float) -> int:
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self._read(min(deadline, time.monotonic() + 1.0))
        if self.process.poll() is None:
            raise Timeout(f"the machine did not power off within {timeout:.0f} s")
        return self.process.returncode

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=30)


class Checks:
    """One line per check, as check-arm64 prints them; the first failure ends the run."""

    def __init__(self, summary: Path) -> None:
        self.summary = summary.open("a")
        self.started = time.monotonic()

    def __call__(self, name: str, check: Callable[[], str]) -> str:
        began = time.monotonic()
        try:
            detail = check()
        except Exception as exc:  # any check that breaks is a failure, said in its line
            self._say(f"check-image: {name:<44} FAIL  ({time.monotonic() - began:.0f} s): {exc}")
            raise SystemExit(1) from exc
        self._say(
            f"check-image: {name:<44} ok    ({time.monotonic() - began:.0f} s)"
            + (f": {detail}" if detail else "")
        )
        return detail

    def _say(self, line: str) -> None:
        print(line, flush=True)
        self.summary.write(line + "\n")
        self.summary.flush()


def log_in(console: Console, password: str) -> str:
    console.expect(rb"login: ", BOOT_TIMEOUT)
    console.type("maker\n")
    console.expect(rb"Password: ", 120)
    console.type(password + "\n")
    console.expect(rb"\$ ", 300)
    console.type(
        "stty -echo cols 250; bind 'set enable-bracketed-paste off'; "
        "export PAGER=cat SYSTEMD_PAGER= SYSTEMD_COLORS=0 PS1=''\n"
    )
    status, _ = console.run(f"echo '{password}' | sudo -S -p '' -v")
    assert status == 0, "sudo refused maker's password"
    console.run("sudo dmesg -n 1")  # the kernel's messages stay out of the answers
    status, state = console.run("systemctl is-system-running --wait", BOOT_TIMEOUT)
    if state.strip() != "running":
        _, failed = console.run("systemctl --failed --no-legend")
        raise AssertionError(f"systemd says {state.strip()!r}; failed units: {failed!r}")
    _, uptime = console.run("cut -d' ' -f1 /proc/uptime")
    return f"systemd running {float(uptime):.0f} s after the kernel started"


def companion_waits(console: Console) -> str:
    _, shown = console.run(
        "systemctl show -p ActiveState -p SubState -p NRestarts -p StatusText bang-companion"
    )
    state = dict(line.split("=", 1) for line in shown.splitlines() if "=" in line)
    assert state.get("ActiveState") == "active", shown
    assert state.get("NRestarts") == "0", shown
    assert state.get("StatusText", "").startswith("waiting for the hardware"), shown
    _, said = console.run("sudo journalctl -b -o cat _SYSTEMD_UNIT=bang-companion.service")
    lines = [line for line in said.splitlines() if line.strip()]
    assert len(lines) == 1 and "waiting for the hardware" in lines[0], said
    return f"{state['ActiveState']} ({state['SubState']}), one line: {lines[0][:70]}..."


def commands_answer(console: Console) -> str:
    status, games = console.run("sudo bang-companion games")
    assert status == 0 and "No finished game in /var/lib/bang-companion yet" in games, games
    status, check = console.run("sudo bang-companion check-hardware 2>&1")
    assert status == 2 and "this computer has no GPIO pins" in check, (status, check)
    assert "Traceback" not in check and len(check.splitlines()) <= 3, check
    return f"games: {games.strip()!r}; check-hardware: status 2, {len(check.splitlines())} lines"


def first_boot_applied(console: Console, password: str) -> str:
    _, applied = console.run("sudo cat /var/lib/bang-companion-setup/applied")
    assert "grown to the card" in applied, applied
    assert "5 seats, seat panels sh1106, web page on" in applied, applied
    assert "host name bangcheck" in applied, applied
    status, seats = console.run("grep -c '^\\[\\[seat\\]\\]' /etc/bang-companion/config.toml")
    assert seats.strip() == "5", seats
    status, said = console.run("systemctl is-enabled bang-companion-web.socket")
    assert status == 0, f"the web page's socket is not enabled: {said}"
    _, name = console.run("hostname")
    assert name.strip() == "bangcheck", name
    status, _ = console.run(f"sudo grep -q -- '{password}' /boot/firmware/bang-setup.txt")
    assert status == 1, "the login password is still on the boot partition"
    _, ssh = console.run("systemctl is-active ssh; systemctl is-enabled ssh")
    assert ssh.split() == ["inactive", "disabled"], ssh
    return "5 seats, sh1106 panels, web page on, host name bangcheck; password removed; SSH off"


def wrong_value_said(console: Console) -> str:
    _, said = console.run(
        "sudo journalctl -b -o cat -u bang-companion-first-boot | grep 'bang-setup.txt line'"
    )
    lines = said.splitlines()
    assert len(lines) == 1 and "console = 'lcd'" in lines[0], said
    assert b"first boot: " + lines[0].split("first boot: ")[-1].encode() in console.text
    return lines[0].split("first boot: ")[-1]


def root_grown(console: Console) -> str:
    _, sizes = console.run("lsblk -bdno SIZE /dev/vda /dev/vda2")
    disk, root = (int(size) for size in sizes.split())
    assert disk - root < 300 * 2**20, sizes  # the root reaches the card's end
    return f"card {disk >> 20} MiB, root partition {root >> 20} MiB"


def log_in_ram(console: Console) -> str:
    status, _ = console.run("test -d /run/log/journal && ! ls /var/log/journal/*/* 2>/dev/null")
    assert status == 0, "the journal is on the card"
    return "journal in /run/log/journal only"


SNAPSHOT = (
    "sudo sha256sum /etc/bang-companion/config.toml /var/lib/bang-companion-setup/applied "
    "/boot/firmware/bang-setup.txt /etc/hostname /etc/machine-id; "
    "systemctl is-enabled bang-companion bang-companion-first-boot ssh; "
    "systemctl is-active bang-companion ssh; findmnt -bno SIZE /"
)


def writes(console: Console) -> tuple[int, int]:
    """The disk's write requests and bytes so far (/sys/block/vda/stat, after a sync)."""
    _, stat = console.run("sync; cat /sys/block/vda/stat")
    fields = stat.split()
    return int(fields[4]), int(fields[6]) * 512


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--password", required=True)
    parser.add_argument("--keys", required=True, help="a whole game's presses for emulate")
    parser.add_argument("--seed", required=True)
    parser.add_argument("--log", type=Path, required=True)
    parser.add_argument("--summary", type=Path, required=True)
    parser.add_argument("qemu", nargs=argparse.REMAINDER, help="-- then the qemu command line")
    args = parser.parse_args()
    check = Checks(args.summary)
    console = Console(args.qemu[1:] if args.qemu[:1] == ["--"] else args.qemu, args.log)
    try:
        check("first boot: systemd reaches its goal", lambda: log_in(console, args.password))
        check(
            "first boot: bang-setup.txt applied", lambda: first_boot_applied(console, args.password)
        )
        check("first boot: a wrong value said in one line", lambda: wrong_value_said(console))
        check("first boot: root partition grown", lambda: root_grown(console))
        check("the unit waits for its hardware", lambda: companion_waits(console))
        check("bang-companion games, check-hardware", lambda: commands_answer(console))
        check("the log in RAM", lambda: log_in_ram(console))
        first = console.run(SNAPSHOT)[1]
        console.type("sudo systemctl reboot\n")
        check("second boot: systemd reaches its goal", lambda: log_in(console, args.password))

        def first_boot_skipped() -> str:
            _, shown = console.run("systemctl show -p ConditionResult bang-companion-first-boot")
            assert shown.strip() == "ConditionResult=no", shown
            _, said = console.run(
                "sudo journalctl -q -b -o cat "
                "_SYSTEMD_UNIT=bang-companion-first-boot.service | wc -l"
            )
            assert said.strip() == "0", said
            return "the first-boot unit did not run again"

        check("second boot: first boot not run again", first_boot_skipped)
        check("second boot: the unit waits for its hardware", lambda: companion_waits(console))
        check("second boot: bang-companion games, check-hardware", lambda: commands_answer(console))

        def same_as_first() -> str:
            second = console.run(SNAPSHOT)[1]
            assert second == first, f"first boot:\n{first}\nsecond boot:\n{second}"
            return f"{len(first.splitlines())} lines of state identical"

        check("second boot: the same as the first", same_as_first)

        def game_writes() -> str:
            # The service holds the state folder's lock: stopped (and its socket) to play here.
            status, said = console.run(
                "sudo systemctl stop bang-companion-web.socket bang-companion.service"
            )
            assert status == 0, said
            requests0, bytes0 = writes(console)
            began = time.monotonic()
            status, said = console.run(
                "set -o pipefail; "
                f"sudo bang-companion emulate --seats 5 --seed {args.seed} "
                f"--state-dir /var/lib/bang-companion --keys '{args.keys}' | tail -n 3",
                PLAY_TIMEOUT,
            )
            played = time.monotonic() - began
            requests1, bytes1 = writes(console)
            assert status == 0, said
            _, games = console.run("sudo bang-companion games")
            assert "No finished game" not in games, games
            presses = len(args.keys.split())
            time.sleep(min(played, 120))  # as long again, doing nothing: what the box writes idle
            requests2, bytes2 = writes(console)
            return (
                f"one game of {presses} presses in {played:.0f} s: {bytes1 - bytes0} bytes in "
                f"{requests1 - requests0} writes; idle {min(played, 120):.0f} s after: "
                f"{bytes2 - bytes1} bytes in {requests2 - requests1} writes; "
                f"games: {games.strip().splitlines()[0][:60]!r}"
            )

        check("a whole game written to the card", game_writes)

        def powers_off() -> str:
            console.type("sudo systemctl poweroff\n")
            return f"qemu exit status {console.wait_exit(600)}"

        check("power off", powers_off)
    finally:
        console.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
