"""The seat panel's layout rules: common events rewrite few controller pages (8-row bands),
the arrows held read from arm's length, and a seat's ability is shown whole."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from companion.engine import CHARACTERS
from companion.panels import draw_seat
from companion.panels.seat import NOTE_LINES, PAGE, WIDTH
from companion.panels.text import LINE, draw_text, text_width, wrap
from companion.table.view import SeatView

SEAT = SeatView(3, True, "Calamity Janet", 6, 8, arrows=2, role="Deputy")


def changed_pages(a: SeatView, b: SeatView) -> set[int]:
    """The controller pages whose pixels differ between the two seats' pictures."""
    difference = ImageChops.difference(draw_seat(a).convert("L"), draw_seat(b).convert("L"))
    return {
        page
        for page in range(8)
        if difference.crop((0, page * PAGE, WIDTH, (page + 1) * PAGE)).getbbox()
    }


@pytest.mark.parametrize("seat", [SEAT, replace(SEAT, active=True), replace(SEAT, life=1)])
def test_the_answer_highlight_is_one_page(seat):
    assert changed_pages(seat, replace(seat, answer=True)) == {7}


@pytest.mark.parametrize("seat", [SEAT, replace(SEAT, answer=True), replace(SEAT, sheriff=True)])
def test_the_turn_marker_is_one_page(seat):
    assert changed_pages(seat, replace(seat, active=True)) == {0}


@pytest.mark.parametrize("life", range(1, 9))
def test_a_life_lost_rewrites_only_the_digits_and_the_bar(life):
    assert changed_pages(replace(SEAT, life=life), replace(SEAT, life=life - 1)) <= {1, 2, 3, 4, 5}


@pytest.mark.parametrize("arrows", range(9))
def test_an_arrow_taken_rewrites_only_the_pages_of_the_arrows(arrows):
    assert changed_pages(replace(SEAT, arrows=arrows), replace(SEAT, arrows=arrows + 1)) <= {1, 2}


@pytest.mark.parametrize("arrows", range(10))
def test_the_arrows_held_are_at_least_12_px_tall(arrows):
    # The count sits right of the arrow icon, above the role line.
    count = draw_seat(replace(SEAT, arrows=arrows)).crop((86, PAGE, WIDTH, 30))
    box = count.getbbox()
    assert box is not None and box[3] - box[1] >= 12


@pytest.mark.walks_modules
@pytest.mark.parametrize("name", sorted(CHARACTERS))
def test_a_held_seats_ability_is_shown_whole(name):
    """On the seat's own line when it fits one, else wrapped over the body."""
    ability = CHARACTERS[name].ability
    menu = draw_seat(replace(SEAT, name=CHARACTERS[name].title, note=ability))
    lines = wrap(ability, WIDTH - 4, NOTE_LINES)
    assert " ".join(lines) == ability, "the ability does not fit the note page"
    expected = Image.new("1", (WIDTH, 64))
    if len(lines) == 1:
        text = ability.upper()
        draw_text(expected, ((WIDTH - text_width(text)) // 2, 6 * PAGE), text)
        band = (0, 6 * PAGE, WIDTH, 7 * PAGE)
    else:
        for i, text in enumerate(lines):
            draw_text(expected, (2, PAGE + 1 + i * LINE), text)
        band = (0, PAGE, WIDTH, 6 * PAGE)
    assert menu.crop(band).tobytes() == expected.crop(band).tobytes()


def test_a_peeking_seat_sees_its_role_under_its_ability():
    ability = CHARACTERS["bart_cassidy"].ability
    menu = draw_seat(replace(SEAT, note=ability))
    assert changed_pages(replace(SEAT, note=ability, role=None), replace(SEAT, note=ability)) == {6}
    assert menu.crop((0, 6 * PAGE, WIDTH, 7 * PAGE)).getbbox() is not None
