"""Draw the console box and a seat pod from hardware/parts.toml, the file the parts list is
printed from: hardware/enclosure.svg (every panel at 1:1 in millimetres, to laser-cut or to
mark out by hand) and hardware/front-panel.svg (the console's top as the table sees it).

The boxes' sizes, the holes and the front panel's layout are the [box], [cutout], [display]
and [front] tables of parts.toml; the console's buttons are the example configuration's; the
dice the DIE buttons sit under are where the console's own picture draws them
(companion/panels/console.py), so DIE1 is under the leftmost die.

    .venv/bin/python hardware/enclosure.py            # write both drawings
    .venv/bin/python hardware/enclosure.py --check    # exit 1 if either is stale
"""

from __future__ import annotations

import argparse
import base64
import io
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parts import DATA, TABLES, mm

from companion.panels.console import DICE_TOP, draw_console
from companion.panels.icons import DIE
from companion.table.view import ConsoleView

HERE = Path(__file__).resolve().parent
CONFIG = HERE / "config.example.toml"
CUT, ENGRAVE, NOTE = "#ff0000", "#0000ff", "#000000"  # the laser's usual colours
GAP = 8.0  # mm between panels on the sheet
SHEET_WIDTH = 430.0  # mm: the row the panels are laid out in
SAMPLE = ConsoleView(
    faces=("arrow", "dynamite", "bullseye1", "beer", "gatling", "bullseye2"),
    marked=(False, True, False, False, True, False),
    rolls_left=2,
    pile=9,
    title="an example frame",
    prompt="DIE1 to DIE6 mark a die to re-roll",
)


def num(value: float) -> str:
    """A length in the SVG: at most two decimals, no trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


@dataclass
class Panel:
    """One panel of a box, its holes cut and its words engraved, in mm from its top left."""

    name: str
    count: str
    width: float
    height: float
    cuts: list[str] = field(default_factory=list)
    engraving: list[str] = field(default_factory=list)

    def hole(self, x: float, y: float, diameter: float) -> None:
        self.cuts.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(diameter / 2)}"/>')

    def opening(self, x: float, y: float, size: list[float]) -> None:
        """A rectangular opening centred on (x, y)."""
        w, h = size
        self.cuts.append(
            f'<rect x="{num(x - w / 2)}" y="{num(y - h / 2)}" width="{num(w)}" height="{num(h)}"/>'
        )

    def words(self, x: float, y: float, text: str, size: float = 3.5) -> None:
        self.engraving.append(
            f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" '
            f'text-anchor="middle">{text}</text>'
        )


def console_buttons(config: dict[str, Any]) -> list[str]:
    """The buttons on the console: the configuration's, but the seats' (those are in pods)."""
    return [name for name in config["buttons"] if name.startswith(("ROLL", "DONE", "UNDO", "DIE"))]


def die_centres() -> list[float]:
    """Where the console draws six dice, in pixels from its left edge: measured from its own
    picture, so the DIE buttons follow the dice if the console's drawing moves them."""
    image = draw_console(ConsoleView(faces=(None,) * 6), 256)
    lit = [
        any(image.getpixel((x, y)) for y in range(DICE_TOP, DICE_TOP + DIE))
        for x in range(image.width // 2)
    ]
    runs, start = [], None
    for x, on in enumerate([*lit, False]):
        if on and start is None:
            start = x
        elif not on and start is not None:
            runs.append((start + x - 1) / 2)
            start = None
    if len(runs) != 6:
        raise SystemExit(f"the console drew {len(runs)} dice where 6 were asked for")
    return runs


@dataclass(frozen=True)
class Front:
    """The console's top: where the window, the dice on the glass and each button are."""

    window: tuple[float, float, float, float]  # x, y, width, height
    area: tuple[float, float, float, float]  # the pixels' rectangle on the glass
    dice: list[tuple[float, float]]  # each die's centre at the bottom of the pixels
    holes: dict[str, tuple[float, float]]  # button name -> hole centre


def front_layout(data: dict[str, Any], buttons: list[str]) -> Front:
    box, front, cut = data["box"]["console"], data["front"], data["cutout"]
    display = data["display"]["console"]
    (ww, wh), (aw, ah), (px, _) = display["window"], display["area"], display["pixels"]
    wx = (box["width"] - ww) / 2
    window = (wx, front["window_top"], ww, wh)
    area = (wx + (ww - aw) / 2, front["window_top"] + (wh - ah) / 2, aw, ah)
    pitch = aw / px
    dice_y = area[1] + (DICE_TOP + DIE) * pitch
    dice = [(area[0] + c * pitch, dice_y) for c in die_centres()]
    dies = [b for b in buttons if b.startswith("DIE")]
    if dies != [f"DIE{n}" for n in range(1, 7)]:
        raise SystemExit(f"{CONFIG}: expected DIE1 to DIE6 on the console, found {dies}")
    middle = sum(x for x, _ in dice) / len(dice)
    spread = front["die_pitch"] * (len(dies) - 1)
    # Under the dice, but never nearer an edge than a button's own width.
    margin = box["sheet"] + cut["button"]
    left = min(max(middle - spread / 2, margin), box["width"] - margin - spread)
    holes = {d: (left + i * front["die_pitch"], front["die_row"]) for i, d in enumerate(dies)}
    controls = front["controls"]
    if sorted(controls) != sorted(b for b in buttons if not b.startswith("DIE")):
        raise SystemExit(f"{DATA}: front.controls {controls} are not the console's other buttons")
    first = box["width"] / 2 - front["control_pitch"] * (len(controls) - 1) / 2
    for i, name in enumerate(controls):
        holes[name] = (first + i * front["control_pitch"], front["control_row"])
    return Front(window, area, dice, holes)


def fan(layout: Front, button: float) -> list[str]:
    """A line from under each die on the glass to the top of its DIE button's hole."""
    _, y, _, height = layout.window
    dies = sorted(name for name in layout.holes if name.startswith("DIE"))
    lines = []
    for (x, _), die in zip(layout.dice, dies, strict=True):
        hx, hy = layout.holes[die]
        lines.append(
            f'x1="{num(x)}" y1="{num(y + height + 1.5)}" x2="{num(hx)}" '
            f'y2="{num(hy - button / 2 - 1.5)}"'
        )
    return lines


def console_panels(data: dict[str, Any], buttons: list[str], seats: int) -> list[Panel]:
    box, cut = data["box"]["console"], data["cutout"]
    w, d, h, t = box["width"], box["depth"], box["height"], box["sheet"]
    layout = front_layout(data, buttons)
    top = Panel("console top", "1", w, d)
    x, y, ww, wh = layout.window
    top.opening(x + ww / 2, y + wh / 2, [ww, wh])
    for name, (hx, hy) in layout.holes.items():
        top.hole(hx, hy, cut["button"])
        top.words(hx, hy + cut["button"] / 2 + 4.5, name)
    top.engraving += [f"<line {line}/>" for line in fan(layout, cut["button"])]
    bottom = Panel("console bottom", "1", w, d)
    px, py = cut["pi_holes"]
    for dx in (0, px):
        for dy in (0, py):
            bottom.hole(t + 15 + dx, t + 15 + dy, cut["pi_hole"])
    bottom.words(t + 15 + px / 2, t + 15 + py / 2, "Pi (inside)")
    inner = h - 2 * t
    back = Panel("console back", "1", w, inner)
    pitch = (w - 2 * t) / seats
    if pitch < cut["rj45"][0] + 4:
        raise SystemExit(f"{DATA}: box.console.width {w} has no room for {seats} jacks")
    for n in range(seats):
        jx = t + pitch * (n + 0.5)
        back.opening(jx, inner / 2 - 3, cut["rj45"])
        back.words(jx, inner / 2 + cut["rj45"][1] / 2 + 3, f"seat {n + 1}")
    left = Panel("console left side", "1", d - 2 * t, inner)
    left.hole((d - 2 * t) / 2, inner / 2, cut["cable"])
    left.words((d - 2 * t) / 2, inner / 2 + cut["cable"] / 2 + 5, "power")
    return [
        top,
        bottom,
        Panel("console front", "1", w, inner),
        back,
        left,
        Panel("console right side", "1", d - 2 * t, inner),
    ]


def pod_panels(data: dict[str, Any]) -> list[Panel]:
    box, cut = data["box"]["pod"], data["cutout"]
    w, d, h, t = box["width"], box["depth"], box["height"], box["sheet"]
    ww, wh = data["display"]["seat"]["window"]
    top = Panel("pod top", "1 per seat", w, d)
    window_y = t + 5 + wh / 2
    top.opening(w / 2, window_y, [ww, wh])
    button_y = window_y + wh / 2 + 4 + cut["arcade"] / 2
    if button_y + cut["arcade"] / 2 > d - t:
        raise SystemExit(f"{DATA}: box.pod.depth {d} has no room for the window and the button")
    top.hole(w / 2, button_y, cut["arcade"])
    inner = h - 2 * t
    back = Panel("pod back", "1 per seat", w, inner)
    back.opening(w / 2, inner / 2, cut["rj45"])
    return [
        top,
        Panel("pod bottom", "1 per seat", w, d),
        Panel("pod front", "1 per seat", w, inner),
        back,
        Panel("pod side", "2 per seat", d - 2 * t, inner),
    ]


def cut_sheet(data: dict[str, Any], buttons: list[str], seats: int) -> str:
    """Every panel, laid out in rows: red is cut, blue engraved, black only notes."""
    panels = console_panels(data, buttons, seats) + pod_panels(data)
    placed, x, y, row = [], GAP, GAP + 12, 0.0
    for panel in panels:
        if x + panel.width > SHEET_WIDTH - GAP:
            x, y, row = GAP, y + row + GAP + 8, 0.0
        placed.append((panel, x, y))
        x, row = x + panel.width + GAP, max(row, panel.height)
    height = y + row + GAP + 8
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(SHEET_WIDTH)}mm" '
        f'height="{num(height)}mm" viewBox="0 0 {num(SHEET_WIDTH)} {num(height)}" '
        'font-family="sans-serif">',
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        f'<text x="{num(GAP)}" y="{num(GAP + 2)}" font-size="5" fill="{NOTE}">BANG! companion: '
        "the boxes' panels at 1:1, in mm (hardware/enclosure.py from hardware/parts.toml)</text>",
        f'<text x="{num(GAP)}" y="{num(GAP + 8)}" font-size="3.2" fill="{NOTE}">Red: cut. '
        "Blue: engrave. Black: notes, not cut. Butt joints: top and bottom whole, front and "
        "back between them, the sides between those; glue, or screw into corner strips.</text>",
    ]
    for panel, px, py in placed:
        out.append(f'<g transform="translate({num(px)} {num(py)})">')
        out.append(
            f'<g id="cut-{panel.name.replace(" ", "-")}" fill="none" stroke="{CUT}" '
            'stroke-width="0.2">'
        )
        out.append(f'<rect width="{num(panel.width)}" height="{num(panel.height)}"/>')
        out += panel.cuts
        out.append("</g>")
        if panel.engraving:
            out.append(f'<g fill="{ENGRAVE}" stroke="{ENGRAVE}" stroke-width="0.2">')
            out += [e.replace("<text ", '<text stroke="none" ') for e in panel.engraving]
            out.append("</g>")
        size = f"{mm(panel.width)} x {mm(panel.height)} mm"
        out.append(
            f'<text x="0" y="{num(panel.height + 5)}" font-size="3.5" fill="{NOTE}">'
            f"{panel.name}, {panel.count}: {size}</text>"
        )
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def console_picture(data: dict[str, Any]) -> str:
    """The example frame as the console shows it, white on black, as a PNG data address."""
    image = draw_console(SAMPLE, data["display"]["console"]["pixels"][0]).convert("RGB")
    png = io.BytesIO()
    image.save(png, format="PNG")
    return "data:image/png;base64," + base64.b64encode(png.getvalue()).decode("ascii")


def front_panel(data: dict[str, Any], buttons: list[str]) -> str:
    """The console's top at 1:1 as the table sees it: the window with a frame of the console
    in it, a line from each die to its DIE button, every button named."""
    box, cut = data["box"]["console"], data["cutout"]
    w, d = box["width"], box["depth"]
    layout = front_layout(data, buttons)
    margin, caption = 6.0, 16.0
    caps = {"ROLL": "#d62728", "DONE": "#2ca02c", "UNDO": "#f2c200"}
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(4 * (w + 2 * margin))}" '
        f'height="{num(4 * (d + 2 * margin + caption))}" '
        f'viewBox="0 0 {num(w + 2 * margin)} {num(d + 2 * margin + caption)}" '
        'font-family="sans-serif">',
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        f'<text x="{num(margin)}" y="{num(margin + 2)}" font-size="4.5">The console\'s top, '
        f"{mm(w)} x {mm(d)} mm: DIE1 to DIE6 under the dice, left to right</text>",
        f'<text x="{num(margin)}" y="{num(margin + 8)}" font-size="3" fill="#666666">'
        "hardware/enclosure.py from hardware/parts.toml; the back edge is at the top</text>",
        f'<g transform="translate({num(margin)} {num(margin + caption)})">',
        f'<rect width="{num(w)}" height="{num(d)}" rx="2" fill="#3b3b3b"/>',
    ]
    x, y, ww, wh = layout.window
    ax, ay, aw, ah = layout.area
    out.append(
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(ww)}" height="{num(wh)}" fill="#000000"/>'
    )
    out.append(
        f'<image x="{num(ax)}" y="{num(ay)}" width="{num(aw)}" height="{num(ah)}" '
        f'preserveAspectRatio="none" style="image-rendering:pixelated" '
        f'href="{console_picture(data)}"/>'
    )
    out += [
        f'<line {line} stroke="#c8c8c8" stroke-width="0.5"/>' for line in fan(layout, cut["button"])
    ]
    for name, (hx, hy) in layout.holes.items():
        out.append(
            f'<circle cx="{num(hx)}" cy="{num(hy)}" r="{num(cut["button"] / 2)}" '
            f'fill="{caps.get(name, "#f4f4f4")}" stroke="#111111" stroke-width="0.6"/>'
        )
        out.append(
            f'<text x="{num(hx)}" y="{num(hy + cut["button"] / 2 + 5)}" font-size="4" '
            f'text-anchor="middle" fill="#ffffff">{name}</text>'
        )
    out += ["</g>", "</svg>"]
    return "\n".join(out) + "\n"


def drawings(data: dict[str, Any], config: dict[str, Any]) -> dict[str, str]:
    """Both drawings by file name, from the parts data and the configuration."""
    buttons = console_buttons(config)
    size = f"{mm(data['cutout']['button'])} mm "
    (push,) = (p for p in data["part"] if p["name"].startswith(size))
    if push.get("fixed", 0) != len(buttons):
        raise SystemExit(
            f"{DATA}: {push.get('fixed', 0)} x '{push['name']}' ordered for "
            f"{len(buttons)} console buttons in {CONFIG}"
        )
    return {
        "enclosure.svg": cut_sheet(data, buttons, max(TABLES)),
        "front-panel.svg": front_panel(data, buttons),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a drawing is stale")
    args = parser.parse_args()
    data = tomllib.loads(DATA.read_text())
    config = tomllib.loads(CONFIG.read_text())
    stale = []
    for name, svg in drawings(data, config).items():
        path = HERE / name
        if args.check:
            if not path.exists() or path.read_text() != svg:
                stale.append(name)
        else:
            path.write_text(svg)
            print(f"wrote {path}")
    if stale:
        print(f"stale: {', '.join(stale)}; run: .venv/bin/python hardware/enclosure.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
