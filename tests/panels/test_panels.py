"""Properties of the drawing that hold for any state: sizes, bounds, icons for every face."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from PIL import Image

from companion.engine import FACES
from companion.panels import die_icon, draw_console, draw_seat, face_icon, life_bar, render
from companion.panels.text import fit, text_width, wrap
from companion.table.view import ConsoleView, SeatView, TableView

LONG = "Supercalifragilistic " * 12


def lit(image: Image.Image) -> int:
    """How many pixels are lit."""
    return image.convert("L").histogram()[255]


@pytest.mark.parametrize("max_life", [5, 8, 11, 14])
def test_life_bar_is_proportional(max_life: int) -> None:
    widths = []
    for life in range(max_life + 1):
        row = life_bar(life, max_life, 100).crop((2, 3, 98, 4))
        widths.append(lit(row))
    assert widths[0] == 0
    assert widths == sorted(widths) and len(set(widths)) == len(widths)
    for life, width in enumerate(widths):
        assert abs(width - 96 * life / max_life) <= life + 1


def test_life_bar_never_overfills() -> None:
    assert life_bar(20, 8, 100).tobytes() == life_bar(8, 8, 100).tobytes()


@pytest.mark.parametrize(
    "view",
    [
        SeatView(1, True, LONG, 99, 99, 99, sheriff=True, active=True, winner=True, note=LONG),
        SeatView(2, True, LONG, 3, 8, alive=False, role=LONG, note=LONG, answer=True),
        SeatView(3, True, LONG, 3, 8, answer=True, asked=True, role=LONG),
        SeatView(8, False, LONG),
    ],
)
def test_seat_survives_long_text(view: SeatView) -> None:
    image = draw_seat(view)
    assert image.size == (128, 64) and image.mode == "1"


@pytest.mark.parametrize("width", [128, 256])
@pytest.mark.parametrize("faces", [(), (None,) * 6, tuple(list(FACES)[:6])])
def test_console_survives_long_text(width: int, faces: tuple[str | None, ...]) -> None:
    view = ConsoleView(faces=faces, rolls_left=99, pile=99, prompt=LONG, flash=LONG, title=LONG)
    image = draw_console(view, width)
    assert image.size == (width, 64) and image.mode == "1"


def test_console_refuses_other_widths() -> None:
    with pytest.raises(ValueError):
        draw_console(ConsoleView(), 200)


def test_text_helpers_keep_to_the_width() -> None:
    assert text_width(fit(LONG, 100)) <= 100
    assert fit("short", 100) == "short"
    lines = wrap(LONG, 120, 3)
    assert len(lines) == 3 and all(text_width(line) <= 120 for line in lines)
    assert lines[-1].endswith("..")
    assert all(text_width(line) <= 30 for line in wrap("Supercalifragilistic", 30, 9))


WORDS = st.lists(st.text(alphabet="abcXYZ.,:'!", min_size=1, max_size=12), max_size=40)


@given(WORDS, st.integers(min_value=12 * 6, max_value=256))
@example(["abcXYZ", "abcXYZ", "abc"], 76)  # the first line exactly full: 36 + 4 + 36 px
def test_wrap_fills_each_line_and_keeps_every_word(words: list[str], width: int) -> None:
    """Greedy: each line takes the words that fit, the next word would not; none is lost."""
    lines = wrap(" ".join(words), width, len(words) + 1)
    assert " ".join(lines).split() == words
    assert all(text_width(line) <= width for line in lines)
    for line, after in zip(lines, lines[1:], strict=False):
        assert text_width(f"{line} {after.split()[0]}") > width


def test_every_face_has_an_icon() -> None:
    for face in FACES:
        assert lit(face_icon(face)) > 20, face


def test_icons_are_distinct() -> None:
    for a, b in combinations(FACES, 2):
        assert face_icon(a).tobytes() != face_icon(b).tobytes(), (a, b)


def test_die_states_are_distinct() -> None:
    states = [
        die_icon(None),
        die_icon("dynamite"),
        die_icon("dynamite", locked=True),
        die_icon("dynamite", marked=True),
    ]
    for a, b in combinations(states, 2):
        assert a.tobytes() != b.tobytes()


def test_render_draws_every_seat() -> None:
    view = TableView(tuple(SeatView(n, n % 2 == 0) for n in range(1, 9)), ConsoleView())
    seats, console = render(view, 256)
    assert [s.size for s in seats] == [(128, 64)] * 8 and console.size == (256, 64)


def test_seat_shows_who_holds_the_chiefs_arrow() -> None:
    """Old Saloon 2: "+C" beside the arrows of the seat holding the Indian Chief's Arrow."""
    plain = SeatView(4, True, "Molly Stark", 8, 8, arrows=9)
    chief = SeatView(
        4, True, "Molly Stark", 8, 8, arrows=9, tokens=("chief_arrow",), token_marks=("C",)
    )
    left, right = draw_seat(plain), draw_seat(chief)
    assert lit(right) > lit(left)
    assert left.crop((0, 0, 75, 64)).tobytes() == right.crop((0, 0, 75, 64)).tobytes()
