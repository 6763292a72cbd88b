"""At the end of the game every role is shown (issues 34 and 35): the table turns its cards up
to see who won, so a game with dealt roles that ends with survivors shows each seat's role on
its panel, on the console's story, on the public page, in the event stream and on the finished
game's page, and no winner's "WINS" goes without the role beside it. With physical cards the
living enter theirs on the game over screen (``end_roles``) and each shows as it is entered."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

from companion.devices.event_stream import EventStream
from companion.devices.inputs import ButtonEvent
from companion.engine import Game, Role
from companion.loop import Companion
from companion.table import TableConfig, TableSession, end_roles
from companion.table.labels import ROLE_LABELS
from companion.table.public import public_state
from companion.web.game_pages import game_page_html

from ..web.test_game_pages import parsed
from .driver import next_buttons

JOIN = ("SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "DONE", "ROLL", "ROLL", "DONE")


class Table:
    """The daemon's loop on a real journal, its events written to a real event stream file."""

    def __init__(self, state: Path, roles: str, seed: int) -> None:
        config = TableConfig(seats=5, roles=roles, state_dir=state, bot_pause=0.0)
        self.session = TableSession(config, seed=seed)
        self.session.start()
        self.stream = EventStream(state / "events.jsonl", serial_port=False)
        self.companion = Companion(self.session, views=[], events=[self._publish])
        self.clock = itertools.count(1000, 10)

    def _publish(self, events: list[object]) -> None:
        for event in events:
            self.stream.write(event.to_json())  # type: ignore[attr-defined]

    def press(self, button: str) -> None:
        self.companion.dispatch(ButtonEvent(button, "press", at=float(next(self.clock))))

    @property
    def game(self) -> Game:
        assert self.session.play is not None
        return self.session.play.game

    def streamed(self) -> list[dict[str, object]]:
        path = Path(self.stream.path)
        return [json.loads(line) for line in path.read_text().splitlines()]


def _played(tmp_path: Path, roles: str, asked: bool = False) -> Table:
    """A base game of random legal presses that ends with a survivor besides the Sheriff (the
    first seed that gives one): a card face down until the end (``asked``: physical cards, a
    living seat asked its card on the game over screen)."""
    for seed in range(40):
        table = Table(tmp_path / f"{roles}-{seed}", roles, seed)
        for button in JOIN if roles == "dealt" else (*JOIN[:6], "SEAT1", *JOIN[7:]):
            table.press(button)
        rng = random.Random(seed)
        for _ in range(3000):
            if table.game.over:
                break
            for button in next_buttons(table.session, rng):
                table.press(button)
        living = [p for p in table.game.players if p.alive and p.role is not Role.SHERIFF]
        owed = end_roles.asked(table.game, table.session.declared) if table.game.over else None
        if table.game.over and living and (not asked or owed is not None):
            return table
        table.stream.close()
    raise AssertionError("no game of 40 ended with a hidden survivor")


def test_a_game_with_dealt_roles_ending_with_survivors_shows_every_role_everywhere(
    tmp_path: Path,
) -> None:
    table = _played(tmp_path, "dealt")
    game, session = table.game, table.session
    play = session.play
    assert play is not None
    roles = {play.seats[p.seat]: ROLE_LABELS[p.role] for p in game.players if p.role}
    assert len(roles) == 5  # dealt: the engine knows every card

    view = session.view()  # the seat panels
    for seat in view.seats:
        assert seat.role == roles[seat.number], (seat.number, seat.role)
        if seat.winner:
            assert seat.note.startswith("WINS: ") and seat.note != "WINS: ", seat.note

    page = public_state(session)  # the public web page
    for seat in page["seats"]:
        if seat["playing"]:
            assert seat["role"] == roles[seat["number"]], seat
            assert not seat["winner"] or seat["note"].startswith("WINS: ")

    streamed = table.streamed()  # the event stream: each card turned up before the end
    end = next(i for i, e in enumerate(streamed) if e["event"] == "game_over")
    revealed = {e["seat"] for e in streamed[:end] if e["event"] == "role_revealed"}
    assert revealed | {game.setup.sheriff_seat()} == set(range(5))

    story = session.story  # the console: the last press's story says the survivors' cards
    for p in game.players:
        if p.alive and p.role is not Role.SHERIFF:
            assert f"{play.seats[p.seat]} was {ROLE_LABELS[p.role]}" in story, story

    table.stream.close()
    assert play.path is not None  # the finished game's page: no "not shown"
    finished = game_page_html(session.config.state_dir or tmp_path, play.path.stem)
    assert finished is not None
    rows = parsed(finished).rows
    for number, role in roles.items():
        assert role in rows[number - 1][2], rows[number - 1]
    assert "not shown" not in finished


def test_with_physical_cards_each_role_shows_as_the_living_enter_it(tmp_path: Path) -> None:
    """The game over screen asks each living seat whose card the table never saw (DIE: the
    card, DONE: skip): each card entered shows at once on its panel and on the page, and a
    winner's WINS says its card, or that it was not entered."""
    table = _played(tmp_path, "physical", asked=True)
    session, game = table.session, table.game
    play = session.play
    assert play is not None
    entered: dict[int, str] = {}
    for _ in range(len(game.players)):
        seat = end_roles.asked(game, session.declared)
        if seat is None:
            break
        role = end_roles.choices(game, session.declared)[0]
        table.press("DIE1")
        entered[play.seats[seat]] = ROLE_LABELS[role]
        view = session.view().seats[play.seats[seat] - 1]
        assert view.role == ROLE_LABELS[role]
        assert public_state(session)["seats"][play.seats[seat] - 1]["role"] == ROLE_LABELS[role]
    assert entered
    for seat in session.view().seats:
        if seat.winner:
            assert seat.note.startswith("WINS: "), seat.note
            assert seat.role is None or seat.note == f"WINS: {seat.role}"
