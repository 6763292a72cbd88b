"""The set-up key that changes the table's language (issue 36): holding DIE6 while seats join
turns the box to its next language, said in that language's own words; UNDO takes it back;
the set-up's journal keeps it through a power cut, and the game and the set-up after it keep
it, as they keep the modules. A fresh box starts in the configuration's language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import i18n
from companion.config import defaults
from companion.devices.emulator import parse_keys
from companion.emulate import Emulator, text_view
from companion.i18n import language, set_language
from companion.table import TableSession
from companion.table.table_language import LANGUAGE_KEY, next_language

from .driver import CHARACTERS_5, SETUP_5
from .test_session import Clock, new_session, play_to_the_end, press_all


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    set_language(i18n.SOURCE)
    yield
    set_language(i18n.SOURCE)


def hold(session: TableSession, button: str, clock: Clock) -> None:
    session.handle(button, "hold", clock())
    assert session.flash is None, f"hold {button} refused: {session.flash}"


def power_cut(tmp_path: Path) -> TableSession:
    """The box started again: the configuration's language (English) first, then the disk's."""
    set_language(i18n.SOURCE)
    return new_session(tmp_path)


def test_the_languages_go_round_and_the_pseudo_language_only_from_itself() -> None:
    assert [next_language(c) for c in ("en", "it")] == ["it", "en"]
    assert next_language("qps") == "en" and next_language("it") != "qps"


def test_holding_die6_while_seats_join_turns_the_table_to_the_next_language(
    tmp_path: Path,
) -> None:
    clock = Clock()
    session = new_session(tmp_path)
    press_all(session, ["SEAT1", "SEAT2"], clock)
    hold(session, LANGUAGE_KEY, clock)
    assert language() == "it" and session.view().console.story == "Italiano"
    assert session.state.setup is not None and session.state.setup.joined == [1, 2]
    hold(session, LANGUAGE_KEY, clock)
    assert language() == "en" and session.view().console.story == "English"


def test_undo_takes_a_change_of_language_back(tmp_path: Path) -> None:
    clock = Clock()
    session = new_session(tmp_path)
    press_all(session, ["SEAT1"], clock)
    hold(session, LANGUAGE_KEY, clock)
    assert language() == "it"
    press_all(session, ["UNDO"], clock)
    assert language() == "en"
    assert session.state.setup is not None and session.state.setup.joined == [1]


def test_the_language_chosen_is_kept_through_a_power_cut_in_the_set_up(tmp_path: Path) -> None:
    clock = Clock()
    session = new_session(tmp_path)
    press_all(session, ["SEAT1", "SEAT2"], clock)
    hold(session, LANGUAGE_KEY, clock)
    session.close()
    again = power_cut(tmp_path)
    assert language() == "it"
    assert again.state.setup is not None and again.state.setup.joined == [1, 2]


def test_the_game_and_the_next_set_up_keep_the_tables_language(tmp_path: Path) -> None:
    clock = Clock()
    session = new_session(tmp_path)
    hold(session, LANGUAGE_KEY, clock)
    press_all(session, [*SETUP_5, *CHARACTERS_5], clock)
    assert session.play is not None and language() == "it"
    session.close()
    session = power_cut(tmp_path)  # in the game
    assert session.play is not None and language() == "it"
    play_to_the_end(session, clock, 4)
    press_all(session, ["ROLL"], clock)  # the next set-up, same seats and modules
    assert session.play is None and session.state.setup is not None
    assert language() == "it"
    session.close()
    power_cut(tmp_path)  # in the next set-up
    assert language() == "it"


def test_once_the_seats_have_joined_die6_held_changes_no_language(tmp_path: Path) -> None:
    clock = Clock()
    session = new_session(tmp_path)
    press_all(session, SETUP_5[:-1], clock)  # every press of the set-up but the Sheriff's
    stage = session.state.setup.stage if session.state.setup else None
    session.handle(LANGUAGE_KEY, "hold", clock())
    assert language() == "en"
    assert (session.state.setup.stage if session.state.setup else None) == stage


def test_the_emulators_l_key_turns_the_language_and_every_screen_follows(tmp_path: Path) -> None:
    config = defaults(tmp_path, 4)
    emulator = Emulator(config, seed=5, scripted=True)
    for i, event in enumerate(parse_keys("SEAT1 SEAT2 L")):
        emulator.press(event, at=float(i))
    assert language() == "it"
    text = text_view(emulator.session.view())
    assert "Posto 3  <- premi" in text and "* Italiano" in text
    emulator.close()
