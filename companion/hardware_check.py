"""``bang-companion check-hardware``: what a maker needs to see before the first game.

What answers on each I2C bus and mux channel, which configured panels answer (each then shows
its own name, so a swapped cable shows), the serial pods with their buttons, each button in
turn with a time limit, and the buzzer's beep; at the end, every part that did not answer, by
name.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import smbus2
from gpiozero.exc import GPIOZeroError
from gpiozero.pins import Factory

from .config import Config
from .devices.buttons import GpioButtons
from .devices.buzzer import Beeper
from .devices.displays import Displays
from .devices.inputs import InputQueue
from .devices.panel_specs import MuxSpec, PanelSpec
from .devices.pods import SerialPod
from .errors import CompanionError
from .i18n import CORE, Catalogue
from .panels.notice import draw_notice

SCAN = range(0x03, 0x78)  # the addresses i2cdetect probes
BY_ID = Path("/dev/serial/by-id")

Say = Callable[[str], None]

_words = Catalogue(CORE)
_ = _words.gettext


class HardwareError(CompanionError):
    """A part the check cannot use at all (a pin another program holds): one line, no trace."""


def _pin_errors() -> tuple[type[Exception], ...]:
    """What claiming a GPIO pin raises: gpiozero's errors, and lgpio's ("GPIO busy")."""
    try:
        import lgpio  # the Pi's pin library; absent elsewhere
    except ImportError:
        return (GPIOZeroError,)
    return (GPIOZeroError, lgpio.error)


def scan(bus: Any) -> list[int]:
    """Addresses that acknowledge a quick write, as i2cdetect -q finds them."""
    found = []
    for address in SCAN:
        try:
            bus.write_quick(address)
        except OSError:
            continue
        found.append(address)
    return found


def scan_buses(
    specs: dict[str, PanelSpec], mux: MuxSpec | None, open_i2c: Callable[[int], Any], say: Say
) -> None:
    buses = sorted({s.bus for s in specs.values() if not s.is_spi} | ({mux.bus} if mux else set()))
    for number in buses:
        try:
            bus = open_i2c(number)
        except OSError as exc:
            say(
                _(
                    "I2C bus {number}: cannot open /dev/i2c-{number} ({error}); is I2C enabled?"
                ).format(number=number, error=exc)
            )
            continue
        try:
            found = scan(bus)
            shown = " ".join(f"0x{a:02X}" for a in found) or _("nothing")
            say(_("I2C bus {number}: {found}").format(number=number, found=shown))
            if mux is not None and mux.userspace and mux.bus == number:
                if mux.address not in found:
                    said = _("  mux TCA9548A {address}: NO ANSWER: check its wiring and A0-A2")
                    say(said.format(address=f"0x{mux.address:02X}"))
                    continue
                say(_("  mux TCA9548A {address}: answers").format(address=f"0x{mux.address:02X}"))
                for channel in range(8):
                    bus.write_byte(mux.address, 1 << channel)
                    on_channel = [a for a in scan(bus) if a not in found]
                    shown = " ".join(f"0x{a:02X}" for a in on_channel) or _("nothing")
                    say(_("  mux channel {channel}: {found}").format(channel=channel, found=shown))
                bus.write_byte(mux.address, 0)
        finally:
            bus.close()


def check_hardware(
    config: Config,
    say: Say = print,
    *,
    open_i2c: Callable[[int], Any] = smbus2.SMBus,
    open_spi: Callable[[], Any] | None = None,
    pin_factory: Factory | None = None,
    buttons: bool = True,
    button_timeout: float = 15.0,
    pod_wait: float = 2.0,
) -> int:
    """Report on every configured part; 0 when all of them answered.

    Raises HardwareError when a GPIO pin cannot be claimed (the service holds it)."""
    try:
        return _check(
            config, say, open_i2c, open_spi, pin_factory, buttons, button_timeout, pod_wait
        )
    except _pin_errors() as exc:
        raise HardwareError(
            _(
                "a GPIO pin cannot be used ({error}); is the service running? "
                "stop it first: sudo systemctl stop bang-companion"
            ).format(error=exc)
        ) from None


def _check(
    config: Config,
    say: Say,
    open_i2c: Callable[[int], Any],
    open_spi: Callable[[], Any] | None,
    pin_factory: Factory | None,
    buttons: bool,
    button_timeout: float,
    pod_wait: float,
) -> int:
    problems: list[str] = []
    checked = 0
    devices = config.devices()
    pins, specs, mux, pod_specs = devices.buttons, devices.panels, devices.mux, devices.pods

    scan_buses(specs, mux, open_i2c, say)
    queue = InputQueue()
    with Displays(
        specs, mux=mux, open_i2c=open_i2c, open_spi=open_spi, pin_factory=pin_factory
    ) as displays:
        for name, panel in displays.panels.items():
            checked += 1
            if panel.spec.is_spi:
                # SPI only writes: whether the panel is there shows on the panel alone.
                where = f"SPI{panel.spec.port} CE{panel.spec.device}"
                state = (
                    _("sent its name; it must show '{name}'").format(name=name)
                    if panel.online
                    else _("NO DEVICE")
                )
            else:
                where = _place(panel.spec)
                state = _("answers") if panel.online else _("NO ANSWER")
            if panel.online:
                panel.show(draw_notice(panel.size, ["check-hardware", name]))
            else:
                problems.append(_("panel {name}").format(name=name))
            said = _("panel {name} ({driver}, {where}): {state}")
            say(said.format(name=name, driver=panel.spec.driver, where=where, state=state))
        pods = [SerialPod(spec, queue) for spec in pod_specs]
        try:
            checked += len(pods)
            problems += _report_pods(pods, pod_wait, say)
            if buttons:
                names = list(pins.pins) + [b for p in pod_specs for b in p.buttons.values()]
                checked += len(names)
                said = _("buttons: press each one when asked, within {seconds} s")
                say(said.format(seconds=f"{button_timeout:g}"))
                with GpioButtons(pins, queue, pin_factory=pin_factory):
                    problems += _ask_buttons(names, displays, queue, button_timeout, say)
            else:
                say(_("buttons: not asked for (--no-buttons)"))
        finally:
            for pod in pods:
                pod.close()
    if config.buzzer is not None:
        with Beeper(config.buzzer, pin_factory=pin_factory) as beeper:
            beeper.play((0.2, 0.2, 2), background=False)
        said = _("buzzer (BCM {pin}): beeped twice; no sound? check its wiring")
        say(said.format(pin=config.buzzer.pin))
    if not problems:
        said = _words.ngettext(
            "all {count} configured part answered", "all {count} configured parts answered", checked
        )
        say(said.format(count=checked))
        return 0
    said = _words.ngettext(
        "{count} part(s) did not answer: {parts}",
        "{count} part(s) did not answer: {parts}",
        len(problems),
    )
    say(said.format(count=len(problems), parts=", ".join(problems)))
    return 1


def _place(spec: PanelSpec) -> str:
    address = f"0x{spec.address:02X}"
    if spec.mux_channel is None:
        return _("I2C bus {bus} {address}").format(bus=spec.bus, address=address)
    said = _("I2C bus {bus} mux channel {channel} {address}")
    return said.format(bus=spec.bus, channel=spec.mux_channel, address=address)


def _report_pods(pods: list[SerialPod], wait: float, say: Say) -> list[str]:
    if BY_ID.is_dir():
        for link in sorted(BY_ID.iterdir()):
            say(_("serial device: {path}").format(path=link))
    deadline = time.monotonic() + wait
    while pods and time.monotonic() < deadline and not all(p.hello for p in pods):
        time.sleep(0.05)
    missing = []
    for pod in pods:
        if pod.hello is not None:
            buttons = " ".join(f"{b}->{pod.spec.buttons.get(b, '?')}" for b in pod.hello.buttons)
            said = _("pod {path}: '{pod}', buttons {buttons}")
            say(said.format(path=pod.spec.path, pod=pod.hello.pod_id, buttons=buttons))
        else:
            missing.append(_("pod {path}").format(path=pod.spec.path))
            state = _("open but silent") if pod.connected else _("not found")
            say(_("pod {path}: {state}").format(path=pod.spec.path, state=state))
    return missing


def _ask_buttons(
    names: list[str], displays: Displays, queue: InputQueue, timeout: float, say: Say
) -> list[str]:
    missing = []
    for name in names:
        panel_name = f"seat{name[4:]}" if name.startswith("SEAT") else "console"
        panel = displays.panels.get(panel_name)
        if panel is not None:
            press = _("press {button}").format(button=name)
            panel.show(draw_notice(panel.size, ["check-hardware", press]))
        queue.drain()
        say(_("press {button} ...").format(button=name))
        deadline = time.monotonic() + timeout
        while (event := queue.get(timeout=max(0.0, deadline - time.monotonic()))) is not None:
            if event.button == name:
                say(_("  {button}: ok ({source})").format(button=name, source=event.source))
                break
            said = _("  got {button} ({source}) instead: check the wiring")
            say(said.format(button=event.button, source=event.source))
        else:
            missing.append(_("button {button}").format(button=name))
            said = _("  {button}: NOT PRESSED within {seconds} s")
            say(said.format(button=name, seconds=f"{timeout:g}"))
        if panel is not None:
            done = _("{button} done").format(button=name)
            panel.show(draw_notice(panel.size, ["check-hardware", done]))
    return missing
