"""Undead or Alive, Module 4 at the table: the real Boneyard deck entered with the DIE buttons,
the hands against the living on the console, the Renegade's declaration on the seat buttons,
ZOMBIE and the Master's crown on the seats, and the journal replaying it all."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import ConfigError, parse
from companion.engine import ScriptedDice
from companion.modules.zombies.rules import ID as ZOMBIES
from companion.modules.zombies.rules import BoneyardGame, BoneyardSetup
from companion.table import TableConfig, TableSession, read_journal
from companion.table.journal import journals

from .driver import CHARACTERS_5, SETUP_5
from .test_session import Clock, press_all


def test_boneyard_cards_the_outbreak_and_zombies_by_presses(tmp_path: Path) -> None:
    config = TableConfig(
        seats=6,
        state_dir=tmp_path,
        modules=frozenset({ZOMBIES}),
        parts=(BoneyardSetup(True),),
    )
    session = TableSession(config, seed=7)
    session.start()
    clock = Clock()
    press_all(session, SETUP_5 + CHARACTERS_5, clock)
    play = session.play
    assert play is not None
    game = play.game
    assert "Hands 0 of 5 living" in session.view().console.aside

    # Seat 3 (engine seat 2, left of the Sheriff at seat 2) has one life left.
    game.players[2].life = 1
    game.dice_source = ScriptedDice(("bullseye1", "dynamite", "dynamite", "arrow", "arrow"))
    press_all(session, ["ROLL", "DONE", "SEAT3"], clock)
    while game.pending.kind.value == "reveal_role":
        press_all(session, ["DIE1"], clock)  # the eliminated seat shows its card
    view = session.view()
    assert view.console.prompt == "Seat 3: which Boneyard card? draw, press its DIE"
    assert view.console.choices[0] == "1 No hands"
    press_all(session, ["DIE3"], clock)  # two hands: 2 showing, 4 living
    view = session.view()
    assert "Hands 2 of 4 living" in view.console.aside and "Boneyard: hands 2" in view.seats[2].note
    game.dice_source = ScriptedDice(("dynamite", "dynamite", "gatling", "arrow", "beer") * 20)
    press_all(session, ["DIE3"], clock)  # seat 3's would-be turn: two hands again, 4 / 4
    press_all(session, ["ROLL", "DONE"], clock)  # seat 4's turn, dice kept
    while game.pending.kind.value != "roll":
        press_all(session, [f"SEAT{play.seats[game.living()[0]]}"], clock)
    assert BoneyardGame.of(game).outbreak is None
    # The Sheriff's next card: seat 3's would-be turn comes after seats 4, 5, 1, 2.
    for _ in range(3):
        press_all(session, ["ROLL", "DONE"], clock)
        while game.pending.kind.value not in ("roll", "boneyard_card"):
            press_all(session, [f"SEAT{play.seats[game.living()[0]]}"], clock)
    assert game.pending.kind.value == "boneyard_card" and game.pending.seat == 2
    press_all(session, ["DIE2"], clock)  # one hand: 5 > 4, the outbreak begins with seat 3
    assert "Outbreak!" in session.view().console.prompt
    press_all(session, ["DONE"], clock)  # nobody declares: no Zombie Master (ruling UA4)
    view = session.view()
    assert view.seats[2].note == "ZOMBIE" and view.seats[2].alive and view.seats[2].life == 4
    assert "Hands" not in view.console.aside and len(view.console.faces) == 3
    path = journals(tmp_path / "games")[-1]
    entered = [e.action.to_json() for e in read_journal(path).entries if e.action is not None]
    cards = [a for a in entered if a.get("option") in ("one_hand", "two_hands")]
    assert len(cards) == 3  # every card entered is journaled


def test_the_configuration_chooses_the_simulated_or_the_real_boneyard_deck() -> None:
    assert parse({"game": {}}, None).table.parts == ()
    assert parse({"game": {"boneyard": "real"}}, None).table.parts == (BoneyardSetup(True),)
    with pytest.raises(ConfigError, match='game.boneyard.*expected "simulated" or "real"'):
        parse({"game": {"boneyard": "paper"}}, None)


def test_a_real_boneyard_deck_in_the_configuration_is_ignored_without_module_4(
    tmp_path: Path,
) -> None:
    session = TableSession(
        TableConfig(seats=6, state_dir=tmp_path, parts=(BoneyardSetup(True),)), seed=7
    )
    session.start()
    press_all(session, SETUP_5 + CHARACTERS_5, Clock())
    assert session.play is not None and not BoneyardSetup.of(session.play.game.setup).real_boneyard
