"""Old Saloon at the table: modules chosen at set-up, every new decision one press, the seat
panels and the console, and a whole game of modules 1, 2 and 4 played by presses in the
emulator that resumes after being killed."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.config import ConfigError, load
from companion.emulate import digest
from companion.engine import (
    Decision,
    DecisionKind,
    GameSetup,
    Module,
)
from companion.modules.chief_arrow.rules import ChiefArrowTaken, ChiefGame, ChiefPlayer
from companion.modules.loudmouth_coward.rules import SaloonDieChosen
from companion.modules.posse.rules import ID as NEW_POSSE
from companion.panels.console import choice_cut
from companion.panels.text import fits
from companion.table import TableConfig, TableSession, read_journal
from companion.table.journal import journals
from companion.table.play import TablePlay
from companion.table.prompts import module_pages, prompt_for

from .table.driver import next_buttons
from .table.test_session import Clock, press_all
from .test_kill_restart import Companion

SALOON = frozenset({Module("old_saloon.1"), Module("old_saloon.2"), Module("old_saloon.4")})
# Five seats join, DIE1, DIE2 and DIE4 turn modules 1, 2 and 4 on (DIE3: 3, DIE5: 5), seat 2
# is the Sheriff, ROLL deals.
SETUP_SALOON = ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "DIE1", "DIE2", "DIE4", "DONE"]
SETUP_SALOON += ["SEAT2", "ROLL", "DONE"]
SEED = 7


def session_for(tmp_path: Path, modules: frozenset[Module] = frozenset()) -> TableSession:
    session = TableSession(TableConfig(seats=6, state_dir=tmp_path, modules=modules), seed=SEED)
    session.start()
    return session


CLOCK = Clock()


def test_config_game_modules_are_the_default_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[game]\nmodules = ["old_saloon.1", "old_saloon.2"]\n')
    assert load(path).table.modules == {Module("old_saloon.1"), Module("old_saloon.2")}
    path.write_text('[game]\nmodules = ["old_saloon.7"]\n')
    with pytest.raises(ConfigError, match="game.modules: unknown module 'old_saloon.7'"):
        load(path)
    path.write_text('[game]\nmodules = ["undead_or_alive.1"]\n')
    with pytest.raises(ConfigError, match="needs undead_or_alive.2"):
        load(path)


def test_setup_die_buttons_turn_modules_on_and_the_console_says_which(tmp_path: Path) -> None:
    session = session_for(tmp_path, frozenset({Module("old_saloon.2")}))
    assert "Modules: Old Saloon 2" in session.view().console.prompt
    # DIE3: Special roles, DIE5: Ghost
    press_all(session, ["SEAT1", "DIE1", "DIE2", "DIE4"], CLOCK)
    assert session.view().console.choices == (
        "1 Saloon dice: on",
        "2 Chief's Arrow: off",
        "3 Special roles: off",
        "4 New characters: on",
        "5 Ghost: off",
        "6 > Undead or Alive",
    )
    # Each state by name, whole on the 128 px console's list.
    assert not any(choice_cut(session.view().console, 128))
    assert session.setup is not None
    assert session.setup.modules == {Module("old_saloon.1"), Module("old_saloon.4")}
    assert "Modules: Old Saloon 1, 4" in session.view().console.prompt
    press_all(session, ["DIE6"], CLOCK)  # Undead or Alive's page
    # the second of the pages: the box's two, and one for each expansion from outside installed
    assert session.view().console.title == f"Undead or Alive 2/{len(module_pages())}"
    assert session.view().console.choices[:3] == (
        "1 Duel dice: off",
        "2 Rage cards: off",
        "3 New posse: off",
    )
    press_all(session, ["DIE3"], CLOCK)  # its module 3
    assert session.setup.modules == {
        Module("old_saloon.1"),
        Module("old_saloon.4"),
        NEW_POSSE,
    }
    assert "Modules: Old Saloon 1, 4; Undead or Alive 3" in session.view().console.prompt


def test_setup_offers_only_the_characters_the_modules_allow(tmp_path: Path) -> None:
    """Characters whose card needs a module not in play are not offered."""
    session = session_for(tmp_path)
    press_all(session, ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "DIE4", "DONE", "SEAT1"], CLOCK)
    assert session.setup is not None and session.setup.picker == 1
    seen: set[str] = set()
    for _ in range(10):  # seat 1 pages through every name it is offered
        seen |= set(session.setup.shown())
        session.handle("SEAT1", "press", CLOCK())
    assert "molly_stark" in seen and "jose_delgado" not in seen and "apache_kid" not in seen


def test_modules_are_shown_before_the_first_roll_and_kept_for_the_next_game(
    tmp_path: Path,
) -> None:
    session = session_for(tmp_path)
    press_all(session, SETUP_SALOON, CLOCK)
    assert session.play is not None
    setup: GameSetup = session.play.game.setup
    assert setup.modules == SALOON
    view = session.view()
    assert "Modules: Saloon dice, Chief's Arrow, New characters" in view.console.story
    assert view.console.pile == 10  # nine arrows and the Chief's Arrow
    header = read_journal(journals(tmp_path / "games")[-1]).setup
    assert header.modules == SALOON  # recorded in the journal
    session.handle("UNDO", "hold", CLOCK())  # start over: the next game's set-up
    session.handle("DONE", "press", CLOCK())
    assert session.setup is not None and session.setup.modules == SALOON


def test_saloon_die_is_one_press_and_roll_means_none(tmp_path: Path) -> None:
    session = session_for(tmp_path)
    press_all(session, SETUP_SALOON, CLOCK)
    play = session.play
    assert play is not None and play.game.pending.kind is DecisionKind("saloon_die")
    console = session.view().console
    assert console.prompt == "Saloon die? its DIE; ROLL: none"
    assert console.choices == ("1 none", "2 Loudmouth", "3 Coward")  # one per DIE button
    events = session.handle("DIE2", "press", CLOCK())
    assert events[0] == SaloonDieChosen(play.game.turn, "loudmouth", ("base",) * 4 + ("loudmouth",))
    assert session.view().console.aside == "Loudmouth die"
    press_all(session, ["UNDO"], CLOCK)
    events = session.handle("ROLL", "press", CLOCK())
    assert events[0].die is None and events[1].kind == "dice_rolled"


def test_an_undone_roll_brings_back_its_saloon_die(tmp_path: Path) -> None:
    """UNDO cannot buy other dice: the undone roll's Saloon die comes back with it."""
    session = session_for(tmp_path)
    press_all(session, SETUP_SALOON, CLOCK)
    play = session.play
    assert play is not None
    press_all(session, ["DIE3"], CLOCK)
    session.handle("ROLL", "press", CLOCK())
    rolled = [f for f in play.game.faces]
    press_all(session, ["UNDO"], CLOCK)
    while play.game.pending.kind is not DecisionKind("saloon_die"):
        press_all(session, ["UNDO"], CLOCK)
    session.handle("DIE2", "press", CLOCK())
    assert session.flash and "Saloon die comes back" in session.flash
    session.handle("ROLL", "press", CLOCK())
    assert session.flash is None
    assert play.game.dice_kinds[-1] == "coward" and play.game.faces == rolled


def test_every_new_decision_has_a_prompt_that_fits_the_narrow_console() -> None:
    seats = [1, 2, 3, 4, 5]
    game_session = TablePlay.new(
        GameSetup(
            ("molly_stark", "elena_fuente", "apache_kid", "jose_delgado", "vera_custer"),
            sheriff=0,
            modules=SALOON,
        ),
        seats,
        None,
    )
    game = game_session.game
    asked = [
        Decision(DecisionKind("saloon_die"), 0, options=("none", "loudmouth", "coward")),
        Decision(DecisionKind("broken_arrow"), 0),
        Decision(DecisionKind("chief_arrow"), 1, options=("arrow", "chief_arrow"), cause="dice"),
        Decision(DecisionKind.WHICH_ARROW, 1, target=2, options=("arrow", "chief_arrow")),
        Decision(DecisionKind("give_arrow"), 1, remaining=2),
        Decision(DecisionKind("take_chief_arrow"), 2, target=3, remaining=1),
        Decision(DecisionKind("take_loss"), 0, target=4, remaining=2),
    ]
    prompts = [prompt_for(game, d, seats, []) for d in asked]
    assert prompts[2] == "Seat 2 takes which arrow? its DIE"
    assert prompts[6] == "Molly Stark: lose 2 for seat 5? SEAT1: yes; DONE: no"
    # The three lines under the dice of a 128 px console, whole.
    assert all(fits(p, 124, 3) for p in prompts), prompts


def reference_saloon_game(tmp_path: Path) -> tuple[list[str], list[str], list[bool], dict, list]:
    """The scripted game in this process: presses, digests, where the plug may be pulled."""
    session = session_for(tmp_path)
    presses: list[str] = []
    digests: list[str] = []
    killable: list[bool] = []  # marked dice live only on the console, not in the journal
    events: list = []
    rng = random.Random(3)

    def press(button: str) -> None:
        events.extend(session.handle(button, "press", float(len(presses) + 1)))
        assert session.flash is None, (button, session.flash)
        presses.append(button)
        digests.append(digest(session))
        killable.append(session.play is not None and not session.play.marked)

    for button in SETUP_SALOON:
        press(button)
    while not session.play.game.over:
        for button in next_buttons(session, rng):
            press(button)
    return presses, digests, killable, session.play.game.to_json(), events


def test_a_whole_old_saloon_game_by_presses_in_the_emulator_resumes_after_kills(
    tmp_path: Path,
) -> None:
    presses, digests, killable, final, events = reference_saloon_game(tmp_path / "reference")
    assert any(isinstance(e, SaloonDieChosen) and e.die for e in events)
    assert any(isinstance(e, ChiefArrowTaken) for e in events)
    start = len(SETUP_SALOON)
    safe = [i for i in range(start, len(presses) - 1) if killable[i]]
    points = set(random.Random(4).sample(safe, 4))
    state_dir = tmp_path / "table"
    companion = Companion(state_dir)
    for i, button in enumerate(presses):
        assert companion.press(button) == digests[i], f"press {i} {button}"
        if i in points:
            companion.kill()
            companion = Companion(state_dir)
            assert companion.ready == digests[i], f"resumed elsewhere after press {i}"
    companion.kill()
    path = journals(state_dir / "games")[-1]
    replayed = TablePlay.replay(read_journal(path), path)
    assert replayed.game.over and replayed.game.to_json() == final


MASH = st.lists(
    st.sampled_from(
        ["ROLL", "DONE", "UNDO", *(f"DIE{i}" for i in range(1, 7))]
        + [f"SEAT{i}" for i in range(1, 9)]
        + ["ROLL", "DONE", "DIE1", "DIE2", "DIE3"] * 2
        + [f"SEAT{i}" for i in range(1, 6)] * 2
    ),
    min_size=20,
    max_size=250,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(presses=MASH, seed=st.integers(0, 2**16))
def test_random_presses_with_old_saloon_never_break_the_game_or_its_journal(
    presses: list[str], seed: int
) -> None:
    """Any presses, UNDO included, with modules 1, 2 and 4: tokens are kept and the journal
    always resumes to the game on the table."""
    with tempfile.TemporaryDirectory() as state:
        config = TableConfig(seats=6, state_dir=Path(state))
        session = TableSession(config, seed=seed)
        session.start()
        for at, button in enumerate(SETUP_SALOON + presses, start=1):
            session.handle(button, "press", float(at))
            assert session.view().console.prompt
            if session.play is not None:
                game = session.play.game
                assert game.pile + sum(p.arrows for p in game.players) == 9
                held = sum(ChiefPlayer.of(p).chief_arrow for p in game.players)
                assert held + ChiefGame.of(game).chief_in_pile == (
                    Module("old_saloon.2") in game.setup.modules
                )
        if session.play is not None:
            path = journals(Path(state) / "games")[-1]
            replayed = TablePlay.replay(read_journal(path), path)
            assert replayed.game.to_json() == session.play.game.to_json()
            session.close()
