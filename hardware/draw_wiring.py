"""Draw hardware/wiring.png from hardware/config.example.toml and hardware/parts.toml.

The pins come from the example configuration and the seat cable's cores from the parts list,
so the diagram cannot drift from either (the guide's cable table is printed from the same
cores by hardware/parts.py). Buttons on
odd header pins sit left of the header and those on even pins right of it, so every button
wire is one straight line; a wire from an odd pin to a module on the right crosses the header
between two rows, as a jumper lying over it would.

    .venv/bin/python hardware/draw_wiring.py [--config FILE] [--out FILE]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import tomllib
from pathlib import Path

from parts import Core
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

WIDTH, HEIGHT = 2200, 1560
TOP = 200  # y of header row 0
ROW = 46  # header row pitch
JOG = 22  # how far below its row an odd-pin wire crosses the header
BOX_LEFT, ODD_X, EVEN_X, BOX_RIGHT = 610, 760, 800, 950

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
    def __init__(self) -> None:
        self.image = Image.new("RGB", (WIDTH, HEIGHT), WHITE)
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


def drawn_from(buttons: dict[str, int], cores: list[Core]) -> str:
    """What the picture shows, kept in the PNG as text: a test compares it with the data, as
    the pixels of text drawn by FreeType vary between Pillow builds."""
    return json.dumps({"buttons": buttons, "cable": [dataclasses.asdict(c) for c in cores]})


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

    sheet = Sheet()
    sheet.text((40, 30), "BANG! companion: wiring", 34)
    sheet.text(
        (40, 78),
        "Generated from hardware/config.example.toml by hardware/draw_wiring.py. "
        "Pin numbers in the header are physical; GPIOn is the BCM number used in the config.",
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

    # Buttons: odd pins to the left, even pins to the right, each to a GND rail.
    left_rail, right_rail = 70, 1405
    left_rows, right_rows = [], []
    for name, bcm in buttons.items():
        pin = PHYSICAL[bcm]
        y = row_y(pin)
        colour = used[pin]
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
    mux_left, mux_right = 1460, 1680
    mux_top, mux_bottom = 150, 1010
    sheet.box((mux_left, mux_top, mux_right, mux_bottom), fill="#dbe8ff")
    address = mux.get("address", 0x70)
    middle = (mux_left + mux_right) // 2 - 20
    sheet.text((middle, 560), "TCA9548A", 22, anchor="mm")
    sheet.text((middle, 588), f"I2C mux 0x{address:02X}", 16, anchor="mm")
    sheet.text((middle, 612), "A0 A1 A2 to GND", 15, anchor="mm", fill=GREY)
    for pin, label, colour in ((1, "VIN", RED), (3, "SDA", GREEN), (5, "SCL", PURPLE)):
        y = row_y(pin) + JOG
        sheet.line([(ODD_X, row_y(pin)), (ODD_X, y), (mux_left, y)], colour)
        sheet.text((mux_left + 8, y), label, 15, anchor="lm")
    sheet.line([(BOX_RIGHT, row_y(6)), (mux_left, row_y(6))], BLACK)
    sheet.text((mux_left + 8, row_y(6)), "GND", 15, anchor="lm")

    # Eight seat panels, one per channel, powered from rails on the far right.
    oled_left, oled_right = 1800, 2060
    vcc_rail, gnd_rail = 2110, 2140
    pitch = (mux_bottom - mux_top - 120) // 8
    seats = [seat for seat in config["seat"] if "panel" in seat]
    for number, seat in enumerate(seats, start=1):
        panel = seat["panel"]
        channel = panel.get("mux_channel", number - 1)
        top = mux_top + 110 + (number - 1) * pitch
        sda_y, scl_y = top + 18, top + 42
        sheet.box((oled_left, top, oled_right, top + pitch - 14), fill="#f2f2f2")
        sheet.text((oled_left + 14, top + 16), f"Seat {number}", 18, anchor="lm")
        sheet.text(
            (oled_left + 14, top + 42),
            f"{panel['driver'].upper()} 0x{panel.get('address', 0x3C):02X}",
            15,
            anchor="lm",
        )
        sheet.text((mux_right - 8, sda_y), f"SD{channel}", 14, anchor="rm")
        sheet.text((mux_right - 8, scl_y), f"SC{channel}", 14, anchor="rm")
        sheet.line([(mux_right, sda_y), (oled_left, sda_y)], GREEN, 3)
        sheet.line([(mux_right, scl_y), (oled_left, scl_y)], PURPLE, 3)
        sheet.line([(oled_right, sda_y), (vcc_rail, sda_y)], RED, 3)
        sheet.line([(oled_right, scl_y), (gnd_rail, scl_y)], BLACK, 3)
        sheet.dot(vcc_rail, sda_y, RED)
        sheet.dot(gnd_rail, scl_y)
    rails_top, rails_bottom = mux_top + 110, mux_bottom - 20
    sheet.line([(vcc_rail, rails_top), (vcc_rail, rails_bottom)], RED)
    sheet.line([(gnd_rail, rails_top), (gnd_rail, rails_bottom)], BLACK)
    sheet.text((vcc_rail + 20, mux_top + 60), "3V3", 15, anchor="mm", fill=RED)
    sheet.text((gnd_rail + 20, mux_top + 85), "GND", 15, anchor="mm")
    sheet.text(
        (oled_left, mux_bottom + 14),
        "Each seat: one Cat5e cable (below).\nPull-ups: 2.2 kOhm from each SDn\n"
        "and SCn to 3V3, at the mux.\nRails: 3V3 and GND, from pins 1, 6.",
        15,
        fill=GREY,
    )

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

    cores = load_parts()[2]
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
        sheet.line([(x, 1430), (x + 40, 1430)], colour, 6)
        sheet.text((x + 50, 1430), label, 17, anchor="lm")
        x += 70 + int(sheet.draw.textlength(label, font=font(17)))
    sheet.text(
        (40, 1470),
        "Buttons: momentary, normally open, between the GPIO and GND (internal pull-ups; "
        "no resistors). Wires that cross without a dot are not connected.",
        17,
    )
    sheet.text(
        (40, 1502),
        "GPIO7 and GPIO9 need dtoverlay=spi0-1cs,no_miso (frees SPI0 CE1 and MISO). "
        "I2C at 400 kHz: dtparam=i2c_arm=on,i2c_arm_baudrate=400000.",
        17,
    )
    info = PngInfo()
    info.add_text("drawn-from", drawn_from(buttons, cores))
    sheet.image.save(args.out, optimize=True, pnginfo=info)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
