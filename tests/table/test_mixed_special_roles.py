"""Old Saloon 3, the rulebook's second way of dealing: "mix the normal and special roles
together by type before randomly picking cards to use, so you won't know which and how many
special roles are in play!" Chosen at set-up (the module's DIE button: off, on, mixed) or by
``game.special_roles = "mixed"``; with physical cards the Sheriff's face-up card is entered."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.config import ConfigError, load
from companion.engine import CHARACTERS, Role
from companion.modules.special_roles.dealing import SpecialsSetup
from companion.modules.special_roles.rules import ID as SPECIAL_ROLES_ID
from companion.modules.special_roles.rules import ROLE_CARD, holding
from companion.table import TableConfig, TableSession
from companion.table.buttons import BUTTONS
from companion.table.prompts import module_pages
from companion.table.setup_flow import SetupFlow
from companion.table.setup_journal import NAME, SetupJournal, SetupRecord, read_setup

from .driver import next_buttons

JOIN_5 = ["SEAT1", "SEAT2", "SEAT3", "SEAT4", "SEAT5", "DONE"]
SPECIAL_ROLES_DIE = f"DIE{module_pages()[0][1].index(SPECIAL_ROLES_ID) + 1}"


def test_the_special_roles_button_cycles_off_mixed_on_off_each_named() -> None:
    """Issue 23: a player pressed once "to turn it off" and got mixed. One press from on (the
    rulebook's way, and the configuration's) is off; from off the cycle passes mixed first."""
    flow = SetupFlow(seats=5)
    line = next(x for x in flow.module_lines() if x.startswith("Special roles"))
    assert line == "Special roles: off"
    states = []
    for _ in range(3):
        flow.press(SPECIAL_ROLES_DIE)
        states.append((SPECIAL_ROLES_ID in flow.modules, flow.cards_mixed))
        states.append(next(x for x in flow.module_lines() if x.startswith("Special roles")))
    assert states == [
        (True, True),
        "Special roles: mixed",
        (True, False),
        "Special roles: on",
        (False, False),
        "Special roles: off",
    ]
    flow.press(SPECIAL_ROLES_DIE)
    assert "Modules: Old Saloon 3 mixed" in flow.prompt()


def _physical_mixed(bear_button: str) -> TableSession:
    config = TableConfig(seats=5, modules=frozenset({SPECIAL_ROLES_ID}), cards_mixed=True)
    session = TableSession(config, seed=4)
    session.start()
    for t, button in enumerate([*JOIN_5, "SEAT1"]):
        session.handle(button, "press", float(t))
    assert session.setup is not None
    assert session.setup.prompt() == "Sheriff's card: DIE1 The Bear, DIE2 a normal Sheriff"
    session.handle("ROLL", "press", 10.0)  # not an answer: refused, nothing changes
    assert session.flash and "The Bear" in session.flash
    for t, button in enumerate([bear_button, "ROLL", "DONE"], start=11):
        session.handle(button, "press", float(t))
    assert session.play is not None, session.flash
    return session


def test_physical_mixed_cards_a_normal_sheriff_gets_two_extra_bullets() -> None:
    game = _physical_mixed("DIE2").play.game
    sheriff = game.players[0]
    assert SpecialsSetup.of(game.setup).specials_mixed and holding(sheriff).special_card is None
    assert sheriff.max_life == CHARACTERS[sheriff.character].life + 2
    assert all(
        holding(p).special_card is None for p in game.players
    )  # the others' cards stay secret


def test_physical_mixed_cards_the_bear_gets_three() -> None:
    game = _physical_mixed("DIE1").play.game
    sheriff = game.players[0]
    assert holding(sheriff).special_card == "the_bear" and holding(sheriff).special_shown
    assert sheriff.max_life == CHARACTERS[sheriff.character].life + 3


def test_dealt_mixed_cards_are_sometimes_special_and_sometimes_normal() -> None:
    specials = []
    for seed in range(12):
        flow = SetupFlow(seats=5, roles_mode="dealt", modules=frozenset({SPECIAL_ROLES_ID}))
        flow.cards_mixed = True
        for button in [*JOIN_5, "ROLL", "ROLL"]:
            flow.press(button)
        flow.rng.seed(seed)
        setup = flow.press("DONE")
        assert setup is not None
        dealt = SpecialsSetup.of(setup)
        assert dealt.specials_mixed
        assert dealt.specials is not None
        specials += list(dealt.specials)
    assert None in specials and any(s is not None for s in specials)


def test_the_console_names_the_mixed_deal_before_the_first_roll() -> None:
    session = _physical_mixed("DIE2")
    assert "Special roles (mixed)" in session.view().console.story


def test_the_way_of_dealing_is_a_checked_setting(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[game]\nmodules = ["old_saloon.3"]\nspecial_roles = "mixed"\n')
    assert load(path).table.cards_mixed
    path.write_text('[game]\nspecial_roles = "shuffled"\n')
    with pytest.raises(ConfigError, match=r'game\.special_roles.*"special" or "mixed"'):
        load(path)


def test_the_set_up_journal_keeps_the_way_of_dealing(tmp_path: Path) -> None:
    journal = SetupJournal.create(
        tmp_path, SetupRecord(7, [1, 2, 3, 4, 5], ["old_saloon.3"], cards_mixed=True)
    )
    journal.append_press("DONE")
    journal.close()
    record = read_setup(tmp_path / NAME, BUTTONS)
    assert record.cards_mixed is True and record.modules == ["old_saloon.3"]


def test_a_power_cut_during_a_mixed_set_up_comes_back_at_the_sheriffs_card(tmp_path: Path) -> None:
    config = TableConfig(
        seats=5, modules=frozenset({SPECIAL_ROLES_ID}), cards_mixed=True, state_dir=tmp_path
    )
    session = TableSession(config, seed=4)
    session.start()
    for t, button in enumerate([*JOIN_5, "SEAT1"]):
        session.handle(button, "press", float(t))
    again = TableSession(config, seed=5)
    again.start()
    assert again.setup is not None and again.setup.cards_mixed
    assert again.setup.prompt().startswith("Sheriff's card")
    assert again.setup.roles == {1: Role.SHERIFF}


def test_an_eliminated_seat_shows_which_role_card_by_presses() -> None:
    """Eliminated, a seat shows its physical role card ("Show your role to all players"): after
    the role, the table enters which card it is with a DIE press, a special one (then used,
    nobody else may claim it) or a normal one; the console names the choices."""
    session = _physical_mixed("DIE2")
    rng = random.Random(1)
    t = 100.0
    shown = 0
    for _ in range(3_000):
        assert session.play is not None
        game = session.play.game
        d = game.pending
        if game.over:
            break
        if d is not None and d.kind is ROLE_CARD:
            console = session.view().console
            assert "which card?" in console.prompt and console.choices[-1].endswith("normal card")
            pick = rng.randrange(len(d.options))
            card = d.options[pick]
            t += 1.0
            session.handle(f"DIE{pick + 1}", "press", t)
            assert session.flash is None, session.flash
            p = session.play.game.players[d.seat]
            assert holding(p).special_shown and holding(p).special_card == (
                None if card == "normal" else card
            )
            shown += 1
            continue
        for button in next_buttons(session, rng):
            t += 1.0
            session.handle(button, "press", t)
            assert session.flash is None, f"{button}: {session.flash}"
    assert shown
