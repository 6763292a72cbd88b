"""``bang-companion check-hardware``: what a maker needs to see before the first game.

What answers on each I2C bus and mux channel, which configured panels answer, each panel lit
while its button is asked for, the serial pods with their buttons, and the buzzer's beep.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import smbus2
from gpiozero.pins import Factory

from .config import Config
from .devices.buttons import GpioButtons
from .devices.buzzer import Beeper
from .devices.displays import Displays
from .devices.inputs import InputQueue
from .devices.panel_specs import MuxSpec, PanelSpec
from .devices.pods import SerialPod
from .panels.notice import draw_notice

SCAN = range(0x03, 0x78)  # the addresses i2cdetect probes
BY_ID = Path("/dev/serial/by-id")

Say = Callable[[str], None]


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
                    say(f"  no TCA9548A at 0x{mux.address:02X}: check its wiring and A0-A2")
                    continue
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
    """Report on every configured part; 0 when all of them answered."""
    problems = 0
    devices = config.devices()
    pins, specs, mux, pod_specs = devices.buttons, devices.panels, devices.mux, devices.pods

    scan_buses(specs, mux, open_i2c, say)
    queue = InputQueue()
    with Displays(
        specs, mux=mux, open_i2c=open_i2c, open_spi=open_spi, pin_factory=pin_factory
    ) as displays:
        for name, panel in displays.panels.items():
            where = "SPI" if panel.spec.is_spi else _place(panel.spec)
            state = "answers" if panel.online else "NO ANSWER"
            problems += not panel.online
            say(f"panel {name} ({panel.spec.driver}, {where}): {state}")
        pods = [SerialPod(spec, queue) for spec in pod_specs]
        try:
            problems += _report_pods(pods, pod_wait, say)
            if buttons:
                names = list(pins.pins) + [b for p in pod_specs for b in p.buttons.values()]
                with GpioButtons(pins, queue, pin_factory=pin_factory):
                    problems += _ask_buttons(names, displays, queue, button_timeout, say)
        finally:
            for pod in pods:
                pod.close()
    if config.buzzer is not None:
        with Beeper(config.buzzer, pin_factory=pin_factory) as beeper:
            beeper.play((0.2, 0.2, 2), background=False)
        say(f"buzzer (BCM {config.buzzer.pin}): beeped twice; no sound? check its wiring")
    say("all configured parts answered" if not problems else f"{problems} part(s) did not answer")
    return 0 if not problems else 1


def _place(spec: PanelSpec) -> str:
    channel = "" if spec.mux_channel is None else f" mux channel {spec.mux_channel}"
    return f"I2C bus {spec.bus}{channel} 0x{spec.address:02X}"


def _report_pods(pods: list[SerialPod], wait: float, say: Say) -> int:
    if BY_ID.is_dir():
        for link in sorted(BY_ID.iterdir()):
            say(f"serial device: {link}")
    deadline = time.monotonic() + wait
    while pods and time.monotonic() < deadline and not all(p.hello for p in pods):
        time.sleep(0.05)
    missing = 0
    for pod in pods:
        if pod.hello is not None:
            buttons = " ".join(f"{b}->{pod.spec.buttons.get(b, '?')}" for b in pod.hello.buttons)
            say(f"pod {pod.spec.path}: '{pod.hello.pod_id}', buttons {buttons}")
        else:
            missing += 1
            state = "open but silent" if pod.connected else "not found"
            say(f"pod {pod.spec.path}: {state}")
    return missing


def _ask_buttons(
    names: list[str], displays: Displays, queue: InputQueue, timeout: float, say: Say
) -> int:
    missing = 0
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
            missing += 1
            say(f"  {name}: NOT PRESSED within {timeout:g} s")
        if panel is not None:
            panel.show(draw_notice(panel.size, ["check-hardware", f"{name} done"]))
    return missing
