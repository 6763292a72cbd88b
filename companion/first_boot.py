"""The SD card image's first boot: the maker's bang-setup.txt read, checked and applied once.

bang-setup.txt, on the card's boot partition, is the one file a maker edits before flashing
(hardware/image/bang-setup.txt documents it line by line). The image's first-boot unit runs
``python -m companion.first_boot`` as root before the companion starts: it grows the root
partition to the card, applies the file, runs check-hardware and shows what it found on the
console panel. A wrong value is one line in the log and on the panel, and is not applied: the
image's default stays and the box starts all the same.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import re
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from .i18n import CORE, Catalogue, set_language

SETUP_NAME = "bang-setup.txt"
SETUP_FILE = Path("/boot/firmware") / SETUP_NAME
APPLIED = Path("/var/lib/bang-companion-setup/applied")
CONFIG = Path("/etc/bang-companion/config.toml")
# The public page's socket (hardware/install.sh installs it, not enabled): the page's network.
WEB_SOCKET = "bang-companion-web.socket"
WPA_CONFIG = Path("/etc/wpa_supplicant/wpa_supplicant-wlan0.conf")
COMMAND = "/usr/local/bin/bang-companion"
USER = "maker"
# The note that stands above a maker's secret on the card once it is applied and removed.
REMOVED = "applied at the first boot and removed from this file"
SECRETS = ("wifi_password", "login_password")
# What the console panel holds before the companion takes it over: time to read it.
CONSOLE_HOLD = 20.0
CONSOLE_LINES = 5
CONSOLE_CHARS = 42

SEAT_PANELS = ("ssd1306", "sh1106", "none")
CONSOLES = {
    "ssd1322": 'panel = { driver = "ssd1322", port = 0, device = 0, gpio_dc = 24, gpio_rst = 25 }',
    "ssd1306": 'panel = { driver = "ssd1306", bus = 1, address = 0x3D }',
}
SWITCH = {"on": True, "yes": True, "true": True, "off": False, "no": False, "false": False}
KEY_TYPES = (
    "ssh-ed25519",
    "ssh-rsa",
    "ecdsa-sha2-nistp256",
    "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521",
    "sk-ssh-ed25519@openssh.com",
    "sk-ecdsa-sha2-nistp256@openssh.com",
)
HOSTNAME = re.compile(r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?")

_ = Catalogue(CORE).gettext


@dataclass(frozen=True)
class Setup:
    """What bang-setup.txt asks for; None: not given, the image's default stays."""

    seats: int | None = None
    seat_panels: str | None = None
    console: str | None = None
    web: bool | None = None
    hostname: str | None = None
    wifi_network: str | None = None
    wifi_password: str | None = None
    wifi_country: str | None = None
    login_key: str | None = None
    login_password: str | None = None
    ssh: bool | None = None
    lines: dict[str, int] = field(default_factory=dict, compare=False)


def _seats(value: str) -> int:
    if not value.isdigit() or not 3 <= int(value) <= 8:
        raise ValueError(_("expected a number of seats from 3 to 8"))
    return int(value)


def _one_of(*choices: str) -> Callable[[str], str]:
    def check(value: str) -> str:
        if value.lower() not in choices:
            raise ValueError(_("expected {choices}").format(choices=" or ".join(choices)))
        return value.lower()

    return check


def _switch(value: str) -> bool:
    if value.lower() not in SWITCH:
        raise ValueError(_("expected on or off"))
    return SWITCH[value.lower()]


def _hostname(value: str) -> str:
    if not HOSTNAME.fullmatch(value.lower()):
        raise ValueError(_("expected 1 to 63 letters, digits and inner hyphens, such as bang"))
    return value.lower()


def _wifi_network(value: str) -> str:
    if len(value.encode()) > 32 or not value.isprintable() or '"' in value:
        raise ValueError(_("expected the network's name: up to 32 bytes, no quote mark"))
    return value


def _wifi_password(value: str) -> str:
    if not 8 <= len(value) <= 63 or not value.isascii() or not value.isprintable():
        raise ValueError(_("expected a WPA password: 8 to 63 plain (ASCII) characters"))
    return value


def _wifi_country(value: str) -> str:
    if not re.fullmatch(r"[A-Za-z]{2}", value):
        raise ValueError(_("expected a two-letter country code, such as GB, DE or US"))
    return value.upper()


def _login_key(value: str) -> str:
    parts = value.split(maxsplit=2)
    try:
        blob = base64.b64decode(parts[1], validate=True) if len(parts) > 1 else b""
    except binascii.Error:
        blob = b""
    if len(parts) < 2 or parts[0] not in KEY_TYPES or not blob or not value.isprintable():
        raise ValueError(
            _(
                "expected one SSH public key line, such as the contents of "
                "~/.ssh/id_ed25519.pub (ssh-ed25519 AAAA... you@laptop)"
            )
        )
    return value


def _login_password(value: str) -> str:
    if len(value) < 8 or not value.isprintable():
        raise ValueError(_("expected at least 8 characters, on one line"))
    return value


CHECKS: dict[str, Callable[[str], object]] = {
    "seats": _seats,
    "seat_panels": _one_of(*SEAT_PANELS),
    "console": _one_of(*CONSOLES),
    "web": _switch,
    "hostname": _hostname,
    "wifi_network": _wifi_network,
    "wifi_password": _wifi_password,
    "wifi_country": _wifi_country,
    "login_key": _login_key,
    "login_password": _login_password,
    "ssh": _switch,
}
assert tuple(CHECKS) == tuple(f.name for f in fields(Setup) if f.name != "lines")


def parse_setup(text: str, source: str = SETUP_NAME) -> tuple[Setup, list[str]]:
    """The settings the file asks for, and one line per thing refused in it.

    A line is ``key = value``; a line starting with # is a comment; an empty value keeps the
    image's default. There are no comments after a value: a password may hold a #. Each
    refused line names the file, the line, the key and
    what was expected, and that setting keeps the image's default.
    """
    values: dict[str, object] = {}
    lines: dict[str, int] = {}
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = _("{file} line {number}").format(file=source, number=number)
        key, equals, value = line.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not equals:
            said = _("{where}: {line}: expected key = value; line ignored")
            problems.append(said.format(where=where, line=repr(_cut(line))))
            continue
        if key not in CHECKS:
            said = _("{where}: unknown setting {key}: expected one of {keys}; line ignored")
            problems.append(said.format(where=where, key=repr(_cut(key)), keys=", ".join(CHECKS)))
            continue
        if key in lines:
            said = _("{where}: {key} again (first on line {first}): line ignored")
            problems.append(said.format(where=where, key=key, first=lines[key]))
            continue
        if not value:
            continue
        try:
            values[key] = CHECKS[key](value)
        except ValueError as exc:
            shown = _("(hidden)") if key in SECRETS else repr(_cut(value))
            said = _("{where}: {key} = {value}: {problem}; the image's default stays")
            problems.append(said.format(where=where, key=key, value=shown, problem=exc))
            continue
        lines[key] = number
    setup = Setup(**values, lines=lines)  # type: ignore[arg-type]
    return _check_together(setup, source, problems)


def _check_together(setup: Setup, source: str, problems: list[str]) -> tuple[Setup, list[str]]:
    """What only the whole file can tell: Wi-Fi needs its country, SSH a way to log in."""

    def refuse(key: str, problem: str) -> None:
        where = _("{file} line {number}").format(file=source, number=setup.lines[key])
        problems.append(
            _("{where}: {key}: {problem}").format(where=where, key=key, problem=problem)
        )

    if setup.wifi_network is not None and setup.wifi_country is None:
        refuse(
            "wifi_network",
            _(
                "needs wifi_country (the channels allowed there), such as GB, DE or US; "
                "Wi-Fi stays off"
            ),
        )
        setup = replace(setup, wifi_network=None)
    if setup.wifi_password is not None and setup.wifi_network is None:
        refuse("wifi_password", _("no wifi_network to use it with; Wi-Fi stays off"))
        setup = replace(setup, wifi_password=None)
    if setup.ssh and setup.login_key is None and setup.login_password is None:
        refuse("ssh", _("on, but no login_key or login_password to log in with; SSH stays off"))
        setup = replace(setup, ssh=False)
    return setup, problems


def _cut(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[: most - 3] + "..."


# ----------------------------------------------------------------- the configuration


def configured(example: str, setup: Setup) -> str:
    """The companion's config.toml text with the seats, panels and page the setup asks for.

    ``example`` is the installed configuration (hardware/config.example.toml): its [[seat]]
    tables give each seat's button and panel; everything else in it is kept as written.
    """
    data = tomllib.loads(example)
    text = example
    seats = [dict(seat) for seat in data.get("seat", [])]
    if setup.seats is not None or setup.seat_panels is not None:
        count = setup.seats or len(seats)
        if count > len(seats):
            raise ValueError(f"the configuration has {len(seats)} seats' wiring, not {count}")
        text = _replace_seats(
            text, [_seat_table(seat, setup.seat_panels) for seat in seats[:count]]
        )
    if setup.console is not None:
        text = _replace_in_section(text, "console", "panel", CONSOLES[setup.console])
    if setup.web is not None:
        text = _replace_in_section(text, "web", "enabled", f"enabled = {str(setup.web).lower()}")
    return text


def _seat_table(seat: dict[str, object], seat_panels: str | None) -> str:
    lines = ["[[seat]]"]
    if "button" in seat:
        lines.append(f"button = {seat['button']}")
    panel = seat.get("panel")
    if isinstance(panel, dict) and seat_panels != "none":
        panel = {**panel, "driver": seat_panels or panel["driver"]}
        inner = ", ".join(f"{key} = {_toml_value(value)}" for key, value in panel.items())
        lines.append(f"panel = {{ {inner} }}")
    return "\n".join(lines)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return f'"{value}"'
    return f"0x{value:02X}" if isinstance(value, int) and value >= 0x20 else str(value)


def _replace_seats(text: str, tables: list[str]) -> str:
    """``text`` with its run of [[seat]] tables (from the first to the blank line after the
    last) replaced by ``tables``."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip() == "[[seat]]"]
    if not starts:
        raise ValueError("the configuration has no [[seat]] tables")
    end = starts[-1]
    while end < len(lines) and lines[end].strip():
        end += 1
    new = "\n\n".join(tables).splitlines()
    return "\n".join(lines[: starts[0]] + new + lines[end:]) + "\n"


def _replace_in_section(text: str, section: str, key: str, new: str) -> str:
    lines = text.splitlines()
    inside = False
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("["):
            inside = stripped.split("#")[0].strip() == f"[{section}]"
        elif inside and re.match(rf"{key}\s*=", stripped):
            lines[i] = new
            return "\n".join(lines) + "\n"
    raise ValueError(f"the configuration has no {key} in [{section}]")


def without_secrets(text: str) -> str:
    """bang-setup.txt with the Wi-Fi and login passwords it held emptied, once applied, each
    with a note above it saying so."""
    lines: list[str] = []
    for line in text.splitlines():
        key, equals, value = line.partition("=")
        key = key.strip().lower()
        if equals and key in SECRETS and value.strip():
            lines += [f"# {key}: {REMOVED}", f"{key} ="]
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


def wpa_config(setup: Setup) -> str:
    """wpa_supplicant's file for the network the setup names."""
    network = [f'    ssid="{setup.wifi_network}"']
    network.append(
        f'    psk="{setup.wifi_password}"' if setup.wifi_password else "    key_mgmt=NONE"
    )
    return "\n".join(
        ["ctrl_interface=DIR=/run/wpa_supplicant GROUP=netdev", f"country={setup.wifi_country}"]
        + ["update_config=0", "network={", *network, "}", ""]
    )


# ----------------------------------------------------------------- the changes


def write_atomically(path: Path, text: str, mode: int = 0o644) -> None:
    """Write ``path`` whole or not at all: a power cut leaves the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.new")
    with open(temporary, "w", encoding="utf-8") as file:
        os.fchmod(file.fileno(), mode)
        file.write(text)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def _run(*command: str, stdin: str | None = None) -> str:
    """Run a system command; its first line of complaint, if it fails, as the error."""
    result = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        said = (result.stderr or result.stdout).strip().splitlines()
        why = said[-1] if said else _("status {code}").format(code=result.returncode)
        raise OSError(_("{command} failed: {why}").format(command=command[0], why=why))
    return result.stdout


def grow_root() -> str:
    """Grow the root partition and its file system to the end of the card."""
    device = _run("findmnt", "--noheadings", "--output", "SOURCE", "/").strip()
    name = Path(device).name
    number = Path(f"/sys/class/block/{name}/partition").read_text().strip()
    disk = "/dev/" + _run("lsblk", "--noheadings", "--output", "PKNAME", device).strip()
    grown = subprocess.run(["growpart", disk, number], capture_output=True, text=True)
    if grown.returncode == 1 and "NOCHANGE" in grown.stdout:
        return _("root partition {device} already fills {disk}").format(device=device, disk=disk)
    if grown.returncode != 0:
        raise OSError(f"growpart {disk} {number}: {(grown.stderr or grown.stdout).strip()}")
    _run("resize2fs", device)
    size = os.statvfs("/")
    said = _("root partition {device} grown to the card: {size} MiB")
    return said.format(device=device, size=size.f_blocks * size.f_frsize >> 20)


def apply(setup: Setup) -> list[str]:
    """Make the changes the setup asks for; a line for each, and one for each that failed."""
    said: list[str] = []

    def step(what: str, change: Callable[[], object]) -> None:
        try:
            change()
            said.append(what)
        except (OSError, ValueError, subprocess.SubprocessError) as exc:
            failed = _("{what}: failed ({error}); the image's default stays")
            said.append(f"{SETUP_NAME}: " + failed.format(what=what, error=exc))

    if any(v is not None for v in (setup.seats, setup.seat_panels, setup.console, setup.web)):
        step(f"{CONFIG}: {_config_summary(setup)}", lambda: _write_config(setup))
    if setup.web:
        step(
            _("the public page's socket {socket} enabled").format(socket=WEB_SOCKET),
            _enable_web_socket,
        )
    elif setup.web is False:
        doing = _("the public page's socket {socket} disabled")
        step(doing.format(socket=WEB_SOCKET), _disable_web_socket)
    if setup.hostname:
        doing = _("host name {name}").format(name=setup.hostname)
        step(doing, lambda: _set_hostname(setup.hostname or ""))
    if setup.wifi_network:
        doing = _("Wi-Fi network {network} ({country})").format(
            network=repr(setup.wifi_network), country=setup.wifi_country
        )
        step(doing, lambda: _wifi(setup))
    if setup.login_password:
        secret = setup.login_password
        doing = _("password of {user} set").format(user=USER)
        step(doing, lambda: _run("chpasswd", stdin=f"{USER}:{secret}\n"))
    if setup.login_key:
        doing = _("login key of {user} added").format(user=USER)
        step(doing, lambda: _add_key(setup.login_key or ""))
    if setup.ssh:
        step(_("SSH on"), _ssh_on)
    return said


def _config_summary(setup: Setup) -> str:
    parts = [
        _("{count} seats").format(count=setup.seats) if setup.seats else "",
        _("seat panels {panels}").format(panels=setup.seat_panels) if setup.seat_panels else "",
        _("console {panel}").format(panel=setup.console) if setup.console else "",
        "" if setup.web is None else _("web page on") if setup.web else _("web page off"),
    ]
    return ", ".join(part for part in parts if part)


def _write_config(setup: Setup) -> None:
    from .config import ConfigError, parse

    text = configured(CONFIG.read_text(encoding="utf-8"), setup)
    try:
        parse(tomllib.loads(text), CONFIG)
    except ConfigError as exc:
        raise ValueError(_("the result would not load: {error}").format(error=exc)) from exc
    write_atomically(CONFIG, text)


def _enable_web_socket() -> None:
    _run("systemctl", "enable", WEB_SOCKET)
    _run("systemctl", "start", "--no-block", WEB_SOCKET)


def _disable_web_socket() -> None:
    _run("systemctl", "disable", WEB_SOCKET)
    _run("systemctl", "stop", "--no-block", WEB_SOCKET)


def _set_hostname(name: str) -> None:
    write_atomically(Path("/etc/hostname"), name + "\n")
    hosts = Path("/etc/hosts").read_text(encoding="utf-8").splitlines()
    hosts = [line for line in hosts if not line.startswith("127.0.1.1")]
    write_atomically(Path("/etc/hosts"), "\n".join([*hosts, f"127.0.1.1\t{name}", ""]))
    _run("hostname", name)


def _wifi(setup: Setup) -> None:
    write_atomically(WPA_CONFIG, wpa_config(setup), mode=0o600)
    _run("systemctl", "enable", "wpa_supplicant@wlan0.service")
    _run("systemctl", "start", "--no-block", "wpa_supplicant@wlan0.service")


def _add_key(key: str) -> None:
    folder = Path(f"/home/{USER}/.ssh")
    keys = folder / "authorized_keys"
    old = keys.read_text(encoding="utf-8") if keys.exists() else ""
    if key not in old.splitlines():
        folder.mkdir(mode=0o700, exist_ok=True)
        write_atomically(keys, old + key + "\n", mode=0o600)
    _run("chown", "-R", f"{USER}:{USER}", str(folder))


def _ssh_on() -> None:
    _run("ssh-keygen", "-A")  # this box's own host keys: the image ships none
    _run("systemctl", "enable", "ssh.service")
    _run("systemctl", "start", "--no-block", "ssh.service")


# ----------------------------------------------------------------- check-hardware, the panel


def check_hardware() -> list[str]:
    """check-hardware's lines (without asking for button presses), as the service's user."""
    try:
        result = subprocess.run(
            [COMMAND, "check-hardware", "--no-buttons"], capture_output=True, text=True, timeout=300
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return [_("check-hardware could not run: {error}").format(error=exc)]
    return (result.stdout + result.stderr).splitlines()


def show_on_console(lines: list[str]) -> str | None:
    """Put the last lines on the console panel; None when shown, else why not."""
    from .config import load
    from .devices.displays import Displays
    from .panels.notice import draw_notice

    try:
        devices = load(CONFIG).devices()
        spec = devices.panels.get("console")
        if spec is None:
            return _("the configuration has no console panel")
        with Displays({"console": spec}, mux=devices.mux) as displays:
            panel = displays["console"]
            shown = [_cut(line, CONSOLE_CHARS) for line in lines[-CONSOLE_LINES:]]
            if not panel.show(draw_notice(panel.size, shown)):
                return _("the console panel does not answer")
    # Whatever the panel's libraries raise (no GPIO, no SPI, a missing panel) only means the
    # lines stay in the log.
    except Exception as exc:
        return f"{type(exc).__name__}: {_cut(str(exc), 80)}"
    return None


# ----------------------------------------------------------------- the first boot


def first_boot(say: Callable[[str], None]) -> tuple[list[str], list[str]]:
    """Everything the first boot does, each result said in one line; returns the lines and
    those for the console panel (what was refused or failed, and check-hardware's)."""
    said: list[str] = []
    panel: list[str] = []

    def tell(line: str) -> None:
        said.append(line)
        say(line)

    try:
        tell(grow_root())
    except (OSError, subprocess.SubprocessError) as exc:
        tell(_("the root partition was not grown: {error}").format(error=exc))
    try:
        text = SETUP_FILE.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = ""
        tell(_("no {file}: the image's defaults stay").format(file=SETUP_FILE))
    except (OSError, UnicodeDecodeError) as exc:
        text = ""
        doing = _("{file} cannot be read ({error}): the image's defaults stay")
        tell(doing.format(file=SETUP_FILE, error=exc))
    setup, problems = parse_setup(text)
    changes = apply(setup)
    panel += problems + [line for line in changes if line.startswith(f"{SETUP_NAME}:")]
    for line in problems + changes:
        tell(line)
    if any(key in setup.lines for key in SECRETS):
        try:
            write_atomically(SETUP_FILE, without_secrets(text))
        except OSError as exc:
            doing = _("{file}: the passwords could not be removed from it: {error}")
            tell(doing.format(file=SETUP_FILE, error=exc))
    for line in check_hardware():
        tell(f"check-hardware: {line}")
        panel.append(line)
    return said, panel


def speak_as_configured() -> None:
    """The image's configuration's language, when it names one the box speaks."""
    try:
        set_language(tomllib.loads(CONFIG.read_text(encoding="utf-8"))["game"]["language"])
    except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError):
        return


def main() -> int:
    speak_as_configured()
    said, panel = first_boot(lambda line: print(f"first boot: {line}", flush=True))
    why_not = show_on_console(panel)
    if why_not is None:
        shown = _("shown on the console panel for {seconds} s")
        print(f"first boot: {shown.format(seconds=f'{CONSOLE_HOLD:.0f}')}", flush=True)
        time.sleep(CONSOLE_HOLD)
    else:
        shown = _("not shown on the console panel ({why})").format(why=why_not)
        print(f"first boot: {shown}", flush=True)
    digest = hashlib.sha256("\n".join(said).encode()).hexdigest()[:12]
    write_atomically(APPLIED, "\n".join([*said, f"summary {digest}", ""]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
