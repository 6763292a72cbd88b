"""``bang-companion run`` as a whole: in-process with fake buses, mock pins and a pty pod, and as
a real process talking to a systemd notify socket."""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory
from luma.oled.device import ssd1322
from PIL import Image

from companion.config import Config, load
from companion.daemon import _next_due, run
from companion.devices.buttons import ButtonPins
from companion.devices.displays import Displays
from companion.devices.event_stream import read_event_stream
from companion.devices.panel_specs import MuxSpec, PanelSpec
from companion.devices.pod_protocol import Ping, ProtocolError, SeatState, parse_line
from companion.panels.notice import draw_paused
from companion.systemd import Notifier, stop_on_signals
from companion.table import TableSession, read_journal
from companion.table.journal import journals

from .devices.gddram import Ssd1306Ram
from .fakes import frame_of
from .serial.ptys import DEADLINE, PtyPod, wait_for

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "hardware" / "config.example.toml"
MUX = 0x70
OLED = 0x3C
DC_PIN = 24  # the example console's D/C line


class RecordingBus:
    """An smbus2.SMBus stand-in: a TCA9548A at 0x70 and an SSD1306 at 0x3C on every channel.

    Each panel's memory is modelled from the commands and data it receives; ``last(channel)``
    is what that panel shows, as frame bytes, once it was sent any display data.
    """

    def __init__(self) -> None:
        self.mask = 0
        self.panels: dict[int, Ssd1306Ram] = defaultdict(Ssd1306Ram)
        self.drawn: set[int] = set()
        self.lock = threading.Lock()

    def _channel(self, address: int) -> int:
        if address != OLED or self.mask == 0 or self.mask & (self.mask - 1):
            raise OSError(121, "Remote I/O error")
        return self.mask.bit_length() - 1

    def write_quick(self, address: int) -> None:
        if address != MUX:
            self._channel(address)

    def write_byte(self, address: int, value: int) -> None:
        if address != MUX:
            raise OSError(121, "Remote I/O error")
        self.mask = value

    def write_i2c_block_data(self, address: int, register: int, data: list[int]) -> None:
        self._receive(self._channel(address), bytes([register, *data]))

    def i2c_rdwr(self, *messages: Any) -> None:
        for message in messages:
            self._receive(self._channel(message.addr), bytes(message))

    def _receive(self, channel: int, payload: bytes) -> None:
        with self.lock:
            if payload[0] == 0x40:
                self.panels[channel].data(payload[1:])
                self.drawn.add(channel)
            else:
                self.panels[channel].command(*payload[1:])

    def last(self, channel: int) -> bytes | None:
        with self.lock:
            if channel not in self.drawn:
                return None
            return b"".join(self.panels[channel].visible(page) for page in range(8))

    def close(self) -> None:
        pass


class Ssd1322Ram:
    """What an SSD1322 keeps in its display RAM, from the command and data bytes it receives."""

    COLUMNS = 120  # column addresses of 4 pixels each: 480 pixels
    ROWS = 128

    def __init__(self) -> None:
        self.ram = bytearray(self.COLUMNS * 2 * self.ROWS)
        self._command: int | None = None
        self._args: list[int] = []
        self._cols = (0, self.COLUMNS - 1)
        self._rows = (0, self.ROWS - 1)
        self._col = self._row = self._byte = 0

    def command(self, data: list[int]) -> None:
        for byte in data:
            self._command, self._args = byte, []
            if byte == 0x5C:  # write RAM: start at the window's corner
                self._col, self._row, self._byte = self._cols[0], self._rows[0], 0

    def data(self, data: list[int]) -> None:
        if self._command in (0x15, 0x75):
            self._args.extend(data)
            if len(self._args) >= 2:
                window = (self._args[0], self._args[1])
                if self._command == 0x15:
                    self._cols = window
                else:
                    self._rows = window
            return
        if self._command != 0x5C:
            return
        for byte in data:
            self.ram[(self._row * self.COLUMNS + self._col) * 2 + self._byte] = byte
            self._byte += 1
            if self._byte == 2:
                self._byte = 0
                self._col += 1
                if self._col > self._cols[1]:
                    self._col = self._cols[0]
                    self._row = self._row + 1 if self._row < self._rows[1] else self._rows[0]


class FakeSpi:
    """A spidev stand-in feeding an SSD1322 RAM model; D/C is read from the mock pin."""

    max_speed_hz = 0
    mode = 0

    def __init__(self, factory: MockFactory) -> None:
        self.factory = factory
        self.panel = Ssd1322Ram()
        self.lock = threading.Lock()

    def open(self, port: int, device: int) -> None:
        pass

    def writebytes(self, data: list[int]) -> None:
        with self.lock:
            if self.factory.pin(DC_PIN).state:
                self.panel.data(list(data))
            else:
                self.panel.command(list(data))

    def ram(self) -> bytes:
        with self.lock:
            return bytes(self.panel.ram)

    def close(self) -> None:
        pass


class CapturingInterface:
    """A luma serial interface that feeds an SSD1322 RAM model directly."""

    def __init__(self) -> None:
        self.panel = Ssd1322Ram()

    def command(self, *cmd: int) -> None:
        self.panel.command(list(cmd))

    def data(self, data: list[int]) -> None:
        self.panel.data(list(data))

    def cleanup(self) -> None:
        pass


def console_ram_of(image: Image.Image) -> bytes:
    """The SSD1322 RAM after luma draws ``image`` on a freshly initialised panel."""
    interface = CapturingInterface()
    device = ssd1322(interface, width=256, height=64, mode="RGB")
    device.persist = True
    device.display(image.convert("RGB"))
    return bytes(interface.panel.ram)


def seat_states(lines: list[bytes]) -> list[SeatState]:
    """The STATE lines among what the companion sent to a pod."""
    states = []
    for line in lines:
        try:
            message = parse_line(line)
        except ProtocolError:
            continue
        if isinstance(message, SeatState):
            states.append(message)
    return states


def wait_state(pod: PtyPod, condition: Callable[[SeatState], bool], what: str) -> SeatState:
    """The pod's latest STATE once it satisfies condition; fails saying what was awaited."""

    def latest_ok(lines: list[bytes]) -> bool:
        states = seat_states(lines)
        return bool(states) and condition(states[-1])

    states = seat_states(pod.read_lines(latest_ok))
    assert states and condition(states[-1]), f"pod never got a STATE with {what}: {states[-3:]}"
    return states[-1]


@pytest.fixture
def no_leaked_threads() -> Iterator[None]:
    """Every thread a test started has stopped by its end."""
    before = set(threading.enumerate())
    yield

    def leaked() -> list[threading.Thread]:
        return [t for t in threading.enumerate() if t not in before and t.is_alive()]

    assert wait_for(lambda: not leaked()), f"threads left running: {leaked()}"


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    factory = MockFactory()
    yield factory
    factory.reset()
    factory.close()


def table_config(tmp_path: Path, pod: PtyPod) -> Config:
    """The example wiring, with seat 3's button moved to a serial pod and a stream file."""
    config = load(EXAMPLE)
    config.table.state_dir = tmp_path
    config.table.double_press = 0.0  # mock presses come microseconds apart
    config.stream = {"path": str(tmp_path / "events.jsonl")}
    config.seats[2] = {k: v for k, v in config.seats[2].items() if k != "button"}
    config.pods = [{"path": str(pod.link), "buttons": {"A": "SEAT3"}}]
    return config


def test_the_daemon_plays_with_gpio_buttons_and_a_pod_and_pauses_on_stop(
    tmp_path: Path,
    factory: MockFactory,
    no_leaked_threads: None,
    recwarn: pytest.WarningsRecorder,
) -> None:
    pod = PtyPod(tmp_path / "usb-Raspberry_Pi_Pico_E6614C311B-if00")
    config = table_config(tmp_path, pod)
    pins = ButtonPins.from_config(config.buttons, config.seats).pins
    assert "SEAT3" not in pins  # only the pod can press SEAT3
    bus = RecordingBus()
    spi = FakeSpi(factory)
    stop = threading.Event()
    result: list[int] = []

    def daemon() -> None:
        result.append(
            run(
                config,
                stop,
                open_i2c=lambda number: bus,
                open_spi=lambda: spi,
                pin_factory=factory,
            )
        )

    thread = threading.Thread(target=daemon, name="test daemon")
    thread.start()
    try:
        # Ready: the pod was opened and pinged, every seat panel got a picture.
        lines = pod.read_lines(lambda lines: b"PING" in lines)
        assert Ping() in [parse_line(line) for line in lines], "the pod was never pinged"
        pod.write(b"HELLO 1 pod-3 A\n")
        assert wait_for(lambda: all(bus.last(ch) not in (None, bytes(1024)) for ch in range(8)))
        wait_state(pod, lambda s: "press to join (0)" in s.prompt, "the set-up's first prompt")

        def press(*buttons: str) -> None:
            for button in buttons:
                pin = factory.pin(pins[button])
                pin.drive_low()
                pin.drive_high()

        # Join: seats 1 and 2 by GPIO, seat 3 by its pod, then 4 and 5 by GPIO.
        press("SEAT1", "SEAT2")
        wait_state(pod, lambda s: "(2)" in s.prompt, "two seats joined")
        seat3_before = bus.last(2)
        pod.write(b"PRESS A\n")
        wait_state(pod, lambda s: "(3)" in s.prompt, "seat 3 joined from its pod")
        assert wait_for(lambda: bus.last(2) != seat3_before), "seat 3's panel never changed"
        press("SEAT4", "SEAT5", "DONE")
        wait_state(pod, lambda s: "Sheriff" in s.prompt, "the Sheriff asked for")
        press("SEAT2")

        # Characters: the seats pick in turn; seat 3 turns its page from the pod.
        press("DIE1", "DIE1")
        before = wait_state(pod, lambda s: s.prompt.startswith("Seat 3:"), "seat 3's turn to pick")
        pod.write(b"PRESS A\n")
        wait_state(pod, lambda s: "(2/" in s.prompt, "seat 3's second page of names")
        press("DIE1")
        picked = wait_state(pod, lambda s: s.prompt.startswith("Seat 4:"), "seat 3's pick")
        assert before.life == 0 and picked.life == picked.max_life > 0
        press("DIE1", "DIE1")  # the last pick starts the game

        # The game is on: journal, event stream, and the pod follows seat 3.
        games = tmp_path / "games"
        assert wait_for(lambda: journals(games)), "no journal was started"
        stream = tmp_path / "events.jsonl"
        assert wait_for(lambda: stream.exists() and read_event_stream(stream))
        events = read_event_stream(stream)
        assert events[0]["event"] == "game_started"
        assert events[0]["v"] == 1
        assert len(events[0]["characters"]) == 5 and events[0]["sheriff"] == 1
        playing = wait_state(pod, lambda s: "character" not in s.prompt, "the game's prompt")
        assert (playing.life, playing.max_life) == (events[0]["life"][2], picked.max_life)
        assert not playing.turn and not playing.eliminated  # the Sheriff (seat 2) begins
        assert wait_for(lambda: bus.last(0) is not None)
        game_frames = {ch: bus.last(ch) for ch in range(8)}
        game_console = spi.ram()
    finally:
        stop.set()
        thread.join(DEADLINE * 3)
        pod.close()
    assert not thread.is_alive(), "run() did not return after stop was set"
    assert result == [0]

    # Every panel keeps the paused picture, with its name.
    for channel in range(8):
        paused = frame_of(draw_paused((128, 64), f"seat{channel + 1}"))
        assert bus.last(channel) == paused, f"seat{channel + 1} is not paused"
        assert game_frames[channel] != paused
    paused_console = console_ram_of(draw_paused((256, 64), "console"))
    assert spi.ram() == paused_console
    assert game_console != paused_console

    # The journal is closed (not left to the garbage collector) and a new session resumes
    # the game where it was.
    (journal,) = journals(tmp_path / "games")
    gc.collect()
    unclosed = [w for w in recwarn if journal.name in str(w.message)]
    assert not unclosed, f"the journal was not closed: {unclosed[0].message}"
    if Path("/proc/self/fd").is_dir():
        open_files = {os.path.realpath(f"/proc/self/fd/{fd}") for fd in os.listdir("/proc/self/fd")}
        assert str(journal.resolve()) not in open_files, "the journal was left open"
    contents = read_journal(journal)
    assert not contents.dropped_torn_line and not contents.finished
    session = TableSession(config.table)
    session.start()
    try:
        assert session.play is not None, "the game did not resume"
        assert session.play.seats == [1, 2, 3, 4, 5]
        seat3 = session.view().seats[2]
        assert (seat3.life, seat3.max_life, seat3.arrows) == (
            playing.life,
            playing.max_life,
            playing.arrows,
        )
    finally:
        session.close()


@pytest.fixture
def notify_socket(tmp_path: Path) -> Iterator[socket.socket]:
    """A bound unix datagram socket standing in for systemd's $NOTIFY_SOCKET."""
    with contextlib.ExitStack() as stack:
        directory = tmp_path
        if len(str(directory / "notify")) >= 100:  # sun_path holds 108 bytes
            directory = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bang-")))
        sock = stack.enter_context(socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM))
        sock.bind(str(directory / "notify"))
        sock.settimeout(0.2)
        yield sock


def receive_until(sock: socket.socket, wanted: str, got: list[str]) -> bool:
    """Collect notify lines into ``got`` until ``wanted`` is among them (or the deadline)."""

    def arrived() -> bool:
        with contextlib.suppress(TimeoutError):
            got.extend(sock.recv(4096).decode().splitlines())
        return wanted in got

    return wait_for(arrived, DEADLINE * 3)


SMALL_CONFIG = """\
[game]
seats = 3
state_dir = "{state_dir}"

[buttons]
ROLL = 5
DONE = 6

[console]
panel = {{ driver = "ssd1306", bus = 97, address = 0x3D }}

[[seat]]
button = 17
panel = {{ driver = "ssd1306", bus = 97, address = 0x3C }}

[[seat]]
button = 27

[[seat]]
button = 22
"""


def test_the_service_notifies_systemd_and_stops_cleanly_on_sigterm(
    tmp_path: Path, notify_socket: socket.socket
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(SMALL_CONFIG.format(state_dir=tmp_path / "state"))
    env = {k: v for k, v in os.environ.items() if k not in ("NOTIFY_SOCKET", "WATCHDOG_USEC")} | {
        "GPIOZERO_PIN_FACTORY": "mock",  # no GPIO here; gpiozero's mock pins instead
        "NOTIFY_SOCKET": notify_socket.getsockname(),
        "WATCHDOG_USEC": "200000",
    }
    stderr_path = tmp_path / "stderr.txt"
    got: list[str] = []
    with stderr_path.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", "--config", str(config)],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
        try:
            assert receive_until(notify_socket, "READY=1", got), f"no READY=1: {got}"
            assert receive_until(notify_socket, "WATCHDOG=1", got), f"no WATCHDOG=1: {got}"
            assert process.poll() is None, "the service stopped by itself"
            assert "STOPPING=1" not in got
            process.send_signal(signal.SIGTERM)
            assert receive_until(notify_socket, "STOPPING=1", got), f"no STOPPING=1: {got}"
            code = process.wait(timeout=DEADLINE * 3)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    log = stderr_path.read_text()
    assert code == 0, log
    assert got.index("READY=1") < got.index("WATCHDOG=1") < got.index("STOPPING=1")
    assert "ready: 2 panels, 5 buttons, 0 pods" in log
    assert "offline" in log  # the panels' buses do not exist: logged, not fatal
    assert "signal 15: pausing" in log
    assert "Traceback" not in log


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_loop_sleeps_until_a_press_unless_a_retry_or_a_ping_is_due() -> None:
    """Idle, the loop waits for a press (no timeout); a panel offline or systemd's watchdog
    bound the wait by when they are due."""
    bus = RecordingBus()
    clock = Clock()
    specs = {f"seat{n + 1}": PanelSpec("ssd1306", mux_channel=n) for n in range(3)}
    with Displays(specs, mux=MuxSpec(), open_i2c=lambda n: bus, clock=clock) as displays:
        assert _next_due(Notifier({}), displays) is None
        watchdog = Notifier({"WATCHDOG_USEC": "20000000"})
        watchdog.watchdog(now=clock.now)
        assert watchdog.watchdog_due_in(now=clock.now + 4) == 6.0
        assert watchdog.watchdog_due_in(now=clock.now + 11) == 0.0
        assert _next_due(watchdog, displays) is not None
        select = bus.write_byte

        def channel_1_is_broken(address: int, value: int) -> None:
            if value == 0b10:
                raise OSError(121, "Remote I/O error")
            select(address, value)

        bus.write_byte = channel_1_is_broken  # type: ignore[method-assign]
        displays["seat2"].show(Image.new("1", (128, 64), 1))
        assert not displays["seat2"].online
        clock.now += 2
        assert _next_due(Notifier({}), displays) == 3.0


def test_the_pod_of_a_seat_the_box_plays_says_bot(
    tmp_path: Path, factory: MockFactory, no_leaked_threads: None
) -> None:
    """Issue 15: the box's seat shows BOT on its pod, as on its panel (the STATE line's prompt)."""
    pod = PtyPod(tmp_path / "usb-Raspberry_Pi_Pico_E6614C311B-if00")
    config = table_config(tmp_path, pod)
    config.table = replace(config.table, bots=(3,))
    stop = threading.Event()
    thread = threading.Thread(
        target=run,
        args=(config, stop),
        kwargs={
            "open_i2c": lambda n: RecordingBus(),
            "open_spi": lambda: FakeSpi(factory),
            "pin_factory": factory,
        },
        name="test daemon",
    )
    thread.start()
    try:
        pod.read_lines(lambda lines: b"PING" in lines)
        pod.write(b"HELLO 1 pod-3 A\n")
        state = wait_state(pod, lambda s: s.prompt.startswith("BOT"), "the BOT prompt")
        # At set-up the box's seat has joined: its pod says who plays it, and its light is
        # off while the seats still to join are asked to press (issue 35).
        assert state.prompt == "BOT: the box plays this seat" and not state.legal
    finally:
        stop.set()
        thread.join(DEADLINE * 3)
        pod.close()
    assert not thread.is_alive()


def caught_signals(pid: int) -> int:
    """The signals a process handles, from its /proc status line SigCgt (a bit per signal)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return int(line.split()[1], 16)
    return 0


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize("later", [0.0, 0.05, 0.2, 0.5])
def test_sigterm_while_the_box_starts_pauses_it_instead_of_killing_it(
    tmp_path: Path, later: float
) -> None:
    """systemd may stop the service while it opens its devices and resumes the game: from the
    first line of ``run`` the stop waits for them, then the box pauses and exits cleanly."""
    config = tmp_path / "config.toml"
    config.write_text(SMALL_CONFIG.format(state_dir=tmp_path / "state"))
    env = {k: v for k, v in os.environ.items() if k not in ("NOTIFY_SOCKET", "WATCHDOG_USEC")}
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "run", "--config", str(config)],
        cwd=ROOT,
        env=env | {"GPIOZERO_PIN_FACTORY": "mock"},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        term = 1 << (signal.SIGTERM - 1)
        assert wait_for(lambda: caught_signals(process.pid) & term, DEADLINE * 3)
        time.sleep(later)  # at some point of the start (or just after it)
        process.send_signal(signal.SIGTERM)
        _, log = process.communicate(timeout=DEADLINE * 3)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, log
    assert "signal 15: pausing" in log and "Traceback" not in log
    if not later:  # caught as soon as it could be: before the devices and the game
        assert log.index("signal 15: pausing") < log.index("ready:"), log


class _LogStream:
    """A log stream on a file that refuses to be written while it is being written, as the
    standard error's buffered writer does (``RuntimeError: reentrant call``); ``signal_at``: a
    text whose write a SIGTERM interrupts."""

    def __init__(self, path: Path, signal_at: str) -> None:
        self.file = path.open("w")
        self.signal_at = signal_at
        self.writing = False

    def write(self, text: str) -> None:
        if self.writing:
            raise RuntimeError("reentrant call inside the log stream")
        self.writing = True
        try:
            if self.signal_at in text:
                os.kill(os.getpid(), signal.SIGTERM)  # its handler runs here, mid-write
            self.file.write(text)
            self.file.flush()
        finally:
            self.writing = False

    def flush(self) -> None:
        self.file.flush()

    def fileno(self) -> int:
        return self.file.fileno()


def test_a_stop_signal_that_comes_mid_write_to_the_log_stops_the_box_and_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seen on CI: SIGTERM came while the box wrote a line to the standard error, the handler's
    own line met the reentrant write, and the stop was lost: the box never paused."""
    stream = _LogStream(tmp_path / "log.txt", signal_at="web page")
    handler = logging.StreamHandler(stream)  # type: ignore[arg-type]
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    monkeypatch.setattr(sys, "stderr", stream)  # logging says its own errors there too
    level = root.level
    handlers = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT)}
    root.setLevel(logging.INFO)  # setLevel, not the field: the loggers' caches of it are cleared
    root.addHandler(handler)
    try:
        stop = stop_on_signals()
        logging.getLogger("companion.daemon").info("web page: http://127.0.0.1:8080/")
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
        for number, was in handlers.items():
            signal.signal(number, was)
        stream.file.close()
    assert stop.is_set()
    said = (tmp_path / "log.txt").read_text()
    assert "INFO companion.systemd: signal 15: pausing\n" in said, said
    assert "INFO companion.daemon: web page: http://127.0.0.1:8080/\n" in said, said
