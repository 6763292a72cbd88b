"""A seat's panel marks its last change from numbers, not words: a real table plays the same
presses in English, Italian and the pseudo-language, and the lit mark at the left of the seat's
line (the life moved, or the arrows' count and the arrow icon) is the same picture in each,
while the console's words for it are the language's."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from PIL import Image

from companion import i18n
from companion.i18n import set_language
from companion.panels.seat import LINE_Y, PAGE, WIDTH, draw_seat
from companion.table import TableConfig, TableSession
from companion.table.play import TablePlay
from companion.table.view import SeatView
from tests.engine.helpers import make_game

FIVE = ("jesse_jones", "suzy_lafayette", "lucky_duke", "willy_the_kid", "black_jack")
LANGUAGES = (i18n.SOURCE, "it", i18n.PSEUDO)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language(i18n.SOURCE)


def seats_after_roll(code: str, faces: Sequence[str], pile: int) -> list[SeatView]:
    """Every seat's view once the first seat rolls ``faces`` (the first and third seats hold an
    arrow, ``pile`` are left), in the language ``code``."""
    set_language(code)
    session = TableSession(TableConfig(seats=len(FIVE)))
    session.start()
    game = make_game(FIVE, faces=faces)
    game.pile, game.players[0].arrows, game.players[2].arrows = pile, 1, 1
    session.begin_play(TablePlay(game, list(range(1, len(FIVE) + 1))))
    session.handle("ROLL", "press", 1.0)
    assert session.flash is None, session.flash
    return list(session.view().seats)


def mark(view: SeatView) -> Image.Image:
    """The lit mark at the left of the seat's line: up to the first dark column."""
    image = draw_seat(view)
    right = next(
        x
        for x in range(WIDTH)
        if not any(image.getpixel((x, y)) for y in range(LINE_Y, LINE_Y + PAGE))
    )
    assert right > 10, f"seat {view.number}: no mark"
    return image.crop((0, LINE_Y, right, LINE_Y + PAGE))


ARROW_TAKEN = ("arrow", "gatling", "beer", "beer", "dynamite")
INDIANS = ("arrow", "beer", "beer", "dynamite", "gatling")


@pytest.mark.parametrize(
    ("faces", "pile", "changed", "english", "italian"),
    [
        pytest.param(ARROW_TAKEN, 5, {1: (0, 1)}, {1: "+arrow"}, {1: "+freccia"}, id="an arrow"),
        pytest.param(
            INDIANS,
            1,
            {1: (-2, -1), 3: (-1, -1)},
            {1: "-2 -arrow", 3: "-1 -arrow"},
            {1: "-2 -freccia", 3: "-1 -freccia"},
            id="indians",
        ),
    ],
)
def test_a_seats_change_mark_is_the_same_picture_in_every_language(
    faces: Sequence[str],
    pile: int,
    changed: dict[int, tuple[int, int]],
    english: dict[int, str],
    italian: dict[int, str],
) -> None:
    seen = {code: seats_after_roll(code, faces, pile) for code in LANGUAGES}
    first = {s.number: s for s in seen[i18n.SOURCE]}
    for code, seats in seen.items():
        moved = {s.number: (s.life_change, s.arrow_change) for s in seats if s.change}
        assert moved == changed, code
        for seat in seats:
            if seat.number in changed:
                assert mark(seat).tobytes() == mark(first[seat.number]).tobytes(), (code, seat)
    said = {code: {s.number: s.change for s in seats if s.change} for code, seats in seen.items()}
    assert (said[i18n.SOURCE], said["it"]) == (english, italian)
    assert all("«" in text for text in said[i18n.PSEUDO].values())
