"""Golden images: every key state of the panels compared pixel for pixel with a reference PNG.

The references live in tests/panels/golden/. After an intended change to the drawing, rewrite
them with

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/panels

then look at the new PNGs (docs/panels.md shows them) before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from companion.engine import FACES
from companion.panels import compose_table, draw_console, draw_seat, render
from companion.table.view import ConsoleView, SeatView, TableView

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

SEATS: dict[str, SeatView] = {
    "seat_full_life": SeatView(1, True, "Bart Cassidy", 8, 8),
    "seat_damaged_arrows": SeatView(2, True, "Jesse Jones", 3, 9, arrows=4),
    "seat_sheriff_active": SeatView(
        3, True, "Paul Regret", 11, 11, 1, sheriff=True, active=True, role="Sheriff"
    ),
    "seat_answer": SeatView(4, True, "Kit Carlson", 5, 7, 2, answer=True),
    "seat_asked": SeatView(5, True, "Bart Cassidy", 5, 8, 2, answer=True, asked=True),
    "seat_eliminated": SeatView(6, True, "El Gringo", 0, 7, alive=False, role="Outlaw"),
    "seat_winner": SeatView(
        7, True, "Vulture Sam", 6, 9, winner=True, role="Renegade", note="WINS"
    ),
    "seat_not_playing": SeatView(8, False),
    "seat_long_name_menu": SeatView(
        2,
        True,
        "Slab the Killer of Dead Man's Gulch",
        12,
        14,
        9,
        sheriff=True,
        note="Once a turn: Beer doubles a Bull's Eye",
    ),
    "seat_joining": SeatView(3, True, note="press to join", answer=True),
    "seat_changed": SeatView(
        2,
        True,
        "Calamity Janet",
        9,
        10,
        1,
        sheriff=True,
        active=True,
        change="-1 +arrow",
        life_change=-1,
        arrow_change=1,
    ),
    "seat_hit_coming": SeatView(
        4, True, "Kit Carlson", 5, 7, 2, answer=True, change="hit x2", coming="hit x2"
    ),
    "seat_bot": SeatView(3, True, "Black Jack", 6, 8, 2, bot=True, change="-1", life_change=-1),
    "seat_bot_sheriff_active": SeatView(
        5, True, "Suzy Lafayette", 8, 10, sheriff=True, active=True, role="Sheriff", bot=True
    ),
    "seat_chore": SeatView(
        2, True, "Pat Brennan", 4, 8, 1, life_change=-2, marks=("W2",), chore="draw Rage card"
    ),
    "seat_special_card": SeatView(
        1, True, "Slab the Killer", 9, 11, sheriff=True, role="The Bear", marks=("R1",)
    ),
    "seat_long_card": SeatView(4, True, "Jesse Jones", 6, 9, 2, role="The Right Hand of the Devil"),
}

ROLLED = ConsoleView(
    faces=("dynamite", "arrow", "bullseye1", "beer", "gatling"),
    locked=(True, False, False, False, False),
    marked=(False, True, False, False, True),
    rolls_left=2,
    pile=7,
    prompt="Re-roll? mark dice, ROLL; DONE: no",
    title="Turn 3: seat 4",
)

CONSOLES: dict[str, ConsoleView] = {
    "console_story": ConsoleView(
        faces=("dynamite", "bullseye1", "arrow", "dynamite", "dynamite"),
        locked=(True, False, False, True, True),
        rolls_left=0,
        pile=8,
        prompt="Bull's Eye 1 (die 2): shoot whom? SEAT",
        story="Arrows 2: +1; 3 Dynamite! 2: -1",
        title="Turn 1: seat 2",
    ),
    "console_choices": ConsoleView(
        prompt="Seat 2: DIE picks, SEAT2: more (2/3)",
        title="Seat 2 picks (2/3)",
        choices=(
            "1 Lucky Duke",
            "2 Paul Regret",
            "3 Pedro Ramirez",
            "4 Rose Doolan",
            "5 Sid Ketchum",
            "6 Slab the Killer",
        ),
    ),
    "console_setup": ConsoleView(
        prompt="New game: seats press to join (3), then DONE", title="BANG! set-up"
    ),
    "console_before_roll": ConsoleView(
        faces=(None,) * 5, rolls_left=3, pile=9, prompt="Seat 2: press ROLL", title="Turn 1: seat 2"
    ),
    "console_rolled": ROLLED,
    "console_flash": ConsoleView(
        faces=ROLLED.faces,
        locked=ROLLED.locked,
        rolls_left=1,
        pile=7,
        prompt="Bull's Eye 1 (die 3): shoot whom? SEAT",
        flash="Dynamite is locked",
        title="Turn 3: seat 4",
    ),
    "console_saloon_faces": ConsoleView(
        faces=(
            "double_bullseye1",
            "double_bullseye2",
            "double_gatling",
            "double_beer",
            "bullet",
            "broken_arrow",
        ),
        rolls_left=2,
        pile=10,
        prompt="Kit Carlson: whose arrow goes? SEAT; DONE: none",
        title="Turn 12: seat 8",
    ),
    "console_duel_faces": ConsoleView(
        faces=("duel", "whiskey", "bullseye2", "duel", "bullseye1"),
        marked=(False, False, True, False, False),
        pile=3,
        prompt="Duel with seat 3: SEAT5 rolls the Duel die",
        title="Turn 12: seat 8",
    ),
    "console_aside": ConsoleView(
        faces=("bullseye2", "beer", "arrow", "dynamite", "gatling"),
        locked=(False, False, False, True, False),
        rolls_left=2,
        pile=6,
        prompt="Seat 4: press ROLL",
        aside="Reveal: The Good, The Ugly",
        story="Beer 4: +1",
        title="Turn 5: seat 4",
    ),
    "console_aside_short": ConsoleView(
        faces=(None,) * 6,
        kinds=("base", "base", "base", "base", "base", "coward"),
        rolls_left=3,
        pile=9,
        prompt="Seat 5: an arrow, not the life? SEAT5: yes; DONE: no",
        aside="Coward die. Hands 1 of 5 living. Reveal: The Left Hand of the Devil",
        shorter=(
            "Coward die. Reveal: The Left Hand",
            "Reveal: The Left Hand",
            "Reveal now",
        ),
        title="Turn 7: seat 2",
    ),
    "console_listed": ConsoleView(
        faces=("duel", "whiskey", "bullseye2", "duel", "bullseye1"),
        pile=3,
        prompt="Seat 3: which role? press its DIE",
        choices=("1 Sheriff", "2 Deputy", "3 Outlaw", "4 Renegade"),
        aside="Reveal: The Left Hand of the Devil",
        title="Turn 12: seat 8",
    ),
    "console_box_choice": ConsoleView(
        faces=("bullseye1", "bullseye1", "arrow", "beer", "gatling"),
        rolls_left=0,
        pile=6,
        prompt="BOT seat 3: whom does this Bull's Eye hit",
        story="Seat 3 shoots seat 1; Shot 1: -1",
        title="Turn 4: seat 3",
    ),
}

TABLE = TableView(
    seats=(
        SEATS["seat_full_life"],
        SEATS["seat_damaged_arrows"],
        SEATS["seat_sheriff_active"],
        SEATS["seat_answer"],
        SEATS["seat_eliminated"],
        SeatView(6, False),
    ),
    console=ROLLED,
)


def check(name: str, image: Image.Image) -> None:
    """Compare with golden/<name>.png, or rewrite it when UPDATE_GOLDEN=1."""
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        image.save(path)
        return
    assert path.exists(), f"{path} is missing: run with UPDATE_GOLDEN=1 and look at it"
    with Image.open(path) as reference:
        expected = reference.convert("RGB")
    assert expected.size == image.size
    diff = ImageChops.difference(expected, image.convert("RGB")).getbbox()
    assert diff is None, f"{name} differs from its golden image in the box {diff}"


@pytest.mark.parametrize("name", SEATS)
def test_seat(name: str) -> None:
    check(name, draw_seat(SEATS[name]))


@pytest.mark.parametrize("width", [128, 256])
@pytest.mark.parametrize("name", CONSOLES)
def test_console(name: str, width: int) -> None:
    check(f"{name}_{width}", draw_console(CONSOLES[name], width))


def test_every_face_on_the_console() -> None:
    """All faces, six to a console, so a changed icon shows up in a golden image."""
    faces = list(FACES)
    for start in range(0, len(faces), 6):
        chunk = tuple(faces[start : start + 6])
        view = ConsoleView(faces=chunk, prompt=" ".join(chunk), title="Every face")
        check(f"faces_{start // 6 + 1}", draw_console(view, 128))


@pytest.mark.parametrize("width", [128, 256])
def test_table(width: int) -> None:
    seats, console = render(TABLE, width)
    check(f"table_{width}", compose_table(seats, console))
