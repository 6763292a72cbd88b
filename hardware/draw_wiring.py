"""Draw hardware/wiring.png from hardware/config.example.toml and hardware/parts.toml.

The pins come from the example configuration, and the seat cable's cores and the I2C pull-ups
from the parts list, so the diagram cannot drift from either (the guide's cable table is
printed from the same cores by hardware/parts.py). Console buttons on odd header pins sit left
of the header and those on even pins right of it, so every button wire is one straight line; a
wire from an odd pin to a module on the right crosses the header between two rows, as a jumper
lying over it would. A seat button's wire ends in a label naming its seat's jack: each seat is
drawn in full on the right, from its mux channel and pull-ups through its jack and cable to
the pod with its panel and button.

    .venv/bin/python hardware/draw_wiring.py [--config FILE] [--out FILE]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import tomllib
from pathlib import Path

from parts import Core, Part
from parts import load as load_parts
from PIL import Image, ImageDraw, ImageFont
from PIL.PngImagePlugin import PngInfo

from companion.devices.buttons import ButtonPins

HERE = Path(__file__).resolve().parent

#: The 40-pin header by physical pin number.
HEADER = {
    1: "3V3", 2: "5V", 3: "GPIO2 SDA", 4: "5V", 5: "GPIO3 SCL", 6: "GND", 7: "GPIO4",
    8: "GPIO14 TXD", 9: "GND", 10: "GPIO15 RXD", 11: "GPIO17", 12: "GPIO18", 13: "GPIO27",
    14: "GND", 15: "GPIO22", 16: "GPIO23", 17: "3V3", 18: "GPIO24", 19: "GPIO10 MOSI",
    20: "GND", 21: "GPIO9 MISO", 22: "GPIO25", 23: "GPIO11 SCLK", 24: "GPIO8 CE0", 25: "GND",
    26: "GPIO7 CE1", 27: "ID_SD", 28: "ID_SC", 29: "GPIO5", 30: "GND", 31: "GPIO6",
    32: "GPIO12", 33: "GPIO13", 34: "GND", 35: "GPIO19", 36: "GPIO16", 37: "GPIO26",
    38: "GPIO20", 39: "GND", 40: "GPIO21",
}  # fmt: skip
PHYSICAL = {
    int(label.split()[0][4:]): pin for pin, label in HEADER.items() if label.startswith("GPIO")
}

WIDTH = 2760
TOP = 200  # y of header row 0
ROW = 46  # header row pitch
JOG = 22  # how far below its row an odd-pin wire crosses the header
BOX_LEFT, ODD_X, EVEN_X, BOX_RIGHT = 610, 760, 800, 950

# The seat rows on the right: the mux's channels, each seat's jack, cable and pod.
MUX_LEFT, MUX_RIGHT, MUX_TOP = 1460, 1680, 150
SEAT_ROW = 150  # a seat's height
CORE = 15  # a jack's terminal pitch
PULL_UP_X = 1720  # where each channel's pull-ups join SDn and SCn
JACK_X, POD_JACK_X, JACK_WIDTH = 2000, 2200, 40  # the console's jack n, the pod's jack
OLED_X, POD_BUTTON_X = 2400, 2420

BLACK, GREY, WHITE = "#000000", "#777777", "#ffffff"
RED, GREEN, PURPLE = "#d62728", "#2ca02c", "#9467bd"
SEAT_BLUE, CONSOLE_ORANGE, SPI_BROWN, CONTROL_TEAL = "#2a6fdb", "#e07b00", "#8c564b", "#139aa8"
#: The colours of a T568B cable's cores; "white/x" is drawn striped.
CORE_COLOURS = {"orange": "#f28c28", "green": "#2e9e44", "blue": "#2060c0", "brown": "#7b4a22"}


def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def row_y(pin: int) -> int:
    return TOP + (pin - 1) // 2 * ROW


class Sheet:
    def __init__(self, height: int) -> None:
        self.image = Image.new("RGB", (WIDTH, height), WHITE)
        self.draw = ImageDraw.Draw(self.image)

    def line(self, points: list[tuple[int, int]], colour: str, width: int = 4) -> None:
        self.draw.line(points, fill=colour, width=width, joint="curve")

    def dot(self, x: int, y: int, colour: str = BLACK, r: int = 6) -> None:
        self.draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)

    def text(self, xy: tuple[int, int], text: str, size: int = 18, **kwargs: object) -> None:
        self.draw.text(xy, text, fill=kwargs.pop("fill", BLACK), font=font(size), **kwargs)

    def box(self, xy: tuple[int, int, int, int], fill: str, outline: str = BLACK) -> None:
        self.draw.rounded_rectangle(xy, radius=10, fill=fill, outline=outline, width=3)

    def button(self, x: int, y: int, name: str, colour: str) -> None:
        """A push button centred on (x, y), its name on the cap."""
        self.draw.rounded_rectangle(
            (x - 50, y - 17, x + 50, y + 17), radius=17, fill="#fff4e0", outline=colour, width=4
        )
        self.text((x, y), name, size=17, anchor="mm")

    def tag(self, x: int, y: int, text: str, colour: str, *, left: bool) -> None:
        """A net label: the wire ending at (x, y) goes on where ``text`` says."""
        width = int(self.draw.textlength(text, font=font(15))) + 24
        tip = x - width - 14 if left else x + width + 14
        end = x - width if left else x + width
        self.draw.polygon(
            [(x, y - 14), (end, y - 14), (tip, y), (end, y + 14), (x, y + 14)],
            fill="#eaf1ff",
            outline=colour,
            width=3,
        )
        self.text(((x + end) // 2, y), text, 15, anchor="mm", fill=colour)

    def resistor(self, x: int, y: int, label: str) -> None:
        """A pull-up: a resistor from (x, y) to the right, ending at a 3V3 label."""
        self.line([(x, y), (x + 12, y)], RED, 3)
        self.draw.rectangle((x + 12, y - 6, x + 50, y + 6), fill=WHITE, outline=BLACK, width=2)
        self.line([(x + 50, y), (x + 62, y)], RED, 3)
        self.text((x + 66, y), f"3V3 ({label})", 13, anchor="lm", fill=RED)

    def core(self, points: list[tuple[int, int]], colour: str) -> None:
        """One core of a seat cable in its T568B colour; "white/x" is drawn striped."""
        base = CORE_COLOURS[colour.split("/")[-1]]
        self.line(points, base, 5)
        if colour.startswith("white/"):
            (x0, y), (x1, _) = points[0], points[-1]
            for x in range(x0 + 4, x1 - 4, 12):
                self.draw.line([(x, y), (x + 5, y)], fill=WHITE, width=3)


def draw_header(sheet: Sheet, used: dict[int, str]) -> None:
    sheet.box((BOX_LEFT, TOP - 40, BOX_RIGHT, row_y(39) + 40), fill="#1f5f3a")
    sheet.text(
        ((BOX_LEFT + BOX_RIGHT) // 2, TOP - 62), "Raspberry Pi 40-pin header", 22, anchor="mm"
    )
    for pin, label in HEADER.items():
        y = row_y(pin)
        x = ODD_X if pin % 2 else EVEN_X
        colour = used.get(pin, "#c8c8c8")
        sheet.draw.rectangle((x - 11, y - 11, x + 11, y + 11), fill=colour, outline=WHITE)
        text = f"{label}  {pin}" if pin % 2 else f"{pin}  {label}"
        if pin % 2:
            sheet.text((x - 20, y), text, 15, anchor="rm", fill=WHITE)
        else:
            sheet.text((x + 20, y), text, 15, anchor="lm", fill=WHITE)


def draw_cable(sheet: Sheet, cores: list[Core], origin: tuple[int, int]) -> None:
    """A seat cable's pin-out, core by core, as the guide's table gives it."""
    x, y = origin
    sheet.text((x, y), "Seat cable: Cat5e, RJ45 (T568B), one per seat; each signal twisted "
               "with a GND of its own", 20)  # fmt: skip
    columns = (x, x + 90, x + 260, x + 360, x + 1000)
    y += 36
    for column, title in zip(columns, ("pin", "colour", "carries", "console end", "pod end"),
                             strict=True):  # fmt: skip
        sheet.text((column, y), title, 16, fill=GREY)
    for core in cores:
        y += 26
        sheet.text((columns[0] + 20, y), str(core.pin), 16)
        base = CORE_COLOURS[core.colour.split("/")[-1]]
        swatch = (columns[1], y + 2, columns[1] + 60, y + 16)
        sheet.draw.rectangle(swatch, fill=base, outline=BLACK)
        if core.colour.startswith("white/"):
            for stripe in range(swatch[0] + 4, swatch[2] - 4, 12):
                sheet.draw.rectangle((stripe, swatch[1] + 1, stripe + 5, swatch[3] - 1), fill=WHITE)
        sheet.text((columns[1] + 70, y), core.colour, 15)
        sheet.text((columns[2], y), core.signal, 16)
        sheet.text((columns[3], y), core.console, 16)
        sheet.text((columns[4], y), core.pod, 16)


def drawn_from(buttons: dict[str, int], cores: list[Core], pull_up: str) -> str:
    """What the picture shows, kept in the PNG as text: a test compares it with the data, as
    the pixels of text drawn by FreeType vary between Pillow builds."""
    cable = [dataclasses.asdict(c) for c in cores]
    return json.dumps({"buttons": buttons, "cable": cable, "pull_up": pull_up})


def pull_up_value(parts: list[Part]) -> str:
    """The I2C pull-ups' value as the parts list orders them ("2.2 kOhm")."""
    (resistor,) = (p for p in parts if " resistor" in p.name)
    return resistor.name.split(" resistor")[0]


def seat_top(number: int) -> int:
    return MUX_TOP + 110 + (number - 1) * SEAT_ROW


def core_y(top: int, pin: int) -> int:
    """The y of a jack's terminal ``pin`` (1..8) in the seat row starting at ``top``."""
    return top + 24 + (pin - 1) * CORE


def draw_seat(
    sheet: Sheet, number: int, channel: int, panel: dict[str, object], button: tuple[str, int],
    cores: list[Core], pull_up: str,
) -> None:  # fmt: skip
    """One seat, in full: its mux channel's SDn and SCn with their pull-ups, the console's
    jack n, the cable core by core, and the pod: its jack, the OLED's header, the button."""
    top = seat_top(number)
    y = {core.pin: core_y(top, core.pin) for core in cores}
    by_signal = {core.signal: core.pin for core in cores}
    sda, scl = y[by_signal["SDA"]], y[by_signal["SCL"]]
    sheet.text((MUX_RIGHT - 8, sda), f"SD{channel}", 14, anchor="rm")
    sheet.text((MUX_RIGHT - 8, scl), f"SC{channel}", 14, anchor="rm")
    sheet.line([(MUX_RIGHT, sda), (JACK_X, sda)], GREEN, 3)
    sheet.line([(MUX_RIGHT, scl), (JACK_X, scl)], PURPLE, 3)
    # The pull-ups: SDn's above its line, SCn's below (neither crosses the other line).
    sheet.line([(PULL_UP_X, sda), (PULL_UP_X, top + 6)], RED, 3)
    sheet.resistor(PULL_UP_X, top + 6, pull_up)
    sheet.line([(PULL_UP_X, scl), (PULL_UP_X, scl + 22)], RED, 3)
    sheet.resistor(PULL_UP_X, scl + 22, pull_up)
    sheet.dot(PULL_UP_X, sda)
    sheet.dot(PULL_UP_X, scl)

    name, bcm = button
    for jack_x, label in ((JACK_X, f"jack {number}"), (POD_JACK_X, "jack")):
        box = (jack_x, y[1] - 12, jack_x + JACK_WIDTH, y[8] + 12)
        sheet.draw.rectangle(box, fill="#e4e4e4", outline=BLACK, width=2)
        sheet.text((jack_x + JACK_WIDTH // 2, y[1] - 20), label, 14, anchor="mm")
        for pin, at in y.items():
            sheet.text((jack_x + JACK_WIDTH // 2, at), str(pin), 12, anchor="mm")
    # The console's end: every GND core to the GND rail, 3V3 to the 3V3 rail, the button's
    # core to the seat's GPIO (the label the header's wire ends in).
    for core in cores:
        at = y[core.pin]
        if core.signal in ("GND", "3V3"):
            colour = BLACK if core.signal == "GND" else RED
            sheet.line([(JACK_X - 22, at), (JACK_X, at)], colour, 3)
            sheet.text((JACK_X - 26, at), core.signal, 12, anchor="rm", fill=colour)
        elif core.signal == "button":
            sheet.line([(JACK_X - 110, at), (JACK_X, at)], SEAT_BLUE, 3)
            sheet.text((JACK_X - 114, at), f"{name} GPIO{bcm}", 13, anchor="rm", fill=SEAT_BLUE)
    # The cable.
    sheet.draw.rounded_rectangle(
        (2070, y[1] - 10, 2130, y[8] + 10), radius=8, outline=GREY, width=3
    )
    sheet.text((2100, y[1] - 20), f"cable {number}", 14, anchor="mm", fill=GREY)
    for core in cores:
        sheet.core([(JACK_X + JACK_WIDTH, y[core.pin]), (POD_JACK_X, y[core.pin])], core.colour)

    # The pod: its panel's header (SDA SCL VCC GND, the module turned over: GND VCC SCL SDA
    # read left to right face up) and the arcade button, from the pod's jack.
    pod = (POD_JACK_X - 12, top - 6, WIDTH - 30, top + SEAT_ROW - 12)
    sheet.draw.rounded_rectangle(pod, radius=10, outline=SEAT_BLUE, width=2)
    sheet.text((WIDTH - 45, top + SEAT_ROW // 2), f"Seat {number}\npod", 18, anchor="rm",
               fill=SEAT_BLUE, align="right")  # fmt: skip
    header = {"SDA": y[1], "SCL": y[1] + CORE, "VCC": y[1] + 2 * CORE, "GND": y[1] + 3 * CORE}
    oled = (OLED_X, y[1] - 12, OLED_X + 170, header["GND"] + 12)
    sheet.draw.rectangle(oled, fill="#f2f2f2", outline=BLACK, width=2)
    for signal, at in header.items():
        sheet.text((OLED_X + 6, at), signal, 12, anchor="lm")
    driver = str(panel["driver"]).upper()
    address = panel.get("address", 0x3C)
    assert isinstance(address, int)
    sheet.text((OLED_X + 110, (y[1] + header["GND"]) // 2), f"{driver}\n0x{address:02X}", 14,
               anchor="mm", align="center")  # fmt: skip
    start = POD_JACK_X + JACK_WIDTH
    to_header = {"SDA": "SDA", "SCL": "SCL", "3V3": "VCC"}
    bends = iter((2330, 2350, 2370))
    grounds = [c for c in cores if c.signal == "GND" and c.pod.startswith("OLED")]
    # The panel's GND from the first ground below 3V3; the others joined to it at the jack.
    oled_ground = next(c for c in grounds if c.pin > by_signal["3V3"])
    for core in cores:
        at = y[core.pin]
        target = to_header.get(core.signal) or ("GND" if core is oled_ground else None)
        colour = {"SDA": GREEN, "SCL": PURPLE, "3V3": RED}.get(core.signal, BLACK)
        if target == "SDA":
            sheet.line([(start, at), (OLED_X, at)], colour, 3)
        elif target is not None:
            bend = next(bends)
            sheet.line([(start, at), (bend, at), (bend, header[target]), (OLED_X, header[target])],
                       colour, 3)  # fmt: skip
        elif core in grounds:
            sheet.line([(start, at), (start + 18, at)], BLACK, 3)
            sheet.text((start + 22, at), "GND", 12, anchor="lm")
    button_box = (POD_BUTTON_X, y[7] - 12, POD_BUTTON_X + 130, y[8] + 12)
    sheet.draw.rounded_rectangle(button_box, radius=14, fill="#fff4e0", outline=SEAT_BLUE, width=3)
    sheet.text((POD_BUTTON_X + 80, (y[7] + y[8]) // 2), name, 16, anchor="mm")
    for core in cores:
        if core.pod.startswith("arcade button"):
            lug = core.pod.split()[-1]
            sheet.line([(start, y[core.pin]), (POD_BUTTON_X, y[core.pin])],
                       SEAT_BLUE if core.signal == "button" else BLACK, 3)  # fmt: skip
            sheet.text((POD_BUTTON_X + 6, y[core.pin]), lug, 11, anchor="lm")


def main() -> None:
    parser = argparse.ArgumentParser(description="Draw the wiring diagram.")
    parser.add_argument("--config", type=Path, default=HERE / "config.example.toml")
    parser.add_argument("--out", type=Path, default=HERE / "wiring.png")
    args = parser.parse_args()
    config = tomllib.loads(args.config.read_text())

    # The companion's own reading of [buttons] and [[seat]]: settings such as hold_time are
    # not pins.
    buttons = ButtonPins.from_config(config["buttons"], config["seat"]).pins
    console = config["console"]["panel"]
    mux = config.get("mux", {})

    parts, _, cores = load_parts()
    pull_up = pull_up_value(parts)
    seats = [seat for seat in config["seat"] if "panel" in seat]
    mux_bottom = seat_top(len(seats) + 1)
    bottom = max(mux_bottom, 1380)
    sheet = Sheet(bottom + 210)
    sheet.text((40, 30), "BANG! companion: wiring", 34)
    sheet.text(
        (40, 78),
        "Generated from hardware/config.example.toml and hardware/parts.toml by "
        "hardware/draw_wiring.py. Pin numbers in the header are physical; GPIOn is the BCM "
        "number used in the config.",
        18,
        fill=GREY,
    )

    used: dict[int, str] = {}
    for name, bcm in buttons.items():
        used[PHYSICAL[bcm]] = SEAT_BLUE if name.startswith("SEAT") else CONSOLE_ORANGE
    used.update({1: RED, 17: RED, 3: GREEN, 5: PURPLE, 6: BLACK, 20: BLACK, 39: BLACK, 34: BLACK})
    used.update({19: SPI_BROWN, 23: SPI_BROWN, 24: SPI_BROWN})
    used[PHYSICAL[console["gpio_dc"]]] = CONTROL_TEAL
    used[PHYSICAL[console["gpio_rst"]]] = CONTROL_TEAL

    draw_header(sheet, used)

    # Console buttons: odd pins to the left, even pins to the right, each to a GND rail. A
    # seat button's wire goes to its seat's jack (drawn on the right), not to a button here.
    left_rail, right_rail = 70, 1405
    left_rows, right_rows = [], []
    for name, bcm in buttons.items():
        pin = PHYSICAL[bcm]
        y = row_y(pin)
        colour = used[pin]
        if name.startswith("SEAT"):
            jack = f"{name}: jack {name[4:]}, pin 7"
            if pin % 2:
                sheet.line([(BOX_LEFT, y), (330, y)], colour)
                sheet.tag(330, y, jack, colour, left=True)
                sheet.text((445, y - 6), f"GPIO{bcm}", 16, anchor="mb", fill=colour)
            else:
                sheet.line([(BOX_RIGHT, y), (1200, y)], colour)
                sheet.tag(1200, y, jack, colour, left=False)
                sheet.text((1190, y - 6), f"GPIO{bcm}", 16, anchor="rb", fill=colour)
            continue
        if pin % 2:
            sheet.line([(BOX_LEFT, y), (280, y)], colour)
            sheet.line([(180, y), (left_rail, y)], BLACK, 3)
            sheet.button(230, y, name, colour)
            sheet.text((445, y - 6), f"GPIO{bcm}", 16, anchor="mb", fill=colour)
            left_rows.append(y)
        else:
            sheet.line([(BOX_RIGHT, y), (1250, y)], colour)
            sheet.line([(1350, y), (right_rail, y)], BLACK, 3)
            sheet.button(1300, y, name, colour)
            sheet.text((1240, y - 6), f"GPIO{bcm}", 16, anchor="rb", fill=colour)
            right_rows.append(y)
        sheet.dot(left_rail if pin % 2 else right_rail, y)
    ground_left, ground_right = row_y(39), row_y(34)
    sheet.line([(left_rail, min(left_rows)), (left_rail, ground_left)], BLACK)
    sheet.line([(left_rail, ground_left), (BOX_LEFT, ground_left)], BLACK)
    sheet.text((left_rail + 10, ground_left + 8), "GND (pin 39)", 16)
    sheet.line([(right_rail, min(right_rows)), (right_rail, max(right_rows))], BLACK)
    sheet.line([(BOX_RIGHT, ground_right), (right_rail, ground_right)], BLACK)
    sheet.dot(right_rail, ground_right)
    sheet.text((1120, ground_right - 6), "GND (pin 34)", 16, anchor="mb")

    # TCA9548A: 3V3, SDA, GND, SCL straight across from pins 1, 3, 6, 5.
    sheet.box((MUX_LEFT, MUX_TOP, MUX_RIGHT, mux_bottom), fill="#dbe8ff")
    address = mux.get("address", 0x70)
    middle = (MUX_LEFT + MUX_RIGHT) // 2 - 20
    centre = (MUX_TOP + mux_bottom) // 2
    sheet.text((middle, centre - 28), "TCA9548A", 22, anchor="mm")
    sheet.text((middle, centre), f"I2C mux 0x{address:02X}", 16, anchor="mm")
    sheet.text((middle, centre + 24), "A0 A1 A2 to GND", 15, anchor="mm", fill=GREY)
    for pin, label, colour in ((1, "VIN", RED), (3, "SDA", GREEN), (5, "SCL", PURPLE)):
        y = row_y(pin) + JOG
        sheet.line([(ODD_X, row_y(pin)), (ODD_X, y), (MUX_LEFT, y)], colour)
        sheet.text((MUX_LEFT + 8, y), label, 15, anchor="lm")
    sheet.line([(BOX_RIGHT, row_y(6)), (MUX_LEFT, row_y(6))], BLACK)
    sheet.text((MUX_LEFT + 8, row_y(6)), "GND", 15, anchor="lm")

    # Each seat, one per mux channel: pull-ups, jack, cable, pod.
    for number, seat in enumerate(seats, start=1):
        panel = seat["panel"]
        name = f"SEAT{number}"
        channel = panel.get("mux_channel", number - 1)
        draw_seat(sheet, number, channel, panel, (name, buttons[name]), cores, pull_up)

    # Console SSD1322 on SPI0: odd pins cross the header, even pins go straight across.
    spi_left, spi_right = 985, 1160
    wires = [
        (17, "VCC 3V3", RED, True),
        (PHYSICAL[console["gpio_dc"]], f"DC  GPIO{console['gpio_dc']}", None, False),
        (19, "DIN  MOSI", SPI_BROWN, True),
        (20, "GND", BLACK, False),
        (PHYSICAL[console["gpio_rst"]], f"RES  GPIO{console['gpio_rst']}", None, False),
        (24, "CS  CE0", SPI_BROWN, False),
        (23, "CLK  SCLK", SPI_BROWN, True),
    ]
    ys = [row_y(pin) + (JOG if odd else 0) for pin, _, _, odd in wires]
    sheet.box((spi_left, min(ys) - 36, spi_right, max(ys) + 14), fill="#fff0d8")
    sheet.text((spi_right - 10, min(ys) - 18), "Console SSD1322", 16, anchor="rm")
    gap = (row_y(22) + row_y(24)) // 2
    sheet.text((spi_right - 10, gap), "256x64, SPI0", 15, anchor="rm", fill=GREY)
    for (pin, label, colour, odd), y in zip(wires, ys, strict=True):
        colour = colour or CONTROL_TEAL
        start = [(ODD_X, row_y(pin)), (ODD_X, y)] if odd else [(BOX_RIGHT, y)]
        sheet.line([*start, (spi_left, y)], colour)
        sheet.text((spi_left + 8, y), label, 15, anchor="lm")

    draw_cable(sheet, cores, (40, 1120))

    legend = [
        (SEAT_BLUE, "seat button"),
        (CONSOLE_ORANGE, "console button"),
        (RED, "3V3"),
        (BLACK, "GND"),
        (GREEN, "I2C SDA"),
        (PURPLE, "I2C SCL"),
        (SPI_BROWN, "SPI0"),
        (CONTROL_TEAL, "SSD1322 D/C, RESET"),
    ]
    x = 40
    for colour, label in legend:
        sheet.line([(x, bottom + 40), (x + 40, bottom + 40)], colour, 6)
        sheet.text((x + 50, bottom + 40), label, 17, anchor="lm")
        x += 70 + int(sheet.draw.textlength(label, font=font(17)))
    notes = [
        "Buttons: momentary, normally open, between the GPIO and GND (internal pull-ups; no "
        "resistors). Wires that cross without a dot are not connected.",
        "GND and 3V3 at a jack: its terminal to the console's GND or 3V3 rail (pins 6 and 1); "
        "in a pod, the jack's GND terminals are joined to the panel's GND.",
        f"Pull-ups: {pull_up} from each channel's SDn and SCn to the 3V3 rail, on the "
        "stripboard at the mux: two per seat.",
        "GPIO7 and GPIO9 need dtoverlay=spi0-1cs,no_miso (frees SPI0 CE1 and MISO). "
        "I2C at 400 kHz: dtparam=i2c_arm=on,i2c_arm_baudrate=400000.",
    ]
    for number, note in enumerate(notes):
        sheet.text((40, bottom + 80 + 30 * number), note, 17)
    info = PngInfo()
    info.add_text("drawn-from", drawn_from(buttons, cores, pull_up))
    sheet.image.save(args.out, optimize=True, pnginfo=info)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
