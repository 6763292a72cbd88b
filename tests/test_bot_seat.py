"""A seat the box plays, at the level the table sees it: handed over with a hold at set-up (or
by the configuration), played to the end beside two people by presses in the emulator, its
choices said on the console, its role kept secret, UNDO and a power cut survived."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import threading
import time
from pathlib import Path

import pytest

from companion.config import load
from companion.devices.inputs import ButtonEvent, InputQueue
from companion.emulate import Emulator, text_view
from companion.engine import RevealSpecial, Roll
from companion.loop import Companion
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.table import TableConfig, TableSession, TableView
from companion.table.journal import journals
from companion.table.labels import ROLE_LABELS
from companion.table.narration import box_line
from companion.table.play import TablePlay

from .table.driver import buttons_for, next_buttons


def configured(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


class PressClock:
    """The test's own clock, never the machine's uptime: from 1000, ten seconds on at each press
    (none is taken for contact bounce), and at the machine's pace in between (the loop's real
    waits)."""

    def __init__(self) -> None:
        self.base, self.since = 1000.0, time.monotonic()

    def __call__(self) -> float:
        return self.base + time.monotonic() - self.since

    def press(self) -> float:
        self.base += 10.0
        return self()


class Table:
    """The daemon's loop without hardware: presses in, every view out."""

    def __init__(
        self,
        tmp_path: Path,
        seats: int,
        seed: int,
        **config: object,
    ) -> None:
        table = TableConfig(seats=seats, state_dir=tmp_path, bot_pause=0.0, **config)
        self.session = TableSession(table, seed=seed)
        self.session.start()
        self.views: list[TableView] = []
        self.clock = PressClock()
        self.companion = Companion(self.session, views=[self.views.append], clock=self.clock)
        self.companion.refresh()

    def press(self, *buttons: str, kind: str = "press") -> None:
        for button in buttons:
            self.companion.dispatch(ButtonEvent(button, kind, at=self.clock.press()))
            assert self.session.flash is None, f"{button}: {self.session.flash}"

    @property
    def play(self) -> TablePlay:
        assert self.session.play is not None
        return self.session.play


def box_steps(play: TablePlay, seat: int) -> list[int]:
    """The indexes of the steps the box chose for physical ``seat``."""
    return [
        i
        for i, s in enumerate(play.taken)
        if s.box and s.before.pending and play.seats[s.before.pending.seat] == seat
    ]


# ------------------------------------------------------------------ a whole game


def test_two_people_and_a_box_seat_play_a_whole_game_by_presses_in_the_emulator(
    tmp_path: Path,
) -> None:
    """Seat 3 is handed over with a hold; each of the box's choices is its own console line;
    the people's presses alone end the game."""
    config = load(configured(tmp_path, "[game]\nseats = 3\nbot_pause = 0\n"))
    config.table.state_dir = tmp_path / "state"
    emulator = Emulator(config, seed=11)
    clock = itertools.count(1.0)

    def press(button: str, kind: str = "press") -> None:
        emulator.press(ButtonEvent(button, kind), at=next(clock))
        assert emulator.session.flash is None, f"{button}: {emulator.session.flash}"

    for button in ("SEAT1", "SEAT2"):
        press(button)
    press("SEAT3", "hold")
    shown = text_view(emulator.session.view()).splitlines()
    assert "BOT" in shown[2] and "BOT" not in shown[0] + shown[1]
    for button in ("DONE", "ROLL", "ROLL", "DONE"):  # the box deals the roles; ROLL: characters
        press(button)
    play = emulator.session.play
    assert play is not None and play.bots == {3: "rules"}
    said: list[str] = []
    rng = random.Random(11)
    while not play.game.over:
        for button in next_buttons(emulator.session, rng):
            steps = len(play.taken)
            press(button)
            for i in box_steps(play, 3):
                if i >= steps:
                    said.append(
                        box_line(play.taken[i].before.pending, play.taken[i].action, [1, 2, 3])
                    )
    assert play.game.over and said
    told = [press.text for press in emulator.session.history.presses]
    assert all(any(line.startswith(s) for line in told) for s in said[-5:])
    assert any(s.startswith("Seat 3 rolls the dice") for s in said)
    assert any(" shoots seat " in s or "Beer" in s for s in said)
    assert all(s.box is (play.seats[s.before.pending.seat] == 3) for s in play.taken if not s.auto)
    assert "BOT" in text_view(emulator.session.view()).splitlines()[2]
    emulator.close()
    header = json.loads(journals(tmp_path / "state" / "games")[-1].read_text().splitlines()[0])
    assert header["meta"]["bots"] == {"3": "rules"} and header["version"] == 2


def test_the_box_plays_a_whole_game_beside_people_at_every_table_size(tmp_path: Path) -> None:
    for seats in range(3, 9):
        table = Table(tmp_path / str(seats), seats, seed=seats)
        people = [f"SEAT{n}" for n in range(1, seats)]
        table.press(*people)
        table.press(f"SEAT{seats}", kind="hold")
        table.press("DONE", "ROLL", "ROLL", "DONE")
        rng = random.Random(seats)
        while not table.play.game.over:
            table.press(*next_buttons(table.session, rng))
        assert box_steps(table.play, seats), seats


# ------------------------------------------------------------------ set-up


def test_a_held_seat_goes_to_the_box_and_back_and_undo_takes_a_hold_back(tmp_path: Path) -> None:
    table = Table(tmp_path, seats=4, seed=1)
    table.press("SEAT1", "SEAT2", "SEAT3")
    table.press("SEAT4", kind="hold")  # a seat that had not joined joins as the box's
    flow = table.session.setup
    assert flow is not None and (flow.joined, flow.bots) == ([1, 2, 3, 4], [4])
    assert table.session.story == "Seat 4: the box plays it"
    assert table.views[-1].seats[3].bot and table.views[-1].seats[3].note == "the box plays"
    table.press("SEAT4", kind="hold")  # taken back: a person plays it
    assert (table.session.setup.joined, table.session.setup.bots) == ([1, 2, 3, 4], [])
    table.press("UNDO")
    assert table.session.setup.bots == [4]
    table.press("SEAT2", kind="hold")
    table.press("SEAT2")  # pressed: the seat leaves the table, the box's hand with it
    assert (table.session.setup.joined, table.session.setup.bots) == ([1, 3, 4], [4])
    table.press("SEAT2", "DONE")
    assert table.session.setup.prompt() == "ROLL deals the roles; hold your seat to peek"
    table.press("SEAT1", kind="hold")  # still before the deal: a person's seat goes over too
    assert table.session.setup.bots == [1, 4]
    table.press("SEAT1", kind="hold")
    table.press("ROLL")
    table.press("SEAT1", kind="hold")  # after the deal a hold peeks, as ever
    assert table.session.setup.bots == [4] and table.session.menu == 1
    assert table.session.view().seats[0].role is not None


def test_the_box_never_plays_every_seat(tmp_path: Path) -> None:
    table = Table(tmp_path, seats=3, seed=1)
    for seat in ("SEAT1", "SEAT2", "SEAT3"):
        table.press(seat, kind="hold")
    table.companion.dispatch(ButtonEvent("DONE", at=table.clock.press()))
    assert table.session.flash == "The box plays every seat: hold one to give it to a person."


def test_a_power_cut_during_set_up_keeps_the_boxs_seats(tmp_path: Path) -> None:
    table = Table(tmp_path, seats=5, seed=4, bots=(5,))
    table.press("SEAT1", "SEAT2")
    table.press("SEAT3", kind="hold")
    table.press("SEAT4", "DONE")
    table.session.close()  # the plug is pulled: only the set-up journal is left
    again = Table(tmp_path, seats=5, seed=99)  # a configuration without bots, even
    flow = again.session.setup
    assert flow is not None and flow.stage == "roles"
    assert (flow.joined, flow.bots) == ([1, 2, 3, 4, 5], [3, 5])
    again.press("ROLL", "ROLL", "DONE")
    assert again.play.bots == {3: "rules", 5: "rules"}


def test_the_next_game_keeps_the_boxs_seats(tmp_path: Path) -> None:
    table = Table(tmp_path, seats=3, seed=5, bots=(2,))
    table.press("SEAT1", "SEAT3", "DONE", "ROLL", "ROLL", "DONE")
    rng = random.Random(5)
    while not table.play.game.over:
        table.press(*next_buttons(table.session, rng))
    table.press("ROLL")  # a new game at the same seats
    assert table.session.setup is not None and table.session.setup.bots == [2]


# ------------------------------------------------------------------ a secret kept


@pytest.mark.parametrize("roles", ["physical", "dealt"])
def test_the_boxs_role_shows_on_no_panel_until_the_rules_reveal_it(
    tmp_path: Path, roles: str
) -> None:
    """People peek at their own (held seat); the box's card stays hidden, even with physical
    cards for the people, until the box's seat is out or the game is over."""
    for seed in range(20):
        table = Table(tmp_path / f"{roles}{seed}", seats=5, seed=seed, roles=roles)
        table.press("SEAT1", "SEAT2", "SEAT3", "SEAT4")
        table.press("SEAT5", kind="hold")
        table.press("DONE", "ROLL", "ROLL", "DONE")
        engine_seat = table.play.seats.index(5)
        if table.play.game.players[engine_seat].revealed:
            continue  # the box is the Sheriff, face up by the rules: another deal
        break
    play = table.play
    role = play.game.players[engine_seat].role
    assert role is not None  # the box knows its own card
    table.press("SEAT5", kind="hold")  # a person tries to peek at the box's card
    assert table.views[-1].seats[4].role is None
    assert "DIE1" not in table.views[-1].seats[4].note  # and its menu offers no reveal
    table.press("SEAT5", kind="hold")
    table.press("SEAT1", kind="hold")  # a person peeks at their own
    assert table.views[-1].seats[0].role is not None
    table.press("SEAT1", kind="hold")
    rng = random.Random(2)
    while not play.game.over and not play.game.players[engine_seat].revealed:
        seen = len(table.views)
        table.press(*next_buttons(table.session, rng))
        if not play.game.players[engine_seat].revealed:
            for view in table.views[seen:]:
                assert view.seats[4].role is None and view.seats[4].bot
    if play.game.players[engine_seat].revealed:  # out: its card is face up on its panel
        assert table.views[-1].seats[4].role == ROLE_LABELS[role]


# ------------------------------------------------------------------ UNDO


def play_until_the_box_rolled(table: Table, seat: int, seed: int) -> tuple[str, int]:
    """Presses until one press of the people is followed by the box's roll; the game as it
    was before that press, and the number of steps then."""
    rng = random.Random(seed)
    for _ in range(3000):
        before = json.dumps(table.play.game.to_json(), sort_keys=True)
        steps = len(table.play.taken)
        buttons = next_buttons(table.session, rng)
        table.press(*buttons)
        made = table.play.taken[steps:]
        rolled = any(s.box and isinstance(s.action, Roll) for s in made)
        only_the_box = all(s.box or s.auto for s in made[1:]) and len(buttons) == 1
        if rolled and only_the_box and not table.play.game.over:
            return before, steps
    raise AssertionError("the box never rolled after a single press")


@pytest.mark.parametrize("player", ["rules", "random"])
def test_undo_takes_the_boxs_choices_back_with_the_persons_and_they_come_back_the_same(
    tmp_path: Path, player: str
) -> None:
    table = Table(tmp_path, seats=4, seed=3, bot_player=player)
    table.press("SEAT1", "SEAT2", "SEAT3")
    table.press("SEAT4", kind="hold")
    table.press("DONE", "ROLL", "ROLL", "DONE")
    before, steps = play_until_the_box_rolled(table, 4, seed=3)
    made = [(s.action, s.box) for s in table.play.taken[steps:]]
    after = json.dumps(table.play.game.to_json(), sort_keys=True)
    press = made[0][0]
    table.press("UNDO")  # back to the people's decision, the box's choices after it undone
    assert json.dumps(table.play.game.to_json(), sort_keys=True) == before
    assert len(table.play.taken) == steps and not table.play.box_due()
    assert table.session.story == ""
    assert all(press.step <= steps for press in table.session.history.presses)  # undone too
    # The same decision again: the box's dice the table saw come back, and so do its choices.
    table.press(*buttons_for(table.play, press))
    assert [(s.action, s.box) for s in table.play.taken[steps:]] == made
    assert json.dumps(table.play.game.to_json(), sort_keys=True) == after


def test_undo_refuses_to_take_back_the_boxs_choices_alone(tmp_path: Path) -> None:
    """In a resumed game with no set-up to go back to (journaled by a companion that kept no
    set-up in the game's header) where only the box has chosen yet."""
    for seed in range(40):
        table = Table(tmp_path / str(seed), seats=4, seed=seed, bots=(1,))
        table.press("SEAT2", "SEAT3", "SEAT4", "DONE", "ROLL", "ROLL", "DONE")
        if any(s.box for s in table.play.taken):
            break
    else:
        raise AssertionError("the box never began the game")
    table.session.close()
    path = table.play.path
    header, *records = path.read_text().splitlines(keepends=True)
    older = json.loads(header)
    del older["meta"]["made_by"]
    path.write_text(json.dumps(older) + "\n" + "".join(records))
    resumed = Table(tmp_path / str(seed), seats=4, seed=seed, bots=(1,))
    resumed.companion.dispatch(ButtonEvent("UNDO", at=resumed.clock.press()))
    assert resumed.session.flash == (
        "Only the box has chosen yet: UNDO takes its choices back only with yours."
    )


def test_undo_before_any_person_chose_goes_back_into_the_set_up(tmp_path: Path) -> None:
    """The box's seat is the Sheriff and has played its turn: UNDO mends the last pick."""
    for seed in range(40):
        table = Table(tmp_path / str(seed), seats=4, seed=seed, bots=(1,))
        table.press("SEAT2", "SEAT3", "SEAT4", "DONE", "ROLL", "ROLL", "DONE")
        if any(s.box for s in table.play.taken) and not any(s.people for s in table.play.taken):
            break
    else:
        raise AssertionError("the box never began the game")
    table.press("UNDO")
    assert table.session.play is None and table.session.setup is not None
    assert table.session.setup.bots == [1]


# ------------------------------------------------------------------ the pause


def test_the_pause_never_blocks_the_loop(tmp_path: Path) -> None:
    """The box's choice waits bot_pause seconds; meanwhile presses are answered (refused, for
    the box's decision) and the loop sleeps no longer than the wait."""
    table = Table(tmp_path, seats=3, seed=8)
    table.session.config.bot_pause = 0.3
    table.press("SEAT1", "SEAT2")
    table.press("SEAT3", kind="hold")
    table.press("DONE", "ROLL", "ROLL", "DONE")
    session = table.session
    rng = random.Random(8)
    while session.box_wait(table.clock()) is None:
        table.press(*next_buttons(session, rng))
    assert 0 < session.box_wait(table.clock()) <= 0.3
    seat = table.play.seats[table.play.game.pending.seat]
    assert session.view().console.prompt.startswith(f"BOT seat {seat}: ")
    assert not any(s.answer for s in session.view().seats)  # nobody presses: the box chooses
    steps = len(table.play.taken)
    table.companion.dispatch(ButtonEvent("ROLL", at=table.clock()))  # within the pause
    assert session.flash == f"Seat {seat} is the box's: it chooses in a moment."
    assert len(table.play.taken) == steps
    queue = InputQueue()
    started = time.monotonic()
    threading.Timer(5.0, queue.interrupt).start()  # a stuck loop would wait this long
    table.companion.pump(queue, timeout=None)
    assert time.monotonic() - started < 2.0
    assert len(table.play.taken) > steps and table.play.taken[steps].box


# ------------------------------------------------------------------ a power cut in play


def test_a_resumed_game_keeps_the_boxs_seat_its_secret_role_and_its_story(tmp_path: Path) -> None:
    table = Table(tmp_path, seats=5, seed=6, bots=(2,))
    table.press("SEAT1", "SEAT3", "SEAT4", "SEAT5", "DONE", "ROLL", "ROLL", "DONE")
    rng = random.Random(6)
    while not box_steps(table.play, 2) or table.play.box_due():
        table.press(*next_buttons(table.session, rng))
    game = table.play.game.to_json()
    lines = list(table.session.history.lines)
    table.session.close()
    resumed = Table(tmp_path, seats=5, seed=0)  # no bots in this configuration
    assert resumed.play.bots == {2: "rules"}
    assert resumed.play.game.to_json() == game  # the box's card included
    assert resumed.session.history.lines == lines  # "Seat 2 ..." lines told again
    assert resumed.views[-1].seats[1].bot


def test_the_box_waits_while_the_table_is_asked_whether_to_end_the_game(tmp_path: Path) -> None:
    table = Table(tmp_path, seats=3, seed=8)
    table.session.config.bot_pause = 50.0  # longer than the presses below take
    table.press("SEAT1", "SEAT2")
    table.press("SEAT3", kind="hold")
    table.press("DONE", "ROLL", "ROLL", "DONE")
    rng = random.Random(8)
    while table.session.box_wait(table.clock()) is None:
        table.press(*next_buttons(table.session, rng))
    table.press("UNDO", kind="hold")  # "Start over?": nothing moves until it is answered
    steps = len(table.play.taken)
    later = table.clock() + 100
    assert table.session.box_wait(later) is None and table.session.tick(later) is None
    assert len(table.play.taken) == steps
    table.companion.dispatch(ButtonEvent("ROLL", at=table.clock.press()))
    assert table.session.flash == "The game goes on."
    assert table.session.box_wait(later) == 0  # the pause already began before the question
    assert table.session.tick(later) is not None and table.play.taken[steps].box


def test_the_boxs_choice_depends_only_on_what_its_seat_may_know(tmp_path: Path) -> None:
    """Every way of dealing the hidden cards of the other seats gives the box the same choice:
    the table hands its player the seat's Observation, never the game."""
    table = Table(tmp_path, seats=6, seed=12, bots=(3,))
    table.session.config.bot_pause = 5.0
    table.press("SEAT1", "SEAT2", "SEAT4", "SEAT5", "SEAT6", "DONE", "ROLL", "ROLL", "DONE")
    rng = random.Random(12)
    choices = 0
    for _ in range(400):
        if table.play.game.over:
            break
        if table.session.box_wait(table.clock()) is None:
            table.press(*next_buttons(table.session, rng))
            continue
        play = table.play
        box = play.game.pending.seat
        hidden = [p.seat for p in play.game.players if p.seat != box and not p.revealed]
        made = set()
        for roles in set(itertools.permutations(play.game.players[s].role for s in hidden)):
            game = play.game.copy()
            for seat, role in zip(hidden, roles, strict=True):
                game.players[seat].role = role
            trial = dataclasses.replace(
                play,
                game=game,
                journal=None,
                taken=list(play.taken),
                marked=set(),
                forced_rolls=dict(play.forced_rolls),
                forced_choices=dict(play.forced_choices),
            )
            trial.box_move()
            made.add(trial.taken[len(play.taken)].action)
        assert len(made) == 1, made
        choices += 1
        table.session.tick(table.clock() + 10)
    assert choices >= 10


def test_the_boxs_special_role_is_never_offered_from_its_menu(tmp_path: Path) -> None:
    """Old Saloon 3: a card's moment open to the box's seat is not listed when its seat is
    held (that would show its card), and a DIE press then reveals nothing."""
    modules = frozenset({SPECIAL_ROLES_ID})
    offered = 0
    for seed in range(6):
        table = Table(tmp_path / str(seed), seats=5, seed=seed, bots=(5,), modules=modules)
        table.press("SEAT1", "SEAT2", "SEAT3", "SEAT4", "DONE", "ROLL", "ROLL", "DONE")
        rng = random.Random(seed)
        while not table.play.game.over:
            if table.play.reveals_for(5) and not table.play.box_due():
                offered += 1
                steps = len(table.play.taken)
                table.press("SEAT5", kind="hold")
                assert "DIE1" not in table.session.view().seats[4].note
                table.companion.dispatch(ButtonEvent("DIE1", at=table.clock.press()))
                assert not any(
                    isinstance(s.action, RevealSpecial) for s in table.play.taken[steps:]
                )
                table.session.flash = None
            table.press(*next_buttons(table.session, rng))
        if offered >= 3:
            break
    assert offered >= 3
