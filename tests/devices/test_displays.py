"""The real luma.oled drivers over a recording I2C bus with a simulated TCA9548A."""

from __future__ import annotations

import errno
import logging
import threading
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from luma.oled.device import sh1106, ssd1306
from PIL import Image, ImageDraw

from companion.devices import displays as displays_module
from companion.devices.buttons import ButtonPins
from companion.devices.displays import Displays
from companion.devices.i2c_bus import SharedI2C, SharedI2CBus
from companion.devices.panel import Panel, open_device
from companion.devices.panel_specs import MuxSpec, PanelSpec, check_wiring, specs_from_config
from companion.devices.partial_oled import PartialSH1106, PartialSSD1306

from ..fakes import frame_of
from .gddram import Sh1106Ram, Ssd1306Ram

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")

MUX = 0x70
OLED = 0x3C
EXAMPLE_CONFIG = Path(__file__).parents[2] / "hardware" / "config.example.toml"


@dataclass(frozen=True)
class Write:
    """One I2C write that reached a device: its address, bytes, and the mux mask at the time."""

    address: int
    payload: bytes
    mask: int


class RecordingBus:
    """An smbus2.SMBus stand-in with a TCA9548A at 0x70 and panels behind it.

    ``devices`` holds (channel, address) pairs that answer; channel None is the parent bus.
    A write nobody answers fails as on a real bus (EREMOTEIO), and is not recorded.
    """

    def __init__(
        self, devices: set[tuple[int | None, int]], model: type[Ssd1306Ram] = Ssd1306Ram
    ) -> None:
        self.devices = set(devices)
        self.writes: list[Write] = []
        self.mask = 0
        self.closed = False
        self.lock = threading.Lock()
        # What each panel's memory holds, fed every command and data byte it receives.
        self.model = model
        self.panels = {place: model() for place in self.devices}

    def write_byte(self, address: int, value: int) -> None:
        with self.lock:
            if address != MUX:
                raise AssertionError("panels never use SMBus send-byte")
            self.mask = value
            self.writes.append(Write(address, bytes([value]), value))
        # A real bus releases the GIL during the ioctl; let another thread in here too.
        time.sleep(0)

    def write_i2c_block_data(self, address: int, register: int, data: list[int]) -> None:
        assert len(data) <= 32, "SMBus block writes carry at most 32 bytes"
        self._write(address, bytes([register, *data]))

    def i2c_rdwr(self, *messages) -> None:
        for message in messages:
            self._write(message.addr, bytes(message))

    def _write(self, address: int, payload: bytes) -> None:
        with self.lock:
            selected = {ch for ch in range(8) if self.mask & (1 << ch)}
            reached = [
                place
                for place in [(None, address), *((ch, address) for ch in selected)]
                if place in self.devices
            ]
            if not reached:
                raise OSError(errno.EREMOTEIO, "Remote I/O error")
            self.writes.append(Write(address, payload, self.mask))
            for place in reached:
                panel = self.panels.setdefault(place, self.model())
                if payload[0] == 0x40:
                    panel.data(payload[1:])
                else:
                    panel.command(*payload[1:])

    def glass(self, channel: int | None, address: int = 0x3C) -> bytes:
        """What the panel at ``channel``/``address`` shows, packed one bit per pixel."""
        return self.panels[(channel, address)].picture().tobytes()

    def close(self) -> None:
        self.closed = True

    def take(self) -> list[Write]:
        """The writes since the last call."""
        with self.lock:
            writes, self.writes = self.writes, []
            return writes


class BlockOnlyBus(RecordingBus):
    """A bus without I2C_RDWR: luma falls back to 32-byte SMBus block writes."""

    def __getattribute__(self, name: str):
        if name == "i2c_rdwr":
            raise AttributeError(name)
        return super().__getattribute__(name)


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def picture(number: int, size: tuple[int, int] = (128, 64), mode: str = "1") -> Image.Image:
    """A picture that differs for every number (a bar as long as the number, and its bits)."""
    image = Image.new(mode, size)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, number % size[0], 7), fill="white")
    for bit in range(16):
        if number >> bit & 1:
            draw.rectangle((bit * 6, 20, bit * 6 + 4, 30), fill="white")
    return image


def one_pixel(x: int, y: int) -> Image.Image:
    image = Image.new("1", (128, 64))
    image.putpixel((x, y), 1)
    return image


def frames(writes: list[Write], mask: int | None = None) -> list[bytes]:
    """Display data (control byte 0x40) sent to the panels, optionally under one mux mask."""
    return [
        w.payload[1:]
        for w in writes
        if w.address == OLED and w.payload[0] == 0x40 and (mask is None or w.mask == mask)
    ]


SEATS = {f"seat{ch + 1}": PanelSpec("ssd1306", bus=1, mux_channel=ch) for ch in range(8)}


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def bus() -> RecordingBus:
    return RecordingBus({(ch, OLED) for ch in range(8)} | {(None, 0x3D)})


@pytest.fixture
def table(bus, clock):
    specs = dict(SEATS, console=PanelSpec("ssd1306", bus=1, address=0x3D))
    displays = Displays(
        specs, mux=MuxSpec(), open_i2c=lambda number: bus, clock=clock, retry_interval=5
    )
    bus.take()
    yield displays
    displays.close()


def test_each_panel_gets_its_channel_selected_before_its_bytes(table, bus):
    assert table["seat4"].show(picture(4))
    writes = bus.take()
    assert writes[0] == Write(MUX, bytes([0b0000_1000]), 0b0000_1000)
    assert writes[1:] and all(w.address == OLED and w.mask == 0b0000_1000 for w in writes[1:])
    assert bus.glass(3) == picture(4).tobytes()

    assert table["seat1"].show(picture(1))
    writes = bus.take()
    assert writes[0] == Write(MUX, bytes([0b0000_0001]), 0b0000_0001)
    assert all(w.mask == 0b0000_0001 for w in writes)
    assert bus.glass(0) == picture(1).tobytes()


def test_a_selected_channel_is_not_selected_again(table, bus):
    table["seat2"].show(picture(1))
    bus.take()
    table["seat2"].show(picture(2))
    writes = bus.take()
    assert [w for w in writes if w.address == MUX] == []
    assert frames(writes, mask=0b10)
    assert bus.glass(1) == picture(2).tobytes()


def test_a_panel_on_the_parent_bus_deselects_every_channel(table, bus):
    table["seat8"].show(picture(8))
    bus.take()
    assert table["console"].show(picture(0))
    writes = bus.take()
    assert writes[0] == Write(MUX, b"\x00", 0)
    assert {(w.address, w.mask) for w in writes[1:]} == {(0x3D, 0)}


def test_the_panel_shows_the_picture_pixel_for_pixel(table, bus):
    table["seat1"].show(one_pixel(0, 0))
    assert bus.glass(0) == one_pixel(0, 0).tobytes()
    table["seat1"].show(one_pixel(127, 63))
    assert bus.glass(0) == one_pixel(127, 63).tobytes()


def test_a_changed_picture_sends_only_the_changed_bytes(table, bus):
    table["seat1"].show(one_pixel(0, 0))
    bus.take()
    table["seat1"].show(one_pixel(127, 63))
    assert frames(bus.take()) == [b"\x00", b"\x80"]
    assert bus.glass(0) == one_pixel(127, 63).tobytes()


@pytest.mark.parametrize("driver", ["ssd1306", "sh1106"])
def test_full_frames_sends_every_picture_whole_as_luma_does(driver, clock):
    bus = RecordingBus({(0, OLED)}, Ssd1306Ram if driver == "ssd1306" else Sh1106Ram)
    spec = PanelSpec.from_config({"driver": driver, "mux_channel": 0, "full_frames": True})
    with Displays({"seat1": spec}, mux=MuxSpec(), open_i2c=lambda n: bus) as displays:
        displays["seat1"].show(one_pixel(0, 0))
        bus.take()
        displays["seat1"].show(one_pixel(127, 63))
        sent = b"".join(frames(bus.take()))
    assert sent == frame_of(one_pixel(127, 63))
    assert bus.glass(0) == one_pixel(127, 63).tobytes()


def test_a_panel_that_comes_back_gets_its_whole_memory_written(table, bus, clock):
    table["seat1"].show(picture(1))
    bus.devices.discard((0, OLED))
    assert not table["seat1"].show(picture(2))
    # The panel lost power meanwhile: its memory holds noise, not the last picture.
    bus.panels[(0, OLED)].ram = [bytearray(b"\xa5" * 128) for _ in range(8)]
    bus.devices.add((0, OLED))
    clock.now += 5
    assert table["seat1"].show(picture(2))
    assert bus.glass(0) == picture(2).tobytes()


def test_an_unchanged_picture_sends_nothing(table, bus):
    assert table["seat3"].show(picture(7))
    bus.take()
    assert table["seat3"].show(picture(7))  # a new image object with the same pixels
    assert bus.take() == []


def test_a_picture_in_another_mode_is_converted(table, bus):
    grey = picture(5, mode="L")
    assert table["seat5"].show(grey)
    assert bus.glass(4) == picture(5).tobytes()
    bus.take()
    assert table["seat5"].show(picture(5))
    assert bus.take() == []


def test_a_picture_of_the_wrong_size_is_a_programming_error(table):
    with pytest.raises(ValueError, match="seat1: picture is 64x64: expected 128x64"):
        table["seat1"].show(Image.new("1", (64, 64)))


def test_one_broken_panel_leaves_the_others_drawing(table, bus):
    for number, name in enumerate(SEATS):
        table[name].show(picture(number))
    bus.take()
    bus.devices.discard((2, OLED))  # seat 3's cable is pulled

    results = {name: table[name].show(picture(number + 10)) for number, name in enumerate(SEATS)}

    assert results == {name: name != "seat3" for name in SEATS}
    assert not table["seat3"].online
    assert all(table[name].online for name in SEATS if name != "seat3")
    writes = bus.take()
    for ch, name in enumerate(SEATS):
        if name != "seat3":
            assert bus.glass(ch) == picture(ch + 10).tobytes()
    assert frames(writes, mask=1 << 2) == []


def test_after_an_error_the_channel_is_selected_again(table, bus):
    table["seat1"].show(picture(1))
    bus.devices.discard((0, OLED))
    assert not table["seat1"].show(picture(2))
    bus.devices.add((0, OLED))
    table["seat2"].show(picture(1))  # seat 2 is fine and selects channel 1
    bus.take()
    bus.mask = 0  # the mux lost its state (say, a brown-out) without us knowing
    bus.devices.discard((1, OLED))
    assert not table["seat2"].show(picture(3))
    bus.devices.add((1, OLED))
    bus.take()
    # Nothing is assumed about the mux after the failure: the next transfer selects again,
    # even for the channel that was selected when it failed.
    assert table["seat4"].show(picture(4))
    assert bus.take()[0] == Write(MUX, bytes([0b1000]), 0b1000)


def test_an_offline_panel_is_retried_at_most_every_interval_and_gets_the_latest_picture(
    table, bus, clock
):
    seat = table["seat6"]
    seat.show(picture(1))
    bus.devices.discard((5, OLED))
    assert not seat.show(picture(2))
    bus.take()

    clock.now += 1
    assert not seat.show(picture(3))
    clock.now += 3.9
    assert not seat.poll()
    assert [w for w in bus.take() if w.mask & (1 << 5)] == []  # not even asked

    clock.now += 0.1  # 5 s after the failure: one attempt, still missing
    assert not seat.poll()
    assert bus.take() == [Write(MUX, bytes([1 << 5]), 1 << 5)]
    clock.now += 4.9
    assert not seat.poll()
    assert bus.take() == []

    bus.devices.add((5, OLED))  # plugged back in
    clock.now += 0.1
    assert not seat.online
    assert seat.poll()
    assert seat.online
    # The panel was initialised (blanked) and then given the last picture it was sent.
    sent = frames(bus.take(), mask=1 << 5)
    assert sent[0] == bytes(1024)
    assert bus.glass(5) == picture(3).tobytes()
    assert seat.show(picture(3))
    assert bus.take() == []


def test_a_panel_missing_at_start_comes_up_later(bus, clock):
    bus.devices.discard((0, OLED))
    displays = Displays(
        {"seat1": SEATS["seat1"]}, mux=MuxSpec(), open_i2c=lambda n: bus, clock=clock
    )
    assert not displays["seat1"].online
    assert not displays["seat1"].show(picture(9))
    bus.devices.add((0, OLED))
    clock.now += 5
    displays.poll()
    assert displays["seat1"].online
    assert bus.glass(0) == picture(9).tobytes()


def test_an_outage_is_logged_once_and_the_return_once(table, bus, clock, caplog):
    caplog.set_level(logging.INFO, logger="companion.devices.panel")
    seat = table["seat7"]
    bus.devices.discard((6, OLED))
    for step in range(5):
        seat.show(picture(step))
        clock.now += 5
        seat.poll()
    bus.devices.add((6, OLED))
    clock.now += 5
    seat.poll()
    messages = [record.getMessage() for record in caplog.records]
    assert len([m for m in messages if "seat7 offline" in m]) == 1
    assert messages[-1] == "seat7 back online"
    assert len(messages) == 2


def test_a_failing_mux_makes_panels_offline_not_exceptions(table, bus):
    def broken(address: int, value: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    bus.write_byte = broken
    assert table["seat1"].show(picture(1)) is False
    assert table["seat2"].show(picture(1)) is False


def test_closing_leaves_the_pictures_on_the_panels(table, bus):
    table["seat1"].show(picture(1))
    bus.take()
    table.close()
    assert bus.take() == []  # persist: no DISPLAYOFF, no blank frame
    assert bus.closed


@pytest.mark.parametrize(
    ("table", "kind"),
    [
        ({"driver": "ssd1306"}, PartialSSD1306),
        ({"driver": "sh1106"}, PartialSH1106),
        ({"driver": "ssd1306", "full_frames": False}, PartialSSD1306),
        ({"driver": "ssd1306", "full_frames": True}, ssd1306),
        ({"driver": "sh1106", "full_frames": True}, sh1106),
    ],
)
def test_panels_send_changed_windows_unless_the_table_asks_for_full_frames(bus, table, kind):
    spec = PanelSpec.from_config(dict(table, mux_channel=0), "seat 1 panel")
    device = open_device(spec, SharedI2C(SharedI2CBus(bus, mux_address=MUX), OLED, 0))
    assert type(device) is kind


def test_devices_are_built_with_persist(bus):
    shared = SharedI2CBus(bus, mux_address=MUX)
    device = open_device(SEATS["seat1"], SharedI2C(shared, OLED, 0))
    assert device.persist is True


def test_sh1106_pages_go_to_its_channel(clock):
    bus = RecordingBus({(0, OLED)}, Sh1106Ram)
    specs = {"seat1": PanelSpec("sh1106", bus=1, mux_channel=0)}
    with Displays(specs, mux=MuxSpec(), open_i2c=lambda n: bus, clock=clock) as displays:
        pages = frames(bus.take())
        assert len(pages) == 8 and all(len(page) == 128 for page in pages)  # the blank start
        assert displays["seat1"].show(picture(300))
        writes = bus.take()
    assert all(w.mask == 1 for w in writes)
    assert bus.glass(0) == picture(300).tobytes()


def test_overlay_buses_need_no_mux_writes(clock):
    buses = {11: RecordingBus({(None, OLED)}), 12: RecordingBus({(None, OLED)})}
    specs = {"seat1": PanelSpec("ssd1306", bus=11), "seat2": PanelSpec("ssd1306", bus=12)}
    with Displays(specs, mux=MuxSpec(mode="overlay"), open_i2c=buses.__getitem__) as displays:
        displays["seat1"].show(picture(1))
        displays["seat2"].show(picture(2))
    for number, bus in buses.items():
        assert all(w.address == OLED for w in bus.writes)
        assert bus.glass(None) == picture(number - 10).tobytes()


def test_without_i2c_rdwr_the_frame_goes_in_smbus_blocks(clock):
    bus = BlockOnlyBus({(0, OLED)})
    spec = PanelSpec("ssd1306", bus=1, mux_channel=0, full_frames=True)
    with Displays({"seat1": spec}, mux=MuxSpec(), open_i2c=lambda n: bus) as displays:
        bus.take()
        displays["seat1"].show(picture(1))
        blocks = frames(bus.take(), mask=1)
    assert len(blocks) == 32
    assert b"".join(blocks) == frame_of(picture(1))


def test_panels_drawn_from_two_threads_keep_to_their_channels(table, bus):
    def draw(name: str, base: int) -> None:
        for number in range(base, base + 15):
            table[name].show(picture(number))

    threads = [
        threading.Thread(target=draw, args=("seat1", 100)),
        threading.Thread(target=draw, args=("seat2", 200)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    writes = bus.take()
    assert {w.mask for w in writes if w.address == OLED} == {0b01, 0b10}
    assert bus.glass(0) == picture(114).tobytes()
    assert bus.glass(1) == picture(214).tobytes()


def test_a_transfer_holds_the_bus_against_other_threads(table, bus):
    other = threading.Thread(target=table["seat2"].show, args=(picture(2),))
    select = bus.write_byte

    def select_and_let_the_other_thread_in(address: int, value: int) -> None:
        select(address, value)
        if value == 0b01 and other.ident is None:
            other.start()
            # Without the bus lock the other panel would draw all of its frame right here.
            other.join(0.2)

    bus.write_byte = select_and_let_the_other_thread_in
    table["seat1"].show(picture(1))
    other.join(30)
    writes = [w for w in bus.take() if w.address == OLED]
    masks = [w.mask for w in writes]
    assert set(masks) == {0b01, 0b10} and masks == sorted(masks)  # seat 1 whole, then seat 2
    assert bus.glass(0) == picture(1).tobytes()
    assert bus.glass(1) == picture(2).tobytes()


def test_retries_of_a_missing_panel_build_no_luma_devices(bus, clock, monkeypatch):
    built = []
    real_open_device = displays_module.open_device

    def counting_open_device(spec, interface):
        built.append(spec)
        return real_open_device(spec, interface)

    monkeypatch.setattr(displays_module, "open_device", counting_open_device)
    bus.devices.discard((0, OLED))
    displays = Displays(
        {"seat1": SEATS["seat1"]}, mux=MuxSpec(), open_i2c=lambda n: bus, clock=clock
    )
    for _ in range(10):
        clock.now += 5
        displays.poll()
    assert built == []  # luma registers an atexit hook per device: none may pile up
    bus.devices.add((0, OLED))
    clock.now += 5
    displays.poll()
    assert built == [SEATS["seat1"]]


def test_a_rotated_panel_takes_a_portrait_picture(bus, clock):
    spec = PanelSpec("ssd1306", bus=1, mux_channel=0, rotate=1)
    with Displays({"seat1": spec}, mux=MuxSpec(), open_i2c=lambda n: bus) as displays:
        assert displays["seat1"].size == (64, 128)
        assert displays["seat1"].show(Image.new("1", (64, 128), 1))
        assert frames(bus.take())[-1] == b"\xff" * 1024


class FakeSpi:
    """A spidev.SpiDev stand-in that records what luma writes."""

    def __init__(self, fail_open: bool = False) -> None:
        self.fail_open = fail_open
        self.written: list[list[int]] = []
        self.opened: tuple[int, int] | None = None
        self.max_speed_hz = 0

    def open(self, port: int, device: int) -> None:
        if self.fail_open:
            raise FileNotFoundError(errno.ENOENT, "No such file or directory")
        self.opened = (port, device)

    def writebytes(self, data: list[int]) -> None:
        self.written.append(list(data))

    def close(self) -> None:
        self.opened = None


def test_the_ssd1322_console_draws_over_spi(mock_factory, clock):
    spi = FakeSpi()
    spec = PanelSpec("ssd1322", port=0, device=1, gpio_dc=24, gpio_rst=25)
    with Displays({"console": spec}, open_spi=lambda: spi, clock=clock) as displays:
        console = displays["console"]
        assert console.online and console.size == (256, 64)
        assert spi.opened == (0, 1) and spi.max_speed_hz == 8_000_000
        assert mock_factory.pin(25).state  # out of reset
        spi.written.clear()
        assert console.show(picture(3, size=(256, 64), mode="RGB"))
        assert spi.written
        spi.written.clear()
        assert console.show(picture(3, size=(256, 64), mode="RGB"))
        assert spi.written == []


def test_a_missing_spi_device_is_offline_not_an_exception(mock_factory, clock):
    spi = FakeSpi(fail_open=True)
    spec = PanelSpec("ssd1322")
    with Displays({"console": spec}, open_spi=lambda: spi, clock=clock) as displays:
        assert not displays["console"].show(picture(1, size=(256, 64)))
        spi.fail_open = False
        clock.now += 5
        assert displays["console"].poll()
        assert spi.written


def test_a_panel_with_a_failing_opener_never_raises(clock):
    def opener():
        raise RuntimeError("driver bug")

    panel = Panel(PanelSpec("ssd1306"), opener, clock=clock)
    assert not panel.online
    assert not panel.show(picture(1))


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"driver": "ssd1309"}, r"seat\[2\]\.panel\.driver: 'ssd1309': expected one of ssd1306"),
        ({}, r"seat\[2\]\.panel\.driver: None"),
        ({"driver": "ssd1306", "address": 0x80}, r"seat\[2\]\.panel\.address: 128: expected"),
        ({"driver": "ssd1306", "mux_channel": 8}, r"mux_channel: 8: expected a TCA9548A channel"),
        ({"driver": "ssd1306", "bus": -1}, r"panel\.bus: -1"),
        ({"driver": "ssd1306", "gpio_dc": 24}, r"gpio_dc: not a setting of a ssd1306 panel"),
        ({"driver": "ssd1322", "mux_channel": 0}, r"mux_channel: not a setting of a ssd1322"),
        ({"driver": "ssd1322", "gpio_dc": 25}, r"gpio_rst: BCM pin 25 is gpio_dc as well"),
        ({"driver": "ssd1322", "gpio_dc": 11}, r"gpio_dc: BCM pin 11 is this panel's SPI0 SCLK"),
        ({"driver": "ssd1322", "port": 2}, r"port: 2: expected 0 \(SPI0"),
        ({"driver": "ssd1322", "device": 2}, r"device: 2: expected a chip select of SPI0, 0\.\.1"),
        ({"driver": "ssd1322", "spi_hz": 3_000_000}, r"spi_hz: 3000000: expected one of"),
        ({"driver": "ssd1306", "rotate": 4}, r"rotate: 4: expected 0, 1, 2 or 3"),
        ({"driver": "ssd1306", "adress": 0x3D}, r"adress: .*; did you mean address\?"),
        ("ssd1306", r"seat\[2\]\.panel: expected a table such as"),
        ({"driver": "sh1106", "full_frames": 1}, r"panel\.full_frames: 1: expected true or false"),
        ({"driver": "ssd1322", "full_frames": True}, r"full_frames: not a setting of a ssd1322"),
    ],
)
def test_bad_panel_tables_say_what_was_expected(table, message):
    with pytest.raises(ValueError, match=message):
        PanelSpec.from_config(table, "seat[2].panel")


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"mode": "kernel"}, r"mux\.mode: 'kernel': expected 'userspace' or 'overlay'"),
        ({"address": 0x3C}, r"mux\.address: 60: expected 0x70..0x77"),
        ({"channels": 8}, r"mux\.channels: unknown key; expected mode, bus, address"),
    ],
)
def test_bad_mux_tables_say_what_was_expected(table, message):
    with pytest.raises(ValueError, match=message):
        MuxSpec.from_config(table)


def test_wiring_that_cannot_work_is_refused():
    seat = PanelSpec("ssd1306", bus=1, mux_channel=0)
    with pytest.raises(
        ValueError, match=r'seat\[1\]\.panel\.mux_channel: 0 needs .mux. mode = "userspace"'
    ):
        check_wiring({"seat1": seat}, None)
    with pytest.raises(ValueError, match=r"seat\[1\]\.panel\.mux_channel: 0 needs"):
        check_wiring({"seat1": seat}, MuxSpec(mode="overlay"))
    with pytest.raises(ValueError, match="mux_channel on bus 1 but the mux is on bus 3"):
        check_wiring({"seat1": seat}, MuxSpec(bus=3))
    with pytest.raises(
        ValueError, match=r"seat\[2\]\.panel: at bus 1 channel 0 address 0x3C like seat\[1\]\.panel"
    ):
        check_wiring({"seat1": seat, "seat2": seat}, MuxSpec())
    check_wiring({"seat1": seat, "console": PanelSpec("ssd1306", bus=1)}, MuxSpec())


def test_the_example_configuration_builds_every_part():
    config = tomllib.loads(EXAMPLE_CONFIG.read_text())
    specs, mux = specs_from_config(config)
    assert mux == MuxSpec(mode="userspace", bus=1, address=0x70)
    assert specs["console"].driver == "ssd1322"
    assert [specs[f"seat{n}"].mux_channel for n in range(1, 9)] == list(range(8))
    pins = ButtonPins.from_config(config["buttons"], config["seat"])
    assert len(pins.pins) == 17
    # I2C, the SPI lines the console uses (CE0, MOSI, SCLK, D/C, RESET) and the UART stay free;
    # GPIO 7 and 9 are free once dtoverlay=spi0-1cs,no_miso releases CE1 and MISO.
    console = specs["console"]
    taken = {2, 3, 8, 10, 11, console.gpio_dc, console.gpio_rst, 14, 15}
    assert not set(pins.pins.values()) & taken
