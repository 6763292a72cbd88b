"""What a seat pod's text line says (docs/serial-protocol.md): BOT on the box's seat."""

from __future__ import annotations

from companion.table.view import SeatView

PROMPT = "Bull's Eye 1: press the seat you shoot"


def test_a_persons_pod_shows_the_consoles_prompt() -> None:
    assert SeatView(3, playing=True).pod_prompt(PROMPT) == PROMPT


def test_the_box_seats_pod_says_bot_and_the_prompt_only_where_its_button_answers() -> None:
    box = SeatView(3, playing=True, bot=True)
    assert box.pod_prompt(PROMPT) == "BOT: the box plays this seat"
    target = SeatView(3, playing=True, bot=True, answer=True)
    assert target.pod_prompt(PROMPT) == f"BOT: {PROMPT}"
