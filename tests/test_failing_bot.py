"""A failing player never stops the box: whatever a seat's player raises (or an answer the rules
do not allow), the rule-based player answers for the seat (or, if it fails too, the first legal
answer), the console says so in one line naming the seat, the log has the traceback, the
journal records the choice as any other, and the game goes on, resumes and ends."""

from __future__ import annotations

import itertools
import logging
import random
import time
from pathlib import Path

import pytest

from companion.bots import PLAYERS, Observation, RuleBot, observe
from companion.devices.inputs import ButtonEvent
from companion.engine import Action, ChooseSeat, GameSetup, Roll, deal
from companion.loop import Companion
from companion.table import TableConfig, TableSession, read_journal
from companion.table.journal import journals
from companion.table.play import TablePlay

from .table.driver import next_buttons

BOX = 3  # the physical seat the box plays


class Stumbling:
    """Plays by the rules, but raises at the third decision of its kind at this table (the
    count is shared: the box makes a fresh player for every decision)."""

    name = "stumbling"
    looks_ahead = False

    def __init__(self, decisions: itertools.count[int], at: int = 3) -> None:
        self.decisions = decisions
        self.at = at

    def __call__(self, obs: Observation) -> Action:
        if next(self.decisions) == self.at:
            raise RuntimeError("the player tripped over its own feet")
        return RuleBot()(obs)


class Broken:
    """Raises at every decision."""

    name = "broken"
    looks_ahead = False

    def __call__(self, obs: Observation) -> Action:
        raise ZeroDivisionError("a bug in the player")


class Cheating:
    """Answers what the rules do not allow."""

    name = "cheating"
    looks_ahead = False

    def __call__(self, obs: Observation) -> Action:
        return ChooseSeat(99)


@pytest.fixture
def stumbling(monkeypatch: pytest.MonkeyPatch) -> None:
    """The player that stumbles at its third decision, known by name to the whole companion."""
    decisions = itertools.count(1)
    monkeypatch.setitem(PLAYERS, "stumbling", lambda seed: Stumbling(decisions))


class Table:
    """The daemon's loop without hardware, on a real journal."""

    def __init__(self, state: Path, player: str, time_limit: float = 2.0) -> None:
        table = TableConfig(
            seats=4,
            state_dir=state,
            bot_pause=0.0,
            bots=(BOX,),
            bot_players={BOX: player},
            bot_time_limit=time_limit,
        )
        self.session = TableSession(table, seed=4)
        self.session.start()
        self.companion = Companion(self.session, views=[])
        self.clock = itertools.count(1000, 10)
        self.flashes: list[str] = []

    def press(self, *buttons: str) -> None:
        for button in buttons:
            self.companion.dispatch(ButtonEvent(button, "press", at=float(next(self.clock))))
            if self.session.flash is not None:
                self.flashes.append(self.session.flash)

    @property
    def play(self) -> TablePlay:
        assert self.session.play is not None
        return self.session.play


def test_a_player_raising_at_its_third_decision_is_answered_for_and_the_game_resumes_and_ends(
    tmp_path: Path, stumbling: None, caplog: pytest.LogCaptureFixture
) -> None:
    table = Table(tmp_path, "stumbling")
    table.press("SEAT1", "SEAT2", "SEAT4", "DONE", "ROLL", "ROLL", "DONE")
    rng = random.Random(4)
    with caplog.at_level(logging.ERROR):
        while sum(s.box for s in table.play.taken) < 5:
            table.press(*next_buttons(table.session, rng))
    said = f"Seat {BOX}: its stumbling player failed; the rules player chose"
    assert table.flashes == [said]  # one line, naming the seat, and only the once
    (failure,) = [r for r in caplog.records if r.exc_info]
    assert f"seat {BOX}: the stumbling player failed" in failure.getMessage()
    assert "tripped over its own feet" in caplog.text  # the traceback is in the log

    played = table.play.game.to_json()
    box_choices = [s.action for s in table.play.taken if s.box]
    table.session.close()
    resumed = Table(tmp_path, "stumbling")  # a new session: the journal replayed
    assert resumed.play.game.to_json() == played
    assert [s.action for s in resumed.play.taken if s.box] == box_choices
    while not resumed.play.game.over:
        resumed.press(*next_buttons(resumed.session, rng))
    assert resumed.flashes == []  # the player stumbles once only
    path = journals(tmp_path / "games")[-1]
    replayed = TablePlay.replay(read_journal(path), path)
    assert replayed.game.over and replayed.game.to_json() == resumed.play.game.to_json()


def test_when_the_rule_based_player_fails_too_the_first_legal_answer_is_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(PLAYERS, "broken", lambda seed: Broken())
    monkeypatch.setitem(PLAYERS, "rules", lambda seed: Broken())  # the fallback fails as well
    play = TablePlay.new(_sheriff_first(), [1, 2, 3, 4], tmp_path, "dealt", bots={1: "broken"})
    with caplog.at_level(logging.ERROR):
        while len(legal := play.game.legal_actions()) == 1:
            play.box_move()  # the first roll: one answer only
        steps = len(play.taken)
        play.box_move()
    assert play.taken[steps].box and play.taken[steps].action == legal[0]
    assert play.fell_back == (
        "Seat 1: its broken and rules players failed; the first legal answer was taken"
    )
    assert all(r.exc_info for r in caplog.records if "player failed" in r.getMessage())


def test_an_answer_the_rules_do_not_allow_is_a_failure_like_any_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PLAYERS, "cheating", lambda seed: Cheating())
    play = TablePlay.new(_sheriff_first(), [1, 2, 3, 4], tmp_path, "dealt", bots={1: "cheating"})
    play.box_move()  # the first roll: the rules' roll, with its faces
    assert play.fell_back == "Seat 1: its cheating player failed; the rules player chose"
    d = play.game.pending
    assert d is not None and d.seat == 0 and len(play.game.legal_actions()) > 1
    expected = RuleBot()(observe(play.game, d.seat, [e for s in play.taken for e in s.events]))
    play.box_move()
    assert play.taken[1].box and _bare(play.taken[1].action) == expected
    path = journals(tmp_path / "games")[-1]
    entry = read_journal(path).entries[1]
    assert entry.box and entry.action == play.taken[1].action  # journaled as the box's choice


def _bare(action: Action) -> Action:
    """The action as a player chooses it: a roll without the faces the table drew for it."""
    return action.without_faces() if isinstance(action, Roll) else action


def _sheriff_first() -> GameSetup:
    """A 4-player set-up with dealt roles whose Sheriff, seat 1, plays first."""
    return next(s for s in (deal(4, seed) for seed in itertools.count()) if s.sheriff == 0)


class Exiting:
    """Raises what would stop a program were it raised in the box's own thread."""

    name = "exiting"
    looks_ahead = False

    def __init__(self, kind: type[BaseException]) -> None:
        self.kind = kind

    def __call__(self, obs: Observation) -> Action:
        raise self.kind("the player quits")


class Sleeping:
    """Thinks for 10 s at every decision (in the worker thread the box leaves behind)."""

    name = "sleeping"
    looks_ahead = False

    def __call__(self, obs: Observation) -> Action:
        time.sleep(10)
        return RuleBot()(obs)


def _played_to_the_end(table: Table) -> None:
    """The people's presses, the box answering for its seat, until the game is over."""
    table.press("SEAT1", "SEAT2", "SEAT4", "DONE", "ROLL", "ROLL", "DONE")
    rng = random.Random(4)
    for _ in range(3000):
        if table.play.game.over:
            return
        table.press(*next_buttons(table.session, rng))
    raise AssertionError("the game did not end within 3000 presses")


@pytest.mark.parametrize("kind", [SystemExit, KeyboardInterrupt, GeneratorExit])
def test_a_player_raising_system_exit_or_keyboard_interrupt_never_stops_the_box(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    kind: type[BaseException],
) -> None:
    monkeypatch.setitem(PLAYERS, "exiting", lambda seed: Exiting(kind))
    table = Table(tmp_path, "exiting")
    with caplog.at_level(logging.ERROR):
        _played_to_the_end(table)
    assert sum(s.box for s in table.play.taken) >= 1
    said = f"Seat {BOX}: its exiting player failed; the rules player chose"
    assert said in table.flashes
    assert kind.__name__ in caplog.text and "the player quits" in caplog.text


def test_a_player_slower_than_the_bound_is_answered_for_and_the_game_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bound is small here, so that the game is quick; the player's 10 s go on in daemon
    threads, their answers unused. Under load the rules player may be over the bound too: then
    the first legal answer is taken; either way the seat is answered for and said so."""
    monkeypatch.setitem(PLAYERS, "sleeping", lambda seed: Sleeping())
    table = Table(tmp_path, "sleeping", time_limit=0.05)
    _played_to_the_end(table)
    assert any(s.box for s in table.play.taken)
    path = journals(tmp_path / "games")[-1]
    replayed = TablePlay.replay(read_journal(path), path)  # every choice journaled was legal
    assert replayed.game.over and replayed.game.to_json() == table.play.game.to_json()
    said = f"Seat {BOX}: its sleeping player took over 0.05 s; "
    assert table.flashes and all(f.startswith(said) for f in table.flashes), table.flashes
