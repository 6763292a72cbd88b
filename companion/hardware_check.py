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
from .panels.notice import draw_notice

SCAN = range(0x03, 0x78)  # the addresses i2cdetect probes
BY_ID = Path("/dev/serial/by-id")

Say = Callable[[str], None]


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
            say(f"I2C bus {number}: cannot open /dev/i2c-{number} ({exc}); is I2C enabled?")
            continue
        try:
            found = scan(bus)
            say(f"I2C bus {number}: " + (" ".join(f"0x{a:02X}" for a in found) or "nothing"))
            if mux is not None and mux.userspace and mux.bus == number:
                if mux.address not in found:
                    say(
                        f"  mux TCA9548A 0x{mux.address:02X}: NO ANSWER: check its wiring and A0-A2"
                    )
                    continue
                say(f"  mux TCA9548A 0x{mux.address:02X}: answers")
                for channel in range(8):
                    bus.write_byte(mux.address, 1 << channel)
                    on_channel = [a for a in scan(bus) if a not in found]
                    shown = " ".join(f"0x{a:02X}" for a in on_channel) or "nothing"
                    say(f"  mux channel {channel}: {shown}")
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
            f"a GPIO pin cannot be used ({exc}); is the service running? "
            "stop it first: sudo systemctl stop bang-companion"
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
                state = f"sent its name; it must show '{name}'" if panel.online else "NO DEVICE"
            else:
                where, state = _place(panel.spec), "answers" if panel.online else "NO ANSWER"
            if panel.online:
                panel.show(draw_notice(panel.size, ["check-hardware", name]))
            else:
                problems.append(f"panel {name}")
            say(f"panel {name} ({panel.spec.driver}, {where}): {state}")
        pods = [SerialPod(spec, queue) for spec in pod_specs]
        try:
            checked += len(pods)
            problems += _report_pods(pods, pod_wait, say)
            if buttons:
                names = list(pins.pins) + [b for p in pod_specs for b in p.buttons.values()]
                checked += len(names)
                say(f"buttons: press each one when asked, within {button_timeout:g} s")
                with GpioButtons(pins, queue, pin_factory=pin_factory):
                    problems += _ask_buttons(names, displays, queue, button_timeout, say)
            else:
                say("buttons: not asked for (--no-buttons)")
        finally:
            for pod in pods:
                pod.close()
    if config.buzzer is not None:
        with Beeper(config.buzzer, pin_factory=pin_factory) as beeper:
            beeper.play((0.2, 0.2, 2), background=False)
        say(f"buzzer (BCM {config.buzzer.pin}): beeped twice; no sound? check its wiring")
    if not problems:
        say(f"all {checked} configured parts answered")
        return 0
    say(f"{len(problems)} part(s) did not answer: {', '.join(problems)}")
    return 1


def _place(spec: PanelSpec) -> str:
    channel = "" if spec.mux_channel is None else f" mux channel {spec.mux_channel}"
    return f"I2C bus {spec.bus}{channel} 0x{spec.address:02X}"


def _report_pods(pods: list[SerialPod], wait: float, say: Say) -> list[str]:
    if BY_ID.is_dir():
        for link in sorted(BY_ID.iterdir()):
            say(f"serial device: {link}")
    deadline = time.monotonic() + wait
    while pods and time.monotonic() < deadline and not all(p.hello for p in pods):
        time.sleep(0.05)
    missing = []
    for pod in pods:
        if pod.hello is not None:
            buttons = " ".join(f"{b}->{pod.spec.buttons.get(b, '?')}" for b in pod.hello.buttons)
            say(f"pod {pod.spec.path}: '{pod.hello.pod_id}', buttons {buttons}")
        else:
            missing.append(f"pod {pod.spec.path}")
            state = "open but silent" if pod.connected else "not found"
            say(f"pod {pod.spec.path}: {state}")
    return missing


def _ask_buttons(
    names: list[str], displays: Displays, queue: InputQueue, timeout: float, say: Say
) -> list[str]:
    missing = []
    for name in names:
        panel_name = f"seat{name[4:]}" if name.startswith("SEAT") else "console"
        panel = displays.panels.get(panel_name)
        if panel is not None:
            panel.show(draw_notice(panel.size, ["check-hardware", f"press {name}"]))
        queue.drain()
        say(f"press {name} ...")
        deadline = time.monotonic() + timeout
        while (event := queue.get(timeout=max(0.0, deadline - time.monotonic()))) is not None:
            if event.button == name:
                say(f"  {name}: ok ({event.source})")
                break
            say(f"  got {event.button} ({event.source}) instead: check the wiring")
        else:
            missing.append(f"button {name}")
            say(f"  {name}: NOT PRESSED within {timeout:g} s")
        if panel is not None:
            panel.show(draw_notice(panel.size, ["check-hardware", f"{name} done"]))
    return missing
