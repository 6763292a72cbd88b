"""The guide's parts list and seat-cable pin-out, printed from hardware/parts.toml.

One file holds the counts, prices and cable cores, so the tables in hardware/README.md, their
totals and the cable in hardware/wiring.png (hardware/draw_wiring.py) cannot disagree.

    .venv/bin/python hardware/parts.py            # print the tables
    .venv/bin/python hardware/parts.py --write    # put them into hardware/README.md
    .venv/bin/python hardware/parts.py --check    # exit 1 if the README's tables are stale
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE / "parts.toml"
GUIDE = HERE / "README.md"
TABLES = (4, 8)  # the seat counts the guide gives counts and totals for


@dataclass(frozen=True)
class Part:
    name: str
    type: str
    fixed: int
    per_seat: int
    price: float  # euros each

    def count(self, seats: int) -> int:
        return self.fixed + self.per_seat * seats


@dataclass(frozen=True)
class Core:
    """One core of a seat cable: its RJ45 pin (T568B), colour, and what each end is wired to."""

    pin: int
    colour: str
    signal: str
    console: str
    pod: str


def mm(size: float | list[float]) -> str:
    """A size as the guide writes it: 12, 2.7, or 80 x 22."""
    if isinstance(size, list):
        return " x ".join(mm(s) for s in size)
    return f"{size:g}"


def box_part(part: dict[str, Any], data: dict[str, Any]) -> tuple[str, str]:
    """A box's name and type, filled in from its [box] sizes and the [cutout] it has."""
    box = data["box"][part["box"]]
    display = data["display"]["console" if part["box"] == "console" else "seat"]
    sizes = {key: mm(value) for key, value in data["cutout"].items()}
    sizes.update(sheet=mm(box["sheet"]), window=mm(display["window"]))
    name = f"{part['name']}, {mm([box['width'], box['depth'], box['height']])} mm"
    return name, part["type"].format(**sizes)


def load(path: Path = DATA) -> tuple[list[Part], list[dict[str, str]], list[Core]]:
    data = tomllib.loads(path.read_text())
    parts = []
    for p in data["part"]:
        name, kind = box_part(p, data) if "box" in p else (p["name"], p["type"])
        parts.append(Part(name, kind, p.get("fixed", 0), p.get("per_seat", 0), float(p["price"])))
    cores = [Core(**c) for c in data["core"]]
    return parts, data["option"], cores


def total(parts: list[Part], seats: int) -> float:
    return sum(p.count(seats) * p.price for p in parts)


def euros(value: float) -> str:
    return f"{value:.2f}"


def parts_table(parts: list[Part], options: list[dict[str, str]]) -> str:
    head = " | ".join(f"{n} seats" for n in TABLES)
    cost = " | ".join(f"{n} seats €" for n in TABLES)
    lines = [
        f"| part | type | {head} | each € | {cost} |",
        "| --- | --- |" + " ---: |" * (2 * len(TABLES) + 1),
    ]
    for p in parts:
        counts = " | ".join(str(p.count(n)) for n in TABLES)
        costs = " | ".join(euros(p.count(n) * p.price) for n in TABLES)
        lines.append(f"| {p.name} | {p.type} | {counts} | {euros(p.price)} | {costs} |")
    blanks = " | ".join("" for _ in TABLES)
    totals = " | ".join(f"**{euros(total(parts, n))}**" for n in TABLES)
    lines.append(f"| **total** | | {blanks} | | {totals} |")
    lines += ["", "Optional, not in the totals:", "", "| part | type | count | each € |"]
    lines.append("| --- | --- | --- | ---: |")
    for o in options:
        lines.append(f"| {o['name']} | {o['type']} | {o['count']} | {euros(float(o['price']))} |")
    return "\n".join(lines)


def cable_table(cores: list[Core]) -> str:
    lines = [
        "| RJ45 pin | colour (T568B) | carries | console end | pod end |",
        "| ---: | --- | --- | --- | --- |",
    ]
    lines += [f"| {c.pin} | {c.colour} | {c.signal} | {c.console} | {c.pod} |" for c in cores]
    return "\n".join(lines)


def blocks() -> dict[str, str]:
    parts, options, cores = load()
    return {"parts": parts_table(parts, options), "cable": cable_table(cores)}


def marker(name: str, end: bool = False) -> str:
    if end:
        return f"<!-- {name} table end -->"
    return f"<!-- {name} table: printed from hardware/parts.toml by hardware/parts.py --write -->"


def with_blocks(guide: str, tables: dict[str, str]) -> str:
    for name, table in tables.items():
        pattern = re.compile(
            re.escape(marker(name)) + r"\n.*?\n" + re.escape(marker(name, end=True)), re.DOTALL
        )
        if not pattern.search(guide):
            raise SystemExit(f"{GUIDE}: no {marker(name)} ... {marker(name, True)} block")
        block = f"{marker(name)}\n{table}\n{marker(name, end=True)}"
        guide = pattern.sub(lambda _, block=block: block, guide)
    return guide


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", action="store_true", help="update hardware/README.md")
    action.add_argument("--check", action="store_true", help="exit 1 if the README is stale")
    args = parser.parse_args()
    tables = blocks()
    guide = GUIDE.read_text()
    if args.write:
        GUIDE.write_text(with_blocks(guide, tables))
        print(f"wrote the parts and cable tables into {GUIDE}")
    elif args.check:
        if with_blocks(guide, tables) != guide:
            print(f"{GUIDE}: stale tables; run: .venv/bin/python hardware/parts.py --write")
            return 1
    else:
        print("\n\n".join(tables.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
